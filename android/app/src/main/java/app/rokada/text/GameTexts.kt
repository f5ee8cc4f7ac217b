package app.rokada.text

import app.rokada.R
import app.rokada.core.DrawClaim
import app.rokada.core.EndReason
import app.rokada.core.GameAction
import app.rokada.core.GameEnd
import app.rokada.core.GameMode
import app.rokada.core.GameResult
import app.rokada.core.GameView
import app.rokada.core.MoveRow
import app.rokada.core.Mover
import app.rokada.core.PlayerLabel
import app.rokada.core.RokadaException
import app.rokada.core.SavedGame
import app.rokada.core.Side
import app.rokada.core.TimePreset
import app.rokada.core.TimePresetKind
import app.rokada.core.isPlayedHere

/** Left-to-right isolate: notation keeps its direction inside right-to-left text. */
const val LRI = "\u2066"
const val PDI = "\u2069"

/** Notation (moves, squares, codes, addresses) isolated left to right. */
fun notation(text: String): String = "$LRI$text$PDI"

/**
 * The game screens' words for what the core says: the app chooses none of
 * the facts, only the strings that put them into the reader's language.
 */
class GameTexts(private val strings: Strings) {
    /** The title that names the way of playing. */
    fun title(mode: GameMode): String = strings.get(
        when (mode) {
            GameMode.SamePhone -> R.string.android_title_same_phone
            is GameMode.Computer -> R.string.android_title_computer
            is GameMode.WifiPeer -> R.string.android_title_wifi
        },
    )

    /** The status line: browsing, the end, a pending offer, the paused clock, or whose move it is. */
    fun status(view: GameView): String {
        val status = view.status
        if (!view.browse.live) return strings.get(R.string.android_status_browsing)
        status.end?.let { return result(it, view.mode) }
        if (status.clockPaused) return strings.get(R.string.clock_paused)
        status.drawOffer?.let {
            if (it.fromOpponent) return strings.get(R.string.draw_offer_received)
            if (view.mode is GameMode.WifiPeer) return strings.get(R.string.draw_offer_sent)
        }
        if (status.computerThinking) return strings.get(R.string.computer_thinking)
        val turn = when (val mover = status.mover) {
            is Mover.Colour -> strings.get(
                if (mover.side == Side.WHITE) R.string.game_white_to_move else R.string.game_black_to_move,
            )
            Mover.You -> strings.get(R.string.game_your_move)
            Mover.Computer -> strings.get(R.string.android_status_computer_move)
            Mover.Opponent -> strings.get(R.string.game_opponent_move)
        }
        return if (status.check) "$turn ${strings.get(R.string.game_check)}" else turn
    }

    /**
     * The result as the player at this phone reads it: "You win" against
     * the computer or over Wi-Fi, the winning colour on one phone.
     */
    fun result(end: GameEnd, mode: GameMode): String {
        val winner = when (end.result) {
            GameResult.WHITE_WINS -> Side.WHITE
            GameResult.BLACK_WINS -> Side.BLACK
            GameResult.DRAW -> return strings.get(R.string.end_draw)
        }
        return strings.get(
            when {
                mode == GameMode.SamePhone ->
                    if (winner == Side.WHITE) R.string.end_white_wins else R.string.end_black_wins
                isPlayedHere(mode, winner) -> R.string.android_end_you_win
                else -> R.string.android_end_you_lose
            },
        )
    }

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

    /** A player bar's name. */
    fun player(label: PlayerLabel): String = when (label) {
        PlayerLabel.You -> strings.get(R.string.android_player_you)
        is PlayerLabel.Colour -> colour(label.side)
        is PlayerLabel.Named -> label.name
        is PlayerLabel.Computer -> strings.get(
            R.string.android_player_computer,
            label.level.toInt(),
            label.rating.toInt(),
        )
        is PlayerLabel.Peer -> label.name ?: strings.get(R.string.android_player_opponent)
    }

    fun colour(side: Side): String = strings.get(if (side == Side.WHITE) R.string.color_white else R.string.color_black)

    /** The material a player is ahead by, "+3"; nothing when level or behind. */
    fun advantage(advantage: UInt): String =
        if (advantage == 0u) "" else strings.get(R.string.android_player_advantage, advantage.toInt())

    /** A menu entry's label. */
    fun action(action: GameAction): String = strings.get(actionLabel(action))

    /** A bottom-bar button's short label. */
    fun barLabel(action: GameAction): String = strings.get(
        when (action) {
            GameAction.Undo -> R.string.android_bar_undo
            GameAction.FlipBoard -> R.string.android_bar_flip
            GameAction.AgreeDraw -> R.string.android_bar_draw
            GameAction.OfferDraw -> R.string.android_bar_offer_draw
            GameAction.Resign -> R.string.android_bar_resign
            GameAction.Rematch -> R.string.android_bar_rematch
            GameAction.SharePgn -> R.string.android_bar_share
            else -> actionLabel(action)
        },
    )

    /** The question before an action marked `confirm`. */
    fun confirmation(action: GameAction): String = strings.get(
        when (action) {
            GameAction.Resign -> R.string.game_confirm_resign
            GameAction.AgreeDraw -> R.string.game_confirm_draw_agreement
            GameAction.NewGame -> R.string.game_confirm_new_game
            GameAction.Leave -> R.string.android_confirm_leave
            GameAction.ContinueFromHere -> R.string.android_confirm_continue_here
            else -> actionLabel(action)
        },
    )

    fun claim(claim: DrawClaim): String = action(GameAction.ClaimDraw(claim))

    /** A move row's number as written before White's move, or before Black's when White's is missing. */
    fun moveNumber(row: MoveRow): String = if (row.white == null) "${row.number}…" else "${row.number}."

    /**
     * Why the core refused an action or a move (the game changed since the
     * screen was drawn), or null when the redrawn screen says it all.
     */
    fun refusal(error: RokadaException): String? = when (error) {
        is RokadaException.GameOver -> strings.get(R.string.error_game_over)
        is RokadaException.NotYourTurn -> strings.get(R.string.error_not_your_turn)
        is RokadaException.NothingToUndo -> strings.get(R.string.error_nothing_to_undo)
        is RokadaException.DrawNotClaimable -> strings.get(R.string.error_no_draw_to_claim)
        is RokadaException.IllegalMove -> strings.get(R.string.error_illegal_move)
        is RokadaException.NotStarted -> strings.get(R.string.android_error_not_started)
        is RokadaException.ClockPaused -> strings.get(R.string.android_error_clock_paused)
        is RokadaException.NotConnected -> strings.get(R.string.android_error_not_connected)
        is RokadaException.Storage -> strings.get(R.string.android_error_storage)
        else -> null
    }

    /** A time control as offered: "Blitz · 5+3", the label as the core writes it. */
    fun preset(preset: TimePreset): String {
        val kind = strings.get(
            when (preset.kind) {
                TimePresetKind.BULLET -> R.string.time_bullet
                TimePresetKind.BLITZ -> R.string.time_blitz
                TimePresetKind.RAPID -> R.string.time_rapid
                TimePresetKind.CLASSICAL -> R.string.time_classical
            },
        )
        return "$kind · ${notation(preset.label)}"
    }

    /** A saved game on the home screen: how it is played, how far it got, the day it started. */
    fun savedGame(saved: SavedGame, maxLevel: Int): String = listOfNotNull(
        title(saved.mode),
        (saved.mode as? GameMode.Computer)?.let { mode ->
            strings.get(R.string.computer_level_value, mode.level.toInt(), maxLevel)
        },
        halfMoves(saved.plies),
        notation(saved.date),
        saved.end?.let { strings.get(R.string.android_home_finished) },
    ).joinToString(" · ")

    fun halfMoves(plies: UInt): String = strings.plural(R.plurals.android_pgn_half_moves, plies.toInt(), plies.toInt())

    companion object {
        fun actionLabel(action: GameAction): Int = when (action) {
            is GameAction.ClaimDraw -> when (action.claim) {
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
            GameAction.PauseClock -> R.string.android_action_pause_clock
            GameAction.ResumeClock -> R.string.android_action_resume_clock
            GameAction.SharePgn -> R.string.game_menu_share_pgn
            GameAction.NewGame -> R.string.game_menu_new_game
            GameAction.Rematch -> R.string.wifi_rematch
            GameAction.DeclineRematch -> R.string.wifi_decline_rematch
            GameAction.Leave -> R.string.wifi_leave
            GameAction.NewCode -> R.string.android_action_new_code
            GameAction.ContinueFromHere -> R.string.android_action_continue_here
        }
    }
}
