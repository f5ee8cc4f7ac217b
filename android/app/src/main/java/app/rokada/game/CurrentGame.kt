package app.rokada.game

import android.content.Context
import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.RokadaException
import app.rokada.core.SaveSlot
import app.rokada.core.SaveStore
import java.io.File

/**
 * The game being played, shared by the screens of this process (a rotated
 * screen finds it here). Every game is kept saved by the core in the app's
 * files, one slot per way to play, so a killed process comes back to it.
 */
object CurrentGame {
    /**
     * What one phone has: its running game and the folder of its saves. An
     * app has one; a test that plays both sides of a Wi-Fi game in one
     * process gives each side a phone of its own.
     */
    class Phone(val saves: String = SAVES) {
        /** The running game, if any, and the slot it is kept in. */
        var controller: GameController? = null
            internal set
        var slot: SaveSlot? = null
            internal set
    }

    /** The phone the screens play on. */
    var phone = Phone()

    /** The phone's saved games, in the app's private files. */
    fun store(context: Context): SaveStore =
        SaveStore(File(context.applicationContext.filesDir, phone.saves).path)

    /** The slot a game of [mode] is kept in. */
    fun slotOf(mode: GameMode): SaveSlot = when (mode) {
        GameMode.SamePhone -> SaveSlot.SAME_PHONE
        is GameMode.Computer -> SaveSlot.COMPUTER
        is GameMode.WifiPeer -> SaveSlot.WIFI
    }

    /**
     * Replaces the running game with the one [make] creates, kept saved from
     * now on. The running game is stopped first, its last save written, so
     * it can never overwrite the new game's, and a hosted game gives its
     * port back. What [make] throws (a refused setup, a port that cannot
     * be listened on) is passed on.
     */
    @Throws(RokadaException::class)
    fun start(context: Context, make: () -> Game): GameController {
        stop()
        return adopt(context, make())
    }

    /** Takes a game made elsewhere (a joined Wi-Fi game, a game read from PGN) as the running one. */
    fun adopt(context: Context, game: Game): GameController {
        stop()
        store(context).use { game.keepSaved(it) }
        return run(game, slotOf(game.view().mode))
    }

    /**
     * The running game of [wanted], or that slot's saved game when the
     * process was killed since; null when there is none. A damaged save is
     * set aside and reported as [RokadaException.InvalidSave].
     */
    @Throws(RokadaException::class)
    fun resume(context: Context, wanted: SaveSlot, name: String?): GameController? {
        phone.controller?.let { running -> if (phone.slot == wanted) return running }
        stop()
        val game = store(context).use { store ->
            try {
                store.resume(wanted, name)
            } catch (error: RokadaException.InvalidSave) {
                store.setAside(wanted)
                throw error
            }
        } ?: return null
        return run(game, wanted)
    }

    private fun run(game: Game, slot: SaveSlot): GameController =
        GameController(game, MainThread).also {
            phone.controller = it
            phone.slot = slot
        }

    /** Stops the running game; its save stays. */
    fun stop() {
        phone.controller?.stop()
        phone.controller = null
        phone.slot = null
    }

    private const val SAVES = "games"
}
