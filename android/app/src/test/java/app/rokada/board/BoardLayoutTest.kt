package app.rokada.board

import app.rokada.core.BoardTheme
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side
import app.rokada.core.SquarePair
import app.rokada.core.boardColors
import app.rokada.core.squareName
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.Locale

class BoardLayoutTest {
    private val colors = boardColors(BoardTheme.WOOD)
    private val layout = BoardLayout(800f, colors)

    private fun startScene(flipped: Boolean = false) = BoardScene.of(newGame().view().board).copy(flipped = flipped)

    private fun List<DisplayItem>.fills() = filterIsInstance<DisplayItem.SquareFill>()

    private fun List<DisplayItem>.labels() = filterIsInstance<DisplayItem.Label>()

    private fun List<DisplayItem>.pieces() = filterIsInstance<DisplayItem.PieceMark>()

    @Test
    fun `White at the bottom puts a1 bottom left and h8 top right`() {
        val fills = layout.displayList(startScene()).fills()
        assertEquals(64, fills.size)
        assertEquals(Box(0f, 700f, 100f, 800f), fills.single { it.square == sq("a1") }.box)
        assertEquals(Box(700f, 0f, 800f, 100f), fills.single { it.square == sq("h8") }.box)
    }

    @Test
    fun `a flipped board puts h1 at the top left`() {
        val fills = layout.displayList(startScene(flipped = true)).fills()
        assertEquals(Box(0f, 0f, 100f, 100f), fills.single { it.square == sq("h1") }.box)
        assertEquals(Box(700f, 700f, 800f, 800f), fills.single { it.square == sq("a8") }.box)
    }

    @Test
    fun `squares take the theme's colours, h1 light, a1 dark`() {
        for (theme in BoardTheme.entries) {
            val themed = boardColors(theme)
            val fills = BoardLayout(800f, themed).displayList(startScene()).fills()
            assertEquals(themed.light.toInt(), fills.single { it.square == sq("h1") }.color, "$theme")
            assertEquals(themed.dark.toInt(), fills.single { it.square == sq("a1") }.color, "$theme")
        }
    }

    @Test
    fun `in Hebrew the a-file is still leftmost from White's side`() {
        val saved = Locale.getDefault()
        try {
            Locale.setDefault(Locale.forLanguageTag("he"))
            val items = layout.displayList(startScene())
            val files = items.labels().filter { it.corner == LabelCorner.BOTTOM_RIGHT }.sortedBy { it.box.left }
            assertEquals(listOf("a", "b", "c", "d", "e", "f", "g", "h"), files.map { it.text })
            val ranks = items.labels().filter { it.corner == LabelCorner.TOP_LEFT }.sortedBy { it.box.top }
            assertEquals(listOf("8", "7", "6", "5", "4", "3", "2", "1"), ranks.map { it.text })
            val whiteQueen = items.pieces().single { it.piece == Piece(Side.WHITE, PieceKind.QUEEN) }
            assertEquals(Box(300f, 700f, 400f, 800f), whiteQueen.box, "the queen on d1, left of the king")
        } finally {
            Locale.setDefault(saved)
        }
    }

    @Test
    fun `flipped coordinates run h to a and 1 to 8, each in the other square colour`() {
        val labels = layout.displayList(startScene(flipped = true)).labels()
        val files = labels.filter { it.corner == LabelCorner.BOTTOM_RIGHT }.sortedBy { it.box.left }
        assertEquals("hgfedcba", files.joinToString("") { it.text })
        val ranks = labels.filter { it.corner == LabelCorner.TOP_LEFT }.sortedBy { it.box.top }
        assertEquals("12345678", ranks.joinToString("") { it.text })
        // The bottom row is the 8th: h8, bottom left, is dark, so its label takes the colour for dark squares.
        assertEquals(colors.coordinateOnDark.toInt(), files.first().color)
    }

    @Test
    fun `coordinates scale with the squares and leave out boards too small for them`() {
        val phone = BoardLayout(1000f, colors, density = 2.5f).displayList(startScene()).labels()
        assertEquals(16, phone.size)
        val tablet = BoardLayout(2400f, colors, density = 2f).displayList(startScene()).labels()
        assertTrue(tablet.first().size <= 14 * 2f, "capped on large boards")
        assertTrue(phone.first().size < tablet.first().size)
        val tiny = BoardLayout(400f, colors, density = 3f).displayList(startScene()).labels()
        assertEquals(emptyList<DisplayItem.Label>(), tiny, "no labels on 17 dp squares")
    }

    @Test
    fun `the start position has 32 pieces where the core puts them`() {
        val board = newGame().view().board
        val pieces = layout.displayList(BoardScene.of(board)).pieces()
        assertEquals(32, pieces.size)
        for (mark in pieces) {
            val square = mark.square!!
            assertEquals(board.pieces[square.ordinal], mark.piece, squareName(square))
            assertEquals(layout.boxOf(square, false), mark.box)
            assertTrue(!mark.turned)
        }
    }

    @Test
    fun `the checked king glows under its piece`() {
        val game = newGame()
        game.playAll("f3", "e5", "g4", "Qh4#")
        val board = game.view().board
        val items = layout.displayList(BoardScene.of(board))
        val glow = items.filterIsInstance<DisplayItem.CheckGlow>().single()
        assertEquals(sq("e1"), glow.square)
        assertEquals(colors.check.toInt(), glow.color)
        assertEquals(layout.boxOf(sq("e1"), false), glow.box)
        val kingIndex = items.indexOfFirst { it is DisplayItem.PieceMark && it.square == sq("e1") }
        assertTrue(items.indexOf(glow) < kingIndex, "the glow is painted under the king")
    }

    @Test
    fun `last move, selection and hints come from the core`() {
        val game = newGame()
        game.playAll("e4", "e5")
        val board = game.tap(sq("g1")).view.board
        val items = layout.displayList(BoardScene.of(board))
        val highlights = items.filterIsInstance<DisplayItem.Highlight>()
        assertEquals(
            setOf(sq("e7"), sq("e5")),
            highlights.filter { it.kind == HighlightKind.LAST_MOVE }.map { it.square }.toSet(),
        )
        assertEquals(sq("g1"), highlights.single { it.kind == HighlightKind.SELECTED }.square)
        val hints = items.filterIsInstance<DisplayItem.Hint>()
        assertEquals(setOf(sq("e2"), sq("f3"), sq("h3")), hints.map { it.square }.toSet())
        assertTrue(hints.none { it.capture })
    }

    @Test
    fun `a capture hint is a ring where the core says it takes`() {
        val game = newGame()
        game.playAll("e4", "d5")
        val items = layout.displayList(BoardScene.of(game.tap(sq("e4")).view.board))
        val hints = items.filterIsInstance<DisplayItem.Hint>().associateBy { it.square }
        assertTrue(hints.getValue(sq("d5")).capture)
        assertTrue(!hints.getValue(sq("e5")).capture)
    }

    @Test
    fun `face to face, the far side's pieces are turned`() {
        val scene = startScene().copy(turnedSide = Side.BLACK)
        val pieces = layout.displayList(scene).pieces()
        assertTrue(pieces.filter { it.piece.side == Side.BLACK }.all { it.turned })
        assertTrue(pieces.filter { it.piece.side == Side.WHITE }.none { it.turned })
    }

    @Test
    fun `a dragged piece leaves its square and follows the finger, on top`() {
        val scene = startScene().copy(drag = Drag(sq("g1"), 612f, 555f))
        val items = layout.displayList(scene)
        val pieces = items.pieces()
        assertEquals(32, pieces.size)
        assertTrue(pieces.none { it.square == sq("g1") })
        val dragged = items.last() as DisplayItem.PieceMark
        assertNull(dragged.square)
        assertEquals(Piece(Side.WHITE, PieceKind.KNIGHT), dragged.piece)
        assertEquals(612f, dragged.box.centerX)
        assertEquals(555f, dragged.box.centerY)
    }

    @Test
    fun `a diagram marks its squares and draws its last move as an arrow`() {
        val diagram = app.rokada.core.rulesDiagrams().first { it.lastMove != null && it.marked.isNotEmpty() }
        val items = layout.displayList(BoardScene.of(diagram))
        val arrow = items.filterIsInstance<DisplayItem.Arrow>().single()
        assertEquals(diagram.lastMove, SquarePair(arrow.from, arrow.to))
        assertEquals(diagram.marked.toSet(), items.filterIsInstance<DisplayItem.Hint>().map { it.square }.toSet())
    }
}
