package app.rokada.game

import app.rokada.board.BoardInputTarget
import app.rokada.core.ActionOutcome
import app.rokada.core.ClockView
import app.rokada.core.EventKind
import app.rokada.core.Game
import app.rokada.core.GameAction
import app.rokada.core.GameListener
import app.rokada.core.GameView
import app.rokada.core.LiveEvent
import app.rokada.core.PieceKind
import app.rokada.core.RokadaException
import app.rokada.core.Square
import app.rokada.core.Touched
import app.rokada.core.ViewOptions
import java.util.concurrent.Executor

/** What the screen does after an action beyond drawing the view it returned. */
sealed interface Outcome {
    data object Done : Outcome

    data class Share(val pgn: String) : Outcome

    /** Open the new-game choices; this game stays until one replaces it. */
    data object NewGame : Outcome

    /** The core refused (the game changed since the screen was drawn); nothing changed. */
    data class Refused(val error: RokadaException) : Outcome
}

/**
 * One game as its screen drives it. Every change the screen makes returns
 * the view after it, drawn at once; the core's events (some from its own
 * threads: the computer's move, a fallen flag, the other phone) reach
 * [observer] only through [main]. An event whose revision the screen has
 * drawn already (the echo of its own move) is not drawn again, but still
 * told, for its sound and announcement: one refresh per change.
 */
class GameController(val game: Game, private val main: Executor) : BoardInputTarget {
    interface Observer {
        /** Draw this view. */
        fun show(view: GameView)

        /** Something happened: sound it, announce it. Its view is drawn already. */
        fun happened(event: EventKind)
    }

    /** Read and written on the main thread only. */
    var observer: Observer? = null
        set(value) {
            field = value.takeUnless { stopped }
            field?.let { draw(game.view()) }
        }

    /** The game has ended here ([stop]); a screen still holding it only lets go. */
    private var stopped = false

    /** The newest revision handed to the observer: what the screen shows now. */
    var drawn: ULong = 0uL
        private set

    private val listener = object : GameListener {
        override fun onEvent(event: LiveEvent) {
            main.execute { deliver(event) }
        }
    }

    init {
        game.setListener(listener)
    }

    private fun deliver(event: LiveEvent) {
        val screen = observer ?: return
        if (event.revision > drawn) draw(game.view())
        screen.happened(event.kind)
    }

    /** Draws a view the core returned, unless a newer one is on screen already. */
    private fun draw(view: GameView) {
        if (view.revision < drawn) return
        drawn = view.revision
        observer?.show(view)
    }

    private fun touched(touched: Touched): Touched = touched.also { draw(it.view) }

    override fun tap(square: Square): Touched = touched(game.tap(square))

    override fun dragStart(square: Square): Touched = touched(game.dragStart(square))

    override fun dropPiece(from: Square, to: Square): Touched = touched(game.dropPiece(from, to))

    override fun swipe(delta: Int) = draw(game.step(delta))

    fun choosePromotion(kind: PieceKind): Touched = touched(game.choosePromotion(kind))

    fun cancelPromotion(): Touched = touched(game.cancelPromotion())

    fun showPly(ply: UInt) = draw(game.showPly(ply))

    fun step(delta: Int) = draw(game.step(delta))

    fun showLive() = draw(game.showLive())

    fun setOptions(options: ViewOptions) = draw(game.setOptions(options))

    /** Both clocks now, for the faces that tick between changes; none once the game is stopped. */
    fun clock(): ClockView? = if (stopped) null else game.clock()

    /** Carries out one of the view's actions. */
    fun perform(action: GameAction): Outcome = try {
        when (val outcome = game.perform(action)) {
            is ActionOutcome.Done -> {
                draw(outcome.view)
                Outcome.Done
            }
            is ActionOutcome.Share -> Outcome.Share(outcome.pgn)
            ActionOutcome.NewGame -> Outcome.NewGame
        }
    } catch (error: RokadaException) {
        Outcome.Refused(error)
    }

    /** The app went to the background: the computer stops thinking and the clock stops (except over Wi-Fi). */
    fun pause() {
        if (!stopped) game.pause()
    }

    /** Back in front: the clock runs again, and the screen draws the view after it (no event tells it). */
    fun resume() {
        if (stopped) return
        game.resume()
        draw(game.view())
    }

    /**
     * Ends the game: its events stop, its last save is written before this
     * returns (so a game that replaces it in the same slot is never
     * overwritten), and the core's game is freed.
     */
    fun stop() {
        if (stopped) return
        observer = null
        stopped = true
        game.setListener(null)
        game.stop()
        game.close()
    }
}
