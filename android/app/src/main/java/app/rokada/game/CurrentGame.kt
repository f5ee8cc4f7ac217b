package app.rokada.ui

import app.rokada.core.Game
import app.rokada.core.RokadaException
import app.rokada.game.GameController
import app.rokada.game.MainThread
import app.rokada.store.SaveKind
import app.rokada.store.SessionStore
import java.io.IOException

/**
 * The game being played, shared by the screens of this process. When the
 * process was killed it comes back from the saved session.
 */
object CurrentGame {
    sealed interface Resumed {
        data class Running(val controller: GameController) : Resumed

        data object NoSave : Resumed

        /** The save could not be read; it was removed. */
        data object BadSave : Resumed
    }

    private const val ANY_PORT: UShort = 0u

    private var controller: GameController? = null

    val isRunning: Boolean get() = controller != null

    fun start(game: Game): GameController {
        controller?.close()
        return GameController(game, MainThread).also { controller = it }
    }

    fun resume(store: SessionStore): Resumed {
        controller?.let { return Resumed.Running(it) }
        val saved = try {
            store.load()
        } catch (_: IOException) {
            null
        } ?: return Resumed.NoSave
        return try {
            val game = when (saved.kind) {
                SaveKind.LOCAL -> Game.restore(saved.text)
                // This phone hosts the game again; the other one joins with the new code.
                SaveKind.WIFI -> Game.resumeWifi(saved.text, ANY_PORT)
            }
            Resumed.Running(start(game))
        } catch (_: RokadaException) {
            store.clear()
            Resumed.BadSave
        }
    }

    /**
     * Leaves a Wi-Fi game without ending it: the save stays, so either
     * phone can host it again later.
     */
    fun adjourn() {
        controller?.close()
        controller = null
    }

    /** The game is left for good: a new one replaces it. */
    fun end(store: SessionStore) {
        controller?.close()
        controller = null
        store.clear()
    }
}
