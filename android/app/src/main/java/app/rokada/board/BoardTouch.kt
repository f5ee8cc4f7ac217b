package app.rokada.board

import app.rokada.core.Square
import app.rokada.core.TouchOutcome
import app.rokada.core.Touched
import kotlin.math.abs
import kotlin.math.sqrt

/** Where board touches go: the core's touch handling, and browsing by swipe. */
interface BoardInputTarget {
    fun tap(square: Square): Touched

    fun dragStart(square: Square): Touched

    fun dropPiece(from: Square, to: Square): Touched

    /** A horizontal swipe: +1 steps forward through the moves, -1 back. */
    fun swipe(delta: Int)
}

/**
 * Turns finger positions into taps, drags and swipes. A touch that stays
 * within [slop] of where it went down is a tap; one that travels further
 * drags the piece it started on when the board takes moves, and lifting the
 * finger drops it (off the board: back on its own square). Any other touch
 * that travels is a swipe if it went mostly sideways, by at least a square:
 * leftwards steps forward through the moves, rightwards back.
 */
class BoardTouch(private val target: BoardInputTarget, private val slop: Float) {
    private var down: Square? = null
    private var downX = 0f
    private var downY = 0f
    private var travelled = false

    /** The piece being dragged and where the finger is, for the display list. */
    var drag: Drag? = null
        private set

    fun down(layout: BoardLayout, scene: BoardScene, x: Float, y: Float) {
        down = layout.squareAt(x, y, scene.flipped)
        downX = x
        downY = y
        drag = null
        travelled = false
    }

    /** Returns the core's answer when the move started a drag. */
    fun move(scene: BoardScene, x: Float, y: Float): Touched? {
        drag?.let {
            drag = it.copy(x = x, y = y)
            return null
        }
        if (travelled || distance(x - downX, y - downY) <= slop) return null
        travelled = true
        val from = down ?: return null
        if (!scene.interactive || scene.pieces[from.ordinal] == null) return null
        val touched = target.dragStart(from)
        if (touched.outcome is TouchOutcome.Selected) drag = Drag(from, x, y)
        return touched
    }

    fun up(layout: BoardLayout, scene: BoardScene, x: Float, y: Float): Touched? {
        val from = down
        down = null
        val dragged = drag
        drag = null
        if (dragged != null && from != null) {
            return target.dropPiece(from, layout.squareAt(x, y, scene.flipped) ?: from)
        }
        if (!travelled) return from?.let { target.tap(it) }
        val dx = x - downX
        if (abs(dx) >= layout.cell && abs(dx) > 2 * abs(y - downY)) target.swipe(if (dx < 0) 1 else -1)
        return null
    }

    fun cancel() {
        down = null
        drag = null
    }

    private fun distance(dx: Float, dy: Float): Float = sqrt(dx * dx + dy * dy)
}
