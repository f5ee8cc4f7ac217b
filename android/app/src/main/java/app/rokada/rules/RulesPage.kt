package app.rokada.rules

/** One block of the rules page, as the rules screen lays it out. */
sealed interface RulesBlock {
    data class Heading(val level: Int, val text: String) : RulesBlock

    data class Paragraph(val text: String) : RulesBlock

    /** `marker` is "•" for a bullet, "1." for a numbered item. */
    data class ListItem(val marker: String, val text: String) : RulesBlock

    data class Table(val header: List<String>, val rows: List<List<String>>) : RulesBlock

    data class Diagram(val id: String) : RulesBlock
}

/**
 * Reads the generated rules page (`res/raw/rules.md` and its translations):
 * headings, paragraphs, bullet and numbered lists, tables, and
 * `{{diagram:<id>}}` lines. Notation already comes isolated left to right
 * from the generator.
 */
object RulesPage {
    private val HEADING = Regex("^(#{1,6})\\s+(.*)$")
    private val NUMBERED = Regex("^(\\d+)\\.\\s+(.*)$")
    private val DIAGRAM = Regex("^\\{\\{diagram:([a-z0-9-]+)\\}\\}$")
    private val TABLE_RULE = Regex("^\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?$")

    fun parse(text: String): List<RulesBlock> {
        val blocks = mutableListOf<RulesBlock>()
        val paragraph = mutableListOf<String>()
        var table: MutableList<List<String>>? = null

        fun endParagraph() {
            if (paragraph.isNotEmpty()) blocks += RulesBlock.Paragraph(paragraph.joinToString(" "))
            paragraph.clear()
        }

        fun endTable() {
            table?.let { rows -> if (rows.isNotEmpty()) blocks += RulesBlock.Table(rows.first(), rows.drop(1)) }
            table = null
        }

        for (raw in text.lines()) {
            val line = raw.trim()
            if (line.startsWith("|")) {
                endParagraph()
                val rows = table ?: mutableListOf<List<String>>().also { table = it }
                if (!TABLE_RULE.matches(line)) rows += cells(line)
                continue
            }
            endTable()
            val heading = HEADING.find(line)
            val numbered = NUMBERED.find(line)
            val diagram = DIAGRAM.find(line)
            when {
                line.isEmpty() -> endParagraph()
                heading != null -> {
                    endParagraph()
                    blocks += RulesBlock.Heading(heading.groupValues[1].length, heading.groupValues[2])
                }
                diagram != null -> {
                    endParagraph()
                    blocks += RulesBlock.Diagram(diagram.groupValues[1])
                }
                line.startsWith("- ") || line.startsWith("* ") -> {
                    endParagraph()
                    blocks += RulesBlock.ListItem("•", line.substring(2).trim())
                }
                numbered != null -> {
                    endParagraph()
                    blocks += RulesBlock.ListItem("${numbered.groupValues[1]}.", numbered.groupValues[2])
                }
                else -> paragraph += line
            }
        }
        endParagraph()
        endTable()
        return blocks
    }

    private fun cells(line: String): List<String> =
        line.trim().removePrefix("|").removeSuffix("|").split('|').map { it.trim() }
}
