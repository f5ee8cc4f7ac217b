package app.rokada.game

import app.rokada.core.GameMode
import app.rokada.core.Side
import app.rokada.settings.Orientation
import app.rokada.settings.Settings
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class GameScreenTest {
    @Test
    fun `hints show only when the setting is on`() {
        val game = newGame()
        game.tap(sq("e2"))
        val state = game.state()
        assertEquals(listOf(sq("e3"), sq("e4")), boardScene(state, game.board(), Settings(), false).hints)
        assertTrue(boardScene(state, game.board(), Settings(moveHints = false), false).hints.isEmpty())
        assertEquals(sq("e2"), boardScene(state, game.board(), Settings(moveHints = false), false).selected)
    }

    @Test
    fun `on one phone the board can turn toward the player to move`() {
        val game = newGame()
        game.playAll("e4")
        val turning = Settings(orientation = Orientation.SIDE_TO_MOVE)
        assertTrue(boardScene(game.state(), game.board(), turning, false).flipped)
        assertEquals(false, boardScene(game.state(), game.board(), Settings(), false).flipped)
    }

    @Test
    fun `against the computer as Black, Black is at the bottom`() {
        val game = newGame(mode = GameMode.Computer(Side.BLACK, 1u))
        assertTrue(boardScene(game.state(), game.board(), Settings(), false).flipped)
        game.destroy()
    }

    @Test
    fun `captured pieces are drawn in their owner's colour`() {
        val game = newGame()
        game.playAll("e4", "d5", "exd5", "Qxd5", "Nc3", "Qxa2", "Rxa2")
        val state = game.state()
        assertEquals("\u265F\u265B", capturedGlyphs(state, Side.WHITE))
        assertEquals("\u2659\u2659", capturedGlyphs(state, Side.BLACK))
    }
}
