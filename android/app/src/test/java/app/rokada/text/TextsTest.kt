package app.rokada.text

import app.rokada.core.GameAction
import app.rokada.core.GameMode
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side
import app.rokada.testing.ResourceStrings
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class TextsTest {
    private val en = ResourceStrings("en")

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
        assertEquals(
            "\u2066e4\u2069, פרש שחור",
            SquareDescriptions(ResourceStrings("iw")).square(sq("e4"), knight),
        )
    }

    @Test
    fun `the menu is rendered from the core's actions in its order`() {
        val game = newGame()
        game.playAll("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
        val labels = game.state().actions.map { GameTexts(en).action(it) }
        assertEquals(
            listOf(
                "Claim a draw: threefold repetition",
                "Draw by agreement",
                "Resign",
                "Undo move",
                "Flip board",
                "Share PGN",
                "New game",
            ),
            labels,
        )
    }

    @Test
    fun `against the computer there is no draw entry`() {
        val game = newGame(mode = GameMode.Computer(Side.WHITE, 3u))
        assertEquals(
            listOf(GameAction.Resign, GameAction.FlipBoard, GameAction.SharePgn, GameAction.NewGame),
            game.state().actions,
        )
        game.destroy()
    }

    @Test
    fun `status names the player to move, check and the end`() {
        val texts = GameTexts(en)
        val game = newGame()
        assertEquals("White to move", texts.status(game.state()))
        game.playAll("f3", "e5", "g4")
        assertEquals("Black to move", texts.status(game.state()))
        game.playText("Qh4#")
        val state = game.state()
        assertEquals("Black wins", texts.status(state))
        assertEquals("Checkmate", texts.reason(state.end!!))
        val check = newGame()
        check.playAll("e4", "f5", "Qh5+")
        assertEquals("Black to move Check!", texts.status(check.state()))
    }

    @Test
    fun `the game-over reason is localized`() {
        val game = newGame()
        game.playAll("f3", "e5", "g4", "Qh4#")
        val end = game.state().end!!
        assertEquals("Мат", GameTexts(ResourceStrings("bg")).reason(end))
        assertEquals("Svart vinner", GameTexts(ResourceStrings("nb")).result(end))
    }

    @Test
    fun `move rows keep SAN left to right inside right-to-left text`() {
        val rows = GameTexts(ResourceStrings("iw")).moveRows(listOf("e4", "e5", "Nf3"))
        assertEquals(listOf("\u20661. e4 e5\u2069", "\u20662. Nf3\u2069"), rows)
    }

    @Test
    fun `a refused menu action says why when the screen does not`() {
        val texts = GameTexts(en)
        val game = newGame()
        val nothing = runCatching { game.undo() }.exceptionOrNull() as app.rokada.core.RokadaException
        assertEquals("There is no move to undo.", texts.refusal(nothing))
        game.playAll("f3", "e5", "g4", "Qh4#")
        val over = runCatching { game.resign() }.exceptionOrNull() as app.rokada.core.RokadaException
        assertEquals("The game is over.", texts.refusal(over))
    }
}
