package app.rokada.screens

import app.rokada.R
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.SaveSlot
import app.rokada.core.TimeControl
import app.rokada.game.CurrentGame
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Device
import app.rokada.screens.harness.Look
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.screens.harness.awaitSave
import app.rokada.testing.sans
import app.rokada.ui.GameActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment

/** Rotation, a rebuilt screen, and a process killed in the background: the same game comes back. */
class LifecycleTest : ScreenTest() {
    private val timed = GameSetup(GameMode.SamePhone, timeControl = TimeControl(300_000uL, 2_000uL))

    @Test
    fun `a turned phone shows the same game, in two panes`() {
        val controller = Screens.launchGame(timed)
        val board = BoardDriver(controller.get())
        board.tap("e2")
        board.tap("e4")
        board.tap("g8")
        val running = Screens.game()
        val before = Screens.view()
        RuntimeEnvironment.setQualifiers(Look(device = Device.PHONE_LANDSCAPE).qualifiers)
        controller.recreate()
        Screens.idle()
        val turned = controller.get()
        assertSame("the game outlives the screen", running, Screens.game())
        assertEquals(before.sans(), Screens.view().sans())
        val scene = BoardDriver(turned).view.scene
        assertEquals("the selection is kept", before.board.selected, scene.selected)
        val decor = turned.window.decorView
        assertTrue(decor.width > decor.height)
        val boardView = BoardDriver(turned).view
        assertTrue("the board is on the start side", boardView.left < decor.width / 2)
        assertTrue("the board fills the height", boardView.height > decor.height / 2)
    }

    @Test
    fun `a rebuilt screen does not tell the end again`() {
        val controller = Screens.launchGame(GameSetup(GameMode.SamePhone))
        Screens.game().game.apply { listOf("f3", "e5", "g4", "Qh4#").forEach { playText(it) } }
        // The end reaches the screen from the core's event thread.
        Screens.idleUntil("the end's dialog") {
            org.robolectric.shadows.ShadowAlertDialog.getLatestAlertDialog()?.isShowing == true
        }
        val first = Screens.dialog()
        assertEquals(controller.get().getString(R.string.end_black_wins), org.robolectric.Shadows.shadowOf(first).title)
        first.dismiss()
        controller.recreate()
        Screens.idle()
        assertFalse(org.robolectric.shadows.ShadowAlertDialog.getLatestAlertDialog()?.isShowing == true)
    }

    @Test
    fun `the process killed and started again comes back to the same game, ply and clock`() {
        val controller = Screens.launchGame(timed)
        val board = BoardDriver(controller.get())
        for ((from, to) in listOf("e2" to "e4", "e7" to "e5", "g1" to "f3")) {
            board.tap(from)
            board.tap(to)
        }
        val before = Screens.view()
        // The app goes to the background: the clocks stop, and the core saves the game.
        controller.pause().stop()
        val paused = Screens.game().clock()!!
        assertFalse(paused.white.running || paused.black.running)
        val expected = Screens.game().game.save()
        awaitSave("same-phone.rokada") { it == expected }

        // The process dies: nothing of it is left but the save.
        val dead = CurrentGame.phone
        CurrentGame.phone = CurrentGame.Phone()
        try {
            val app = RuntimeEnvironment.getApplication()
            val restarted = Screens.launch(GameActivity::class.java, intent = GameActivity.intent(app, SaveSlot.SAME_PHONE)).get()
            assertFalse(restarted.isFinishing)
            val after = Screens.view()
            assertEquals(listOf("e4", "e5", "Nf3"), after.sans())
            assertEquals(before.moves, after.moves)
            assertEquals(before.board.pieces, after.board.pieces)
            val clock = Screens.game().clock()!!
            assertEquals("White's idle clock is exactly as it was", paused.white, clock.white)
            assertTrue("Black's clock runs again", clock.black.running)
            assertTrue("from where it stopped", clock.black.ms <= paused.black.ms)
            assertEquals(BoardDriver(restarted).view.scene.pieces, after.board.pieces)
        } finally {
            dead.controller?.stop()
        }
    }
}
