package app.rokada.board

import app.rokada.core.InputResult
import app.rokada.core.Square

/** Where board touches go: the core's touch handling. */
interface BoardInputTarget {
    fun tap(square: Square): InputResult

    fun dragStart(square: Square): InputResult

    fun dropPiece(from: Square, to: Square): InputResult
}

/**
 * Turns finger positions into taps and drags. A touch that stays within
 * [slop] of where it went down is a tap; one that travels further drags the
 * piece it started on, and lifting the finger drops it (off the board: back
 * on its own square).
 */
class BoardTouch(private val target: BoardInputTarget, private val slop: Float) {
    private var down: Square? = null
    private var downX = 0f
    private var downY = 0f

    /** The piece being dragged and where the finger is, for the display list. */
    var drag: Drag? = null
        private set

    fun down(layout: BoardLayout, flipped: Boolean, x: Float, y: Float) {
        down = layout.squareAt(x, y, flipped)
        downX = x
        downY = y
        drag = null
    }

    /** Returns the core's answer when the move started a drag. */
    fun move(x: Float, y: Float): InputResult? {
        val from = down ?: return null
        drag?.let {
            drag = it.copy(x = x, y = y)
            return null
        }
        if (distance(x - downX, y - downY) <= slop) return null
        val result = target.dragStart(from)
        if (result is InputResult.Selected) {
            drag = Drag(from, x, y)
        } else {
            // Not a piece that may move now: the rest of this touch means nothing.
            down = null
        }
        return result
    }

    fun up(layout: BoardLayout, flipped: Boolean, x: Float, y: Float): InputResult? {
        val from = down ?: return null
        down = null
        val dragged = drag
        drag = null
        if (dragged != null) {
            return target.dropPiece(from, layout.squareAt(x, y, flipped) ?: from)
        }
        return target.tap(from)
    }

    fun cancel() {
        down = null
        drag = null
    }

    private fun distance(dx: Float, dy: Float): Float = kotlin.math.sqrt(dx * dx + dy * dy)
}
