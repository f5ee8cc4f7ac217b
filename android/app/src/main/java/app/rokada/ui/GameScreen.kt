package app.rokada.ui

import android.content.res.Configuration
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.LinearLayout
import android.widget.ProgressBar
import app.rokada.R
import app.rokada.board.BoardScene
import app.rokada.board.ChessBoard
import app.rokada.core.BoardTheme
import app.rokada.core.DrawClaim
import app.rokada.core.GameView
import app.rokada.core.boardColors
import app.rokada.game.ActionBar
import app.rokada.game.BrowseBar
import app.rokada.game.GameController
import app.rokada.game.MoveList
import app.rokada.game.PlayerStrip
import app.rokada.text.GameTexts
import app.rokada.text.SquareDescriptions
import app.rokada.wifi.HostPanel

/**
 * The game screen's views, laid out for the screen at hand: on a phone
 * held upright (or a tablet) one column, the board between the players'
 * bars and the moves filling the rest; turned sideways, two panes, the
 * board on the start side and everything else beside it. [draw] shows a
 * view of the core's; the screen decides nothing.
 */
class GameScreen(
    private val activity: RokadaActivity,
    private val texts: GameTexts,
    controller: () -> GameController?,
    onAction: (app.rokada.core.ActionItem) -> Unit,
    onClaim: (DrawClaim) -> Unit,
    onNewCode: () -> Unit,
) {
    val board = ChessBoard(activity, SquareDescriptions(activity.strings))
    val topStrip = PlayerStrip(activity, activity.strings, texts)
    val bottomStrip = PlayerStrip(activity, activity.strings, texts)
    private val status = activity.text(bold = true).apply {
        sizeFrom(R.dimen.status_text)
        accessibilityLiveRegion = View.ACCESSIBILITY_LIVE_REGION_POLITE
    }
    private val thinking = ProgressBar(activity, null, android.R.attr.progressBarStyleSmall).apply {
        contentDescription = activity.getString(R.string.computer_thinking)
    }
    private val claims = LinearLayout(activity).apply { orientation = LinearLayout.VERTICAL }
    private var shownClaims: List<DrawClaim> = emptyList()
    private val onClaim = onClaim
    private val moves = MoveList(activity, texts) { ply -> controller()?.showPly(ply) }
    private val browse = BrowseBar(activity, activity.strings, controller)
    private val actions = ActionBar(activity, texts, onAction)
    val host = HostPanel(activity, activity.strings, onNewCode)

    /** The screen is turned sideways: two panes. */
    private val sideways = activity.resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE

    val root: ViewGroup = build()

    private fun build(): ViewGroup {
        val statusRow = activity.row().apply {
            gravity = Gravity.CENTER_VERTICAL
            setPadding(activity.dp(8), activity.dp(4), activity.dp(8), activity.dp(4))
            addView(thinking)
            addView(status, weighted(vertical = false))
        }
        return if (sideways) {
            val pane = LinearLayout(activity).apply {
                orientation = LinearLayout.VERTICAL
                addView(topStrip.view, wide())
                addView(host.view, wide())
                addView(statusRow, wide())
                addView(claims, wide())
                addView(moves.view, weighted(vertical = true))
                addView(browse.view, wide())
                addView(bottomStrip.view, wide())
                addView(actions.view, wide())
            }
            activity.row().apply {
                addView(board, LinearLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.MATCH_PARENT))
                addView(
                    pane,
                    LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f).apply {
                        marginStart = activity.dp(8)
                    },
                )
                pane.minimumWidth = activity.resources.getDimensionPixelSize(R.dimen.side_pane)
            }
        } else {
            Column().apply {
                addView(host.view, wide())
                addView(topStrip.view, wide())
                addView(
                    board,
                    LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT)
                        .apply { gravity = Gravity.CENTER_HORIZONTAL },
                )
                addView(bottomStrip.view, wide())
                addView(statusRow, wide())
                addView(claims, wide())
                addView(browse.view, wide())
                addView(moves.view, weighted(vertical = true).apply {
                    marginStart = activity.dp(8)
                    marginEnd = activity.dp(8)
                })
                addView(actions.view, wide())
            }
        }
    }

    /**
     * The upright screen's column. The board takes what the bars, the
     * panels and a few lines of moves leave it, so that the action bar at
     * the bottom is never pushed off the screen (a host panel on a tablet).
     */
    private inner class Column : LinearLayout(activity) {
        init {
            orientation = VERTICAL
        }

        override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
            val height = MeasureSpec.getSize(heightMeasureSpec)
            if (MeasureSpec.getMode(heightMeasureSpec) != MeasureSpec.UNSPECIFIED) {
                val unbounded = MeasureSpec.makeMeasureSpec(0, MeasureSpec.UNSPECIFIED)
                var others = 0
                for (i in 0 until childCount) {
                    val child = getChildAt(i)
                    if (child === board || child === moves.view || child.visibility == View.GONE) continue
                    child.measure(widthMeasureSpec, unbounded)
                    others += child.measuredHeight
                }
                board.maxSize = maxOf(0, height - paddingTop - paddingBottom - others - activity.dp(MIN_MOVES_DP))
            }
            super.onMeasure(widthMeasureSpec, heightMeasureSpec)
        }
    }

    /** Shows a view of the core's; [theme] is the board colours of the settings. */
    fun draw(view: GameView, theme: BoardTheme, addresses: List<String>) {
        board.colors = boardColors(theme)
        board.scene = BoardScene.of(view.board)
        topStrip.show(view.top)
        bottomStrip.show(view.bottom)
        status.text = texts.status(view)
        thinking.visibility = if (view.status.computerThinking) View.VISIBLE else View.GONE
        showClaims(view.status.claimable)
        moves.show(view.moves, view.browse)
        browse.show(view.browse)
        actions.show(view.actions.bar)
        host.show(view.peer, addresses)
    }

    /** Each claimable draw is its own button, with its reason. */
    private fun showClaims(claimable: List<DrawClaim>) {
        if (claimable == shownClaims) return
        shownClaims = claimable
        claims.removeAllViews()
        for (claim in claimable) {
            val button = Button(activity).apply {
                text = texts.claim(claim)
                isAllCaps = false
                background = activity.rounded(activity.getColor(R.color.claim), 8)
                setTextColor(activity.getColor(R.color.claim_text))
                setOnClickListener { onClaim(claim) }
            }
            claims.addView(
                button,
                wide().apply {
                    setMargins(activity.dp(8), activity.dp(2), activity.dp(8), activity.dp(2))
                },
            )
        }
    }

    private companion object {
        /** The moves keep at least two lines under an upright board. */
        const val MIN_MOVES_DP = 56
    }
}
