package app.rokada.screens.harness

import android.app.Activity
import android.app.AlertDialog
import android.content.Intent
import android.os.Looper
import android.view.View
import android.view.ViewGroup
import android.widget.TextView
import app.rokada.core.Game
import app.rokada.core.GameSetup
import app.rokada.core.GameView
import app.rokada.game.CurrentGame
import app.rokada.game.GameController
import app.rokada.ui.GameActivity
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.android.controller.ActivityController
import org.robolectric.shadows.ShadowAlertDialog
import org.robolectric.shadows.ShadowPausedLooper

/** Starting screens, following their intents, and driving the main looper. */
object Screens {
    /** Upper bound for waiting on a core thread: a guard against a hang, never a timing. */
    private const val CORE_THREAD_LIMIT_MS = 120_000L

    /** Starts an activity as the launcher would, in the given look, and lets it settle. */
    fun <T : Activity> launch(type: Class<T>, look: Look = Look(), intent: Intent? = null): ActivityController<T> {
        RuntimeEnvironment.setQualifiers(look.qualifiers)
        val controller = Robolectric.buildActivity(type, intent).setup()
        idle()
        return controller
    }

    /** Starts a game the way the home screen does, then its screen. */
    fun launchGame(setup: GameSetup, look: Look = Look()): ActivityController<GameActivity> =
        launchGame(look) { Game(setup) }

    /** Starts the game [make] makes, kept saved as the app keeps every game, then its screen. */
    fun launchGame(look: Look = Look(), make: () -> Game): ActivityController<GameActivity> {
        val app = RuntimeEnvironment.getApplication()
        CurrentGame.start(app, make)
        return launch(GameActivity::class.java, look, GameActivity.intent(app, CurrentGame.phone.slot!!))
    }

    /** Starts the activity [from] asked to start, as Android would. */
    fun follow(from: Activity, look: Look = Look()): ActivityController<out Activity> {
        val intent = shadowOf(from).nextStartedActivity
        assertNotNull("${from.javaClass.simpleName} started no activity", intent)
        val type = Class.forName(intent.component!!.className).asSubclass(Activity::class.java)
        return launch(type, look, intent)
    }

    /** The running game's controller, the one its screen drives. */
    fun game(): GameController = CurrentGame.phone.controller ?: failed("no game is running")

    /** What the running game's screen is drawing now, read from the core. */
    fun view(): GameView = game().game.view()

    /**
     * Drives the main looper until the running game's screen has drawn the
     * core's latest view: after a change made on the core directly (as the
     * computer or the other phone make theirs), whose event comes through
     * the game's event thread.
     */
    fun settle() = idleUntil("the screen to draw the game's latest view") { game().drawn >= view().revision }

    /** Runs every task the main looper has now, as the UI thread would. */
    fun idle() = shadowOf(Looper.getMainLooper()).idle()

    /**
     * Drives the main looper until [done] holds, waiting for tasks that core
     * threads post (the computer's move, a network frame).
     */
    fun idleUntil(what: String, done: () -> Boolean) {
        val looper = shadowOf(Looper.getMainLooper()) as ShadowPausedLooper
        val deadline = System.nanoTime() + CORE_THREAD_LIMIT_MS * 1_000_000
        looper.idle()
        while (!done()) {
            if (System.nanoTime() > deadline) failed("no $what within ${CORE_THREAD_LIMIT_MS / 1000} s")
            // Blocks until a task arrives on the main looper, then runs it.
            looper.poll(CORE_THREAD_LIMIT_MS)
            looper.idle()
        }
    }

    /** The dialog shown last, which must still be showing. */
    fun dialog(): AlertDialog {
        val dialog = ShadowAlertDialog.getLatestAlertDialog()
        assertNotNull("no dialog was shown", dialog)
        assertTrue("the last dialog is closed", dialog.isShowing)
        return dialog
    }

    /** Clicks the item of a list dialog whose text is [label]. */
    fun chooseItem(dialog: AlertDialog, label: String) {
        val list = dialog.listView
        val index = (0 until list.adapter.count).firstOrNull { list.adapter.getItem(it).toString().contains(label) }
            ?: failed("no item '$label' in ${(0 until list.adapter.count).map { list.adapter.getItem(it) }}")
        shadowOf(dialog).clickOnItem(index)
        idle()
    }

    /** Clicks a dialog's button ([AlertDialog.BUTTON_POSITIVE]…) as a finger would. */
    fun press(dialog: AlertDialog, which: Int) {
        val button = dialog.getButton(which)
        assertTrue("the dialog's button $which is not shown", button != null && button.isShown)
        button.performClick()
        idle()
    }

    /** Every view under [root] of the given type, in drawing order. */
    inline fun <reified T : View> all(root: View): List<T> = all(root, T::class.java)

    fun <T : View> all(root: View, type: Class<T>): List<T> {
        val found = ArrayList<T>()
        fun walk(view: View) {
            if (type.isInstance(view)) found += type.cast(view)
            if (view is ViewGroup) for (i in 0 until view.childCount) walk(view.getChildAt(i))
        }
        walk(root)
        return found
    }

    /** The texts of every text view the player can see on [activity]'s screen. */
    fun shownTexts(activity: Activity): List<String> =
        all<TextView>(activity.window.decorView).filter { it.isShown }.map { it.text.toString() }

    inline fun <reified T : View> one(root: View): T {
        val found = all<T>(root)
        assertTrue("expected one ${T::class.java.simpleName}, found ${found.size}", found.size == 1)
        return found.single()
    }

    fun failed(message: String): Nothing = throw AssertionError(message)
}

/**
 * Waits until the file [name] in the running phone's saves holds what
 * [wanted] accepts, woken by the file system's own events: the core keeps
 * a game saved on its own thread, after the change that caused it.
 */
fun awaitSave(name: String, wanted: (String) -> Boolean) {
    val dir = java.io.File(RuntimeEnvironment.getApplication().filesDir, app.rokada.game.CurrentGame.phone.saves).toPath()
    java.nio.file.Files.createDirectories(dir)
    val file = dir.resolve(name).toFile()
    dir.fileSystem.newWatchService().use { watcher ->
        dir.register(
            watcher,
            java.nio.file.StandardWatchEventKinds.ENTRY_CREATE,
            java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY,
        )
        while (!(file.isFile && wanted(file.readText()))) {
            val key = watcher.poll(120, java.util.concurrent.TimeUnit.SECONDS) ?: Screens.failed("$name was not saved")
            key.pollEvents()
            key.reset()
        }
    }
}
