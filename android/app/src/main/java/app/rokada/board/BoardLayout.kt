package app.rokada.board

import app.rokada.core.Piece
import app.rokada.core.Side
import app.rokada.core.Square
import app.rokada.core.SquarePair
import app.rokada.core.isLightSquare
import app.rokada.core.screenCell
import app.rokada.core.squareAtCell
import app.rokada.core.squareName

/** The board's colours, as ARGB ints. */
data class BoardPalette(
    val light: Int = 0xFFEEDDBB.toInt(),
    val dark: Int = 0xFFB58863.toInt(),
    val lastMove: Int = 0x80E6C84C.toInt(),
    val selected: Int = 0x8064A0E6.toInt(),
    val check: Int = 0xC0E0403A.toInt(),
    val hint: Int = 0x66203040,
    val whitePiece: Int = 0xFFFFFFFF.toInt(),
    val blackPiece: Int = 0xFF202020.toInt(),
    val pieceOutline: Int = 0xFF101010.toInt(),
    val arrow: Int = 0xB0208040.toInt(),
)

/** A piece being dragged: it left `from` and is drawn centred on the finger. */
data class Drag(val from: Square, val x: Float, val y: Float)

/** Everything that decides what the board shows. */
data class BoardScene(
    /** 64 squares in `Square` order, as `Game.board()` returns them. */
    val pieces: List<Piece?>,
    /** Black at the bottom. */
    val flipped: Boolean = false,
    val lastMove: SquarePair? = null,
    val checkedKing: Square? = null,
    val selected: Square? = null,
    /** Legal destinations of the selected piece, already filtered by the hints setting. */
    val hints: List<Square> = emptyList(),
    val arrows: List<SquarePair> = emptyList(),
    val drag: Drag? = null,
    val coordinates: Boolean = true,
) {
    init {
        require(pieces.size == SQUARES) { "a board has $SQUARES squares, not ${pieces.size}" }
    }

    companion object {
        const val SQUARES = 64
    }
}

/**
 * The board's geometry and its display list. Which square is drawn where
 * comes from the core (`screenCell`/`squareAtCell`), so the a-file is
 * leftmost from White's side in every language, right-to-left ones too.
 */
class BoardLayout(val size: Float, private val palette: BoardPalette = BoardPalette()) {
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
            val color = if (isLightSquare(square)) palette.light else palette.dark
            items += DisplayItem.SquareFill(square, boxOf(square, scene.flipped), color)
        }
        scene.lastMove?.let { move ->
            for (square in listOf(move.from, move.to)) {
                items += highlight(square, HighlightKind.LAST_MOVE, palette.lastMove, scene.flipped)
            }
        }
        scene.selected?.let { items += highlight(it, HighlightKind.SELECTED, palette.selected, scene.flipped) }
        scene.checkedKing?.let { items += highlight(it, HighlightKind.CHECK, palette.check, scene.flipped) }
        if (scene.coordinates) items += coordinates(scene.flipped)
        for (square in squares) {
            val piece = scene.pieces[square.ordinal] ?: continue
            if (scene.drag?.from == square) continue
            items += pieceMark(square, piece, boxOf(square, scene.flipped))
        }
        for (square in scene.hints) {
            val onPiece = scene.pieces[square.ordinal] != null
            items += DisplayItem.Hint(square, onPiece, boxOf(square, scene.flipped), palette.hint)
        }
        for (arrow in scene.arrows) items += arrow(arrow, scene.flipped)
        scene.drag?.let { drag ->
            scene.pieces[drag.from.ordinal]?.let { piece ->
                // A little larger than a square, so the finger does not hide it all.
                val half = cell * DRAG_SCALE / 2
                val box = Box(drag.x - half, drag.y - half, drag.x + half, drag.y + half)
                items += pieceMark(null, piece, box)
            }
        }
        return items
    }

    private fun highlight(square: Square, kind: HighlightKind, color: Int, flipped: Boolean) =
        DisplayItem.Highlight(square, kind, boxOf(square, flipped), color)

    private fun pieceMark(square: Square?, piece: Piece, box: Box): DisplayItem.PieceMark {
        val fill = if (piece.side == Side.WHITE) palette.whitePiece else palette.blackPiece
        return DisplayItem.PieceMark(square, piece, box, fill, palette.pieceOutline)
    }

    /** File letters along the bottom row, rank digits along the left column. */
    private fun coordinates(flipped: Boolean): List<DisplayItem> {
        val labels = ArrayList<DisplayItem>(16)
        val size = cell * LABEL_SCALE
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
        // Each label takes the colour of the other kind of square, to stand out.
        val color = if (isLightSquare(square)) palette.dark else palette.light
        return DisplayItem.Label(text, corner, boxOf(square, flipped), size, color)
    }

    private fun arrow(move: SquarePair, flipped: Boolean): DisplayItem.Arrow {
        val from = boxOf(move.from, flipped)
        val to = boxOf(move.to, flipped)
        return DisplayItem.Arrow(
            move.from, move.to, from.centerX, from.centerY, to.centerX, to.centerY,
            cell * ARROW_SCALE, palette.arrow,
        )
    }

    private companion object {
        const val DRAG_SCALE = 1.3f
        const val LABEL_SCALE = 0.22f
        const val ARROW_SCALE = 0.16f
    }
}
