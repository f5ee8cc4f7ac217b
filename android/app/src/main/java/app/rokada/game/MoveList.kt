package app.rokada.game

import android.content.Context
import android.graphics.Rect
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import android.widget.ScrollView
import android.widget.TextView
import app.rokada.R
import app.rokada.core.BrowseState
import app.rokada.core.MoveCell
import app.rokada.core.MoveRow
import app.rokada.text.GameTexts
import app.rokada.ui.dp
import app.rokada.ui.rounded
import app.rokada.ui.sizeFrom
import app.rokada.ui.row
import app.rokada.ui.text

/**
 * The moves as the core numbers them, one group per row ("23… Kf7",
 * "24. e4 Ke6"), flowing in the reading order of the language: in Hebrew
 * the first group is on the right. Each group reads left to right as chess
 * notation does. Tapping a move shows the position after it; the move on
 * show is marked and kept in sight, so the list follows the last move.
 */
class MoveList(private val context: Context, private val texts: GameTexts, private val onMove: (UInt) -> Unit) {
    private val flow = MoveFlow(context)
    val view: ScrollView = ScrollView(context).apply {
        isFillViewport = true
        addView(flow)
    }
    private var current: TextView? = null

    fun show(rows: List<MoveRow>, browse: BrowseState) {
        while (flow.childCount > rows.size) flow.removeViewAt(flow.childCount - 1)
        while (flow.childCount < rows.size) flow.addView(group())
        current = null
        rows.forEachIndexed { index, row ->
            val group = flow.getChildAt(index) as LinearLayout
            (group.getChildAt(0) as TextView).text = texts.moveNumber(row)
            cell(group.getChildAt(1) as TextView, row.white, browse)
            cell(group.getChildAt(2) as TextView, row.black, browse)
        }
        val marked = current ?: return
        // Once laid out, the scrolling list brings the marked move into sight.
        view.post { marked.requestRectangleOnScreen(Rect(0, 0, marked.width, marked.height), true) }
    }

    private fun cell(view: TextView, move: MoveCell?, browse: BrowseState) {
        if (move == null) {
            view.visibility = View.GONE
            return
        }
        view.visibility = View.VISIBLE
        view.text = move.san
        view.setOnClickListener { onMove(move.ply) }
        val shown = move.ply == browse.shown
        view.background = if (shown) context.rounded(context.getColor(R.color.move_current), 4) else null
        view.isSelected = shown
        if (shown) current = view
    }

    private fun group(): LinearLayout = context.row().apply {
        // Notation reads left to right in every language.
        layoutDirection = View.LAYOUT_DIRECTION_LTR
        setPadding(0, 0, context.dp(10), 0)
        addView(
            context.text().apply {
                sizeFrom(R.dimen.move_text)
                setTextColor(context.getColor(R.color.move_number))
                setPadding(context.dp(2), context.dp(4), context.dp(2), context.dp(4))
            },
        )
        repeat(2) {
            addView(
                context.text(bold = true).apply {
                    sizeFrom(R.dimen.move_text)
                    setPadding(context.dp(5), context.dp(4), context.dp(5), context.dp(4))
                    textDirection = View.TEXT_DIRECTION_LTR
                },
            )
        }
    }
}

/** Lays its children out in lines, in the layout direction, wrapping at the edge. */
class MoveFlow(context: Context) : ViewGroup(context) {
    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val width = MeasureSpec.getSize(widthMeasureSpec) - paddingLeft - paddingRight
        var x = 0
        var y = 0
        var line = 0
        for (i in 0 until childCount) {
            val child = getChildAt(i)
            if (child.visibility == GONE) continue
            measureChild(child, MeasureSpec.makeMeasureSpec(width, MeasureSpec.AT_MOST), heightMeasureSpec)
            if (x > 0 && x + child.measuredWidth > width) {
                x = 0
                y += line
                line = 0
            }
            x += child.measuredWidth
            line = maxOf(line, child.measuredHeight)
        }
        setMeasuredDimension(
            MeasureSpec.getSize(widthMeasureSpec),
            resolveSize(y + line + paddingTop + paddingBottom, heightMeasureSpec),
        )
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        val width = r - l - paddingLeft - paddingRight
        val rtl = layoutDirection == LAYOUT_DIRECTION_RTL
        var x = 0
        var y = paddingTop
        var line = 0
        for (i in 0 until childCount) {
            val child = getChildAt(i)
            if (child.visibility == GONE) continue
            if (x > 0 && x + child.measuredWidth > width) {
                x = 0
                y += line
                line = 0
            }
            val left = if (rtl) r - l - paddingRight - x - child.measuredWidth else paddingLeft + x
            child.layout(left, y, left + child.measuredWidth, y + child.measuredHeight)
            x += child.measuredWidth
            line = maxOf(line, child.measuredHeight)
        }
    }
}
