package app.rokada.game

import android.content.Context
import android.view.Gravity
import android.view.View
import android.widget.Button
import android.widget.ImageButton
import android.widget.LinearLayout
import app.rokada.R
import app.rokada.core.ActionItem
import app.rokada.core.BrowseState
import app.rokada.core.GameAction
import app.rokada.text.GameTexts
import app.rokada.text.Strings
import app.rokada.ui.dp
import app.rokada.ui.row
import app.rokada.ui.weighted

/**
 * The bottom bar: the mode's main actions as the core lists them, each an
 * icon over a short label, in fixed places; an action that cannot act now
 * is shown disabled. The rest of the actions are in the menu.
 */
class ActionBar(private val context: Context, private val texts: GameTexts, private val onAction: (ActionItem) -> Unit) {
    val view: LinearLayout = context.row().apply {
        gravity = Gravity.CENTER
        setPadding(context.dp(4), context.dp(2), context.dp(4), context.dp(2))
    }
    private var shown: List<ActionItem> = emptyList()

    fun show(items: List<ActionItem>) {
        if (items == shown) return
        // The same actions in the same places: the buttons stay (a tap under
        // way is not lost to a redraw), only whether each can act changes.
        if (items.map { it.action } != shown.map { it.action }) {
            view.removeAllViews()
            for (item in items) view.addView(button(item.action), weighted(vertical = false))
        }
        shown = items
        items.forEachIndexed { index, item ->
            view.getChildAt(index).apply {
                isEnabled = item.enabled
                alpha = if (item.enabled) 1f else DISABLED_ALPHA
            }
        }
        view.visibility = if (items.isEmpty()) View.GONE else View.VISIBLE
    }

    private fun button(action: GameAction): Button = Button(context, null, android.R.attr.borderlessButtonStyle).apply {
        text = texts.barLabel(action)
        isAllCaps = false
        textSize = 13f
        maxLines = 2
        setCompoundDrawablesRelativeWithIntrinsicBounds(0, icon(action), 0, 0)
        contentDescription = texts.action(action)
        // The item as shown now: its `confirm` may change while the button stays.
        setOnClickListener { shown.firstOrNull { it.action == action }?.let(onAction) }
    }

    private fun icon(action: GameAction): Int = when (action) {
        GameAction.Undo -> R.drawable.ic_undo
        GameAction.FlipBoard -> R.drawable.ic_flip
        GameAction.AgreeDraw, GameAction.OfferDraw -> R.drawable.ic_draw
        GameAction.Resign -> R.drawable.ic_resign
        GameAction.Rematch -> R.drawable.ic_rematch
        GameAction.SharePgn -> R.drawable.ic_share
        else -> 0
    }
}

/**
 * Stepping through the moves: to the start, back, forward, to the last,
 * and, while an earlier position is shown, the way back to the game.
 * Browsing never changes the game.
 */
class BrowseBar(private val context: Context, private val strings: Strings, private val controller: () -> GameController?) {
    private fun step(icon: Int, label: Int, go: (GameController) -> Unit): ImageButton =
        ImageButton(context, null, android.R.attr.borderlessButtonStyle).apply {
            setImageResource(icon)
            contentDescription = strings.get(label)
            setOnClickListener { controller()?.let(go) }
        }

    private val first = step(R.drawable.ic_first, R.string.android_browse_start) { it.showPly(0u) }
    private val back = step(R.drawable.ic_back, R.string.android_browse_back) { it.step(-1) }
    private val forward = step(R.drawable.ic_forward, R.string.android_browse_forward) { it.step(1) }
    private val last = step(R.drawable.ic_last, R.string.android_browse_live) { it.showLive() }
    private val live = Button(context).apply {
        text = strings.get(R.string.android_browse_live)
        isAllCaps = false
        setOnClickListener { controller()?.showLive() }
    }

    val view: LinearLayout = context.row().apply {
        gravity = Gravity.CENTER_VERTICAL
        for (button in listOf(first, back, forward, last)) addView(button, weighted(vertical = false))
        addView(live, LinearLayout.LayoutParams(LinearLayout.LayoutParams.WRAP_CONTENT, LinearLayout.LayoutParams.WRAP_CONTENT))
    }

    fun show(browse: BrowseState) {
        view.visibility = if (browse.plies == 0u) View.GONE else View.VISIBLE
        for ((button, enabled) in listOf(
            first to (browse.shown > 0u),
            back to (browse.shown > 0u),
            forward to !browse.live,
            last to !browse.live,
        )) {
            button.isEnabled = enabled
            button.alpha = if (enabled) 1f else DISABLED_ALPHA
        }
        live.visibility = if (browse.live) View.GONE else View.VISIBLE
    }
}

private const val DISABLED_ALPHA = 0.38f
