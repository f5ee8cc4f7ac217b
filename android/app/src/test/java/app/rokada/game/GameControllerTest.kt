package app.rokada.game

import app.rokada.core.Controller
import app.rokada.core.DrawClaim
import app.rokada.core.EndReason
import app.rokada.core.GameAction
import app.rokada.core.GameEvent
import app.rokada.core.GameMode
import app.rokada.core.InputResult
import app.rokada.core.PieceKind
import app.rokada.core.Side
import app.rokada.core.TimeControl
import app.rokada.testing.QueueExecutor
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class GameControllerTest {
    private val main = QueueExecutor()

    private fun controller(game: app.rokada.core.Game) = GameController(game, main).also { c ->
        c.observer = GameController.Observer { events += it }
    }

    private val events = mutableListOf<GameEvent>()

    @Test
    fun `events reach the observer only through the main thread`() {
        val c = controller(newGame())
        c.tap(sq("e2"))
        assertInstanceOf(InputResult.Played::class.java, c.tap(sq("e4")))
        assertTrue(events.isEmpty(), "nothing is delivered on the calling thread")
        assertTrue(main.pending > 0)
        main.runPending()
        val played = events.filterIsInstance<GameEvent.MovePlayed>().single()
        assertEquals("e4", played.played.san)
        assertEquals(Controller.LOCAL, played.by)
        c.close()
    }

    @Test
    fun `a flag that falls on a core thread is delivered on the main thread`() {
        val c = controller(newGame(timeControl = TimeControl(150uL, 0uL)))
        c.game.playAll("e4", "e5")
        main.runPending()
        events.clear()
        // White's 150 ms run out on the core's clock thread.
        while (events.none { it is GameEvent.GameOver }) {
            assertTrue(main.runNext(5_000), "the flag falls")
        }
        val over = events.filterIsInstance<GameEvent.GameOver>().single()
        assertEquals(EndReason.TIMEOUT, over.end.reason)
        c.close()
    }

    @Test
    fun `the computer's answer arrives as an event from the main thread`() {
        val c = controller(newGame(mode = GameMode.Computer(Side.WHITE, 1u)))
        c.tap(sq("e2"))
        c.tap(sq("e4"))
        while (events.filterIsInstance<GameEvent.MovePlayed>().size < 2) {
            assertTrue(main.runNext(30_000), "the computer moves")
        }
        val (human, computer) = events.filterIsInstance<GameEvent.MovePlayed>()
        assertEquals(Controller.LOCAL, human.by)
        assertEquals(Controller.COMPUTER, computer.by)
        assertEquals(Side.BLACK, computer.played.side)
        assertTrue(events.contains(GameEvent.ComputerThinking(true)))
        assertTrue(c.state().isLocalTurn)
        c.close()
    }

    @Test
    fun `menu actions run in the core or come back to the screen`() {
        val c = controller(newGame())
        c.game.playAll("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
        val state = c.state()
        assertEquals(GameAction.ClaimDraw(DrawClaim.THREEFOLD_REPETITION), state.actions.first())
        assertEquals(ActionOutcome.FlipBoard, c.perform(GameAction.FlipBoard))
        assertEquals(ActionOutcome.NewGame, c.perform(GameAction.NewGame))
        val pgn = c.perform(GameAction.SharePgn) as ActionOutcome.SharePgn
        assertTrue(pgn.pgn.contains("1. Nf3 Nf6 2. Ng1 Ng8"), pgn.pgn)
        assertEquals(ActionOutcome.Done, c.perform(GameAction.Undo))
        assertEquals(7, c.state().moves.size)
        assertInstanceOf(ActionOutcome.Refused::class.java, c.claimDraw(DrawClaim.THREEFOLD_REPETITION))
        assertEquals(ActionOutcome.Done, c.perform(GameAction.Redo))
        assertEquals(ActionOutcome.Done, c.claimDraw(DrawClaim.THREEFOLD_REPETITION))
        main.runPending()
        val over = events.filterIsInstance<GameEvent.GameOver>().single()
        assertEquals(EndReason.THREEFOLD_REPETITION, over.end.reason)
        c.close()
    }

    @Test
    fun `a promotion waits for the choice`() {
        val c = controller(newGame("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"))
        c.tap(sq("e7"))
        assertEquals(InputResult.PromotionNeeded(sq("e7"), sq("e8")), c.tap(sq("e8")))
        assertEquals(sq("e7"), c.state().pendingPromotion?.from)
        assertEquals(0, c.state().moves.size)
        val played = c.choosePromotion(PieceKind.KNIGHT) as InputResult.Played
        assertEquals("e8=N", played.played.san)
        c.close()
    }
}
