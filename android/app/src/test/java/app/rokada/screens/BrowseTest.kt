package app.rokada.screens

import android.view.View
import android.widget.ImageButton
import android.widget.ScrollView
import android.widget.TextView
import app.rokada.R
import app.rokada.core.BrowseState
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Square
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Controls
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.screens.harness.Touch
import app.rokada.testing.playAll
import app.rokada.testing.sans
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The moves can be browsed: by tapping one, by the step buttons and by swiping the board; it never changes the game. */
class BrowseTest : ScreenTest() {
    private val opening = arrayOf("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5")

    private fun cell(activity: android.app.Activity, san: String): TextView =
        Screens.all<TextView>(activity.window.decorView).single { it.isShown && it.text.toString() == san }

    private fun step(activity: android.app.Activity, label: Int): ImageButton =
        Screens.all<ImageButton>(activity.window.decorView).single { it.contentDescription == activity.getString(label) }

    @Test
    fun `tapping a move shows the position after it, and the way back to the game`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playAll(*opening)
        Screens.settle()
        Touch.tap(game, cell(game, "Nf3"))
        assertEquals(BrowseState(6u, 3u, false), Screens.view().browse)
        val board = BoardDriver(game).view.scene
        assertNull("the knight has not reached c6 yet", board.pieces[Square.C6.ordinal])
        assertTrue(cell(game, "Nf3").isSelected)
        assertFalse(board.interactive)
        assertEquals(game.getString(R.string.android_status_browsing), Screens.all<TextView>(game.window.decorView)
            .first { it.isShown && it.text.toString() == game.getString(R.string.android_status_browsing) }.text.toString())

        Controls.press(game, game.getString(R.string.android_browse_live))
        assertTrue(Screens.view().browse.live)
        assertEquals(opening.toList(), Screens.view().sans())
    }

    @Test
    fun `the step buttons walk through the moves`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playAll(*opening)
        Screens.settle()
        assertFalse("forward does nothing at the live position", step(game, R.string.android_browse_forward).isEnabled)
        Touch.tap(game, step(game, R.string.android_browse_back))
        Touch.tap(game, step(game, R.string.android_browse_back))
        assertEquals(4u, Screens.view().browse.shown)
        Touch.tap(game, step(game, R.string.android_browse_start))
        assertEquals(0u, Screens.view().browse.shown)
        assertFalse(step(game, R.string.android_browse_back).isEnabled)
        Touch.tap(game, step(game, R.string.android_browse_forward))
        assertEquals(1u, Screens.view().browse.shown)
        Touch.tap(game, step(game, R.string.android_browse_live))
        assertTrue(Screens.view().browse.live)
    }

    @Test
    fun `a swipe on the board steps back and forward, and a tap brings the game back`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playAll(*opening)
        Screens.settle()
        val board = BoardDriver(game)
        board.drag("b4", "f4")
        assertEquals(5u, Screens.view().browse.shown)
        board.drag("f4", "b4")
        assertTrue(Screens.view().browse.live)
        board.drag("a4", "e4")
        board.drag("a3", "e3")
        assertEquals(4u, Screens.view().browse.shown)
        board.tap("e2")
        assertTrue(Screens.view().browse.live)
        assertEquals(opening.toList(), Screens.view().sans())
    }

    @Test
    fun `continuing from an earlier position is confirmed and drops the later moves`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playAll(*opening)
        Screens.settle()
        Touch.tap(game, cell(game, "Nc6"))
        Controls.choose(game, game.getString(R.string.android_action_continue_here))
        Controls.confirm()
        assertEquals(listOf("e4", "e5", "Nf3", "Nc6"), Screens.view().sans())
        assertTrue(Screens.view().board.interactive)
    }

    @Test
    fun `the move list follows the last move`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        // 121 half-moves, no position three times (pawn steps between the knights' rounds).
        for ((white, black) in listOf(3 to 6, 4 to 5)) {
            for (file in "abdegh") {
                Screens.game().game.playAll(
                    "$file$white", "$file$black", "Nc3", "Nc6", "Nb1", "Nb8", "Nf3", "Nf6", "Ng1", "Ng8",
                )
            }
        }
        Screens.game().game.playAll("c4")
        Screens.settle()
        val list = Screens.all<ScrollView>(game.window.decorView).single { it.isShown && it.getChildAt(0) is app.rokada.game.MoveFlow }
        assertTrue("the list is long enough to scroll", list.getChildAt(0).height > list.height)
        val last = Screens.all<TextView>(list).last { it.isShown && it.text.toString() == "c4" }
        val at = IntArray(2).also { last.getLocationInWindow(it) }
        val box = IntArray(2).also { list.getLocationInWindow(it) }
        assertTrue("the last move is out of sight", at[1] >= box[1] && at[1] + last.height <= box[1] + list.height)
        assertTrue(last.isSelected)
        assertEquals(View.VISIBLE, last.visibility)
    }
}
