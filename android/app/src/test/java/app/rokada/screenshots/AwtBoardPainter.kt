package app.rokada.screenshots

import app.rokada.board.DisplayItem
import app.rokada.board.LabelCorner
import app.rokada.board.PieceGlyphs
import java.awt.BasicStroke
import java.awt.Color
import java.awt.Font
import java.awt.Graphics2D
import java.awt.geom.Ellipse2D
import java.awt.geom.Line2D
import java.awt.geom.Path2D
import java.awt.geom.Rectangle2D
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.sin

/** Paints the board's display list with java.awt, as BoardPainter does on a Canvas. */
class AwtBoardPainter(private val fontName: String) {
    fun paint(g: Graphics2D, items: List<DisplayItem>) {
        for (item in items) {
            when (item) {
                is DisplayItem.SquareFill -> rect(g, item.box, item.color)
                is DisplayItem.Highlight -> rect(g, item.box, item.color)
                is DisplayItem.Hint -> hint(g, item)
                is DisplayItem.PieceMark -> piece(g, item)
                is DisplayItem.Label -> label(g, item)
                is DisplayItem.Arrow -> arrow(g, item)
            }
        }
    }

    private fun color(argb: Int) = Color(argb, true)

    private fun rect(g: Graphics2D, box: app.rokada.board.Box, argb: Int) {
        g.color = color(argb)
        g.fill(Rectangle2D.Float(box.left, box.top, box.width, box.height))
    }

    private fun hint(g: Graphics2D, hint: DisplayItem.Hint) {
        val box = hint.box
        g.color = color(hint.color)
        if (hint.onPiece) {
            val r = box.width * 0.44f
            g.stroke = BasicStroke(box.width * 0.08f)
            g.draw(Ellipse2D.Float(box.centerX - r, box.centerY - r, 2 * r, 2 * r))
        } else {
            val r = box.width * 0.16f
            g.fill(Ellipse2D.Float(box.centerX - r, box.centerY - r, 2 * r, 2 * r))
        }
    }

    private fun piece(g: Graphics2D, mark: DisplayItem.PieceMark) {
        val box = mark.box
        g.font = Font(fontName, Font.PLAIN, 1).deriveFont(box.height * 0.84f)
        val metrics = g.fontMetrics
        val baseline = box.centerY + (metrics.ascent - metrics.descent) / 2f
        val layers = listOf(
            PieceGlyphs.solid(mark.piece.kind) to mark.fill,
            PieceGlyphs.outline(mark.piece.kind) to mark.outline,
        )
        for ((glyph, argb) in layers) {
            g.color = color(argb)
            g.drawString(glyph, box.centerX - metrics.stringWidth(glyph) / 2f, baseline)
        }
    }

    private fun label(g: Graphics2D, item: DisplayItem.Label) {
        g.font = Font(fontName, Font.BOLD, 1).deriveFont(item.size)
        g.color = color(item.color)
        val metrics = g.fontMetrics
        val pad = item.box.width * 0.05f
        when (item.corner) {
            LabelCorner.TOP_LEFT -> g.drawString(item.text, item.box.left + pad, item.box.top + pad + metrics.ascent)
            LabelCorner.BOTTOM_RIGHT -> g.drawString(
                item.text,
                item.box.right - pad - metrics.stringWidth(item.text),
                item.box.bottom - pad - metrics.descent,
            )
        }
    }

    private fun arrow(g: Graphics2D, arrow: DisplayItem.Arrow) {
        val angle = atan2(arrow.endY - arrow.startY, arrow.endX - arrow.startX)
        val head = arrow.width * 2.2f
        val baseX = arrow.endX - cos(angle) * head
        val baseY = arrow.endY - sin(angle) * head
        g.color = color(arrow.color)
        g.stroke = BasicStroke(arrow.width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
        g.draw(Line2D.Float(arrow.startX, arrow.startY, baseX, baseY))
        val side = head * 0.6f
        val path = Path2D.Float()
        path.moveTo(arrow.endX, arrow.endY)
        path.lineTo(baseX + sin(angle) * side, baseY - cos(angle) * side)
        path.lineTo(baseX - sin(angle) * side, baseY + cos(angle) * side)
        path.closePath()
        g.fill(path)
    }
}
