package app.rokada.board

import app.rokada.core.Piece
import app.rokada.core.Square

/** A rectangle in the board's pixel space, origin at the top left corner. */
data class Box(val left: Float, val top: Float, val right: Float, val bottom: Float) {
    val width: Float get() = right - left
    val height: Float get() = bottom - top
    val centerX: Float get() = (left + right) / 2
    val centerY: Float get() = (top + bottom) / 2
}

/** Why a square is tinted, drawn in this order under the pieces. */
enum class HighlightKind {
    LAST_MOVE,
    SELECTED,
}

/** Which corner of its square a coordinate label sits in. */
enum class LabelCorner {
    TOP_LEFT,
    BOTTOM_RIGHT,
}

/** One thing to paint. Colours are ARGB ints, as android.graphics.Color has them. */
sealed interface DisplayItem {
    data class SquareFill(val square: Square, val box: Box, val color: Int) : DisplayItem

    data class Highlight(val square: Square, val kind: HighlightKind, val box: Box, val color: Int) : DisplayItem

    /** The soft glow under a king in check: [color] at the centre, transparent at the square's edge. */
    data class CheckGlow(val square: Square, val box: Box, val color: Int) : DisplayItem

    /** A legal destination: a dot on an empty square, a ring where it takes a piece. */
    data class Hint(val square: Square, val capture: Boolean, val box: Box, val color: Int) : DisplayItem

    /** `square` is null for a piece that follows the finger; [turned] pieces are drawn upside down. */
    data class PieceMark(val square: Square?, val piece: Piece, val box: Box, val turned: Boolean) : DisplayItem

    data class Label(
        val text: String,
        val corner: LabelCorner,
        val box: Box,
        val size: Float,
        val color: Int,
    ) : DisplayItem

    /** From the centre of one square to the centre of another, for diagrams. */
    data class Arrow(
        val from: Square,
        val to: Square,
        val startX: Float,
        val startY: Float,
        val endX: Float,
        val endY: Float,
        val width: Float,
        val color: Int,
    ) : DisplayItem
}
