package app.rokada.game

import app.rokada.core.Controller
import app.rokada.core.DrawClaim
import app.rokada.core.EndReason
import app.rokada.core.EventKind
import app.rokada.core.Game
import app.rokada.core.GameAction
import app.rokada.core.GameMode
import app.rokada.core.GameView
import app.rokada.core.PieceKind
import app.rokada.core.Prompt
import app.rokada.core.Side
import app.rokada.core.TimeControl
import app.rokada.core.TouchOutcome
import app.rokada.testing.QueueExecutor
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sans
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class GameControllerTest {
    private val main = QueueExecutor()
    private val shown = mutableListOf<GameView>()
    private val events = mutableListOf<EventKind>()

    private fun controller(game: Game) = GameController(game, main).also { c ->
        c.observer = object : GameController.Observer {
            override fun show(view: GameView) {
                shown += view
            }

            override fun happened(event: EventKind) {
                events += event
            }
        }
    }

    @Test
    fun `a move by touch is drawn once, from its answer, not again from its echo`() {
        val c = controller(newGame())
        assertEquals(1, shown.size, "the observer is shown the game when it attaches")
        c.tap(sq("e2"))
        val played = c.tap(sq("e4"))
        assertInstanceOf(TouchOutcome.Played::class.java, played.outcome)
        assertEquals(3, shown.size, "the selection and the move, each drawn from its own answer")
        assertEquals(played.view, shown.last())
        assertTrue(events.isEmpty(), "nothing is delivered on the calling thread")

        // The echo comes through the main thread: heard, not drawn again.
        while (events.none { it is EventKind.MovePlayed }) assertTrue(main.runNext(), "the echo arrives")
        main.runPending()
        assertEquals(3, shown.size)
        val echo = events.filterIsInstance<EventKind.MovePlayed>().single()
        assertEquals("e4", echo.played.san)
        assertEquals(Controller.LOCAL, echo.by)
        c.stop()
    }

    @Test
    fun `a change from a core thread is drawn once when its event arrives`() {
        val c = controller(newGame(mode = GameMode.Computer(Side.WHITE, 1u)))
        c.tap(sq("e2"))
        c.tap(sq("e4"))
        while (events.none { it is EventKind.MovePlayed && it.by == Controller.COMPUTER }) {
            assertTrue(main.runNext(), "the computer moves")
        }
        main.runPending()
        val last = shown.last()
        assertEquals(2, last.browse.plies.toInt())
        assertEquals(shown.map { it.revision }.distinct(), shown.map { it.revision }, "no revision drawn twice")
        assertTrue(EventKind.ComputerThinking(true) in events)
        assertTrue(last.board.interactive)
        c.stop()
    }

    @Test
    fun `a flag that falls on a core thread is drawn and told on the main thread`() {
        val c = controller(newGame(timeControl = TimeControl(150uL, 0uL)))
        c.game.playAll("e4", "e5")
        // White's 150 ms run out on the core's clock thread.
        while (events.none { it is EventKind.GameOver }) assertTrue(main.runNext(), "the flag falls")
        val over = events.filterIsInstance<EventKind.GameOver>().single()
        assertEquals(EndReason.TIMEOUT, over.end.reason)
        assertEquals(over.end, shown.last().status.end)
        c.stop()
    }

    @Test
    fun `actions are drawn from the view they return, or come back to the screen`() {
        val c = controller(newGame())
        c.game.playAll("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
        assertEquals(Outcome.Done, c.perform(GameAction.FlipBoard))
        assertTrue(shown.last().board.flipped)
        assertEquals(Outcome.NewGame, c.perform(GameAction.NewGame))
        val pgn = c.perform(GameAction.SharePgn) as Outcome.Share
        assertTrue(pgn.pgn.contains("1. Nf3 Nf6 2. Ng1 Ng8"), pgn.pgn)
        assertEquals(Outcome.Done, c.perform(GameAction.Undo))
        assertEquals(7, shown.last().sans().size)
        assertInstanceOf(Outcome.Refused::class.java, c.perform(GameAction.ClaimDraw(DrawClaim.THREEFOLD_REPETITION)))
        assertEquals(Outcome.Done, c.perform(GameAction.Redo))
        assertEquals(Outcome.Done, c.perform(GameAction.ClaimDraw(DrawClaim.THREEFOLD_REPETITION)))
        assertEquals(EndReason.THREEFOLD_REPETITION, shown.last().status.end?.reason)
        c.stop()
    }

    @Test
    fun `a promotion is a prompt until the choice`() {
        val c = controller(newGame("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"))
        c.tap(sq("e7"))
        assertEquals(TouchOutcome.PromotionNeeded(sq("e7"), sq("e8")), c.tap(sq("e8")).outcome)
        assertEquals(Prompt.Promotion(sq("e7"), sq("e8")), shown.last().prompt)
        val played = c.choosePromotion(PieceKind.KNIGHT).outcome as TouchOutcome.Played
        assertEquals("e8=N", played.played.san)
        assertEquals(null, shown.last().prompt)
        c.stop()
    }

    @Test
    fun `browsing is drawn and never changes the game`() {
        val c = controller(newGame())
        c.game.playAll("e4", "e5", "Nf3")
        c.showPly(1u)
        assertEquals(1u, shown.last().browse.shown)
        c.step(1)
        c.swipe(1)
        assertTrue(shown.last().browse.live)
        c.step(-3)
        assertEquals(0u, shown.last().browse.shown)
        c.showLive()
        assertEquals(listOf("e4", "e5", "Nf3"), shown.last().sans())
        c.stop()
    }
}
