package app.rokada.board

import app.rokada.core.Game
import app.rokada.core.Square
import app.rokada.core.TouchOutcome
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sans
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class BoardTouchTest {
    private val layout = BoardLayout(800f)

    /** The core's own touch handling, as the game screen uses it, and the swipes it was given. */
    private class CoreTarget(val game: Game) : BoardInputTarget {
        val swipes = mutableListOf<Int>()

        override fun tap(square: Square) = game.tap(square)

        override fun dragStart(square: Square) = game.dragStart(square)

        override fun dropPiece(from: Square, to: Square) = game.dropPiece(from, to)

        override fun swipe(delta: Int) {
            swipes += delta
        }
    }

    private fun box(name: String, flipped: Boolean = false) = layout.boxOf(sq(name), flipped)

    private fun scene(game: Game) = BoardScene.of(game.view().board)

    @Test
    fun `tap a piece then a square plays the move`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val e2 = box("e2")
        touch.down(layout, scene(game), e2.centerX, e2.centerY)
        assertInstanceOf(TouchOutcome.Selected::class.java, touch.up(layout, scene(game), e2.centerX + 3, e2.centerY)?.outcome)
        val e4 = box("e4")
        touch.down(layout, scene(game), e4.centerX, e4.centerY)
        val played = touch.up(layout, scene(game), e4.centerX, e4.centerY)?.outcome
        assertEquals("e4", (played as TouchOutcome.Played).played.san)
    }

    @Test
    fun `dragging a piece drops it on the square under the finger`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val g1 = box("g1")
        val f3 = box("f3")
        touch.down(layout, scene(game), g1.centerX, g1.centerY)
        assertInstanceOf(TouchOutcome.Selected::class.java, touch.move(scene(game), g1.centerX, g1.centerY - 40)?.outcome)
        assertEquals(sq("g1"), touch.drag?.from)
        touch.move(scene(game), f3.centerX, f3.centerY)
        assertEquals(f3.centerX, touch.drag?.x)
        val played = touch.up(layout, scene(game), f3.centerX, f3.centerY)?.outcome
        assertEquals("Nf3", (played as TouchOutcome.Played).played.san)
        assertNull(touch.drag)
    }

    @Test
    fun `a drop off the board puts the piece back`() {
        val game = newGame()
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val e2 = box("e2")
        touch.down(layout, scene(game), e2.centerX, e2.centerY)
        touch.move(scene(game), e2.centerX, e2.centerY - 50)
        touch.up(layout, scene(game), 900f, 900f)
        assertEquals(emptyList<String>(), game.view().sans())
    }

    @Test
    fun `on a flipped board the touch finds the square drawn there`() {
        val game = newGame()
        game.playAll("e4")
        val touch = BoardTouch(CoreTarget(game), slop = 10f)
        val flipped = scene(game).copy(flipped = true)
        val e7 = box("e7", flipped = true)
        touch.down(layout, flipped, e7.centerX, e7.centerY)
        val selected = touch.up(layout, flipped, e7.centerX, e7.centerY)?.outcome as TouchOutcome.Selected
        assertEquals(sq("e7"), selected.square)
        assertEquals(setOf(sq("e6"), sq("e5")), selected.hints.toSet())
    }

    @Test
    fun `a sideways swipe steps through the moves, and starts no drag from an empty square`() {
        val game = newGame()
        game.playAll("e4", "e5")
        val target = CoreTarget(game)
        val touch = BoardTouch(target, slop = 10f)
        val e4 = box("e4")
        val b4 = box("b4")
        // From an empty square rightwards: one move back.
        touch.down(layout, scene(game), box("d4").centerX, b4.centerY)
        assertNull(touch.move(scene(game), box("f4").centerX, b4.centerY))
        assertNull(touch.up(layout, scene(game), box("g4").centerX, b4.centerY))
        // While browsing the board takes no moves: a swipe over a piece is still a swipe.
        val browsing = BoardScene.of(game.step(-1).board)
        touch.down(layout, browsing, box("h4").centerX, e4.centerY)
        assertNull(touch.move(browsing, box("f4").centerX, e4.centerY))
        touch.up(layout, browsing, box("c4").centerX, e4.centerY)
        assertEquals(listOf(-1, 1), target.swipes)
        // Too short, or too steep, is no swipe.
        touch.down(layout, browsing, b4.centerX, b4.centerY)
        touch.up(layout, browsing, b4.centerX + 60, b4.centerY)
        touch.down(layout, browsing, b4.centerX, b4.centerY)
        touch.up(layout, browsing, b4.centerX + 150, b4.centerY + 200)
        assertEquals(listOf(-1, 1), target.swipes)
        assertEquals(listOf("e4", "e5"), game.view().sans())
    }
}
