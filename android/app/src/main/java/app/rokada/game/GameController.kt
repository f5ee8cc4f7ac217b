package app.rokada.game

import app.rokada.board.BoardInputTarget
import app.rokada.core.DrawClaim
import app.rokada.core.Game
import app.rokada.core.GameAction
import app.rokada.core.GameEvent
import app.rokada.core.GameListener
import app.rokada.core.GameState
import app.rokada.core.InputResult
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.RokadaException
import app.rokada.core.Square
import app.rokada.wifi.WifiAction
import java.util.concurrent.Executor

/** What the screen does after a menu action. */
sealed interface ActionOutcome {
    /** The core did it; its events update the screen. */
    data object Done : ActionOutcome

    data object FlipBoard : ActionOutcome

    data class SharePgn(val pgn: String) : ActionOutcome

    data object NewGame : ActionOutcome

    /** Over Wi-Fi: this phone left; the game is adjourned, its save kept. */
    data object Left : ActionOutcome

    /** The core refused (the state changed since the menu was drawn). */
    data class Refused(val error: RokadaException) : ActionOutcome
}

/**
 * One game as the game screen drives it. The core sends events on whatever
 * thread caused them (a core thread for the computer's move or a fallen
 * flag); they reach [observer] only through [mainThread], so views are only
 * ever touched there.
 */
class GameController(val game: Game, private val mainThread: Executor) : BoardInputTarget {
    fun interface Observer {
        fun onGameEvent(event: GameEvent)
    }

    /** Read and written on the main thread only. */
    var observer: Observer? = null

    private val listener = object : GameListener {
        override fun onEvent(event: GameEvent) {
            mainThread.execute { observer?.onGameEvent(event) }
        }
    }

    init {
        game.setListener(listener)
    }

    fun state(): GameState = game.state()

    fun board(): List<Piece?> = game.board()

    override fun tap(square: Square): InputResult = game.tap(square)

    override fun dragStart(square: Square): InputResult = game.dragStart(square)

    override fun dropPiece(from: Square, to: Square): InputResult = game.dropPiece(from, to)

    fun choosePromotion(kind: PieceKind): InputResult = game.choosePromotion(kind)

    fun cancelPromotion(): InputResult = game.cancelPromotion()

    /** Runs a game-menu entry. */
    fun perform(action: GameAction): ActionOutcome = try {
        when (action) {
            is GameAction.ClaimDraw -> done { game.claimDraw(action.v1) }
            GameAction.AgreeDraw -> done { game.agreeDraw() }
            GameAction.OfferDraw -> done { game.offerDraw() }
            GameAction.AcceptDraw -> done { game.acceptDraw() }
            GameAction.DeclineDraw -> done { game.declineDraw() }
            GameAction.Resign -> done { game.resign() }
            GameAction.Undo -> done { game.undo() }
            GameAction.Redo -> done { game.redo() }
            GameAction.FlipBoard -> ActionOutcome.FlipBoard
            GameAction.SharePgn -> ActionOutcome.SharePgn(game.pgn())
            GameAction.NewGame -> ActionOutcome.NewGame
        }
    } catch (error: RokadaException) {
        ActionOutcome.Refused(error)
    }

    fun claimDraw(claim: DrawClaim): ActionOutcome = perform(GameAction.ClaimDraw(claim))

    /** Runs a Wi-Fi menu entry; leaving comes back to the screen, which closes. */
    fun perform(action: WifiAction): ActionOutcome = try {
        when (action) {
            WifiAction.REMATCH -> done { game.rematch() }
            WifiAction.DECLINE_REMATCH -> done { game.declineRematch() }
            WifiAction.LEAVE -> {
                game.leave()
                ActionOutcome.Left
            }
        }
    } catch (error: RokadaException) {
        ActionOutcome.Refused(error)
    }

    fun save(): String = game.save()

    /** The screen left: the computer stops thinking and the clock stops (except over Wi-Fi). */
    fun pause() = game.pause()

    fun resume() = game.resume()

    /** Stops events and frees the core's game. */
    fun close() {
        observer = null
        game.setListener(null)
        game.destroy()
    }

    private inline fun done(call: () -> Unit): ActionOutcome {
        call()
        return ActionOutcome.Done
    }
}
