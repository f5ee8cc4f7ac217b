package app.rokada.board

import app.rokada.core.InputResult
import app.rokada.testing.newGame
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class BoardTouchTest {
    private val layout = BoardLayout(800f)

    /** The core's own touch handling, as the game screen uses it. */
    private class CoreTarget(val game: app.rokada.core.Game) : BoardInputTarget {
        override fun tap(square: app.rokada.core.Square) = game.tap(square)

        override fun dragStart(square: app.rokada.core.Square) = game.dragStart(square)

        override fun dropPiece(from: app.rokada.core.Square, to: app.rokada.core.Square) = game.dropPiece(from, to)
    }

    private fun centre(name: String, flipped: Boolean = false) = layout.boxOf(sq(name), flipped)

    @Test
    fun `tap a piece then a square plays the move`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val e2 = centre("e2")
        touch.down(layout, false, e2.centerX, e2.centerY)
        assertInstanceOf(InputResult.Selected::class.java, touch.up(layout, false, e2.centerX + 3, e2.centerY))
        val e4 = centre("e4")
        touch.down(layout, false, e4.centerX, e4.centerY)
        val played = touch.up(layout, false, e4.centerX, e4.centerY)
        assertEquals("e4", (played as InputResult.Played).played.san)
    }

    @Test
    fun `dragging a piece drops it on the square under the finger`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val g1 = centre("g1")
        val f3 = centre("f3")
        touch.down(layout, false, g1.centerX, g1.centerY)
        assertInstanceOf(InputResult.Selected::class.java, touch.move(g1.centerX - 30, g1.centerY - 40))
        touch.move(f3.centerX, f3.centerY)
        assertEquals(Drag(sq("g1"), f3.centerX, f3.centerY), touch.drag)
        val played = touch.up(layout, false, f3.centerX, f3.centerY) as InputResult.Played
        assertEquals("Nf3", played.played.san)
        assertNull(touch.drag)
    }

    @Test
    fun `an illegal drop is rejected and the piece goes back`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val e2 = centre("e2")
        val e5 = centre("e5")
        touch.down(layout, false, e2.centerX, e2.centerY)
        touch.move(e5.centerX, e5.centerY)
        val rejected = touch.up(layout, false, e5.centerX, e5.centerY) as InputResult.Rejected
        assertEquals(sq("e2"), rejected.from)
        assertEquals(sq("e5"), rejected.to)
        val pawn = app.rokada.core.Piece(app.rokada.core.Side.WHITE, app.rokada.core.PieceKind.PAWN)
        assertEquals(pawn, game.board()[sq("e2").ordinal])
    }

    @Test
    fun `a drag on the flipped board reads the flipped squares`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val d2 = centre("d2", flipped = true)
        val d4 = centre("d4", flipped = true)
        touch.down(layout, true, d2.centerX, d2.centerY)
        touch.move(d4.centerX, d4.centerY)
        assertEquals("d4", (touch.up(layout, true, d4.centerX, d4.centerY) as InputResult.Played).played.san)
    }

    @Test
    fun `dragging an opponent's piece does nothing`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val e7 = centre("e7")
        touch.down(layout, false, e7.centerX, e7.centerY)
        assertEquals(InputResult.Ignored, touch.move(e7.centerX, e7.centerY + 200))
        assertNull(touch.drag)
        assertNull(touch.up(layout, false, e7.centerX, e7.centerY + 200))
        assertEquals(emptyList<String>(), game.state().moves)
    }
}
