package app.rokada.screens.harness

import android.app.Activity
import android.os.SystemClock
import android.view.MotionEvent
import android.view.View
import android.widget.TextView
import org.junit.Assert.assertTrue

/** Touches on ordinary views, dispatched to the activity's window like a finger's. */
object Touch {
    /** Taps the middle of [view], which must be shown. */
    fun tap(activity: Activity, view: View) {
        assertTrue("$view is not shown", view.isShown)
        val at = IntArray(2)
        view.getLocationInWindow(at)
        val x = at[0] + view.width / 2f
        val y = at[1] + view.height / 2f
        val down = SystemClock.uptimeMillis()
        for (action in listOf(MotionEvent.ACTION_DOWN, MotionEvent.ACTION_UP)) {
            val event = MotionEvent.obtain(down, SystemClock.uptimeMillis(), action, x, y, 0)
            try {
                activity.dispatchTouchEvent(event)
            } finally {
                event.recycle()
            }
        }
        Screens.idle()
    }

    /** Taps the view showing exactly [text]. */
    fun tap(activity: Activity, text: String) {
        val matches = Screens.all<TextView>(activity.window.decorView).filter { it.text.toString() == text }
        assertTrue("expected one view showing '$text', found ${matches.size}", matches.size == 1)
        tap(activity, matches.single())
    }
}
