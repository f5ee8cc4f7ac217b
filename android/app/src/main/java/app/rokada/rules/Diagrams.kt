package app.rokada.rules

import app.rokada.R
import app.rokada.board.BoardScene
import app.rokada.core.RulesDiagram
import app.rokada.core.Side
import app.rokada.core.squareName
import app.rokada.text.Strings

/**
 * A rules diagram as the board view draws it: the move that led to it as a
 * highlight and an arrow, the checked king marked, and the squares the
 * diagram is about shown as hints.
 */
fun RulesDiagram.scene(): BoardScene = BoardScene(
    pieces = board,
    lastMove = lastMove,
    checkedKing = checkedKing,
    hints = marked,
    arrows = listOfNotNull(lastMove),
)

/** The line under a diagram: who moves, the last move, the king in check. */
fun RulesDiagram.caption(strings: Strings): String = buildList {
    add(strings.get(if (turn == Side.WHITE) R.string.rules_white_to_move else R.string.rules_black_to_move))
    lastMove?.let { add(strings.get(R.string.rules_diagram_last_move, squareName(it.from), squareName(it.to))) }
    checkedKing?.let { add(strings.get(R.string.rules_diagram_check, squareName(it))) }
}.joinToString(" ")
