package app.rokada.screens

import app.rokada.R
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Prompt
import app.rokada.core.Side
import app.rokada.core.Square
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Pixels
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.testing.sans
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** Two players on one phone, moving by touch. */
class PlayTest : ScreenTest() {
    private fun piece(square: String): Piece? = Screens.view().board.pieces[Square.valueOf(square.uppercase()).ordinal]

    private fun moves(): List<String> = Screens.view().sans()

    @Test
    fun `tap-tap moves and a drag, and the move list shows them`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val board = BoardDriver(game)
        board.tap("e2")
        assertEquals(Square.E2, board.view.scene.selected)
        board.tap("e4")
        board.tap("e7")
        board.tap("e5")
        board.drag("g1", "f3")
        assertEquals(listOf("e4", "e5", "Nf3"), moves())
        assertEquals(Piece(Side.WHITE, PieceKind.KNIGHT), piece("f3"))
        assertNull(piece("g1"))
        // What the screen draws is the core's board.
        assertEquals(Screens.view().board.pieces, board.view.scene.pieces)
        val shown = Screens.shownTexts(game)
        for (text in listOf("1.", "e4", "e5", "2.", "Nf3")) assertTrue("$text is not in the move list: $shown", text in shown)
    }

    @Test
    fun `an illegal drop snaps back`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val board = BoardDriver(game)
        val before = Pixels.of(game)
        board.drag("e2", "e5")
        assertEquals(emptyList<String>(), moves())
        assertEquals(Piece(Side.WHITE, PieceKind.PAWN), piece("e2"))
        assertNull(board.view.scene.drag)
        val after = Pixels.of(game)
        for (square in listOf("e2", "e5")) {
            val message = "$square is not drawn as before"
            assertArrayEquals(message, board.pixels(before, square), board.pixels(after, square))
        }
    }

    @Test
    fun `promotion to a knight, and a cancelled promotion`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone, startFen = PROMOTION)).get()
        val board = BoardDriver(game)
        board.tap("b7")
        board.tap("b8")
        val dialog = Screens.dialog()
        assertEquals(Prompt.Promotion(Square.B7, Square.B8), Screens.view().prompt)
        dialog.cancel()
        Screens.idle()
        assertNull(Screens.view().prompt)
        assertEquals(Piece(Side.WHITE, PieceKind.PAWN), piece("b7"))
        assertEquals(emptyList<String>(), moves())

        board.drag("b7", "b8")
        val again = Screens.dialog()
        assertTrue(again !== dialog)
        Screens.chooseItem(again, game.getString(R.string.promotion_knight))
        assertEquals(listOf("b8=N"), moves())
        assertEquals(Piece(Side.WHITE, PieceKind.KNIGHT), piece("b8"))
        assertFalse(again.isShowing)
    }

    @Test
    fun `the promotion question is asked again after the screen is rebuilt`() {
        val controller = Screens.launchGame(GameSetup(GameMode.SamePhone, startFen = PROMOTION))
        val board = BoardDriver(controller.get())
        board.tap("b7")
        board.tap("b8")
        controller.recreate()
        Screens.idle()
        val dialog = Screens.dialog()
        Screens.chooseItem(dialog, controller.get().getString(R.string.promotion_rook))
        assertEquals(listOf("b8=R+"), moves())
    }

    private companion object {
        const val PROMOTION = "4k3/1P6/8/8/8/8/6K1/8 w - - 0 1"
    }
}
