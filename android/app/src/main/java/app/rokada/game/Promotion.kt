package app.rokada.game

import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side

/**
 * The promotion dialog's choices: queen, rook, bishop, knight, strongest
 * first, in the colour of the pawn that promotes, whichever way the board
 * is turned.
 */
object Promotion {
    val KINDS = listOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT)

    fun choices(mover: Side): List<Piece> = KINDS.map { Piece(mover, it) }
}
