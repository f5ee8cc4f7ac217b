package app.rokada.board

import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side

/**
 * Pieces are drawn as two Unicode chess symbols: the solid one filled with
 * the piece's colour, the hollow one on top as its outline, so white pieces
 * stand out on light squares and black ones on dark squares.
 */
object PieceGlyphs {
    /** One symbol for a piece in running text: hollow for White, solid for Black. */
    fun symbol(piece: Piece): String = if (piece.side == Side.WHITE) outline(piece.kind) else solid(piece.kind)

    fun solid(kind: PieceKind): String = when (kind) {
        PieceKind.KING -> "\u265A"
        PieceKind.QUEEN -> "\u265B"
        PieceKind.ROOK -> "\u265C"
        PieceKind.BISHOP -> "\u265D"
        PieceKind.KNIGHT -> "\u265E"
        PieceKind.PAWN -> "\u265F"
    }

    fun outline(kind: PieceKind): String = when (kind) {
        PieceKind.KING -> "\u2654"
        PieceKind.QUEEN -> "\u2655"
        PieceKind.ROOK -> "\u2656"
        PieceKind.BISHOP -> "\u2657"
        PieceKind.KNIGHT -> "\u2658"
        PieceKind.PAWN -> "\u2659"
    }
}
