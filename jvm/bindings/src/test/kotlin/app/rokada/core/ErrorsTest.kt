package app.rokada.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class ErrorsTest {
    @Test
    fun `illegal moves are typed exceptions that change nothing`() {
        sharedPhoneGame().use { game ->
            game.playText("e4")
            val before = game.view()

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

            assertEquals(before, game.view())
        }
    }

    @Test
    fun `an ambiguous move names what was typed`() {
        sharedPhoneGame("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").use { game ->
            assertEquals("Nd2", assertThrows<RokadaException.AmbiguousNotation> { game.playText("Nd2") }.text)
            assertEquals("Nbd2", game.playText("Nbd2").played().played.san)
        }
    }

    @Test
    fun `actions outside the rules of the mode are refused`() {
        sharedPhoneGame().use { game ->
            assertThrows<RokadaException.NothingToUndo> { game.perform(GameAction.Undo) }
            assertThrows<RokadaException.NothingToRedo> { game.perform(GameAction.Redo) }
            assertEquals(
                ModeRestriction.DRAW_OFFER_PROTOCOL,
                assertThrows<RokadaException.NotAllowedInMode> { game.perform(GameAction.OfferDraw) }.restriction,
            )
            assertEquals(
                DrawClaim.FIFTY_MOVE_RULE,
                assertThrows<RokadaException.DrawNotClaimable> { game.claimDraw(DrawClaim.FIFTY_MOVE_RULE) }.claim,
            )
            assertThrows<RokadaException.NotConnected> { game.perform(GameAction.Leave) }
            assertThrows<RokadaException.NoClockToPause> { game.perform(GameAction.PauseClock) }
            assertThrows<RokadaException.GameNotOver> { game.perform(GameAction.Rematch) }
            game.perform(GameAction.Resign)
            assertThrows<RokadaException.GameOver> { game.perform(GameAction.Resign) }
            assertThrows<RokadaException.GameOver> { game.playText("e4") }
        }
        Game(GameSetup(GameMode.Computer(Side.WHITE, 3u))).use { game ->
            assertEquals(
                ModeRestriction.AGREEMENT,
                assertThrows<RokadaException.NotAllowedInMode> { game.perform(GameAction.AgreeDraw) }.restriction,
            )
        }
        assertThrows<RokadaException.NotConnected> { Game(GameSetup(GameMode.WifiPeer(Side.WHITE))) }
        val (host, joiner) = wifiPair()
        host.use {
            joiner.use {
                assertThrows<RokadaException.NoDrawOffer> { host.perform(GameAction.AcceptDraw) }
                host.perform(GameAction.OfferDraw)
                assertThrows<RokadaException.DrawAlreadyOffered> { host.perform(GameAction.OfferDraw) }
                assertEquals(
                    ModeRestriction.UNDO,
                    assertThrows<RokadaException.NotAllowedInMode> { host.perform(GameAction.Undo) }.restriction,
                )
                assertThrows<RokadaException.NotPairing> { host.perform(GameAction.NewCode) }
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
        assertEquals("Ke3", pgn.text)
        assertEquals(
            PgnErrorKind.NO_GAME,
            assertThrows<RokadaException.InvalidPgn> { Game.fromPgn("", GameMode.SamePhone) }.kind,
        )
        assertEquals(PgnErrorKind.NO_GAME, assertThrows<RokadaException.InvalidPgn> { pgnGames("") }.kind)
    }

    @Test
    fun `typed addresses and codes are read by the core, with typed problems`() {
        assertEquals(HostAddress("192.168.1.7", 41641u), parseHostAddress(" 192.168.1.7 "))
        assertEquals(HostAddress("fe80::1", 40123u), parseHostAddress("[fe80::1]:40123"))
        for ((text, problem) in listOf(
            "" to AddressProblem.EMPTY,
            "192.168.1.7:70000" to AddressProblem.BAD_PORT,
            "bad host!" to AddressProblem.BAD_HOST,
        )) {
            val error = assertThrows<RokadaException.InvalidAddress>(text) { parseHostAddress(text) }
            assertEquals(problem, error.problem, text)
        }
        assertEquals("123456", parsePairingCode(" 123-456 "))
        for ((text, problem) in listOf(
            "12345" to CodeProblem.TOO_SHORT,
            "1234567" to CodeProblem.TOO_LONG,
            "12a456" to CodeProblem.NOT_A_DIGIT,
        )) {
            assertEquals(problem, assertThrows<RokadaException.InvalidPairingCode>(text) { parsePairingCode(text) }.problem)
        }
    }

    @Test
    fun `a closed game refuses every call`() {
        val game = sharedPhoneGame()
        game.close()
        assertThrows<IllegalStateException> { game.view() }
        // Closing twice is harmless.
        game.close()
    }
}
