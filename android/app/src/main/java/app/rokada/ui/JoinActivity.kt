package app.rokada.ui

import android.content.Intent
import android.os.Bundle
import android.text.InputType
import android.widget.ArrayAdapter
import android.widget.Button
import android.widget.EditText
import android.widget.LinearLayout
import android.widget.ListView
import android.widget.TextView
import app.rokada.R
import app.rokada.core.Game
import app.rokada.core.RokadaException
import app.rokada.game.MainThread
import app.rokada.store.SessionStore
import app.rokada.wifi.AddressParse
import app.rokada.wifi.FoundHost
import app.rokada.wifi.LanDiscovery
import app.rokada.wifi.PeerAddress
import app.rokada.wifi.PeerTexts

/**
 * Joining a Wi-Fi game: the hosts found on this network (tap one to take
 * its address), or an address typed by hand, and the host's pairing code.
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
                hosts.getOrNull(position)?.address?.let { address.setText(it.text) }
            }
        }
        address = EditText(this).apply {
            hint = getString(R.string.wifi_manual_address)
            inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_URI
            textDirection = TextView.TEXT_DIRECTION_LTR
        }
        code = EditText(this).apply {
            hint = getString(R.string.wifi_enter_code)
            inputType = InputType.TYPE_CLASS_NUMBER
            textDirection = TextView.TEXT_DIRECTION_LTR
        }
        problem = text(sizeSp = 15f).apply { setTextColor(ERROR_COLOUR) }
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

    private fun showHosts(list: List<FoundHost>) {
        hosts = list
        found.clear()
        found.addAll(list.map { getString(R.string.wifi_found_game, it.name) })
        searching.text = getString(if (list.isEmpty()) R.string.wifi_no_games else R.string.wifi_searching)
    }

    private fun connect() {
        val target = when (val parsed = PeerAddress.parse(address.text.toString())) {
            is AddressParse.Valid -> parsed.address
            is AddressParse.Invalid -> {
                problem.text = texts.addressProblem(parsed.problem)
                return
            }
        }
        connectButton.isEnabled = false
        problem.text = getString(R.string.wifi_connecting)
        val typedCode = code.text.toString()
        // Looking a host name up may wait on the network: never on the UI thread.
        Thread {
            val joined = try {
                Result.success(Game.joinWifi(target.host, target.port.toUShort(), typedCode))
            } catch (error: RokadaException) {
                Result.failure(error)
            }
            MainThread.execute { joined(joined) }
        }.start()
    }

    private fun joined(result: Result<Game>) {
        connectButton.isEnabled = true
        result.onSuccess { game ->
            if (isDestroyed) {
                game.destroy()
                return
            }
            // A new game replaces the saved one, as on the home screen.
            SessionStore(filesDir).clear()
            CurrentGame.start(game)
            startActivity(Intent(this, GameActivity::class.java))
            finish()
        }
        result.onFailure { problem.text = joinProblem(it as RokadaException) }
    }

    private fun joinProblem(error: RokadaException): String = when (error) {
        is RokadaException.InvalidPairingCode -> getString(R.string.wifi_wrong_code)
        is RokadaException.InvalidAddress -> texts.addressProblem(app.rokada.wifi.AddressProblem.BAD_HOST)
        else -> getString(R.string.wifi_unreachable)
    }

    private companion object {
        val ERROR_COLOUR = android.graphics.Color.rgb(0xB0, 0x20, 0x20)
    }
}
