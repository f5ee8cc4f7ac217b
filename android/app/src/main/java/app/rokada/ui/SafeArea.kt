package app.rokada.ui

import android.app.Activity
import android.os.Build
import android.view.View
import android.view.WindowInsets

/**
 * Keeps a screen's content clear of the status bar, the action bar, the
 * navigation bar, a display cutout and the keyboard. From target SDK 35 on,
 * Android draws every window edge to edge: the content frame spans the
 * whole window, those bars lie over it, and only the window insets it is
 * given say where they are. The frame takes them as its padding.
 */
object SafeArea {
    /** Distances from each edge of the window, in pixels. */
    data class Edges(val left: Int, val top: Int, val right: Int, val bottom: Int)

    fun keepContentClear(activity: Activity) {
        val content = activity.findViewById<View>(android.R.id.content)
        content.setOnApplyWindowInsetsListener { view, insets ->
            val safe = of(insets)
            view.setPadding(safe.left, safe.top, safe.right, safe.bottom)
            consumed(insets)
        }
    }

    /** What the content must stay clear of. */
    fun of(insets: WindowInsets): Edges = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.R) {
        val types = WindowInsets.Type.systemBars() or WindowInsets.Type.displayCutout() or WindowInsets.Type.ime()
        val safe = insets.getInsets(types)
        Edges(safe.left, safe.top, safe.right, safe.bottom)
    } else {
        // Before API 30 the system window insets hold the bars, and the
        // keyboard where the window resizes for it (adjustResize).
        @Suppress("DEPRECATION")
        Edges(
            insets.systemWindowInsetLeft,
            insets.systemWindowInsetTop,
            insets.systemWindowInsetRight,
            insets.systemWindowInsetBottom,
        )
    }

    private fun consumed(insets: WindowInsets): WindowInsets = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.R) {
        WindowInsets.CONSUMED
    } else {
        @Suppress("DEPRECATION")
        insets.consumeSystemWindowInsets()
    }
}
