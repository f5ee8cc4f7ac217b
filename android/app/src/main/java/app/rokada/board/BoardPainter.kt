package app.rokada.board

import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Path
import android.graphics.RadialGradient
import android.graphics.Shader
import android.graphics.Typeface
import android.graphics.drawable.Drawable
import app.rokada.core.Piece
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.sin

/**
 * Paints a display list on a Canvas; it decides nothing about the board.
 * Pieces are the app's vector drawables, drawn at the full size of their
 * square (the set leaves its own margin), never tinted.
 */
class BoardPainter(private val pieces: (Piece) -> Drawable) {
    private val fill = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val stroke = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.STROKE }
    private val glow = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val label = Paint(Paint.ANTI_ALIAS_FLAG).apply { typeface = Typeface.DEFAULT_BOLD }
    private val path = Path()

    fun paint(canvas: Canvas, items: List<DisplayItem>) {
        for (item in items) {
            when (item) {
                is DisplayItem.SquareFill -> rect(canvas, item.box, item.color)
                is DisplayItem.Highlight -> rect(canvas, item.box, item.color)
                is DisplayItem.CheckGlow -> checkGlow(canvas, item)
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

    private fun checkGlow(canvas: Canvas, item: DisplayItem.CheckGlow) {
        val box = item.box
        val radius = box.width / 2
        val clear = item.color and 0x00FFFFFF
        glow.shader = RadialGradient(
            box.centerX, box.centerY, radius,
            intArrayOf(item.color, item.color, clear),
            floatArrayOf(0f, GLOW_CORE, 1f),
            Shader.TileMode.CLAMP,
        )
        canvas.drawRect(box.left, box.top, box.right, box.bottom, glow)
        glow.shader = null
    }

    private fun hint(canvas: Canvas, hint: DisplayItem.Hint) {
        val box = hint.box
        if (hint.capture) {
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
        val drawable = pieces(mark.piece)
        drawable.setBounds(box.left.toInt(), box.top.toInt(), box.right.toInt(), box.bottom.toInt())
        if (mark.turned) {
            canvas.save()
            canvas.rotate(180f, box.centerX, box.centerY)
            drawable.draw(canvas)
            canvas.restore()
        } else {
            drawable.draw(canvas)
        }
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
        stroke.strokeCap = Paint.Cap.BUTT
    }

    private companion object {
        /** The glow keeps its full colour over the middle fifth, then fades. */
        const val GLOW_CORE = 0.2f
    }
}
