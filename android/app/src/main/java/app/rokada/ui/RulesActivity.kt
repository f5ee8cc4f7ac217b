package app.rokada.ui

import android.os.Bundle
import android.view.Gravity
import android.widget.LinearLayout
import android.widget.ScrollView
import android.widget.TableLayout
import android.widget.TableRow
import app.rokada.R
import app.rokada.board.BoardScene
import app.rokada.board.ChessBoard
import app.rokada.core.RulesCell
import app.rokada.core.RulesDiagram
import app.rokada.core.RulesListMarker
import app.rokada.core.RulesPageBlock
import app.rokada.core.boardColors
import app.rokada.core.rulesPage
import app.rokada.rules.facts
import app.rokada.rules.text
import app.rokada.text.SquareDescriptions

/**
 * The rules page in the app's language, as the core gives it in blocks
 * (no Markdown is read here); its diagrams are drawn by the board view.
 */
class RulesActivity : RokadaActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        title = getString(R.string.rules_title)
        val content = column()
        for (block in rulesPage(coreLanguage)) {
            when (block) {
                is RulesPageBlock.Heading -> content.addView(
                    text(block.spans.text(), sizeSp = if (block.level.toInt() == 1) 24f else 20f, bold = true).apply {
                        setPadding(0, dp(12), 0, dp(4))
                    },
                    wide(),
                )
                is RulesPageBlock.Paragraph -> content.addView(paragraph(block.spans.text()), wide())
                is RulesPageBlock.ListItem -> {
                    val marker = when (val m = block.marker) {
                        RulesListMarker.Bullet -> "•"
                        is RulesListMarker.Number -> "${m.number}."
                    }
                    content.addView(paragraph("$marker ${block.spans.text()}"), wide())
                }
                is RulesPageBlock.Table -> content.addView(table(block.header, block.rows), wide())
                is RulesPageBlock.Diagram -> content.addView(diagram(block.diagram, block.caption.text()), wide())
            }
        }
        setContentView(ScrollView(this).apply { addView(content) })
    }

    private fun paragraph(value: String) = text(value).apply { setPadding(0, dp(4), 0, dp(4)) }

    private fun table(header: List<RulesCell>, rows: List<List<RulesCell>>): TableLayout = TableLayout(this).apply {
        setColumnShrinkable(header.size - 1, true)
        (listOf(header) + rows).forEachIndexed { index, cells ->
            addView(
                TableRow(this@RulesActivity).apply {
                    for (cell in cells) {
                        addView(text(cell.spans.text(), bold = index == 0).apply { setPadding(dp(4), dp(4), dp(8), dp(4)) })
                    }
                },
            )
        }
    }

    private fun diagram(d: RulesDiagram, caption: String): LinearLayout {
        val board = ChessBoard(this, SquareDescriptions(strings))
        board.colors = boardColors(settings.boardTheme)
        board.scene = BoardScene.of(d)
        val size = minOf(resources.displayMetrics.widthPixels - dp(32), dp(MAX_DIAGRAM_DP))
        // No side padding: the page's own already leaves the diagram its width.
        return column().apply {
            setPadding(0, dp(8), 0, dp(8))
            gravity = Gravity.CENTER_HORIZONTAL
            addView(board, LinearLayout.LayoutParams(size, size))
            addView(text(d.facts(strings), sizeSp = 14f), wide())
            if (caption.isNotEmpty()) addView(text(caption, sizeSp = 14f), wide())
        }
    }

    private companion object {
        const val MAX_DIAGRAM_DP = 360
    }
}
