package app.rokada.ui

import android.app.AlertDialog
import android.view.View
import android.view.ViewGroup
import android.widget.ArrayAdapter
import android.widget.TextView
import app.rokada.R
import app.rokada.board.PieceDrawables
import app.rokada.core.GameAction
import app.rokada.core.GameEnd
import app.rokada.core.GameView
import app.rokada.core.Piece
import app.rokada.core.PieceKind
import app.rokada.core.Prompt
import app.rokada.core.Side
import app.rokada.game.GameController
import app.rokada.text.GameTexts

/**
 * The game screen's dialogs. A question the core asks ([Prompt]: the
 * promotion piece, an offered draw, a requested rematch) is shown while the
 * view has it, and again after the screen is rebuilt; a confirmation comes
 * before an action the core marks `confirm`; the end of the game is told
 * once.
 */
class GameDialogs(
    private val activity: RokadaActivity,
    private val texts: GameTexts,
    private val controller: () -> GameController?,
    private val perform: (GameAction) -> Unit,
) {
    private var prompt: Prompt? = null
    private var promptDialog: AlertDialog? = null
    private var other: AlertDialog? = null

    /** Shows the view's question, or closes the one that no longer stands. */
    fun prompt(view: GameView) {
        val wanted = view.prompt
        if (wanted == prompt && (wanted == null || promptDialog?.isShowing == true)) return
        promptDialog?.dismiss()
        promptDialog = null
        prompt = wanted
        promptDialog = when (wanted) {
            null -> null
            is Prompt.Promotion -> promotion(view.board.pieces[wanted.from.ordinal]?.side ?: view.status.turn)
            is Prompt.DrawOffered -> answer(
                activity.getString(R.string.draw_offer_received),
                GameAction.AcceptDraw,
                GameAction.DeclineDraw,
            )
            is Prompt.RematchOffered -> answer(
                activity.getString(R.string.wifi_rematch_offered),
                GameAction.Rematch,
                GameAction.DeclineRematch,
            )
        }
    }

    private fun promotion(side: Side): AlertDialog {
        val kinds = listOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT)
        val labels = kinds.map {
            activity.getString(
                when (it) {
                    PieceKind.QUEEN -> R.string.promotion_queen
                    PieceKind.ROOK -> R.string.promotion_rook
                    PieceKind.BISHOP -> R.string.promotion_bishop
                    else -> R.string.promotion_knight
                },
            )
        }
        val pieces = PieceDrawables(activity)
        val size = activity.dp(PIECE_DP)
        // Each choice shows its piece, drawn in the colour of the pawn.
        val adapter = object : ArrayAdapter<String>(activity, android.R.layout.select_dialog_item, labels) {
            override fun getView(position: Int, convertView: View?, parent: ViewGroup): View {
                val row = super.getView(position, convertView, parent) as TextView
                val piece = pieces[Piece(side, kinds[position])]
                piece.setBounds(0, 0, size, size)
                row.setCompoundDrawablesRelative(piece, null, null, null)
                row.compoundDrawablePadding = activity.dp(16)
                return row
            }
        }
        return AlertDialog.Builder(activity)
            .setTitle(R.string.promotion_title)
            .setAdapter(adapter) { _, which -> controller()?.choosePromotion(kinds[which]) }
            .setOnCancelListener { controller()?.cancelPromotion() }
            .show()
    }

    private fun answer(question: String, yes: GameAction, no: GameAction): AlertDialog =
        AlertDialog.Builder(activity)
            .setMessage(question)
            .setPositiveButton(texts.action(yes)) { _, _ -> perform(yes) }
            .setNegativeButton(texts.action(no)) { _, _ -> perform(no) }
            .setCancelable(false)
            .show()

    /** Asks before an action that ends, replaces or drops something. */
    fun confirm(action: GameAction) {
        show(
            AlertDialog.Builder(activity)
                .setMessage(texts.confirmation(action))
                .setPositiveButton(texts.action(action)) { _, _ -> perform(action) }
                .setNegativeButton(R.string.common_cancel, null),
        )
    }

    /** The end: the result as this player reads it, why, and what to do next. */
    fun gameOver(end: GameEnd, view: GameView) {
        val rematch = (view.actions.bar + view.actions.menu)
            .firstOrNull { it.action == GameAction.Rematch && it.enabled }
        val builder = AlertDialog.Builder(activity)
            .setTitle(texts.result(end, view.mode))
            .setMessage(texts.reason(end))
            .setNegativeButton(R.string.common_close, null)
            .setNeutralButton(R.string.game_menu_new_game) { _, _ -> perform(GameAction.NewGame) }
        if (rematch != null) builder.setPositiveButton(R.string.wifi_rematch) { _, _ -> perform(GameAction.Rematch) }
        show(builder)
    }

    private fun show(builder: AlertDialog.Builder) {
        other?.dismiss()
        other = builder.show()
    }

    fun dismissAll() {
        promptDialog?.dismiss()
        other?.dismiss()
    }

    private companion object {
        const val PIECE_DP = 40
    }
}
