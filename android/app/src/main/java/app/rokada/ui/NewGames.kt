package app.rokada.ui

import android.app.AlertDialog
import android.widget.Toast
import app.rokada.R
import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.RokadaException
import app.rokada.core.computerLevels
import app.rokada.game.CurrentGame
import app.rokada.text.GameTexts

/**
 * Starting a game from any screen. A game of one kind replaces only the
 * saved game of that kind, and never silently: while that one is
 * unfinished, the player is asked first, and told what would be lost.
 */
object NewGames {
    /** Asks, when the core says a new game of [mode] would replace an unfinished one, then runs [go]. */
    fun ask(activity: RokadaActivity, mode: GameMode, go: () -> Unit, declined: () -> Unit = {}) {
        val replaced = CurrentGame.store(activity).use { it.replacedBy(mode) }
        if (replaced == null) return go()
        val texts = GameTexts(activity.strings)
        val maxLevel = computerLevels().maxOf { it.level.toInt() }
        AlertDialog.Builder(activity)
            .setTitle(R.string.android_confirm_replace_title)
            .setMessage(
                activity.getString(R.string.android_confirm_replace_message) + "\n\n" +
                    texts.savedGame(replaced, maxLevel),
            )
            .setPositiveButton(R.string.android_confirm_start) { _, _ -> go() }
            .setNegativeButton(R.string.common_cancel) { _, _ -> declined() }
            .setOnCancelListener { declined() }
            .show()
    }

    /** Asks if need be, then starts the game [make] creates and opens its screen. */
    fun start(activity: RokadaActivity, mode: GameMode, make: () -> Game) {
        ask(activity, mode, go = {
            try {
                CurrentGame.start(activity, make)
                GameActivity.open(activity, CurrentGame.slotOf(mode))
            } catch (_: RokadaException) {
                // The setups offered are all valid: only the network refuses (no port to listen on).
                Toast.makeText(activity, R.string.android_wifi_cannot_host, Toast.LENGTH_LONG).show()
            }
        })
    }
}
