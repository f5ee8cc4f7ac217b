package app.rokada.rules

import app.rokada.board.BoardLayout
import app.rokada.board.DisplayItem
import app.rokada.board.HighlightKind
import app.rokada.core.rulesDiagrams
import app.rokada.testing.ResourceStrings
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class RulesPageTest {
    private fun page(folder: String) =
        RulesPage.parse(ResourceStrings.resDir().resolve("$folder/rules.md").readText())

    @Test
    fun `blocks of every kind`() {
        val blocks = RulesPage.parse(
            """
            # Title

            One line
            and the next.

            - a bullet
            1. first
            | A | B |
            |---|---|
            | 1 | 2 |
            {{diagram:start-position}}
            """.trimIndent(),
        )
        assertEquals(
            listOf(
                RulesBlock.Heading(1, "Title"),
                RulesBlock.Paragraph("One line and the next."),
                RulesBlock.ListItem("•", "a bullet"),
                RulesBlock.ListItem("1.", "first"),
                RulesBlock.Table(listOf("A", "B"), listOf(listOf("1", "2"))),
                RulesBlock.Diagram("start-position"),
            ),
            blocks,
        )
    }

    @Test
    fun `every language's page shows the core's diagrams in the core's order`() {
        val ids = rulesDiagrams().map { it.id }
        for (folder in listOf("raw", "raw-iw", "raw-he", "raw-nb", "raw-pl", "raw-bg")) {
            val blocks = page(folder)
            assertEquals(ids, blocks.filterIsInstance<RulesBlock.Diagram>().map { it.id }, folder)
            val table = blocks.filterIsInstance<RulesBlock.Table>().first()
            assertEquals(6, table.rows.size, "$folder: one row per piece")
            assertTrue(table.rows.all { it.size == table.header.size }, folder)
        }
    }

    @Test
    fun `the Hebrew page keeps notation isolated left to right`() {
        val table = page("raw-iw").filterIsInstance<RulesBlock.Table>().first()
        assertEquals("\u2066K\u2069", table.rows.first()[1])
    }

    @Test
    fun `the checkmate diagram shows the move, its arrow and the king in check`() {
        val mate = rulesDiagrams().single { it.id == "checkmate" }
        val items = BoardLayout(400f).displayList(mate.scene())
        val arrow = items.filterIsInstance<DisplayItem.Arrow>().single()
        assertEquals(sq("h5") to sq("f7"), arrow.from to arrow.to)
        val check = items.filterIsInstance<DisplayItem.Highlight>().single { it.kind == HighlightKind.CHECK }
        assertEquals(sq("e8"), check.square)
        assertEquals(
            "Black to move Last move: h5–f7 The king on e8 is in check.",
            mate.caption(ResourceStrings("en")),
        )
    }

    @Test
    fun `a diagram's marked squares are shown as hints`() {
        val knight = rulesDiagrams().single { it.id == "knight-moves" }
        val hints = BoardLayout(400f).displayList(knight.scene()).filterIsInstance<DisplayItem.Hint>()
        assertEquals(knight.marked.toSet(), hints.map { it.square }.toSet())
        assertTrue(hints.map { it.square }.containsAll(listOf("c3", "g5").map(::sq)))
    }
}
