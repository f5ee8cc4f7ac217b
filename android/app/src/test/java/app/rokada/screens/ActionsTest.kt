package app.rokada.screens

import android.app.AlertDialog
import android.content.Intent
import app.rokada.R
import app.rokada.core.DrawClaim
import app.rokada.core.EndReason
import app.rokada.core.GameEnd
import app.rokada.core.GameMode
import app.rokada.core.GameResult
import app.rokada.core.GameSetup
import app.rokada.core.Side
import app.rokada.core.TimeControl
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Controls
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.testing.playAll
import app.rokada.testing.sans
import app.rokada.ui.HomeActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.Shadows.shadowOf

/** Every action of each way to play, through the bottom bar, the claim buttons and the menu. */
class ActionsTest : ScreenTest() {
    private fun play(vararg moves: String) {
        Screens.game().game.playAll(*moves)
        Screens.settle()
    }

    @Test
    fun `one phone, take back, redo from the menu, flip`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val s = { id: Int -> game.getString(id) }
        val bar = listOf(R.string.android_bar_undo, R.string.android_bar_flip, R.string.android_bar_draw, R.string.android_bar_resign)
        assertEquals(listOf(false, true, true, true), bar.map { Controls.buttons(game)[s(it)] })
        play("e4", "e5")
        assertEquals(listOf(true, true, true, true), bar.map { Controls.buttons(game)[s(it)] })
        Controls.press(game, s(R.string.android_bar_undo))
        assertEquals(listOf("e4"), Screens.view().sans())
        Controls.choose(game, s(R.string.game_menu_redo))
        assertEquals(listOf("e4", "e5"), Screens.view().sans())
        Controls.press(game, s(R.string.android_bar_flip))
        assertTrue(BoardDriver(game).view.scene.flipped)
    }

    @Test
    fun `one phone, a draw by agreement and resigning are confirmed first`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        play("e4")
        Controls.press(game, game.getString(R.string.android_bar_resign))
        // Declining the question changes nothing.
        Screens.press(Screens.dialog(), AlertDialog.BUTTON_NEGATIVE)
        assertNull(Screens.view().status.end)
        Controls.press(game, game.getString(R.string.android_bar_draw))
        assertEquals(game.getString(R.string.game_confirm_draw_agreement), Screens.dialog().findViewById<android.widget.TextView>(android.R.id.message).text.toString())
        Controls.confirm()
        assertEquals(GameEnd(GameResult.DRAW, EndReason.AGREEMENT), Screens.view().status.end)
    }

    @Test
    fun `one phone, resigning ends the game for the side to move, then a rematch`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        play("e4")
        Controls.press(game, game.getString(R.string.android_bar_resign))
        Controls.confirm()
        assertEquals(GameEnd(GameResult.WHITE_WINS, EndReason.RESIGNATION), Screens.view().status.end)
        // The end is told in a dialog; closing it leaves the finished game on screen.
        Screens.press(Screens.dialog(), AlertDialog.BUTTON_NEGATIVE)
        Controls.press(game, game.getString(R.string.android_bar_rematch))
        val view = Screens.view()
        assertNull(view.status.end)
        assertEquals(emptyList<String>(), view.sans())
        assertTrue("the players keep their seats: the board turns", view.board.flipped)
    }

    @Test
    fun `one phone, a claimable draw is a button with its reason`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        play("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
        val label = game.getString(R.string.game_menu_claim_threefold)
        Controls.press(game, label)
        assertEquals(GameEnd(GameResult.DRAW, EndReason.THREEFOLD_REPETITION), Screens.view().status.end)
        assertFalse(label in Controls.buttons(game))
        assertEquals(emptyList<DrawClaim>(), Screens.view().status.claimable)
    }

    @Test
    fun `one phone, the clocks pause and start again from the menu`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone, timeControl = TimeControl(300_000uL, 0uL))).get()
        play("e4")
        Controls.choose(game, game.getString(R.string.android_action_pause_clock))
        val paused = Screens.view()
        assertTrue(paused.status.clockPaused)
        assertFalse(paused.board.interactive)
        assertFalse(paused.keepAwake)
        assertTrue(game.getString(R.string.clock_paused) in Screens.shownTexts(game))
        Controls.choose(game, game.getString(R.string.android_action_resume_clock))
        assertFalse(Screens.view().status.clockPaused)
        assertTrue(Screens.view().board.interactive)
    }

    @Test
    fun `one phone, sharing gives the PGN to the share sheet`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        play("f3", "e5")
        Controls.choose(game, game.getString(R.string.game_menu_share_pgn))
        val chooser = shadowOf(game).nextStartedActivity
        assertEquals(Intent.ACTION_CHOOSER, chooser.action)
        @Suppress("DEPRECATION")
        val send = chooser.getParcelableExtra<Intent>(Intent.EXTRA_INTENT)!!
        assertTrue(send.getStringExtra(Intent.EXTRA_TEXT)!!.contains("1. f3 e5"))
    }

    @Test
    fun `a new game from the menu is confirmed while this one is unfinished, and goes home`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        play("e4")
        Controls.choose(game, game.getString(R.string.game_menu_new_game))
        Controls.confirm()
        val home = shadowOf(game).nextStartedActivity
        assertEquals(HomeActivity::class.java.name, home.component?.className)
        assertTrue(game.isFinishing)
    }

    @Test
    fun `against the computer, take back removes the reply too, and the rematch swaps colours`() {
        val game = Screens.launchGame(GameSetup(GameMode.Computer(Side.WHITE, 1u))).get()
        BoardDriver(game).tap("e2")
        BoardDriver(game).tap("e4")
        Screens.idleUntil("the computer's reply") { Screens.view().browse.plies == 2u }
        Screens.settle()
        Controls.press(game, game.getString(R.string.android_bar_undo))
        assertEquals(emptyList<String>(), Screens.view().sans())
        assertFalse(game.getString(R.string.android_bar_draw) in Controls.buttons(game))
        Controls.press(game, game.getString(R.string.android_bar_resign))
        Controls.confirm()
        assertEquals(GameEnd(GameResult.BLACK_WINS, EndReason.RESIGNATION), Screens.view().status.end)
        // The game-over dialog offers the rematch.
        Screens.press(Screens.dialog(), AlertDialog.BUTTON_POSITIVE)
        assertEquals(GameMode.Computer(Side.BLACK, 1u), Screens.view().mode)
        assertTrue(BoardDriver(game).view.scene.flipped)
    }

    @Test
    fun `the game-over dialog tells the result and why`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        play("f3", "e5", "g4", "Qh4#")
        val dialog = Screens.dialog()
        val message = dialog.findViewById<android.widget.TextView>(android.R.id.message).text.toString()
        assertEquals(game.getString(R.string.end_reason_checkmate), message)
        assertTrue(dialog.getButton(AlertDialog.BUTTON_NEUTRAL).text.toString() == game.getString(R.string.game_menu_new_game))
        Screens.press(dialog, AlertDialog.BUTTON_NEUTRAL)
        assertEquals(HomeActivity::class.java.name, shadowOf(game).nextStartedActivity.component?.className)
    }
}
