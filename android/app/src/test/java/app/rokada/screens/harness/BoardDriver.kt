package app.rokada.screens.harness

import android.app.Activity
import android.graphics.Bitmap
import android.graphics.Rect
import android.os.SystemClock
import android.view.MotionEvent
import app.rokada.board.ChessBoard

/**
 * A finger on the board of a screen: squares by name, touches dispatched to
 * the activity's window (so they travel the view tree as real ones do), and
 * the pixels drawn on a square.
 *
 * Where a square lies is worked out here from chess geometry alone (White's
 * a1 bottom left unless the board is turned), not from the app's layout
 * code, so a mirrored or misplaced board fails the tests.
 */
class BoardDriver(private val activity: Activity, index: Int = 0) {
    val view: ChessBoard = Screens.all<ChessBoard>(activity.window.decorView)[index]

    /** A square's box in window coordinates. */
    fun box(square: String): Rect {
        require(square.length == 2 && square[0] in 'a'..'h' && square[1] in '1'..'8') { "not a square: $square" }
        val file = square[0] - 'a'
        val rank = square[1] - '1'
        val flipped = view.scene.flipped
        val column = if (flipped) 7 - file else file
        val row = if (flipped) rank else 7 - rank
        val cell = minOf(view.width, view.height) / 8
        val origin = IntArray(2)
        view.getLocationInWindow(origin)
        val left = origin[0] + column * cell
        val top = origin[1] + row * cell
        return Rect(left, top, left + cell, top + cell)
    }

    fun tap(square: String) {
        val box = box(square)
        touch(MotionEvent.ACTION_DOWN, box.exactCenterX(), box.exactCenterY())
        touch(MotionEvent.ACTION_UP, box.exactCenterX(), box.exactCenterY())
    }

    /** Presses on [from], slides in steps to [to] and lifts there. */
    fun drag(from: String, to: String, steps: Int = 8) {
        val start = box(from)
        val end = box(to)
        touch(MotionEvent.ACTION_DOWN, start.exactCenterX(), start.exactCenterY())
        for (step in 1..steps) {
            val f = step.toFloat() / steps
            touch(
                MotionEvent.ACTION_MOVE,
                start.exactCenterX() + (end.exactCenterX() - start.exactCenterX()) * f,
                start.exactCenterY() + (end.exactCenterY() - start.exactCenterY()) * f,
            )
        }
        touch(MotionEvent.ACTION_UP, end.exactCenterX(), end.exactCenterY())
    }

    /** A pixel near a square's top right corner: clear of its piece and its coordinate labels. */
    fun cornerPixel(screen: Bitmap, square: String): Int {
        val box = box(square)
        val inset = box.width() / 10
        return screen.getPixel(box.right - inset, box.top + inset)
    }

    /** The pixels of one square, row by row. */
    fun pixels(screen: Bitmap, square: String): IntArray {
        val box = box(square)
        val out = IntArray(box.width() * box.height())
        screen.getPixels(out, 0, box.width(), box.left, box.top, box.width(), box.height())
        return out
    }

    private var downTime = 0L

    private fun touch(action: Int, x: Float, y: Float) {
        val now = SystemClock.uptimeMillis()
        if (action == MotionEvent.ACTION_DOWN) downTime = now
        val event = MotionEvent.obtain(downTime, now, action, x, y, 0)
        try {
            activity.dispatchTouchEvent(event)
        } finally {
            event.recycle()
        }
        Screens.idle()
    }
}
