package app.rokada.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class PersistenceTest {
    @Test
    fun `a game saved mid-game goes on the same after restoring`() {
        sharedPhoneGame().use { original ->
            original.playAll("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3")
            // Knights out and back twice: the repetition history, which the
            // save keeps, makes a threefold claim.
            original.playAll("Nc6", "Ndb5", "Nb8", "Nd4", "Nc6", "Ndb5", "Nb8", "Nd4")
            val save = original.save()

            Game.restore(save).use { restored ->
                assertEquals(original.state(), restored.state())
                assertEquals(original.board(), restored.board())
                assertEquals(listOf(DrawClaim.THREEFOLD_REPETITION), restored.state().claimableDraws)

                for (game in listOf(original, restored)) game.playAll("e5", "Nf5", "Bxf5", "exf5")
                assertEquals(original.state(), restored.state())
                assertEquals(original.save(), restored.save())
            }
        }
    }

    @Test
    fun `a timed game restores its clocks`() {
        sharedPhoneGame(timeControl = timeControl(300_000, 2_000)).use { game ->
            game.playAll("e4", "e5")
            val clock = requireNotNull(game.state().clock)
            Game.restore(game.save()).use { restored ->
                val restoredClock = requireNotNull(restored.state().clock)
                assertEquals(clock.control, restoredClock.control)
                assertEquals(Side.WHITE, restoredClock.running)
                // Time moves on between the two reads; no more than the game has used.
                assertTrue(restoredClock.whiteMs <= 302_000u && restoredClock.whiteMs > 250_000u, "$restoredClock")
                assertEquals(clock.blackMs, restoredClock.blackMs)
            }
        }
    }

    @Test
    fun `PGN goes out and comes back in`() {
        val pgn = sharedPhoneGame().use { game ->
            game.playAll("f3", "e5", "g4", "Qh4#")
            game.pgn()
        }
        assertTrue(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), pgn)
        assertTrue(pgn.contains("[Result \"0-1\"]"), pgn)

        Game.fromPgn(pgn, GameMode.SamePhone).use { game ->
            val state = game.state()
            assertEquals(listOf("f3", "e5", "g4", "Qh4#"), state.moves)
            assertEquals(GameEnd(GameResult.BLACK_WINS, EndReason.CHECKMATE), state.end)
            assertEquals(Square.E1, state.checkedKing)
            assertEquals(pgn, game.pgn())
        }
    }

    @Test
    fun `a PGN from elsewhere with comments and variations can be played on`() {
        val pgn = """
            [Event "Casual"]
            [White "Morphy"]
            [Black "Duke and Count"]
            [Result "*"]

            1. e4 {open} e5 2. Nf3 d6 (2... Nc6 3. Bb5) 3. d4 Bg4 $2 *
        """.trimIndent()
        Game.fromPgn(pgn, GameMode.SamePhone).use { game ->
            assertEquals(listOf("e4", "e5", "Nf3", "d6", "d4", "Bg4"), game.state().moves)
            assertNull(game.state().end)
            game.playText("dxe5")
            val out = game.pgn()
            assertTrue(out.contains("[White \"Morphy\"]"), out)
            assertTrue(out.contains("4. dxe5"), out)
        }
    }
}
