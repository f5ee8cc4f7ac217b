package app.rokada.text

import app.rokada.R
import app.rokada.core.DrawClaim
import app.rokada.core.EndReason
import app.rokada.core.GameAction
import app.rokada.core.GameEnd
import app.rokada.core.GameMode
import app.rokada.core.GameResult
import app.rokada.core.GameState
import app.rokada.core.RokadaException
import app.rokada.core.Side

/** Left-to-right isolate: notation keeps its direction inside right-to-left text. */
private const val LRI = "\u2066"
private const val PDI = "\u2069"

/** The game screen's words, chosen from the core's state. */
class GameTexts(private val strings: Strings) {
    /** Whose move it is, the end, or the computer thinking; "Check!" after it when in check. */
    fun status(state: GameState): String {
        state.end?.let { return result(it) }
        if (state.computerThinking) return strings.get(R.string.computer_thinking)
        val turn = when (state.mode) {
            is GameMode.SamePhone -> strings.get(
                if (state.turn == Side.WHITE) R.string.game_white_to_move else R.string.game_black_to_move,
            )
            else -> strings.get(if (state.isLocalTurn) R.string.game_your_move else R.string.game_opponent_move)
        }
        return if (state.checkedKing != null) "$turn ${strings.get(R.string.game_check)}" else turn
    }

    fun result(end: GameEnd): String = strings.get(
        when (end.result) {
            GameResult.WHITE_WINS -> R.string.end_white_wins
            GameResult.BLACK_WINS -> R.string.end_black_wins
            GameResult.DRAW -> R.string.end_draw
        },
    )

    fun reason(end: GameEnd): String = strings.get(
        when (end.reason) {
            EndReason.CHECKMATE -> R.string.end_reason_checkmate
            EndReason.STALEMATE -> R.string.end_reason_stalemate
            EndReason.INSUFFICIENT_MATERIAL -> R.string.end_reason_insufficient_material
            EndReason.DEAD_POSITION -> R.string.end_reason_dead_position
            EndReason.FIVEFOLD_REPETITION -> R.string.end_reason_fivefold_repetition
            EndReason.SEVENTY_FIVE_MOVE_RULE -> R.string.end_reason_seventy_five_move_rule
            EndReason.THREEFOLD_REPETITION -> R.string.end_reason_threefold_repetition
            EndReason.FIFTY_MOVE_RULE -> R.string.end_reason_fifty_move_rule
            EndReason.AGREEMENT -> R.string.end_reason_agreement
            EndReason.RESIGNATION -> R.string.end_reason_resignation
            EndReason.TIMEOUT -> R.string.end_reason_timeout
            EndReason.TIMEOUT_CANNOT_MATE -> R.string.end_reason_timeout_cannot_mate
        },
    )

    /** A game-menu entry's label. */
    fun action(action: GameAction): String = strings.get(actionLabel(action))

    /**
     * Why the core refused a menu action (the game changed since the menu
     * was drawn), or null when the refreshed screen says it all.
     */
    fun refusal(error: RokadaException): String? = when (error) {
        is RokadaException.GameOver -> strings.get(R.string.error_game_over)
        is RokadaException.NotYourTurn -> strings.get(R.string.error_not_your_turn)
        is RokadaException.NothingToUndo -> strings.get(R.string.error_nothing_to_undo)
        is RokadaException.DrawNotClaimable -> strings.get(R.string.error_no_draw_to_claim)
        is RokadaException.IllegalMove -> strings.get(R.string.error_illegal_move)
        else -> null
    }

    /** The moves as numbered rows ("1. e4 e5"), each isolated left to right. */
    fun moveRows(moves: List<String>): List<String> = moves.chunked(2).mapIndexed { index, pair ->
        "$LRI${index + 1}. ${pair.joinToString(" ")}$PDI"
    }

    companion object {
        fun actionLabel(action: GameAction): Int = when (action) {
            is GameAction.ClaimDraw -> when (action.v1) {
                DrawClaim.THREEFOLD_REPETITION -> R.string.game_menu_claim_threefold
                DrawClaim.FIFTY_MOVE_RULE -> R.string.game_menu_claim_fifty
            }
            GameAction.AgreeDraw -> R.string.game_menu_draw_agreement
            GameAction.OfferDraw -> R.string.game_menu_offer_draw
            GameAction.AcceptDraw -> R.string.game_menu_accept_draw
            GameAction.DeclineDraw -> R.string.game_menu_decline_draw
            GameAction.Resign -> R.string.game_menu_resign
            GameAction.Undo -> R.string.game_menu_undo
            GameAction.Redo -> R.string.game_menu_redo
            GameAction.FlipBoard -> R.string.game_menu_flip_board
            GameAction.SharePgn -> R.string.game_menu_share_pgn
            GameAction.NewGame -> R.string.game_menu_new_game
        }
    }
}
