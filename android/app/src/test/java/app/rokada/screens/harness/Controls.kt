package app.rokada.screens.harness

import android.app.Activity
import android.app.AlertDialog
import android.view.MenuItem
import android.widget.Button
import org.junit.Assert.assertTrue
import org.robolectric.fakes.RoboMenu

/** The game screen's controls as a person reaches them: buttons by their label, the menu, dialogs. */
object Controls {
    /** Taps the shown button labelled [label] (the action bar, a claim, the host's new code). */
    fun press(activity: Activity, label: String) {
        val buttons = Screens.all<Button>(activity.window.decorView).filter { it.isShown && it.text.toString() == label }
        assertTrue(
            "expected one button '$label', found ${buttons.size} in " +
                Screens.all<Button>(activity.window.decorView).filter { it.isShown }.map { it.text },
            buttons.size == 1,
        )
        assertTrue("the button '$label' is disabled", buttons.single().isEnabled)
        Touch.tap(activity, buttons.single())
    }

    /** The labels of the shown buttons and whether each is enabled. */
    fun buttons(activity: Activity): Map<String, Boolean> =
        Screens.all<Button>(activity.window.decorView).filter { it.isShown }.associate { it.text.toString() to it.isEnabled }

    /** The options menu as the activity fills it now. */
    fun menu(activity: Activity): List<MenuItem> {
        val menu = RoboMenu(activity)
        activity.onCreateOptionsMenu(menu)
        activity.onPrepareOptionsMenu(menu)
        return (0 until menu.size()).map { menu.getItem(it) }
    }

    /** Chooses the menu entry titled [title]. */
    fun choose(activity: Activity, title: String) {
        val items = menu(activity)
        val item = items.firstOrNull { it.title.toString() == title }
            ?: Screens.failed("no menu entry '$title' in ${items.map { it.title }}")
        assertTrue("the menu entry '$title' is disabled", item.isEnabled)
        activity.onOptionsItemSelected(item)
        Screens.idle()
    }

    /** Answers the confirmation shown last with its positive button. */
    fun confirm() = Screens.press(Screens.dialog(), AlertDialog.BUTTON_POSITIVE)
}
