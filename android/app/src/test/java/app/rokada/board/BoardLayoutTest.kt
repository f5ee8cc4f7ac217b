package app.rokada.board

import app.rokada.core.InputResult
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Side
import app.rokada.core.SquarePair
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
    private val layout = BoardLayout(800f)

    private fun startScene(flipped: Boolean = false) = BoardScene(newGame().board(), flipped = flipped)

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
    fun `h1 is a light square and a1 a dark one`() {
        val palette = BoardPalette()
        val fills = layout.displayList(startScene()).fills()
        assertEquals(palette.light, fills.single { it.square == sq("h1") }.color)
        assertEquals(palette.dark, fills.single { it.square == sq("a1") }.color)
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
    fun `flipped coordinates run h to a and 1 to 8`() {
        val labels = layout.displayList(startScene(flipped = true)).labels()
        val files = labels.filter { it.corner == LabelCorner.BOTTOM_RIGHT }.sortedBy { it.box.left }
        assertEquals("hgfedcba", files.joinToString("") { it.text })
        val ranks = labels.filter { it.corner == LabelCorner.TOP_LEFT }.sortedBy { it.box.top }
        assertEquals("12345678", ranks.joinToString("") { it.text })
    }

    @Test
    fun `the start position has 32 pieces where the core puts them`() {
        val game = newGame()
        val pieces = layout.displayList(BoardScene(game.board())).pieces()
        assertEquals(32, pieces.size)
        for (mark in pieces) {
            val square = mark.square!!
            assertEquals(game.board()[square.ordinal], mark.piece, squareName(square))
            assertEquals(layout.boxOf(square, false), mark.box)
        }
    }

    @Test
    fun `the checked king's square is marked`() {
        val game = newGame()
        game.playAll("f3", "e5", "g4", "Qh4#")
        val state = game.state()
        assertEquals(sq("e1"), state.checkedKing)
        val items = layout.displayList(BoardScene(game.board(), checkedKing = state.checkedKing))
        val check = items.filterIsInstance<DisplayItem.Highlight>().single { it.kind == HighlightKind.CHECK }
        assertEquals(sq("e1"), check.square)
        assertEquals(layout.boxOf(sq("e1"), false), check.box)
        val checkIndex = items.indexOf(check)
        val kingIndex = items.indexOfFirst { it is DisplayItem.PieceMark && it.square == sq("e1") }
        assertTrue(checkIndex < kingIndex, "the tint is painted under the king")
    }

    @Test
    fun `last move, selection and hints come from the core`() {
        val game = newGame()
        game.playAll("e4", "e5")
        val selected = game.tap(sq("g1")) as InputResult.Selected
        val state = game.state()
        val scene = BoardScene(
            game.board(),
            lastMove = state.lastMove,
            selected = state.selected,
            hints = state.hints,
        )
        val items = layout.displayList(scene)
        val highlights = items.filterIsInstance<DisplayItem.Highlight>()
        assertEquals(
            setOf(sq("e7"), sq("e5")),
            highlights.filter { it.kind == HighlightKind.LAST_MOVE }.map { it.square }.toSet(),
        )
        assertEquals(sq("g1"), highlights.single { it.kind == HighlightKind.SELECTED }.square)
        val hints = items.filterIsInstance<DisplayItem.Hint>()
        assertEquals(selected.hints.toSet(), hints.map { it.square }.toSet())
        assertEquals(setOf(sq("e2"), sq("f3"), sq("h3")), hints.map { it.square }.toSet())
        assertTrue(hints.none { it.onPiece })
    }

    @Test
    fun `a capture hint is a ring around the piece`() {
        val game = newGame()
        game.playAll("e4", "d5")
        game.tap(sq("e4"))
        val items = layout.displayList(BoardScene(game.board(), hints = game.state().hints))
        val hints = items.filterIsInstance<DisplayItem.Hint>().associateBy { it.square }
        assertTrue(hints.getValue(sq("d5")).onPiece)
        assertTrue(!hints.getValue(sq("e5")).onPiece)
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
        assertEquals(612f, dragged.box.centerX, 0.01f)
        assertEquals(555f, dragged.box.centerY, 0.01f)
    }

    @Test
    fun `arrows join square centres`() {
        val scene = startScene().copy(arrows = listOf(SquarePair(sq("e2"), sq("e4"))))
        val arrow = layout.displayList(scene).filterIsInstance<DisplayItem.Arrow>().single()
        assertEquals(450f, arrow.startX)
        assertEquals(650f, arrow.startY)
        assertEquals(450f, arrow.endX)
        assertEquals(450f, arrow.endY)
    }

    @Test
    fun `points map back to the square drawn there`() {
        for (flipped in listOf(false, true)) {
            for (square in app.rokada.core.Square.entries) {
                val box = layout.boxOf(square, flipped)
                assertEquals(square, layout.squareAt(box.centerX, box.centerY, flipped))
                assertEquals(square, layout.squareAt(box.left, box.top, flipped))
            }
        }
        assertNull(layout.squareAt(-1f, 10f, false))
        assertNull(layout.squareAt(10f, 800f, false))
    }
}
