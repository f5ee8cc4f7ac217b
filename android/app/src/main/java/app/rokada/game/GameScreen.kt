package app.rokada.game

import app.rokada.board.BoardScene
import app.rokada.board.PieceGlyphs
import app.rokada.board.boardFlipped
import app.rokada.core.GameState
import app.rokada.core.Piece
import app.rokada.core.Side
import app.rokada.settings.Settings

/** The board of the game screen: the core's state, turned and filtered by the settings. */
fun boardScene(state: GameState, pieces: List<Piece?>, settings: Settings, flippedByHand: Boolean): BoardScene =
    BoardScene(
        pieces = pieces,
        flipped = boardFlipped(state.mode, state.turn, settings.orientation, flippedByHand),
        lastMove = state.lastMove,
        checkedKing = state.checkedKing,
        selected = state.selected,
        hints = if (settings.moveHints) state.hints else emptyList(),
    )

/** The pieces a player has taken, drawn in their owner's (the opponent's) colour. */
fun capturedGlyphs(state: GameState, taker: Side): String {
    val taken = if (taker == Side.WHITE) state.capturedByWhite else state.capturedByBlack
    val owner = if (taker == Side.WHITE) Side.BLACK else Side.WHITE
    return taken.joinToString("") { PieceGlyphs.symbol(Piece(owner, it)) }
}
