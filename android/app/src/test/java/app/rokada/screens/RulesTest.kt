package app.rokada.screens

import android.text.Layout
import android.widget.TextView
import app.rokada.board.ChessBoard
import app.rokada.core.Language
import app.rokada.core.RulesPageBlock
import app.rokada.core.rulesPage
import app.rokada.screens.harness.Look
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.ui.RulesActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** The rules page, as the core gives it in blocks, with its diagrams drawn. */
class RulesTest : ScreenTest() {
    @Test
    fun `every block and every diagram of the page is shown, in Hebrew right to left`() {
        val rules = Screens.launch(RulesActivity::class.java, Look(language = "iw")).get()
        val page = rulesPage(Language.HEBREW)
        val diagrams = Screens.all<ChessBoard>(rules.window.decorView)
        assertEquals(page.count { it is RulesPageBlock.Diagram }, diagrams.size)
        val title = (page.first() as RulesPageBlock.Heading).spans.joinToString("") {
            (it as app.rokada.core.RulesSpan.Plain).text
        }
        val heading = Screens.all<TextView>(rules.window.decorView).first { it.text.toString() == title }
        assertEquals(Layout.DIR_RIGHT_TO_LEFT, heading.layout.getParagraphDirection(0))
        // Notation inside the Hebrew text keeps reading left to right.
        val texts = Screens.all<TextView>(rules.window.decorView).map { it.text.toString() }
        assertTrue(texts.any { "\u2066Nf3\u2069" in it || "\u2066e4\u2069" in it })
        for (diagram in diagrams) {
            assertTrue(diagram.width > 0 && diagram.width == diagram.height)
        }
    }
}
