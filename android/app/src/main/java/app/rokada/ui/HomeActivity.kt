package app.rokada.ui

import android.app.AlertDialog
import android.content.Intent
import android.os.Bundle
import android.view.View
import android.widget.LinearLayout
import android.widget.ScrollView
import app.rokada.R
import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Side
import app.rokada.core.computerLevels
import app.rokada.core.timePresets
import app.rokada.game.CurrentGame
import app.rokada.settings.SettingsStore
import app.rokada.text.GameTexts

/**
 * The first screen: start a game of each kind, continue a saved one (one
 * per kind, as the core keeps them), open a PGN file, read the rules,
 * change the settings.
 */
class HomeActivity : RokadaActivity() {
    private lateinit var saved: LinearLayout
    private lateinit var savedTitle: View

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        title = getString(R.string.app_name)
        val content = column()
        content.addView(button(getString(R.string.home_two_players)) { newSamePhoneGame() }, wide())
        content.addView(button(getString(R.string.home_vs_computer)) { newComputerGame() }, wide())
        content.addView(button(getString(R.string.home_host_wifi)) { hostWifiGame() }, wide())
        content.addView(
            button(getString(R.string.home_join_wifi)) { startActivity(Intent(this, JoinActivity::class.java)) },
            wide(),
        )
        savedTitle = text(getString(R.string.android_home_saved), sizeSp = 18f, bold = true).apply {
            setPadding(0, dp(16), 0, dp(4))
        }
        content.addView(savedTitle, wide())
        saved = LinearLayout(this).apply { orientation = LinearLayout.VERTICAL }
        content.addView(saved, wide())
        content.addView(
            button(getString(R.string.android_home_import_pgn)) {
                startActivity(Intent(this, ImportActivity::class.java))
            },
            wide(),
        )
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
        showSaved()
    }

    /** The saved games, each a way back into its game. */
    private fun showSaved() {
        val games = CurrentGame.store(this).use { it.saved() }
        val texts = GameTexts(strings)
        val maxLevel = computerLevels().maxOf { it.level.toInt() }
        saved.removeAllViews()
        for (game in games) {
            saved.addView(button(texts.savedGame(game, maxLevel)) { GameActivity.open(this, game.slot) }, wide())
        }
        savedTitle.visibility = if (games.isEmpty()) View.GONE else View.VISIBLE
    }

    private fun newSamePhoneGame() {
        chooseTimeControl { control ->
            NewGames.start(this, GameMode.SamePhone) { Game(GameSetup(GameMode.SamePhone, timeControl = control)) }
        }
    }

    private fun newComputerGame() {
        ComputerSetupDialog(this, strings).show { setup -> NewGames.start(this, setup.mode) { Game(setup) } }
    }

    private fun hostWifiGame() {
        HostSetupDialog(this, strings).show { side, control ->
            val name = SettingsStore(this).deviceName()
            // Any colour: every Wi-Fi game has the one slot.
            NewGames.start(this, GameMode.WifiPeer(Side.WHITE)) { Game.hostWifi(side, control, name = name) }
        }
    }

    /** Asks for the clock: none, or one of the core's time controls. */
    private fun chooseTimeControl(chosen: (app.rokada.core.TimeControl?) -> Unit) {
        val presets = timePresets()
        val texts = GameTexts(strings)
        val labels = listOf(getString(R.string.time_none)) + presets.map { texts.preset(it) }
        AlertDialog.Builder(this)
            .setTitle(R.string.time_title)
            .setItems(labels.toTypedArray()) { _, which -> chosen(if (which == 0) null else presets[which - 1].control) }
            .setNegativeButton(R.string.common_cancel, null)
            .show()
    }
}
