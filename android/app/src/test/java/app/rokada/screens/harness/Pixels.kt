package app.rokada.screens.harness

import android.app.Activity
import android.app.Dialog
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Color
import android.view.View
import java.io.File

/** Real pixels of real views, drawn by Robolectric's native graphics. */
object Pixels {
    /** Draws a view (laid out already) into a new bitmap of its size. */
    fun of(view: View): Bitmap {
        val bitmap = Bitmap.createBitmap(view.width, view.height, Bitmap.Config.ARGB_8888)
        view.draw(Canvas(bitmap))
        return bitmap
    }

    /** The activity's whole window: action bar and content. */
    fun of(activity: Activity): Bitmap = of(activity.window.decorView)

    /**
     * The activity's window with a dialog over it, as the phone shows them:
     * the screen dimmed and the dialog's window in its laid-out place.
     */
    fun of(activity: Activity, dialog: Dialog): Bitmap {
        val screen = of(activity)
        val canvas = Canvas(screen)
        canvas.drawColor(Color.argb(DIM_ALPHA, 0, 0, 0))
        val window = dialog.window!!.decorView
        val at = IntArray(2)
        window.getLocationOnScreen(at)
        val left = if (at[0] > 0) at[0] else (screen.width - window.width) / 2
        val top = if (at[1] > 0) at[1] else (screen.height - window.height) / 2
        canvas.save()
        canvas.translate(left.toFloat(), top.toFloat())
        window.draw(canvas)
        canvas.restore()
        return screen
    }

    fun save(bitmap: Bitmap, file: File) {
        file.parentFile?.mkdirs()
        file.outputStream().use { bitmap.compress(Bitmap.CompressFormat.PNG, 100, it) }
    }

    /** The window's dim behind a dialog (Material's backgroundDimAmount, 0.6). */
    private const val DIM_ALPHA = 153
}
