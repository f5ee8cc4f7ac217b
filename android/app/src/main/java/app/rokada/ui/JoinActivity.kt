package app.rokada.ui

import android.os.Bundle
import android.text.InputType
import android.view.View
import android.widget.ArrayAdapter
import android.widget.Button
import android.widget.EditText
import android.widget.LinearLayout
import android.widget.ListView
import android.widget.TextView
import app.rokada.R
import app.rokada.core.EventKind
import app.rokada.core.Game
import app.rokada.core.GameListener
import app.rokada.core.GameMode
import app.rokada.core.HostAddress
import app.rokada.core.LiveEvent
import app.rokada.core.PeerEvent
import app.rokada.core.RokadaException
import app.rokada.core.SaveSlot
import app.rokada.core.Side
import app.rokada.core.parseHostAddress
import app.rokada.core.parsePairingCode
import app.rokada.game.CurrentGame
import app.rokada.game.MainThread
import app.rokada.settings.SettingsStore
import app.rokada.wifi.FoundHost
import app.rokada.wifi.LanDiscovery
import app.rokada.wifi.PeerTexts

/**
 * Joining a Wi-Fi game: the hosts found on this network (tap one to take
 * its address), or an address typed by hand (the core reads it; without a
 * port it is the hosts' default one), and the host's pairing code. The
 * screen stays until the game has started: a wrong code, or a host that
 * cannot be reached, is told here, with the fields kept for another try.
 */
class JoinActivity : RokadaActivity() {
    private lateinit var discovery: LanDiscovery
    private var browsing: LanDiscovery.Stoppable? = null
    private lateinit var found: ArrayAdapter<String>
    private var hosts: List<FoundHost> = emptyList()
    private lateinit var searching: TextView
    private lateinit var address: EditText
    private lateinit var code: EditText
    private lateinit var problem: TextView
    private lateinit var connectButton: Button
    private lateinit var texts: PeerTexts

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        title = getString(R.string.wifi_join_title)
        discovery = LanDiscovery(this, MainThread)
        texts = PeerTexts(strings)
        searching = text(getString(R.string.wifi_searching))
        found = ArrayAdapter(this, android.R.layout.simple_list_item_1, mutableListOf<String>())
        val list = ListView(this).apply {
            adapter = found
            setOnItemClickListener { _, _, position, _ ->
                hosts.getOrNull(position)?.address?.let { address.setText(typed(it)) }
            }
        }
        address = EditText(this).apply {
            hint = getString(R.string.android_wifi_address_hint)
            inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_URI
            textDirection = TextView.TEXT_DIRECTION_LTR
        }
        code = EditText(this).apply {
            hint = getString(R.string.wifi_enter_code)
            inputType = InputType.TYPE_CLASS_NUMBER
            textDirection = TextView.TEXT_DIRECTION_LTR
        }
        problem = text(sizeSp = 15f).apply {
            setTextColor(getColor(R.color.error))
            accessibilityLiveRegion = View.ACCESSIBILITY_LIVE_REGION_POLITE
        }
        connectButton = button(getString(R.string.wifi_connect)) { connect() }
        val content = column().apply {
            addView(searching, wide())
            addView(list, LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, 0, 1f))
            addView(address, wide())
            addView(code, wide())
            addView(problem, wide())
            addView(connectButton, wide())
        }
        setContentView(content)
        pending?.let { attach(it) }
    }

    override fun onResume() {
        super.onResume()
        browsing = discovery.browse(::showHosts)
    }

    override fun onPause() {
        browsing?.stop()
        browsing = null
        super.onPause()
    }

    override fun onDestroy() {
        // Turning the phone keeps a connection under way for the new screen; leaving drops it.
        if (!isChangingConfigurations) pending?.let { drop(it) }
        pending?.game?.setListener(null)
        super.onDestroy()
    }

    private fun showHosts(list: List<FoundHost>) {
        hosts = list
        found.clear()
        found.addAll(list.map { getString(R.string.wifi_found_game, it.name) })
        searching.text = getString(if (list.isEmpty()) R.string.wifi_no_games else R.string.wifi_searching)
    }

    /** An address as the player would type it; the core reads it back. */
    private fun typed(address: HostAddress): String =
        if (':' in address.host) "[${address.host}]:${address.port}" else "${address.host}:${address.port}"

    private fun connect() {
        val target = try {
            parseHostAddress(address.text.toString())
        } catch (error: RokadaException.InvalidAddress) {
            problem.text = texts.addressProblem(error.problem)
            return
        }
        val digits = try {
            parsePairingCode(code.text.toString())
        } catch (_: RokadaException.InvalidPairingCode) {
            problem.text = getString(R.string.android_wifi_code_digits)
            return
        }
        NewGames.ask(this, GameMode.WifiPeer(Side.BLACK), go = { join(target, digits) })
    }

    private fun join(target: HostAddress, digits: String) {
        connectButton.isEnabled = false
        problem.text = getString(R.string.wifi_connecting)
        val name = SettingsStore(this).deviceName()
        // Looking a host name up may wait on the network: never on the UI thread.
        Thread {
            val joined = try {
                Result.success(Game.joinWifi(target, digits, name))
            } catch (error: RokadaException) {
                Result.failure(error)
            }
            MainThread.execute {
                joined.onSuccess { game -> attach(Joining(game).also { pending = it }) }
                joined.onFailure { failed(getString(R.string.wifi_unreachable)) }
            }
        }.start()
    }

    /** Waits for the game to start, or for the reason it will not. */
    private fun attach(joining: Joining) {
        connectButton.isEnabled = false
        problem.text = getString(R.string.wifi_connecting)
        joining.game.setListener(
            object : GameListener {
                override fun onEvent(event: LiveEvent) {
                    MainThread.execute { if (pending === joining && !isDestroyed) joined(joining, event.kind) }
                }
            },
        )
    }

    private fun joined(joining: Joining, event: EventKind) {
        val news = (event as? EventKind.Peer)?.event ?: return
        when (news) {
            is PeerEvent.GameStarted -> {
                pending = null
                joining.game.setListener(null)
                CurrentGame.adopt(this, joining.game)
                GameActivity.open(this, SaveSlot.WIFI)
                finish()
            }
            is PeerEvent.RefusedByHost -> {
                drop(joining)
                failed(texts.refusal(news.refusal))
                code.requestFocus()
            }
            PeerEvent.Unreachable -> {
                drop(joining)
                failed(getString(R.string.wifi_unreachable))
            }
            else -> Unit
        }
    }

    private fun failed(text: String) {
        connectButton.isEnabled = true
        problem.text = text
    }

    /** A connection that will not become a game: it is stopped, nothing of it kept. */
    private fun drop(joining: Joining) {
        if (pending === joining) pending = null
        joining.game.setListener(null)
        joining.game.stop()
        joining.game.close()
    }

    /** A game being joined, kept across a turn of the phone. */
    private class Joining(val game: Game)

    private companion object {
        var pending: Joining? = null
    }
}
