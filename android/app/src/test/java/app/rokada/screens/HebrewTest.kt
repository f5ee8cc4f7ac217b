package app.rokada.screens

import android.graphics.Bitmap
import android.view.View
import android.widget.ActionMenuView
import android.widget.TextView
import app.rokada.R
import app.rokada.core.BoardTheme
import app.rokada.core.GameMode
import app.rokada.core.boardColors
import app.rokada.core.GameSetup
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Look
import app.rokada.screens.harness.Pixels
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** Hebrew runs the screen right to left; the board stays as on every chessboard. */
class HebrewTest : ScreenTest() {
    private val hebrew = Look(language = "iw")
    private val colors = boardColors(BoardTheme.WOOD)
    private val light = colors.light.toInt()
    private val dark = colors.dark.toInt()

    private fun showing(root: View, text: String): TextView =
        Screens.all<TextView>(root).single { it.text.toString() == text }

    private fun boardPixels(look: Look): Bitmap {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone), look).get()
        return Pixels.of(BoardDriver(game).view)
    }

    @Test
    fun `menus and texts run right to left`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone), hebrew).get()
        val decor = game.window.decorView
        assertEquals(View.LAYOUT_DIRECTION_RTL, decor.layoutDirection)
        val title = showing(decor, game.getString(R.string.android_title_same_phone))
        val menu = Screens.one<ActionMenuView>(decor)
        val titleAt = IntArray(2).also { title.getLocationInWindow(it) }
        val menuAt = IntArray(2).also { menu.getLocationInWindow(it) }
        assertTrue("the overflow menu is not left of the title", menuAt[0] + menu.width <= titleAt[0])
        assertTrue("the title is not on the right half", titleAt[0] > decor.width / 2)
        // The status line starts at the right edge.
        val status = showing(decor, game.getString(R.string.game_white_to_move))
        assertEquals(android.text.Layout.DIR_RIGHT_TO_LEFT, status.layout.getParagraphDirection(0))
        val statusAt = IntArray(2).also { status.getLocationInWindow(it) }
        val textLeft = statusAt[0] + status.layout.getLineLeft(0)
        assertTrue("the status is not drawn from the right", textLeft > decor.width / 2)
    }

    @Test
    fun `the board has a1 bottom left for White and a to h from left to right`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone), hebrew).get()
        val board = BoardDriver(game)
        val screen = Pixels.of(game)
        // The board's own corners, read off the screen, not off the driver's geometry.
        val at = IntArray(2).also { board.view.getLocationInWindow(it) }
        val cell = board.view.width / 8
        fun corner(column: Int, row: Int) =
            screen.getPixel(at[0] + column * cell + cell * 9 / 10, at[1] + row * cell + cell / 10)
        assertEquals("a1 (dark) is not bottom left", dark, corner(0, 7))
        assertEquals("h1 (light) is not bottom right", light, corner(7, 7))
        assertEquals("a8 (light) is not top left", light, corner(0, 0))

        // A selected a2 pawn lights up the left file.
        board.tap("a2")
        val selected = Pixels.of(game)
        val left = selected.getPixel(at[0] + cell * 9 / 10, at[1] + 6 * cell + cell / 10)
        val right = selected.getPixel(at[0] + 7 * cell + cell * 9 / 10, at[1] + 6 * cell + cell / 10)
        assertTrue("a2 on the left is not highlighted", left != dark && left != light)
        assertEquals("h2 on the right changed", dark, right)
    }

    @Test
    fun `the Hebrew board is drawn exactly as the English one, coordinates included`() {
        val english = boardPixels(Look())
        val inHebrew = boardPixels(hebrew)
        assertEquals(english.width, inHebrew.width)
        assertTrue("the Hebrew board differs from the English one", english.sameAs(inHebrew))
    }
}
