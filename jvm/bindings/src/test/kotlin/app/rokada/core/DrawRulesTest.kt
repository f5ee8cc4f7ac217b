package app.rokada.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class DrawRulesTest {
    /** Knights out and back: the start position again after every four plies. */
    private val knightShuffle = arrayOf("Nf3", "Nf6", "Ng1", "Ng8")

    @Test
    fun `a threefold repetition appears as a claim button and ends the game when claimed`() {
        sharedPhoneGame().use { game ->
            game.playAll(*knightShuffle)
            assertEquals(emptyList<DrawClaim>(), game.view().status.claimable)
            assertThrows<RokadaException.DrawNotClaimable> { game.claimDraw(DrawClaim.THREEFOLD_REPETITION) }

            game.playAll(*knightShuffle)
            assertEquals(listOf(DrawClaim.THREEFOLD_REPETITION), game.view().status.claimable)

            // Moving on without claiming lets the claim lapse.
            assertEquals(emptyList<DrawClaim>(), game.playText("e4").played().view.status.claimable)
            game.perform(GameAction.Undo)

            val events = game.listen()
            val view = game.claimDraw(DrawClaim.THREEFOLD_REPETITION).done()
            assertEquals(GameEnd(GameResult.DRAW, EndReason.THREEFOLD_REPETITION), view.status.end)
            assertOver(game, GameResult.DRAW, EndReason.THREEFOLD_REPETITION)
            val over = events.until { it is EventKind.GameOver }
            assertEquals(EventKind.GameOver(GameEnd(GameResult.DRAW, EndReason.THREEFOLD_REPETITION)), over.kind)
            assertEquals(view.revision, over.event.revision)
        }
    }

    @Test
    fun `the fifth occurrence ends the game without a claim`() {
        sharedPhoneGame().use { game ->
            repeat(3) { game.playAll(*knightShuffle) }
            game.playAll("Nf3", "Nf6", "Ng1")
            assertNull(game.view().status.end)
            assertEquals(listOf(DrawClaim.THREEFOLD_REPETITION), game.view().status.claimable)

            game.playText("Ng8")
            assertOver(game, GameResult.DRAW, EndReason.FIVEFOLD_REPETITION)
            assertThrows<RokadaException.GameOver> { game.playText("Nf3") }
        }
    }

    @Test
    fun `fifty moves without a capture or pawn move can be claimed`() {
        sharedPhoneGame("8/8/4k3/8/8/3K4/8/7R w - - 99 80").use { game ->
            assertEquals(emptyList<DrawClaim>(), game.view().status.claimable)
            game.playText("Rh2")
            assertEquals(listOf(DrawClaim.FIFTY_MOVE_RULE), game.view().status.claimable)
            game.claimDraw(DrawClaim.FIFTY_MOVE_RULE)
            assertOver(game, GameResult.DRAW, EndReason.FIFTY_MOVE_RULE)
        }
    }

    @Test
    fun `seventy-five moves end the game by themselves`() {
        sharedPhoneGame("8/8/4k3/8/8/3K4/8/7R w - - 148 120").use { game ->
            game.playText("Rh2")
            game.view().status.let {
                assertNull(it.end)
                assertEquals(listOf(DrawClaim.FIFTY_MOVE_RULE), it.claimable)
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
            val view = game.playText("Rxh2").played().view
            assertNull(view.status.end)
            assertEquals(emptyList<DrawClaim>(), view.status.claimable)
            // Black took White's only rook: Black's bar shows it.
            val black = if (view.top.side == Side.BLACK) view.top else view.bottom
            assertEquals(Material(listOf(PieceKind.ROOK), 5u), black.material)
        }
    }

    @Test
    fun `players on one phone may agree to a draw, after a confirmation`() {
        sharedPhoneGame().use { game ->
            game.playText("e4")
            val agree = game.view().actions.bar.single { it.action == GameAction.AgreeDraw }
            assertTrue(agree.confirm)
            game.perform(GameAction.AgreeDraw)
            assertOver(game, GameResult.DRAW, EndReason.AGREEMENT)
        }
    }
}
