package app.rokada.rules

import app.rokada.core.Language
import app.rokada.core.RulesPageBlock
import app.rokada.core.RulesSpan
import app.rokada.core.rulesPage
import app.rokada.testing.ResourceStrings
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class RulesPageTest {
    @Test
    fun `notation is isolated left to right, plain text kept as it is`() {
        val spans = listOf(RulesSpan.Plain("הצריח מ־"), RulesSpan.Notation("h1"), RulesSpan.Plain(" ל־"), RulesSpan.Notation("f1"))
        assertEquals("הצריח מ־\u2066h1\u2069 ל־\u2066f1\u2069", spans.text())
    }

    @Test
    fun `every diagram of the page says who moves, its last move and a check`() {
        val en = ResourceStrings("en")
        val diagrams = rulesPage(Language.ENGLISH).filterIsInstance<RulesPageBlock.Diagram>().map { it.diagram }
        assertTrue(diagrams.isNotEmpty())
        for (diagram in diagrams) {
            val facts = diagram.facts(en)
            assertTrue(facts.startsWith("White to move") || facts.startsWith("Black to move"), facts)
            diagram.lastMove?.let { assertTrue("Last move:" in facts, facts) }
            diagram.checkedKing?.let { assertTrue("is in check" in facts, facts) }
        }
    }
}
