package app.rokada.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class DrawRulesTest {
    /** Knights out and back: the start position again after every four plies. */
    private val knightShuffle = arrayOf("Nf3", "Nf6", "Ng1", "Ng8")

    @Test
    fun `a threefold repetition appears as a claim and ends the game when claimed`() {
        sharedPhoneGame().use { game ->
            game.playAll(*knightShuffle)
            assertEquals(emptyList<DrawClaim>(), game.state().claimableDraws)
            assertThrows<RokadaException.DrawNotClaimable> { game.claimDraw(DrawClaim.THREEFOLD_REPETITION) }

            game.playAll(*knightShuffle)
            val state = game.state()
            assertEquals(listOf(DrawClaim.THREEFOLD_REPETITION), state.claimableDraws)
            assertEquals(GameAction.ClaimDraw(DrawClaim.THREEFOLD_REPETITION), state.actions.first())

            // Moving on without claiming lets the claim lapse.
            game.playText("e4")
            assertEquals(emptyList<DrawClaim>(), game.state().claimableDraws)
            game.undo()

            val events = game.listen()
            game.claimDraw(DrawClaim.THREEFOLD_REPETITION)
            assertOver(game, GameResult.DRAW, EndReason.THREEFOLD_REPETITION)
            assertEquals(
                listOf<GameEvent>(GameEvent.GameOver(GameEnd(GameResult.DRAW, EndReason.THREEFOLD_REPETITION))),
                events.drain().map { it.event },
            )
        }
    }

    @Test
    fun `the fifth occurrence ends the game without a claim`() {
        sharedPhoneGame().use { game ->
            repeat(3) { game.playAll(*knightShuffle) }
            game.playAll("Nf3", "Nf6", "Ng1")
            assertNull(game.state().end)
            assertEquals(listOf(DrawClaim.THREEFOLD_REPETITION), game.state().claimableDraws)

            game.playText("Ng8")
            assertOver(game, GameResult.DRAW, EndReason.FIVEFOLD_REPETITION)
            assertThrows<RokadaException.GameOver> { game.playText("Nf3") }
        }
    }

    @Test
    fun `fifty moves without a capture or pawn move can be claimed`() {
        sharedPhoneGame("8/8/4k3/8/8/3K4/8/7R w - - 99 80").use { game ->
            assertEquals(emptyList<DrawClaim>(), game.state().claimableDraws)
            game.playText("Rh2")
            assertEquals(listOf(DrawClaim.FIFTY_MOVE_RULE), game.state().claimableDraws)
            game.claimDraw(DrawClaim.FIFTY_MOVE_RULE)
            assertOver(game, GameResult.DRAW, EndReason.FIFTY_MOVE_RULE)
        }
    }

    @Test
    fun `seventy-five moves end the game by themselves`() {
        sharedPhoneGame("8/8/4k3/8/8/3K4/8/7R w - - 148 120").use { game ->
            game.playText("Rh2")
            game.state().let {
                assertNull(it.end)
                assertEquals(listOf(DrawClaim.FIFTY_MOVE_RULE), it.claimableDraws)
            }
            game.playText("Kd7")
            assertOver(game, GameResult.DRAW, EndReason.SEVENTY_FIVE_MOVE_RULE)
            assertThrows<RokadaException.GameOver> { game.claimDraw(DrawClaim.FIFTY_MOVE_RULE) }
        }
    }

    @Test
    fun `a capture resets the count`() {
        sharedPhoneGame("8/8/4k3/8/8/3K4/4r3/7R w - - 148 120").use { game ->
            game.playText("Rh2")
            game.playText("Rxh2")
            game.state().let {
                assertNull(it.end)
                assertEquals(emptyList<DrawClaim>(), it.claimableDraws)
                assertEquals(listOf(PieceKind.ROOK), it.capturedByBlack)
            }
        }
    }

    @Test
    fun `players on one phone may agree to a draw`() {
        sharedPhoneGame().use { game ->
            game.playText("e4")
            game.agreeDraw()
            assertOver(game, GameResult.DRAW, EndReason.AGREEMENT)
        }
    }
}
