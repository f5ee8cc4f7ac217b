package app.rokada.text

import app.rokada.R
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side
import app.rokada.core.Square
import app.rokada.core.squareName

/** What a screen reader says about squares and pieces ("e4, white knight"). */
class SquareDescriptions(private val strings: Strings) {
    fun piece(piece: Piece): String = strings.get(pieceName(piece))

    /**
     * The square's name and what stands on it; a selected square and an
     * empty legal destination say so instead.
     */
    fun square(square: Square, piece: Piece?, selected: Boolean = false, legalTarget: Boolean = false): String {
        val name = squareName(square)
        return when {
            selected -> strings.get(R.string.a11y_selected, name)
            piece == null && legalTarget -> strings.get(R.string.a11y_legal_target, name)
            piece == null -> strings.get(R.string.a11y_square_empty, name)
            else -> strings.get(R.string.a11y_square_piece, name, piece(piece))
        }
    }

    private fun pieceName(piece: Piece): Int = when (piece.side) {
        Side.WHITE -> when (piece.kind) {
            PieceKind.KING -> R.string.a11y_piece_white_king
            PieceKind.QUEEN -> R.string.a11y_piece_white_queen
            PieceKind.ROOK -> R.string.a11y_piece_white_rook
            PieceKind.BISHOP -> R.string.a11y_piece_white_bishop
            PieceKind.KNIGHT -> R.string.a11y_piece_white_knight
            PieceKind.PAWN -> R.string.a11y_piece_white_pawn
        }
        Side.BLACK -> when (piece.kind) {
            PieceKind.KING -> R.string.a11y_piece_black_king
            PieceKind.QUEEN -> R.string.a11y_piece_black_queen
            PieceKind.ROOK -> R.string.a11y_piece_black_rook
            PieceKind.BISHOP -> R.string.a11y_piece_black_bishop
            PieceKind.KNIGHT -> R.string.a11y_piece_black_knight
            PieceKind.PAWN -> R.string.a11y_piece_black_pawn
        }
    }
}
