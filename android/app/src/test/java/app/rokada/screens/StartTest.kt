package app.rokada.screens

import android.app.AlertDialog
import android.graphics.drawable.AdaptiveIconDrawable
import android.widget.Button
import android.widget.Spinner
import app.rokada.R
import app.rokada.board.BoardView
import app.rokada.core.GameMode
import app.rokada.core.LinkState
import app.rokada.core.PeerRole
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.screens.harness.Touch
import app.rokada.ui.GameActivity
import app.rokada.ui.HomeActivity
import app.rokada.ui.JoinActivity
import app.rokada.ui.RulesActivity
import app.rokada.ui.SettingsActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

/** Every screen starts, reached from the home screen as a person reaches it. */
class StartTest : ScreenTest() {
    private val home = Screens.launch(HomeActivity::class.java).get()

    private fun string(id: Int) = home.getString(id)

    @Test
    fun `home offers every way in, resume only with a game to resume`() {
        val buttons = Screens.all<Button>(home.window.decorView).associate { it.text.toString() to it.isEnabled }
        assertEquals(
            mapOf(
                string(R.string.home_two_players) to true,
                string(R.string.home_vs_computer) to true,
                string(R.string.home_host_wifi) to true,
                string(R.string.home_join_wifi) to true,
                string(R.string.home_resume) to false,
                string(R.string.home_rules) to true,
                string(R.string.home_settings) to true,
            ),
            buttons,
        )
    }

    @Test
    fun `the launcher icon is adaptive, with a layer for themed icons`() {
        assertEquals(R.mipmap.ic_launcher, home.applicationInfo.icon)
        val icon = home.getDrawable(R.mipmap.ic_launcher)
        assertTrue("$icon", icon is AdaptiveIconDrawable && icon.monochrome != null)
    }

    @Test
    fun `two players on one phone, no clock`() {
        Touch.tap(home, string(R.string.home_two_players))
        Screens.chooseItem(Screens.dialog(), string(R.string.time_none))
        val game = Screens.follow(home).get()
        assertTrue(game is GameActivity && !game.isFinishing)
        val state = Screens.game().state()
        assertEquals(GameMode.SamePhone, state.mode)
        assertEquals(null, state.clock)
        assertEquals(1, Screens.all<BoardView>(game.window.decorView).size)
    }

    @Test
    fun `against the computer at level 1`() {
        Touch.tap(home, string(R.string.home_vs_computer))
        val dialog = Screens.dialog()
        // The first list is the level, the second the clock.
        Screens.all<Spinner>(dialog.window!!.decorView).first().setSelection(0)
        Screens.press(dialog, AlertDialog.BUTTON_POSITIVE)
        val game = Screens.follow(home).get()
        assertTrue(game is GameActivity && !game.isFinishing)
        val mode = Screens.game().state().mode
        assertTrue("$mode", mode is GameMode.Computer && mode.level.toInt() == 1)
    }

    @Test
    fun `hosting a Wi-Fi game shows the pairing banner`() {
        Touch.tap(home, string(R.string.home_host_wifi))
        Screens.press(Screens.dialog(), AlertDialog.BUTTON_POSITIVE)
        val game = Screens.follow(home).get()
        assertTrue(game is GameActivity && !game.isFinishing)
        val peer = Screens.game().state().peer!!
        assertEquals(PeerRole.HOST, peer.role)
        assertEquals(LinkState.PAIRING, peer.link)
        val code = peer.code!!
        val banner = Screens.all<android.widget.TextView>(game.window.decorView).filter { code in it.text }
        assertTrue("the pairing code $code is not on screen", banner.single().isShown)
    }

    @Test
    fun `join, rules with diagrams, settings`() {
        Touch.tap(home, string(R.string.home_join_wifi))
        val join = Screens.follow(home).get()
        assertTrue(join is JoinActivity && !join.isFinishing)

        Touch.tap(home, string(R.string.home_rules))
        val rules = Screens.follow(home).get()
        assertTrue(rules is RulesActivity && !rules.isFinishing)
        val diagrams = Screens.all<BoardView>(rules.window.decorView)
        assertTrue("the rules page has no diagram", diagrams.isNotEmpty())
        for (diagram in diagrams) {
            assertTrue("a diagram is not laid out", diagram.width > 0 && diagram.width == diagram.height)
            assertTrue("a diagram has no pieces", diagram.scene.pieces.any { it != null })
        }

        Touch.tap(home, string(R.string.home_settings))
        val settings = Screens.follow(home).get()
        assertTrue(settings is SettingsActivity && !settings.isFinishing)
        assertFalse(Screens.all<android.widget.RadioButton>(settings.window.decorView).isEmpty())
    }
}
