package app.rokada.text

import app.rokada.core.GameAction
import app.rokada.core.GameMode
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.PlayerLabel
import app.rokada.core.RokadaException
import app.rokada.core.SaveSlot
import app.rokada.core.SavedGame
import app.rokada.core.Side
import app.rokada.core.timePresets
import app.rokada.testing.ResourceStrings
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class TextsTest {
    private val en = ResourceStrings("en")
    private val texts = GameTexts(en)

    @Test
    fun `squares read as name and piece`() {
        val describe = SquareDescriptions(en)
        val knight = Piece(Side.WHITE, PieceKind.KNIGHT)
        assertEquals("e4, white knight", describe.square(sq("e4"), knight))
        assertEquals("d5, empty", describe.square(sq("d5"), null))
        assertEquals("e4 selected", describe.square(sq("e4"), knight, selected = true))
        assertEquals("f3, legal move", describe.square(sq("f3"), null, legalTarget = true))
    }

    @Test
    fun `square descriptions in Polish and Hebrew keep the square name`() {
        val knight = Piece(Side.BLACK, PieceKind.KNIGHT)
        assertEquals("e4, czarny skoczek", SquareDescriptions(ResourceStrings("pl")).square(sq("e4"), knight))
        assertEquals("\u2066e4\u2069, פרש שחור", SquareDescriptions(ResourceStrings("iw")).square(sq("e4"), knight))
    }

    @Test
    fun `the bar and the menu are worded from the core's actions, in its order`() {
        val game = newGame()
        game.playAll("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
        val actions = game.view().actions
        assertEquals(listOf("Take back", "Flip", "Draw", "Resign"), actions.bar.map { texts.barLabel(it.action) })
        assertEquals(listOf("Share PGN", "New game"), actions.menu.map { texts.action(it.action) })
        assertEquals(
            "Claim a draw: threefold repetition",
            texts.claim(game.view().status.claimable.single()),
        )
        assertEquals("Resign this game?", texts.confirmation(GameAction.Resign))
        assertEquals(
            "Continue from this position? The moves after it are dropped.",
            texts.confirmation(GameAction.ContinueFromHere),
        )
    }

    @Test
    fun `status names the player to move, check, the end and browsing`() {
        val game = newGame()
        assertEquals("White to move", texts.status(game.view()))
        game.playAll("e4", "f5", "Qh5+")
        assertEquals("Black to move Check!", texts.status(game.view()))
        val mate = newGame()
        mate.playAll("f3", "e5", "g4", "Qh4#")
        val view = mate.view()
        assertEquals("Black wins", texts.status(view))
        assertEquals("Checkmate", texts.reason(view.status.end!!))
        assertEquals("An earlier position", texts.status(mate.showPly(2u)))
    }

    @Test
    fun `the result is read as the player at this phone sees it`() {
        val computer = newGame(mode = GameMode.Computer(Side.WHITE, 1u))
        computer.perform(GameAction.Resign)
        val end = computer.view().status.end!!
        assertEquals("You lose", texts.result(end, GameMode.Computer(Side.WHITE, 1u)))
        assertEquals("You win", texts.result(end, GameMode.WifiPeer(Side.BLACK)))
        assertEquals("Black wins", texts.result(end, GameMode.SamePhone))
        assertEquals("Svart vinner", GameTexts(ResourceStrings("nb")).result(end, GameMode.SamePhone))
        assertEquals("Предаване", GameTexts(ResourceStrings("bg")).reason(end))
    }

    @Test
    fun `player bars name the players as the core labels them`() {
        assertEquals("You", texts.player(PlayerLabel.You))
        assertEquals("Black", texts.player(PlayerLabel.Colour(Side.BLACK)))
        assertEquals("Morphy", texts.player(PlayerLabel.Named("Morphy")))
        assertEquals("Computer · level 3 (≈1000)", texts.player(PlayerLabel.Computer(3u, 1000u)))
        assertEquals("Ada's phone", texts.player(PlayerLabel.Peer("Ada's phone")))
        assertEquals("Opponent", texts.player(PlayerLabel.Peer(null)))
        assertEquals("+3", texts.advantage(3u))
        assertEquals("", texts.advantage(0u))
    }

    @Test
    fun `time controls, saved games and titles`() {
        assertEquals("Blitz · \u20665+3\u2069", texts.preset(timePresets().single { it.label == "5+3" }))
        val saved = SavedGame(SaveSlot.COMPUTER, GameMode.Computer(Side.WHITE, 3u), 12u, "2025.01.03", null)
        assertEquals(
            "Against the computer · Level 3 of 10 · 12 half-moves · \u20662025.01.03\u2069",
            texts.savedGame(saved, 10),
        )
        assertEquals("Wi-Fi game", texts.title(GameMode.WifiPeer(Side.BLACK)))
    }

    @Test
    fun `move numbers are the core's, with an ellipsis before a lone Black move`() {
        val game = newGame("4k3/8/8/8/8/8/4P3/4K3 b - - 7 23")
        game.playAll("Kf7", "e4")
        assertEquals(listOf("23…", "24."), game.view().moves.map { texts.moveNumber(it) })
    }

    @Test
    fun `a refused action says why when the screen does not`() {
        val game = newGame()
        val nothing = runCatching { game.perform(GameAction.Undo) }.exceptionOrNull() as RokadaException
        assertEquals("There is no move to undo.", texts.refusal(nothing))
        game.playAll("f3", "e5", "g4", "Qh4#")
        val over = runCatching { game.perform(GameAction.Resign) }.exceptionOrNull() as RokadaException
        assertEquals("The game is over.", texts.refusal(over))
    }
}
