package app.rokada.board

import app.rokada.core.BoardColors
import app.rokada.core.BoardTheme
import app.rokada.core.BoardView
import app.rokada.core.Hint
import app.rokada.core.Piece
import app.rokada.core.RulesDiagram
import app.rokada.core.Side
import app.rokada.core.Square
import app.rokada.core.SquarePair
import app.rokada.core.boardColors
import app.rokada.core.isLightSquare
import app.rokada.core.screenCell
import app.rokada.core.squareAtCell
import app.rokada.core.squareName

/** A piece being dragged: it left `from` and is drawn centred on the finger. */
data class Drag(val from: Square, val x: Float, val y: Float)

/** Everything that decides what the board shows. */
data class BoardScene(
    /** 64 squares in `Square` order, as the core's view has them. */
    val pieces: List<Piece?>,
    /** Black at the bottom. */
    val flipped: Boolean = false,
    /** Face to face: the pieces of this colour are drawn turned 180°. */
    val turnedSide: Side? = null,
    val lastMove: SquarePair? = null,
    val checkedKing: Square? = null,
    val selected: Square? = null,
    val hints: List<Hint> = emptyList(),
    /** Whether a touch can do something now (a drag may start). */
    val interactive: Boolean = false,
    val arrows: List<SquarePair> = emptyList(),
    val drag: Drag? = null,
) {
    init {
        require(pieces.size == SQUARES) { "a board has $SQUARES squares, not ${pieces.size}" }
    }

    companion object {
        const val SQUARES = 64

        fun of(board: BoardView) = BoardScene(
            pieces = board.pieces,
            flipped = board.flipped,
            turnedSide = board.rotatedSide,
            lastMove = board.lastMove,
            checkedKing = board.checkedKing,
            selected = board.selected,
            hints = board.hints,
            interactive = board.interactive,
        )

        /**
         * A rules diagram: the move that led to it as a highlight and an
         * arrow, the checked king glowing, the squares it is about marked
         * as hints.
         */
        fun of(diagram: RulesDiagram) = BoardScene(
            pieces = diagram.board,
            lastMove = diagram.lastMove,
            checkedKing = diagram.checkedKing,
            hints = diagram.marked.map { Hint(it, diagram.board[it.ordinal] != null) },
            arrows = listOfNotNull(diagram.lastMove),
        )
    }
}

/**
 * The board's geometry and its display list. Which square is drawn where
 * comes from the core (`screenCell`/`squareAtCell`), so the a-file is
 * leftmost from White's side in every language, right-to-left ones too.
 * [density] is the screen's pixels per dp: coordinates are sized to the
 * squares and left out where the squares are too small to carry them.
 */
class BoardLayout(
    val size: Float,
    private val colors: BoardColors = boardColors(BoardTheme.WOOD),
    private val density: Float = 1f,
) {
    val cell: Float = size / 8

    fun boxOf(square: Square, flipped: Boolean): Box {
        val at = screenCell(square, flipped)
        val left = at.column.toFloat() * cell
        val top = at.row.toFloat() * cell
        return Box(left, top, left + cell, top + cell)
    }

    /** The square under a point of the board, or null outside it. */
    fun squareAt(x: Float, y: Float, flipped: Boolean): Square? {
        if (x < 0 || y < 0 || x >= size || y >= size) return null
        val column = (x / cell).toInt().coerceIn(0, 7)
        val row = (y / cell).toInt().coerceIn(0, 7)
        return squareAtCell(column.toUByte(), row.toUByte(), flipped)
    }

    fun displayList(scene: BoardScene): List<DisplayItem> {
        val items = ArrayList<DisplayItem>(160)
        val squares = Square.entries
        for (square in squares) {
            val color = if (isLightSquare(square)) colors.light else colors.dark
            items += DisplayItem.SquareFill(square, boxOf(square, scene.flipped), color.toInt())
        }
        scene.lastMove?.let { move ->
            for (square in listOf(move.from, move.to)) {
                items += highlight(square, HighlightKind.LAST_MOVE, colors.lastMove, scene.flipped)
            }
        }
        scene.selected?.let { items += highlight(it, HighlightKind.SELECTED, colors.selected, scene.flipped) }
        scene.checkedKing?.let {
            items += DisplayItem.CheckGlow(it, boxOf(it, scene.flipped), colors.check.toInt())
        }
        if (cell >= MIN_LABELLED_CELL_DP * density) items += coordinates(scene.flipped)
        for (square in squares) {
            val piece = scene.pieces[square.ordinal] ?: continue
            if (scene.drag?.from == square) continue
            items += DisplayItem.PieceMark(square, piece, boxOf(square, scene.flipped), piece.side == scene.turnedSide)
        }
        for (hint in scene.hints) {
            items += DisplayItem.Hint(hint.square, hint.capture, boxOf(hint.square, scene.flipped), colors.hint.toInt())
        }
        for (arrow in scene.arrows) items += arrow(arrow, scene.flipped)
        scene.drag?.let { drag ->
            scene.pieces[drag.from.ordinal]?.let { piece ->
                // A little larger than a square, so the finger does not hide it all.
                val half = cell * DRAG_SCALE / 2
                val box = Box(drag.x - half, drag.y - half, drag.x + half, drag.y + half)
                items += DisplayItem.PieceMark(null, piece, box, piece.side == scene.turnedSide)
            }
        }
        return items
    }

    private fun highlight(square: Square, kind: HighlightKind, color: UInt, flipped: Boolean) =
        DisplayItem.Highlight(square, kind, boxOf(square, flipped), color.toInt())

    /** File letters along the bottom row, rank digits along the left column. */
    private fun coordinates(flipped: Boolean): List<DisplayItem> {
        val labels = ArrayList<DisplayItem>(16)
        // A fifth of the square, within limits: readable on a phone, not shouting on a tablet.
        val size = (cell * LABEL_SCALE).coerceIn(MIN_LABEL_DP * density, MAX_LABEL_DP * density)
        for (column in 0..7) {
            val square = squareAtCell(column.toUByte(), 7u, flipped) ?: continue
            labels += label(squareName(square).substring(0, 1), LabelCorner.BOTTOM_RIGHT, square, flipped, size)
        }
        for (row in 0..7) {
            val square = squareAtCell(0u, row.toUByte(), flipped) ?: continue
            labels += label(squareName(square).substring(1), LabelCorner.TOP_LEFT, square, flipped, size)
        }
        return labels
    }

    private fun label(text: String, corner: LabelCorner, square: Square, flipped: Boolean, size: Float): DisplayItem {
        val color = if (isLightSquare(square)) colors.coordinateOnLight else colors.coordinateOnDark
        return DisplayItem.Label(text, corner, boxOf(square, flipped), size, color.toInt())
    }

    private fun arrow(move: SquarePair, flipped: Boolean): DisplayItem.Arrow {
        val from = boxOf(move.from, flipped)
        val to = boxOf(move.to, flipped)
        return DisplayItem.Arrow(
            move.from, move.to, from.centerX, from.centerY, to.centerX, to.centerY,
            cell * ARROW_SCALE, colors.selected.toInt(),
        )
    }

    private companion object {
        const val DRAG_SCALE = 1.3f
        const val LABEL_SCALE = 0.2f
        const val ARROW_SCALE = 0.16f

        /** Squares smaller than this carry no coordinates (the rules diagrams on a small phone). */
        const val MIN_LABELLED_CELL_DP = 28f
        const val MIN_LABEL_DP = 8f
        const val MAX_LABEL_DP = 14f
    }
}
