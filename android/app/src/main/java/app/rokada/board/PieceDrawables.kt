package app.rokada.board

import android.content.Context
import android.graphics.drawable.Drawable
import app.rokada.R
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side

/** The cburnett pieces (docs/ASSETS.md) as drawables, loaded once per board. */
class PieceDrawables(private val context: Context) {
    private val loaded = HashMap<Piece, Drawable>()

    operator fun get(piece: Piece): Drawable = loaded.getOrPut(piece) {
        checkNotNull(context.getDrawable(resource(piece))) { "no drawable for $piece" }.mutate()
    }

    companion object {
        fun resource(piece: Piece): Int = when (piece.side) {
            Side.WHITE -> when (piece.kind) {
                PieceKind.KING -> R.drawable.piece_white_king
                PieceKind.QUEEN -> R.drawable.piece_white_queen
                PieceKind.ROOK -> R.drawable.piece_white_rook
                PieceKind.BISHOP -> R.drawable.piece_white_bishop
                PieceKind.KNIGHT -> R.drawable.piece_white_knight
                PieceKind.PAWN -> R.drawable.piece_white_pawn
            }
            Side.BLACK -> when (piece.kind) {
                PieceKind.KING -> R.drawable.piece_black_king
                PieceKind.QUEEN -> R.drawable.piece_black_queen
                PieceKind.ROOK -> R.drawable.piece_black_rook
                PieceKind.BISHOP -> R.drawable.piece_black_bishop
                PieceKind.KNIGHT -> R.drawable.piece_black_knight
                PieceKind.PAWN -> R.drawable.piece_black_pawn
            }
        }
    }
}
