package app.rokada.screens

import android.app.Activity
import android.app.AlertDialog
import android.content.Context
import android.net.nsd.NsdManager
import android.net.nsd.NsdServiceInfo
import android.widget.EditText
import android.widget.TextView
import app.rokada.R
import app.rokada.core.EndReason
import app.rokada.core.Game
import app.rokada.core.GameEnd
import app.rokada.core.GameResult
import app.rokada.core.GameView
import app.rokada.core.PlayerLabel
import app.rokada.core.SideChoice
import app.rokada.game.CurrentGame
import app.rokada.game.GameController
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Controls
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.settings.Settings
import app.rokada.settings.SettingsStore
import app.rokada.ui.GameActivity
import app.rokada.ui.JoinActivity
import app.rokada.wifi.SERVICE_TYPE
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf

/**
 * Both sides of a Wi-Fi game in one process, over 127.0.0.1: a host's game
 * screen, and a join screen typed into as a person does, each on a phone of
 * its own (its running game and its saves).
 */
class WifiScreensTest : ScreenTest() {
    private val hostPhone = CurrentGame.Phone("games-host")
    private val joinerPhone = CurrentGame.Phone("games-joiner")

    private class Side(val activity: Activity, val controller: GameController) {
        val view: GameView get() = controller.game.view()
        val board = BoardDriver(activity)
    }

    private fun host(): Side {
        CurrentGame.phone = hostPhone
        SettingsStore(RuntimeEnvironment.getApplication()).save(Settings(deviceName = "Ada's phone"))
        val activity = Screens.launchGame { Game.hostWifi(SideChoice.WHITE, null, port = 0u, name = "Ada's phone") }.get()
        return Side(activity, hostPhone.controller!!)
    }

    /** Opens the join screen on the joiner's phone and types the address and code. */
    private fun showingAlerts(): List<AlertDialog> =
        org.robolectric.shadows.ShadowDialog.getShownDialogs().filterIsInstance<AlertDialog>().filter { it.isShowing }

    private fun typeIn(address: String, code: String): JoinActivity {
        CurrentGame.phone = joinerPhone
        val join = Screens.launch(JoinActivity::class.java).get()
        val (addressField, codeField) = Screens.all<EditText>(join.window.decorView)
        addressField.setText(address)
        codeField.setText(code)
        Controls.press(join, join.getString(R.string.wifi_connect))
        return join
    }

    private fun join(host: Side): Side {
        val peer = host.view.peer!!
        val join = typeIn("127.0.0.1:${peer.port}", peer.code!!)
        Screens.idleUntil("the joined game's screen") { shadowOf(join).peekNextStartedActivity() != null }
        assertTrue(join.isFinishing)
        val screen = Screens.follow(join).get()
        assertTrue(screen is GameActivity)
        val joiner = Side(screen, joinerPhone.controller!!)
        Screens.idleUntil("the host's game to start") { host.view.peer!!.started }
        return joiner
    }

    /** Plays by touch on [mover]'s screen and waits until the other screen has drawn the move. */
    private fun move(mover: Side, other: Side, from: String, to: String) {
        mover.board.tap(from)
        mover.board.tap(to)
        val plies = mover.view.browse.plies
        Screens.idleUntil("the move $from-$to on the other phone") {
            other.view.browse.plies == plies && other.board.view.scene.pieces == other.view.board.pieces
        }
    }

    @Test
    fun `host and join by typed address and code, play to mate, and see the same result`() {
        val host = host()
        val joiner = join(host)
        // The host's name crosses after the game began, as an event of its own.
        Screens.idleUntil("the host's name on the joiner's bar") { joiner.view.top.label == PlayerLabel.Peer("Ada's phone") }
        move(host, joiner, "f2", "f3")
        move(joiner, host, "e7", "e5")
        move(host, joiner, "g2", "g4")
        move(joiner, host, "d8", "h4")
        Screens.idleUntil("the end on both phones") { host.view.status.end != null && joiner.view.status.end != null }
        // Each screen hears of the end from its game's event thread.
        Screens.idleUntil("the end's dialog on both screens") { showingAlerts().size >= 2 }
        val mate = GameEnd(GameResult.BLACK_WINS, EndReason.CHECKMATE)
        assertEquals(mate, host.view.status.end)
        assertEquals(mate, joiner.view.status.end)
        // Each screen tells its own player.
        val titles = showingAlerts().map { shadowOf(it).title.toString() }
        assertTrue("$titles", host.activity.getString(R.string.android_end_you_lose) in titles)
        assertTrue("$titles", host.activity.getString(R.string.android_end_you_win) in titles)
    }

    @Test
    fun `a wrong code is refused and the joiner stays on the code entry`() {
        val host = host()
        val peer = host.view.peer!!
        val wrong = if (peer.code == "000000") "111111" else "000000"
        val join = typeIn("127.0.0.1:${peer.port}", wrong)
        val problem = join.getString(R.string.wifi_wrong_code)
        Screens.idleUntil("the refusal") {
            problem in Screens.shownTexts(join)
        }
        assertFalse(join.isFinishing)
        assertNull(shadowOf(join).peekNextStartedActivity())
        assertEquals(wrong, Screens.all<EditText>(join.window.decorView)[1].text.toString())
        assertTrue(join.getString(R.string.wifi_connect) in Controls.buttons(join).filterValues { it }.keys)
        assertNull("nothing was kept of the refused game", joinerPhone.controller)
        Screens.idleUntil("the host to count the wrong code") { host.view.peer!!.wrongCodes == 1u }
    }

    @Test
    fun `an offered draw is a dialog with accept and decline`() {
        val host = host()
        val joiner = join(host)
        CurrentGame.phone = hostPhone
        Controls.press(host.activity, host.activity.getString(R.string.android_bar_offer_draw))
        Screens.idleUntil("the offer on the other phone") { joiner.view.prompt != null }
        Screens.idleUntil("the offer's dialog") { showingAlerts().isNotEmpty() }
        val offer = Screens.dialog()
        assertEquals(
            joiner.activity.getString(R.string.draw_offer_received),
            offer.findViewById<TextView>(android.R.id.message).text.toString(),
        )
        assertEquals(joiner.activity.getString(R.string.game_menu_accept_draw), offer.getButton(AlertDialog.BUTTON_POSITIVE).text)
        Screens.press(offer, AlertDialog.BUTTON_POSITIVE)
        Screens.idleUntil("the draw on both phones") { host.view.status.end != null }
        assertEquals(GameEnd(GameResult.DRAW, EndReason.AGREEMENT), joiner.view.status.end)
    }

    @Test
    fun `the host advertises while waiting, shows a new code on request, and stops advertising when it leaves`() {
        val host = host()
        val nsd = host.activity.getSystemService(Context.NSD_SERVICE) as NsdManager
        val advertised = NsdServiceInfo().apply {
            serviceName = "Ada's phone"
            serviceType = SERVICE_TYPE
        }
        assertNotNull("the hosted game is not advertised", shadowOf(nsd).getRegistrationListener(advertised))
        val before = host.view.peer!!.code
        Controls.press(host.activity, host.activity.getString(R.string.android_wifi_new_code))
        val after = host.view.peer!!.code
        assertTrue("the code did not change", before != after)
        assertTrue(after in Screens.shownTexts(host.activity))

        Controls.choose(host.activity, host.activity.getString(R.string.wifi_leave))
        assertTrue(host.activity.isFinishing)
        Screens.idle()
        assertNull("the advertisement outlived the game", shadowOf(nsd).getRegistrationListener(advertised))
    }

    @Test
    fun `leaving a started game is confirmed, and the other phone is told`() {
        val host = host()
        val joiner = join(host)
        Controls.choose(joiner.activity, joiner.activity.getString(R.string.wifi_leave))
        Controls.confirm()
        assertTrue(joiner.activity.isFinishing)
        Screens.idleUntil("the host to hear it") { host.view.peer!!.link == app.rokada.core.LinkState.CLOSED }
        val shown = Screens.shownTexts(host.activity)
        assertTrue("$shown", host.activity.getString(R.string.android_wifi_closed) in shown)
    }
}
