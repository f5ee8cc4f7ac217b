package app.rokada.game

import app.rokada.R
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side

/** One entry of the promotion dialog: the piece and its name's string. */
data class PromotionChoice(val piece: Piece, val label: Int)

/**
 * The promotion dialog's choices: queen, rook, bishop, knight, strongest
 * first, in the colour of the pawn that promotes, whichever way the board
 * is turned.
 */
object Promotion {
    private val KINDS = listOf(
        PieceKind.QUEEN to R.string.promotion_queen,
        PieceKind.ROOK to R.string.promotion_rook,
        PieceKind.BISHOP to R.string.promotion_bishop,
        PieceKind.KNIGHT to R.string.promotion_knight,
    )

    fun choices(mover: Side): List<PromotionChoice> =
        KINDS.map { (kind, label) -> PromotionChoice(Piece(mover, kind), label) }
}
