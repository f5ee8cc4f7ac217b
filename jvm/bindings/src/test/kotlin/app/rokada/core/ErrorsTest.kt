package app.rokada.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class ErrorsTest {
    @Test
    fun `illegal moves are typed exceptions that change nothing`() {
        sharedPhoneGame().use { game ->
            game.playText("e4")
            val before = game.state()

            val notLegal = assertThrows<RokadaException.IllegalMove> { game.play(Square.E7, Square.E4) }
            assertEquals(Square.E7, notLegal.from)
            assertEquals(Square.E4, notLegal.to)
            assertEquals(IllegalMoveReason.NOT_LEGAL, notLegal.reason)
            assertEquals(
                IllegalMoveReason.EMPTY_SQUARE,
                assertThrows<RokadaException.IllegalMove> { game.play(Square.E5, Square.E4) }.reason,
            )
            assertEquals(
                IllegalMoveReason.NOT_YOUR_PIECE,
                assertThrows<RokadaException.IllegalMove> { game.play(Square.D2, Square.D4) }.reason,
            )
            assertEquals("Ke2", assertThrows<RokadaException.IllegalNotation> { game.playText("Ke2") }.text)
            assertEquals("e9", assertThrows<RokadaException.UnparsableMove> { game.playText("e9") }.text)

            assertEquals(before, game.state())
        }
    }

    @Test
    fun `an ambiguous move names what was typed`() {
        sharedPhoneGame("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").use { game ->
            assertEquals("Nd2", assertThrows<RokadaException.AmbiguousNotation> { game.playText("Nd2") }.text)
            assertEquals("Nbd2", game.playText("Nbd2").san)
        }
    }

    @Test
    fun `actions outside the rules of the mode are refused`() {
        sharedPhoneGame().use { game ->
            assertThrows<RokadaException.NothingToUndo> { game.undo() }
            assertThrows<RokadaException.NothingToRedo> { game.redo() }
            assertEquals(
                ModeRestriction.DRAW_OFFER_PROTOCOL,
                assertThrows<RokadaException.NotAllowedInMode> { game.offerDraw() }.restriction,
            )
            assertEquals(
                DrawClaim.FIFTY_MOVE_RULE,
                assertThrows<RokadaException.DrawNotClaimable> { game.claimDraw(DrawClaim.FIFTY_MOVE_RULE) }.claim,
            )
            game.resign()
            assertThrows<RokadaException.GameOver> { game.resign() }
            assertThrows<RokadaException.GameOver> { game.playText("e4") }
        }
        Game(GameSetup(GameMode.Computer(Side.WHITE, 3u))).use { game ->
            assertEquals(
                ModeRestriction.AGREEMENT,
                assertThrows<RokadaException.NotAllowedInMode> { game.agreeDraw() }.restriction,
            )
        }
        assertThrows<RokadaException.NotConnected> { Game(GameSetup(GameMode.WifiPeer(Side.WHITE))) }
        val (host, joiner) = wifiPair()
        host.use {
            joiner.use {
                assertThrows<RokadaException.NoDrawOffer> { host.acceptDraw() }
                host.offerDraw()
                assertThrows<RokadaException.DrawAlreadyOffered> { host.offerDraw() }
            }
        }
    }

    @Test
    fun `bad setups are refused with what was wrong`() {
        val fen = assertThrows<RokadaException.InvalidFen> { sharedPhoneGame("8/8/8/8/8/8/8/8 w - - 0 1") }
        assertEquals("8/8/8/8/8/8/8/8 w - - 0 1", fen.text)
        val level = assertThrows<RokadaException.InvalidLevel> {
            Game(GameSetup(GameMode.Computer(Side.BLACK, 0u)))
        }
        assertEquals(0.toUByte(), level.level)
        val clock = assertThrows<RokadaException.InvalidTimeControl> { sharedPhoneGame(timeControl = timeControl(0)) }
        assertEquals(0uL, clock.baseMs)
    }

    @Test
    fun `bad saves and bad PGN are refused`() {
        assertEquals(SaveProblem.MALFORMED, assertThrows<RokadaException.InvalidSave> { Game.restore("{") }.problem)
        val save = sharedPhoneGame().use { game ->
            game.playAll("e4", "e5")
            game.save()
        }
        assertEquals(
            SaveProblem.NOT_A_SAVE_FILE,
            assertThrows<RokadaException.InvalidSave> { Game.restore(save.replace("rokada-game", "notes")) }.problem,
        )
        assertEquals(
            SaveProblem.ILLEGAL_MOVE,
            assertThrows<RokadaException.InvalidSave> { Game.restore(save.replace("e7e5", "e7e4")) }.problem,
        )

        val pgn = assertThrows<RokadaException.InvalidPgn> { Game.fromPgn("1. e4 e5 2. Ke3 *", GameMode.SamePhone) }
        assertEquals(PgnErrorKind.ILLEGAL_MOVE, pgn.kind)
        assertEquals(3u, pgn.ply)
        assertEquals(
            PgnErrorKind.NO_GAME,
            assertThrows<RokadaException.InvalidPgn> { Game.fromPgn("", GameMode.SamePhone) }.kind,
        )
    }

    @Test
    fun `a closed game refuses every call`() {
        val game = sharedPhoneGame()
        game.close()
        assertThrows<IllegalStateException> { game.state() }
        // Closing twice is harmless.
        game.close()
    }
}
