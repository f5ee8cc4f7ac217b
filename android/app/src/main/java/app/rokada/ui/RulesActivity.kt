package app.rokada.ui

import android.os.Bundle
import android.view.Gravity
import android.widget.LinearLayout
import android.widget.ScrollView
import android.widget.TableLayout
import android.widget.TableRow
import app.rokada.R
import app.rokada.board.BoardView
import app.rokada.core.RulesDiagram
import app.rokada.core.rulesDiagrams
import app.rokada.rules.RulesBlock
import app.rokada.rules.RulesPage
import app.rokada.rules.caption
import app.rokada.rules.scene
import app.rokada.text.SquareDescriptions

/** The rules page in the app's language, its diagrams drawn by the board view. */
class RulesActivity : RokadaActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        title = getString(R.string.rules_title)
        val page = resources.openRawResource(R.raw.rules).bufferedReader(Charsets.UTF_8).use { it.readText() }
        val diagrams = rulesDiagrams().associateBy { it.id }
        val content = column()
        for (block in RulesPage.parse(page)) {
            when (block) {
                is RulesBlock.Heading -> content.addView(
                    text(block.text, sizeSp = if (block.level == 1) 24f else 20f, bold = true).apply {
                        setPadding(0, dp(12), 0, dp(4))
                    },
                    wide(),
                )
                is RulesBlock.Paragraph -> content.addView(paragraph(block.text), wide())
                is RulesBlock.ListItem -> content.addView(paragraph("${block.marker} ${block.text}"), wide())
                is RulesBlock.Table -> content.addView(table(block), wide())
                is RulesBlock.Diagram -> diagrams[block.id]?.let { content.addView(diagram(it), wide()) }
            }
        }
        setContentView(ScrollView(this).apply { addView(content) })
    }

    private fun paragraph(value: String) = text(value).apply { setPadding(0, dp(4), 0, dp(4)) }

    private fun table(block: RulesBlock.Table): TableLayout = TableLayout(this).apply {
        setColumnShrinkable(block.header.size - 1, true)
        val rows = listOf(block.header) + block.rows
        rows.forEachIndexed { index, cells ->
            addView(
                TableRow(this@RulesActivity).apply {
                    for (cell in cells) {
                        addView(text(cell, bold = index == 0).apply { setPadding(dp(4), dp(4), dp(8), dp(4)) })
                    }
                },
            )
        }
    }

    private fun diagram(d: RulesDiagram): LinearLayout {
        val board = BoardView(this, SquareDescriptions(strings))
        board.scene = d.scene()
        val size = minOf(resources.displayMetrics.widthPixels - dp(32), dp(MAX_DIAGRAM_DP))
        // No side padding: the page's own already leaves the diagram its width.
        return column().apply {
            setPadding(0, dp(8), 0, dp(8))
            gravity = Gravity.CENTER_HORIZONTAL
            addView(board, LinearLayout.LayoutParams(size, size))
            addView(text(d.caption(strings), sizeSp = 14f))
        }
    }

    private companion object {
        const val MAX_DIAGRAM_DP = 360
    }
}
