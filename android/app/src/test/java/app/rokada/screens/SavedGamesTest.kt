package app.rokada.screens

import android.app.AlertDialog
import android.widget.Button
import app.rokada.R
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.game.CurrentGame
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.screens.harness.Touch
import app.rokada.screens.harness.awaitSave
import app.rokada.testing.sans
import app.rokada.ui.GameActivity
import app.rokada.ui.HomeActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf

/** Home lists one saved game per way to play, and a saved game is never lost without a question. */
class SavedGamesTest : ScreenTest() {
    private fun savedButtons(home: HomeActivity): List<Button> {
        val mode = home.getString(R.string.android_title_same_phone)
        // "Two players · 1 half-move · …", not the button that starts a new game of two players.
        return Screens.all<Button>(home.window.decorView).filter { it.isShown && it.text.startsWith("$mode · ") }
    }

    @Test
    fun `home lists the saved game and continues it`() {
        Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playText("e4")
        awaitSave("same-phone.rokada") { "e2e4" in it }
        CurrentGame.stop()
        val home = Screens.launch(HomeActivity::class.java).get()
        val saved = savedButtons(home).single()
        assertTrue(saved.text.toString(), saved.text.contains("1 half-move"))
        Touch.tap(home, saved)
        val game = Screens.follow(home).get()
        assertTrue(game is GameActivity)
        assertEquals(listOf("e4"), Screens.view().sans())
    }

    @Test
    fun `a new game of the same kind asks before it replaces an unfinished one`() {
        Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playText("e4")
        awaitSave("same-phone.rokada") { "e2e4" in it }
        val home = Screens.launch(HomeActivity::class.java).get()
        Touch.tap(home, home.getString(R.string.home_two_players))
        Screens.chooseItem(Screens.dialog(), home.getString(R.string.time_none))
        val question = Screens.dialog()
        assertEquals(home.getString(R.string.android_confirm_replace_title), shadowOf(question).title)
        assertTrue(shadowOf(question).message.toString().contains(home.getString(R.string.android_title_same_phone)))
        Screens.press(question, AlertDialog.BUTTON_NEGATIVE)
        assertEquals(null, shadowOf(home).nextStartedActivity)
        assertEquals(listOf("e4"), Screens.view().sans())

        Touch.tap(home, home.getString(R.string.home_two_players))
        Screens.chooseItem(Screens.dialog(), home.getString(R.string.time_none))
        Screens.press(Screens.dialog(), AlertDialog.BUTTON_POSITIVE)
        Screens.follow(home).get()
        assertEquals(emptyList<String>(), Screens.view().sans())
        val store = CurrentGame.store(RuntimeEnvironment.getApplication())
        awaitSave("same-phone.rokada") { "e2e4" !in it }
        assertEquals(0u, store.use { it.saved() }.single().plies)
    }

    @Test
    fun `a game of another kind keeps its own slot, no question`() {
        Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        Screens.game().game.playText("e4")
        awaitSave("same-phone.rokada") { "e2e4" in it }
        val home = Screens.launch(HomeActivity::class.java).get()
        Touch.tap(home, home.getString(R.string.home_vs_computer))
        Screens.press(Screens.dialog(), AlertDialog.BUTTON_POSITIVE)
        Screens.follow(home).get()
        assertTrue(Screens.view().mode is GameMode.Computer)
        val kinds = CurrentGame.store(RuntimeEnvironment.getApplication()).use { it.saved() }.map { it.mode::class }
        assertTrue("$kinds", GameMode.SamePhone::class in kinds)
    }
}
