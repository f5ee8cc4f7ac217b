package app.rokada.screens

import android.app.AlertDialog
import android.graphics.drawable.AdaptiveIconDrawable
import android.widget.Button
import android.widget.Spinner
import app.rokada.R
import app.rokada.board.ChessBoard
import app.rokada.core.GameMode
import app.rokada.core.LinkState
import app.rokada.core.PeerRole
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.screens.harness.Touch
import app.rokada.ui.GameActivity
import app.rokada.ui.HomeActivity
import app.rokada.ui.ImportActivity
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
    fun `home offers every way in, and no saved game before the first`() {
        val buttons = Screens.all<Button>(home.window.decorView).map { it.text.toString() }
        assertEquals(
            listOf(
                string(R.string.home_two_players),
                string(R.string.home_vs_computer),
                string(R.string.home_host_wifi),
                string(R.string.home_join_wifi),
                string(R.string.android_home_import_pgn),
                string(R.string.home_rules),
                string(R.string.home_settings),
            ),
            buttons,
        )
        assertTrue(Screens.all<android.widget.TextView>(home.window.decorView).none {
            it.isShown && it.text.toString() == string(R.string.android_home_saved)
        })
    }

    @Test
    fun `the launcher icon is adaptive, with a layer for themed icons`() {
        assertEquals(R.mipmap.ic_launcher, home.applicationInfo.icon)
        val icon = home.getDrawable(R.mipmap.ic_launcher)
        assertTrue("$icon", icon is AdaptiveIconDrawable && icon.monochrome != null)
    }

    @Test
    fun `two players on one phone, with a clock`() {
        Touch.tap(home, string(R.string.home_two_players))
        Screens.chooseItem(Screens.dialog(), "5+3")
        val game = Screens.follow(home).get()
        assertTrue(game is GameActivity && !game.isFinishing)
        val view = Screens.view()
        assertEquals(GameMode.SamePhone, view.mode)
        assertEquals("5:00", view.bottom.clock?.text)
        assertEquals(1, Screens.all<ChessBoard>(game.window.decorView).size)
        assertEquals(string(R.string.android_title_same_phone), game.title.toString())
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
        val mode = Screens.view().mode
        assertTrue("$mode", mode is GameMode.Computer && mode.level.toInt() == 1)
        assertEquals(string(R.string.android_title_computer), game.title.toString())
    }

    @Test
    fun `hosting a Wi-Fi game shows the code and this phone's port`() {
        Touch.tap(home, string(R.string.home_host_wifi))
        Screens.press(Screens.dialog(), AlertDialog.BUTTON_POSITIVE)
        val game = Screens.follow(home).get()
        assertTrue(game is GameActivity && !game.isFinishing)
        val peer = Screens.view().peer!!
        assertEquals(PeerRole.HOST, peer.role)
        assertEquals(LinkState.PAIRING, peer.link)
        val code = peer.code!!
        val shown = Screens.shownTexts(game)
        assertTrue("the pairing code $code is not on screen: $shown", code in shown)
        assertTrue(
            "the port ${peer.port} is not on screen: $shown",
            shown.any { ":${peer.port}" in it } || shown.any { home.getString(R.string.android_wifi_no_address) in it },
        )
    }

    @Test
    fun `join, import, rules with diagrams, settings`() {
        Touch.tap(home, string(R.string.home_join_wifi))
        val join = Screens.follow(home).get()
        assertTrue(join is JoinActivity && !join.isFinishing)

        Touch.tap(home, string(R.string.android_home_import_pgn))
        val import = Screens.follow(home).get()
        assertTrue(import is ImportActivity)
        // Opened from home, it asks for a file with the system's document picker.
        val picker = org.robolectric.Shadows.shadowOf(import).nextStartedActivityForResult
        assertEquals(android.content.Intent.ACTION_OPEN_DOCUMENT, picker.intent.action)

        Touch.tap(home, string(R.string.home_rules))
        val rules = Screens.follow(home).get()
        assertTrue(rules is RulesActivity && !rules.isFinishing)
        val diagrams = Screens.all<ChessBoard>(rules.window.decorView)
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
