package app.rokada.board

import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Path
import android.graphics.Typeface
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.sin

/** Paints a display list on a Canvas; it decides nothing about the board. */
class BoardPainter {
    private val fill = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val stroke = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.STROKE }
    private val text = Paint(Paint.ANTI_ALIAS_FLAG).apply {
        textAlign = Paint.Align.CENTER
        typeface = Typeface.DEFAULT
    }
    private val label = Paint(Paint.ANTI_ALIAS_FLAG).apply { typeface = Typeface.DEFAULT_BOLD }
    private val path = Path()

    fun paint(canvas: Canvas, items: List<DisplayItem>) {
        for (item in items) {
            when (item) {
                is DisplayItem.SquareFill -> rect(canvas, item.box, item.color)
                is DisplayItem.Highlight -> rect(canvas, item.box, item.color)
                is DisplayItem.Hint -> hint(canvas, item)
                is DisplayItem.PieceMark -> piece(canvas, item)
                is DisplayItem.Label -> label(canvas, item)
                is DisplayItem.Arrow -> arrow(canvas, item)
            }
        }
    }

    private fun rect(canvas: Canvas, box: Box, color: Int) {
        fill.color = color
        canvas.drawRect(box.left, box.top, box.right, box.bottom, fill)
    }

    private fun hint(canvas: Canvas, hint: DisplayItem.Hint) {
        val box = hint.box
        if (hint.onPiece) {
            stroke.color = hint.color
            stroke.strokeWidth = box.width * 0.08f
            canvas.drawCircle(box.centerX, box.centerY, box.width * 0.44f, stroke)
        } else {
            fill.color = hint.color
            canvas.drawCircle(box.centerX, box.centerY, box.width * 0.16f, fill)
        }
    }

    private fun piece(canvas: Canvas, mark: DisplayItem.PieceMark) {
        val box = mark.box
        text.textSize = box.height * GLYPH_SCALE
        val baseline = box.centerY - (text.ascent() + text.descent()) / 2
        text.color = mark.fill
        canvas.drawText(PieceGlyphs.solid(mark.piece.kind) + TEXT_STYLE, box.centerX, baseline, text)
        text.color = mark.outline
        canvas.drawText(PieceGlyphs.outline(mark.piece.kind) + TEXT_STYLE, box.centerX, baseline, text)
    }

    private fun label(canvas: Canvas, item: DisplayItem.Label) {
        label.color = item.color
        label.textSize = item.size
        val pad = item.box.width * 0.05f
        when (item.corner) {
            LabelCorner.TOP_LEFT -> {
                label.textAlign = Paint.Align.LEFT
                canvas.drawText(item.text, item.box.left + pad, item.box.top + pad - label.ascent(), label)
            }
            LabelCorner.BOTTOM_RIGHT -> {
                label.textAlign = Paint.Align.RIGHT
                canvas.drawText(item.text, item.box.right - pad, item.box.bottom - pad - label.descent(), label)
            }
        }
    }

    private fun arrow(canvas: Canvas, arrow: DisplayItem.Arrow) {
        val angle = atan2(arrow.endY - arrow.startY, arrow.endX - arrow.startX)
        val head = arrow.width * 2.2f
        val baseX = arrow.endX - cos(angle) * head
        val baseY = arrow.endY - sin(angle) * head
        stroke.color = arrow.color
        stroke.strokeWidth = arrow.width
        stroke.strokeCap = Paint.Cap.ROUND
        canvas.drawLine(arrow.startX, arrow.startY, baseX, baseY, stroke)
        val side = head * 0.6f
        path.reset()
        path.moveTo(arrow.endX, arrow.endY)
        path.lineTo(baseX + sin(angle) * side, baseY - cos(angle) * side)
        path.lineTo(baseX - sin(angle) * side, baseY + cos(angle) * side)
        path.close()
        fill.color = arrow.color
        canvas.drawPath(path, fill)
    }

    private companion object {
        const val GLYPH_SCALE = 0.84f

        /** Variation selector 15: the chess symbols as text, never as emoji. */
        const val TEXT_STYLE = "\uFE0E"
    }
}
