package app.rokada.game

import app.rokada.core.ClockState
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side
import app.rokada.core.TimeControl
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ClockAndPromotionTest {
    private fun clock(white: Long, black: Long, running: Side?) = ClockState(
        TimeControl(300_000uL, 0uL), white.toULong(), black.toULong(), running,
        app.rokada.core.formatClock(white.toULong()), app.rokada.core.formatClock(black.toULong()),
    )

    @Test
    fun `the running clock counts down from the snapshot`() {
        val state = clock(300_000, 300_000, Side.WHITE)
        assertEquals(ClockFace("5:00", running = true, low = false), ClockDisplay.face(state, Side.WHITE, 0))
        assertEquals(ClockFace("4:58", running = true, low = false), ClockDisplay.face(state, Side.WHITE, 1_500))
        assertEquals(ClockFace("5:00", running = false, low = false), ClockDisplay.face(state, Side.BLACK, 1_500))
    }

    @Test
    fun `low time shows tenths and never goes below zero`() {
        val state = clock(9_950, 60_000, Side.WHITE)
        assertEquals(ClockFace("0:09.9", running = true, low = true), ClockDisplay.face(state, Side.WHITE, 0))
        assertEquals(ClockFace("0:00.0", running = true, low = true), ClockDisplay.face(state, Side.WHITE, 20_000))
    }

    @Test
    fun `the core's clock state gives the faces`() {
        val game = newGame(timeControl = TimeControl(180_000uL, 2_000uL))
        val before = game.state().clock!!
        assertEquals("3:00", ClockDisplay.face(before, Side.WHITE, 5_000).text, "no clock runs before White's move")
        game.playAll("e4")
        val after = game.state().clock!!
        assertEquals(Side.BLACK, after.running)
        assertTrue(ClockDisplay.face(after, Side.BLACK, 0).running)
        assertFalse(ClockDisplay.face(after, Side.WHITE, 0).running)
        game.destroy()
    }

    @Test
    fun `promotion offers queen, rook, bishop, knight in the mover's colour`() {
        assertEquals(
            listOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT).map { Piece(Side.BLACK, it) },
            Promotion.choices(Side.BLACK).map { it.piece },
        )
        assertTrue(Promotion.choices(Side.WHITE).all { it.piece.side == Side.WHITE })
        val english = app.rokada.testing.ResourceStrings("en")
        val polish = app.rokada.testing.ResourceStrings("pl")
        val labels = Promotion.choices(Side.WHITE).map { it.label }
        assertEquals(listOf("Queen", "Rook", "Bishop", "Knight"), labels.map { english.get(it) })
        assertEquals(listOf("Hetman", "Wieża", "Goniec", "Skoczek"), labels.map { polish.get(it) })
    }
}
