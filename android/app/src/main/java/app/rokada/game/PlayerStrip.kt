package app.rokada.game

import android.content.Context
import android.graphics.Typeface
import android.view.Gravity
import android.view.View
import android.widget.ImageView
import android.widget.LinearLayout
import app.rokada.R
import app.rokada.board.PieceDrawables
import app.rokada.core.ClockFace
import app.rokada.core.Piece
import app.rokada.core.PlayerBar
import app.rokada.core.Side
import app.rokada.text.GameTexts
import app.rokada.text.Strings
import app.rokada.ui.dp
import app.rokada.ui.rounded
import app.rokada.ui.sizeFrom
import app.rokada.ui.row
import app.rokada.ui.text
import app.rokada.ui.weighted

/**
 * One player's bar: the name, the pieces they are ahead by and "+N", and
 * the clock chip, lit for the side to move and red in low time as the core
 * says. Face to face, the far player's bar is turned to be read from across
 * the table.
 */
class PlayerStrip(private val context: Context, private val strings: Strings, private val texts: GameTexts) {
    private val name = context.text(bold = true).apply {
        sizeFrom(R.dimen.player_text)
        maxLines = 1
        ellipsize = android.text.TextUtils.TruncateAt.END
    }
    private val surplus = context.row().apply { gravity = Gravity.CENTER_VERTICAL }
    private val advantage = context.text(sizeSp = 14f)
    private val clock = context.text(bold = true).apply {
        sizeFrom(R.dimen.clock_text)
        typeface = Typeface.create(Typeface.MONOSPACE, Typeface.BOLD)
        setPadding(context.dp(10), context.dp(2), context.dp(10), context.dp(2))
        textDirection = View.TEXT_DIRECTION_LTR
    }
    private val pieces = PieceDrawables(context)
    private var side = Side.WHITE
    private var shownSurplus: List<Piece> = emptyList()

    val view: LinearLayout = context.row().apply {
        gravity = Gravity.CENTER_VERTICAL
        setPadding(context.dp(8), context.dp(4), context.dp(8), context.dp(4))
        addView(name)
        addView(surplus, LinearLayout.LayoutParams(LinearLayout.LayoutParams.WRAP_CONTENT, context.dp(20)).apply {
            marginStart = context.dp(8)
        })
        addView(advantage, weighted(vertical = false).apply { marginStart = context.dp(4) })
        addView(clock)
    }

    fun show(bar: PlayerBar) {
        side = bar.side
        name.text = texts.player(bar.label)
        // The pieces this player is ahead by, as the ones taken from the other side.
        val taken = bar.material.surplus.map { Piece(if (bar.side == Side.WHITE) Side.BLACK else Side.WHITE, it) }
        if (taken != shownSurplus) {
            shownSurplus = taken
            surplus.removeAllViews()
            for (piece in taken) {
                surplus.addView(
                    ImageView(context).apply { setImageDrawable(pieces[piece]) },
                    LinearLayout.LayoutParams(context.dp(18), context.dp(18)),
                )
            }
        }
        advantage.text = texts.advantage(bar.material.advantage)
        view.rotation = if (bar.rotated) 180f else 0f
        showClock(bar.clock, bar.toMove)
    }

    /** The clock face now: called after every change and on the ticker between changes. */
    fun showClock(face: ClockFace?, toMove: Boolean) {
        if (face == null) {
            clock.visibility = View.GONE
            return
        }
        clock.visibility = View.VISIBLE
        clock.text = face.text
        clock.contentDescription = strings.get(
            if (side == Side.WHITE) R.string.clock_white else R.string.clock_black,
            face.text,
        )
        val (background, foreground) = when {
            face.low -> R.color.clock_low to R.color.clock_low_text
            toMove -> R.color.clock_active to R.color.clock_active_text
            else -> R.color.clock_idle to R.color.clock_idle_text
        }
        clock.background = context.rounded(context.getColor(background))
        clock.setTextColor(context.getColor(foreground))
    }

    /** Whether this bar is White's or Black's, for the ticker. */
    val shows: Side get() = side
}
