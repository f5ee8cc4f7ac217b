package app.rokada.screens

import android.os.Handler
import android.os.Looper
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Side
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** Against the computer: its reply comes from a core thread through the main looper. */
class ComputerTest : ScreenTest() {
    @Test
    fun `level 1 replies while the main looper keeps running`() {
        val game = Screens.launchGame(GameSetup(GameMode.Computer(Side.WHITE, 1u))).get()
        val board = BoardDriver(game)
        board.tap("e2")
        board.tap("e4")
        assertEquals("e4", Screens.view().moves.first().white?.san)

        // The UI thread is never blocked by the search: tasks posted to it
        // run at once, whether or not the reply has arrived yet.
        var ran = 0
        val main = Handler(Looper.getMainLooper())
        repeat(3) { main.post { ran++ } }
        Screens.idle()
        assertEquals(3, ran)

        // The screen shows the reply: the board has Black's moved piece where the core put it.
        Screens.idleUntil("reply from the computer") {
            Screens.view().browse.plies == 2u && board.view.scene.pieces == Screens.view().board.pieces
        }
        val view = Screens.view()
        assertEquals(Side.WHITE, view.status.turn)
        assertTrue(!view.status.computerThinking)
        assertTrue(board.view.scene.interactive)
    }
}
