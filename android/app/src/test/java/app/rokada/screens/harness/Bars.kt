package app.rokada.screens.harness

import android.app.Activity
import android.graphics.Insets
import android.graphics.Rect
import android.view.View
import android.view.WindowInsets
import org.junit.Assert.assertTrue

/**
 * System bars and the keyboard laid over a window, as a phone reports them
 * to an edge-to-edge app: through window insets only. Robolectric's window
 * has no bars of its own, so the tests hand the window the insets a phone
 * would and check what the screen does with them.
 */
data class Bars(val status: Int = 0, val navigation: Insets = Insets.NONE, val keyboard: Int = 0) {
    fun applyTo(activity: Activity) {
        val insets = WindowInsets.Builder()
            .setInsets(WindowInsets.Type.statusBars(), Insets.of(0, status, 0, 0))
            .setInsets(WindowInsets.Type.navigationBars(), navigation)
            .setInsets(WindowInsets.Type.ime(), Insets.of(0, 0, 0, keyboard))
            .setVisible(WindowInsets.Type.ime(), keyboard > 0)
            .build()
        val decor = activity.window.decorView
        decor.dispatchApplyWindowInsets(insets)
        decor.requestLayout()
        Screens.idle()
    }

    /** The part of a [width] × [height] window no bar covers. */
    fun clear(width: Int, height: Int): Rect =
        Rect(navigation.left, status, width - navigation.right, height - maxOf(navigation.bottom, keyboard))

    companion object {
        fun dp(activity: Activity, value: Int): Int = (value * activity.resources.displayMetrics.density).toInt()

        /** A phone held upright: status bar on top, gesture bar at the bottom. */
        fun portrait(activity: Activity) = Bars(dp(activity, 24), Insets.of(0, 0, 0, dp(activity, 48)))

        /** Turned: three-button navigation on the right. */
        fun landscape(activity: Activity) = Bars(dp(activity, 24), Insets.of(0, 0, dp(activity, 48), 0))

        /** Where a view is in its window. */
        fun rectOf(view: View): Rect {
            val at = IntArray(2)
            view.getLocationInWindow(at)
            return Rect(at[0], at[1], at[0] + view.width, at[1] + view.height)
        }

        /**
         * Fails unless the screen's own views stay in [clear] and below the
         * action bar: the content root and everything shown inside it
         * (scrolled content is checked through its scrolling view).
         */
        fun assertContentWithin(activity: Activity, clear: Rect) {
            val decor = activity.window.decorView
            val actionBar = Screens.all<View>(decor)
                .firstOrNull { it.javaClass.simpleName == "ActionBarContainer" && it.isShown }
            val top = actionBar?.let { maxOf(clear.top, rectOf(it).bottom) } ?: clear.top
            val safe = Rect(clear.left, top, clear.right, clear.bottom)
            // The action bar's background may reach under the status bar; its toolbar may not.
            Screens.all<android.widget.Toolbar>(decor).filter { it.isShown }.forEach {
                val bar = rectOf(it)
                assertTrue("the action bar ${bar.toShortString()} is under the status bar", bar.top >= clear.top)
            }
            val root = (decor.findViewById<View>(android.R.id.content) as android.view.ViewGroup).getChildAt(0)
            fun check(view: View) {
                if (!view.isShown || view.width == 0 || view.height == 0) return
                val rect = rectOf(view)
                assertTrue(
                    "${view.javaClass.simpleName} at ${rect.toShortString()} leaves ${safe.toShortString()}",
                    safe.contains(rect),
                )
                if (view is android.view.ViewGroup && view !is android.widget.ScrollView &&
                    view !is android.widget.AbsListView
                ) {
                    for (i in 0 until view.childCount) check(view.getChildAt(i))
                }
            }
            check(root)
        }
    }
}
