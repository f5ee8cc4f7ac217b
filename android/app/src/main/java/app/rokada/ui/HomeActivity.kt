package app.rokada.ui

import android.app.AlertDialog
import android.content.Intent
import android.os.Bundle
import android.widget.Button
import android.widget.ScrollView
import android.widget.Toast
import app.rokada.R
import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.RokadaException
import app.rokada.core.TimeControl
import app.rokada.game.TimePreset
import app.rokada.store.SessionStore

/** The first screen: start a game, resume the saved one, read the rules, change settings. */
class HomeActivity : RokadaActivity() {
    private lateinit var resume: Button
    private lateinit var store: SessionStore

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        store = SessionStore(filesDir)
        title = getString(R.string.app_name)
        val content = column()
        content.addView(button(getString(R.string.home_two_players)) { newSamePhoneGame() }, wide())
        content.addView(button(getString(R.string.home_vs_computer)) { newComputerGame() }, wide())
        content.addView(button(getString(R.string.home_host_wifi)) { hostWifiGame() }, wide())
        content.addView(
            button(getString(R.string.home_join_wifi)) { startActivity(Intent(this, JoinActivity::class.java)) },
            wide(),
        )
        resume = button(getString(R.string.home_resume)) { openGame() }
        content.addView(resume, wide())
        content.addView(
            button(getString(R.string.home_rules)) { startActivity(Intent(this, RulesActivity::class.java)) },
            wide(),
        )
        content.addView(
            button(getString(R.string.home_settings)) { startActivity(Intent(this, SettingsActivity::class.java)) },
            wide(),
        )
        setContentView(ScrollView(this).apply { addView(content) })
    }

    override fun onResume() {
        super.onResume()
        resume.isEnabled = CurrentGame.isRunning || store.hasSave()
    }

    private fun newSamePhoneGame() {
        chooseTimeControl(this) { control -> start(GameSetup(GameMode.SamePhone, timeControl = control)) }
    }

    private fun newComputerGame() {
        ComputerSetupDialog(this, strings).show { setup -> start(setup) }
    }

    private fun hostWifiGame() {
        HostSetupDialog(this, strings).show { side, control ->
            val game = try {
                Game.hostWifi(side, control, ANY_PORT)
            } catch (_: RokadaException) {
                // Only the network can refuse here: no port to listen on.
                Toast.makeText(this, R.string.error_network_connection_lost, Toast.LENGTH_LONG).show()
                return@show
            }
            store.clear()
            CurrentGame.start(game)
            openGame()
        }
    }

    private fun start(setup: GameSetup) {
        // The setups offered here are all valid: the core refuses only bad FENs and clocks.
        val game = Game(setup)
        store.clear()
        CurrentGame.start(game)
        openGame()
    }

    private fun openGame() {
        startActivity(Intent(this, GameActivity::class.java))
    }

    companion object {
        private const val ANY_PORT: UShort = 0u

        /** Asks for the clock: none, or one of the presets. */
        fun chooseTimeControl(activity: RokadaActivity, chosen: (TimeControl?) -> Unit) {
            val labels = listOf(activity.getString(R.string.time_none)) +
                TimePreset.entries.map { presetLabel(activity, it) }
            AlertDialog.Builder(activity)
                .setTitle(R.string.time_title)
                .setItems(labels.toTypedArray()) { _, which ->
                    chosen(if (which == 0) null else TimePreset.entries[which - 1].timeControl)
                }
                .setNegativeButton(R.string.common_cancel, null)
                .show()
        }

        fun presetLabel(activity: RokadaActivity, preset: TimePreset): String =
            activity.getString(preset.label) + " · " +
                activity.getString(R.string.time_control, preset.minutes, preset.incrementSeconds)
    }
}
