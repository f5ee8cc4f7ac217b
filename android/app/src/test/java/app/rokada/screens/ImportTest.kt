package app.rokada.screens

import android.app.AlertDialog
import android.content.Intent
import android.widget.ListView
import app.rokada.R
import app.rokada.core.EndReason
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.game.CurrentGame
import app.rokada.screens.harness.Controls
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.screens.harness.awaitSave
import app.rokada.testing.sans
import app.rokada.ui.GameActivity
import app.rokada.ui.ImportActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf

/** Games come in as PGN shared to the app or opened from a file, through the core's reading. */
class ImportTest : ScreenTest() {
    private val app = RuntimeEnvironment.getApplication()

    private fun share(text: String) =
        Screens.launch(ImportActivity::class.java, intent = Intent(app, ImportActivity::class.java)
            .setAction(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, text)).get()

    private fun saved() = CurrentGame.store(app).use { it.saved() }

    @Test
    fun `a file of several games lets the player pick one, which opens at its end`() {
        val import = share(TWO_GAMES)
        val list = Screens.one<ListView>(import.window.decorView)
        assertEquals(2, list.adapter.count)
        assertTrue("${list.adapter.getItem(1)}", list.adapter.getItem(1).toString().startsWith("Cy – Di"))
        shadowOf(list).performItemClick(1)
        Screens.idle()
        assertTrue(import.isFinishing)
        val game = Screens.follow(import).get()
        assertTrue(game is GameActivity)
        val view = Screens.view()
        assertEquals(listOf("d4", "d5", "c4"), view.sans())
        assertEquals(GameMode.SamePhone, view.mode)
        // Played on from any move: here from the first.
        Screens.game().showPly(1u)
        Screens.idle()
        Controls.choose(game, game.getString(R.string.android_action_continue_here))
        Controls.confirm()
        assertEquals(listOf("d4"), Screens.view().sans())
    }

    @Test
    fun `a finished game opens at its end, and its end is told`() {
        val import = share("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")
        val game = Screens.follow(import).get()
        assertEquals(EndReason.CHECKMATE, Screens.view().status.end?.reason)
        assertEquals(game.getString(R.string.end_reason_checkmate), shadowOf(Screens.dialog()).message)
    }

    @Test
    fun `bad PGN is refused with the core's error, naming the half-move, and nothing is replaced`() {
        val running = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playText("e4")
        awaitSave("same-phone.rokada") { "e2e4" in it }
        running.finish()
        val import = share("1. e4 e5 2. Ke3 *")
        val dialog = Screens.dialog()
        val message = shadowOf(dialog).message.toString()
        assertTrue(message, message.contains(import.getString(R.string.android_pgn_illegal_move)))
        assertTrue(message, message.contains("3") && message.contains("Ke3"))
        assertTrue(message, message.contains(import.getString(R.string.android_pgn_nothing_changed)))
        Screens.press(dialog, AlertDialog.BUTTON_POSITIVE)
        assertTrue(import.isFinishing)
        assertEquals(1u, saved().single().plies)
    }

    @Test
    fun `a game replacing an unfinished one is asked about first, and declining keeps it`() {
        Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playText("e4")
        Screens.settle()
        awaitSave("same-phone.rokada") { "e2e4" in it }
        val import = share("1. d4 d5 *")
        val question = Screens.dialog()
        assertEquals(import.getString(R.string.android_confirm_replace_title), shadowOf(question).title)
        Screens.press(question, AlertDialog.BUTTON_NEGATIVE)
        assertEquals(1u, saved().single().plies)
        assertEquals(listOf("e4"), Screens.view().sans())

        val again = share("1. d4 d5 *")
        Controls.confirm()
        Screens.follow(again).get()
        assertEquals(listOf("d4", "d5"), Screens.view().sans())
    }

    private companion object {
        const val TWO_GAMES = "[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n" +
            "[White \"Cy\"]\n[Black \"Di\"]\n[Event \"Club\"]\n\n1. d4 d5 2. c4 *\n"
    }
}
