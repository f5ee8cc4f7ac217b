package app.rokada.rules

import app.rokada.R
import app.rokada.core.RulesDiagram
import app.rokada.core.RulesSpan
import app.rokada.core.Side
import app.rokada.core.squareName
import app.rokada.text.Strings
import app.rokada.text.notation

/** The facts under a diagram: who moves, the last move, the king in check. */
fun RulesDiagram.facts(strings: Strings): String = buildList {
    add(strings.get(if (turn == Side.WHITE) R.string.rules_white_to_move else R.string.rules_black_to_move))
    lastMove?.let {
        add(strings.get(R.string.rules_diagram_last_move, squareName(it.from), squareName(it.to)))
    }
    checkedKing?.let { add(strings.get(R.string.rules_diagram_check, squareName(it))) }
}.joinToString(" ")

/** A run of the page's text: notation is isolated left to right, so it reads so in Hebrew too. */
fun List<RulesSpan>.text(): String = joinToString("") { span ->
    when (span) {
        is RulesSpan.Plain -> span.text
        is RulesSpan.Notation -> notation(span.text)
    }
}
