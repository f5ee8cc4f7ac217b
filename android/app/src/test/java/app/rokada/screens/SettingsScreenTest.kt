package app.rokada.screens

import android.view.View
import android.widget.EditText
import android.widget.RadioButton
import android.widget.Switch
import app.rokada.R
import app.rokada.core.BoardTheme
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Side
import app.rokada.core.TimeControl
import app.rokada.core.boardColors
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Pixels
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.screens.harness.Touch
import app.rokada.settings.SettingsStore
import app.rokada.ui.HomeActivity
import app.rokada.ui.SettingsActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** The settings change the app as they are changed. */
class SettingsScreenTest : ScreenTest() {
    private fun check(activity: android.app.Activity, label: String) {
        Touch.tap(activity, Screens.all<RadioButton>(activity.window.decorView).single { it.text.toString() == label })
    }

    private fun switch(activity: android.app.Activity, label: Int): Switch =
        Screens.all<Switch>(activity.window.decorView).single { it.text.toString() == activity.getString(label) }

    @Test
    fun `the language switches at run time, and right to left in Hebrew`() {
        val controller = Screens.launch(SettingsActivity::class.java)
        check(controller.get(), "עברית")
        Screens.idle()
        val hebrew = controller.get()
        assertEquals("הגדרות", hebrew.title.toString())
        assertEquals(View.LAYOUT_DIRECTION_RTL, hebrew.window.decorView.layoutDirection)
        val home = Screens.launch(HomeActivity::class.java).get()
        assertTrue(Screens.all<android.widget.Button>(home.window.decorView).any { it.text.toString() == "שני שחקנים בטלפון הזה" })
        check(hebrew, hebrew.getString(R.string.settings_language_system))
        Screens.idle()
        assertEquals("Settings", controller.get().title.toString())
    }

    @Test
    fun `move hints on and off`() {
        val settings = Screens.launch(SettingsActivity::class.java).get()
        Touch.tap(settings, switch(settings, R.string.settings_move_hints))
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val board = BoardDriver(game)
        board.tap("g1")
        assertEquals(emptyList<Any>(), board.view.scene.hints)
        val without = Pixels.of(game)

        Touch.tap(settings, switch(settings, R.string.settings_move_hints))
        val withHints = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        BoardDriver(withHints).tap("g1")
        assertEquals(2, BoardDriver(withHints).view.scene.hints.size)
        val with = Pixels.of(withHints)
        val f3 = board.box("f3")
        assertTrue("no dot on f3", without.getPixel(f3.centerX(), f3.centerY()) != with.getPixel(f3.centerX(), f3.centerY()))
    }

    @Test
    fun `face to face turns the far player's bar and pieces, and the board colours follow the theme`() {
        val settings = Screens.launch(SettingsActivity::class.java).get()
        check(settings, settings.getString(R.string.android_settings_seating_face_to_face))
        check(settings, settings.getString(R.string.android_settings_theme_tournament))
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone, timeControl = TimeControl(60_000uL, 0uL))).get()
        val view = Screens.view()
        assertTrue(view.top.rotated)
        assertEquals(Side.BLACK, view.board.rotatedSide)
        val bars = Screens.all<View>(game.window.decorView).filter { it.rotation == 180f }
        assertEquals("one bar is turned", 1, bars.size)
        val board = BoardDriver(game)
        assertEquals(Side.BLACK, board.view.scene.turnedSide)
        val screen = Pixels.of(game)
        assertEquals(boardColors(BoardTheme.TOURNAMENT).dark.toInt(), board.cornerPixel(screen, "a1"))
    }

    @Test
    fun `the phone's name in Wi-Fi games is set in the settings`() {
        val settings = Screens.launch(SettingsActivity::class.java).get()
        val name = Screens.all<EditText>(settings.window.decorView).single()
        name.setText("  Kitchen tablet  ")
        Screens.idle()
        assertEquals("Kitchen tablet", SettingsStore(settings).deviceName())
        name.setText("")
        assertTrue(SettingsStore(settings).deviceName().isNotBlank())
    }

}
