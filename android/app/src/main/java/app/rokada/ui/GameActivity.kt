package app.rokada.ui

import android.app.AlertDialog
import android.content.Intent
import android.content.res.Configuration
import android.graphics.Color
import android.os.Bundle
import android.os.SystemClock
import android.util.Log
import android.view.Gravity
import android.view.Menu
import android.view.MenuItem
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.TextView
import android.widget.Toast
import app.rokada.R
import app.rokada.board.BoardView
import app.rokada.board.PieceGlyphs
import app.rokada.core.Controller
import app.rokada.core.GameAction
import app.rokada.core.GameEnd
import app.rokada.core.GameEvent
import app.rokada.core.GameState
import app.rokada.core.InputResult
import app.rokada.core.Side
import app.rokada.game.ActionOutcome
import app.rokada.game.ClockDisplay
import app.rokada.game.GameController
import app.rokada.game.Promotion
import app.rokada.game.boardScene
import app.rokada.game.capturedGlyphs
import app.rokada.store.SessionStore
import app.rokada.text.GameTexts
import app.rokada.text.SquareDescriptions
import java.io.IOException

/**
 * The game screen: board, clocks, captured pieces, moves, status and the
 * game menu. It shows what the core says and forwards touches and menu
 * choices; the game itself outlives the screen (rotation) and is saved on
 * every pause, so a killed process loses nothing.
 */
class GameActivity : RokadaActivity(), GameController.Observer {
    private lateinit var controller: GameController
    private lateinit var store: SessionStore
    private lateinit var texts: GameTexts
    private lateinit var board: BoardView
    private lateinit var status: TextView
    private lateinit var thinking: ProgressBar
    private lateinit var moves: TextView
    private lateinit var topBar: PlayerBar
    private lateinit var bottomBar: PlayerBar

    private var state: GameState? = null
    private var stateReadAt = 0L
    private var menuActions: List<GameAction> = emptyList()
    private var flippedByHand = false
    private var endShown = false

    /** The game was left for a new one: it is closed and must not be touched again. */
    private var left = false
    private var dialog: AlertDialog? = null

    private val ticker = object : Runnable {
        override fun run() {
            showClocks()
            if (state?.clock?.running != null) board.postDelayed(this, TICK_MS)
        }
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        store = SessionStore(filesDir)
        controller = when (val resumed = CurrentGame.resume(store)) {
            is CurrentGame.Resumed.Running -> resumed.controller
            CurrentGame.Resumed.NoSave -> return finish()
            CurrentGame.Resumed.BadSave -> {
                Toast.makeText(this, R.string.error_bad_save, Toast.LENGTH_LONG).show()
                return finish()
            }
        }
        flippedByHand = savedInstanceState?.getBoolean(KEY_FLIPPED) ?: false
        endShown = savedInstanceState?.getBoolean(KEY_END_SHOWN) ?: false
        texts = GameTexts(strings)
        title = getString(R.string.game_menu_title)
        buildViews()
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        outState.putBoolean(KEY_FLIPPED, flippedByHand)
        outState.putBoolean(KEY_END_SHOWN, endShown)
    }

    override fun onResume() {
        super.onResume()
        if (!::controller.isInitialized) return
        board.sound = settings.sound
        controller.observer = this
        controller.resume()
        refresh()
    }

    override fun onPause() {
        if (::controller.isInitialized && !left) {
            board.removeCallbacks(ticker)
            controller.pause()
            save()
        }
        super.onPause()
    }

    override fun onDestroy() {
        dialog?.dismiss()
        if (::controller.isInitialized && controller.observer === this) controller.observer = null
        super.onDestroy()
    }

    override fun onGameEvent(event: GameEvent) {
        when (event) {
            is GameEvent.MovePlayed -> if (event.by != Controller.LOCAL) {
                if (settings.sound) board.playSoundEffect(android.view.SoundEffectConstants.CLICK)
                board.announceMove(getString(R.string.a11y_move_played, event.played.san))
            }
            is GameEvent.DrawOffered -> if (isOpponent(event.by)) toast(R.string.draw_offer_received)
            is GameEvent.DrawDeclined -> if (isOpponent(event.by)) toast(R.string.draw_offer_declined)
            else -> Unit
        }
        refresh()
    }

    override fun onCreateOptionsMenu(menu: Menu): Boolean = true

    override fun onPrepareOptionsMenu(menu: Menu): Boolean {
        menu.clear()
        menuActions = state?.actions.orEmpty()
        menuActions.forEachIndexed { index, action -> menu.add(Menu.NONE, index, index, texts.action(action)) }
        return true
    }

    override fun onOptionsItemSelected(item: MenuItem): Boolean {
        val action = menuActions.getOrNull(item.itemId) ?: return super.onOptionsItemSelected(item)
        val question = when (action) {
            GameAction.Resign -> R.string.game_confirm_resign
            GameAction.AgreeDraw -> R.string.game_confirm_draw_agreement
            GameAction.NewGame -> if (state?.end == null) R.string.game_confirm_new_game else null
            else -> null
        }
        if (question == null) {
            perform(action)
        } else {
            showDialog(
                AlertDialog.Builder(this)
                    .setMessage(question)
                    .setPositiveButton(R.string.common_yes) { _, _ -> perform(action) }
                    .setNegativeButton(R.string.common_no, null),
            )
        }
        return true
    }

    private fun perform(action: GameAction) {
        when (val outcome = controller.perform(action)) {
            ActionOutcome.Done -> Unit
            ActionOutcome.FlipBoard -> flippedByHand = !flippedByHand
            is ActionOutcome.SharePgn -> share(outcome.pgn)
            ActionOutcome.NewGame -> {
                left = true
                board.removeCallbacks(ticker)
                CurrentGame.end(store)
                finish()
                return
            }
            is ActionOutcome.Refused -> texts.refusal(outcome.error)?.let { toast(it) }
        }
        refresh()
    }

    private fun buildViews() {
        board = BoardView(this, SquareDescriptions(strings))
        board.input = controller
        board.onInput = ::onInput
        status = text(sizeSp = 18f, bold = true)
        thinking = ProgressBar(this, null, android.R.attr.progressBarStyleSmall).apply {
            contentDescription = getString(R.string.computer_thinking)
        }
        moves = text(sizeSp = 15f)
        topBar = PlayerBar()
        bottomBar = PlayerBar()

        val statusRow = row().apply {
            gravity = Gravity.CENTER_VERTICAL
            addView(thinking)
            addView(status, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f))
        }
        val moveList = ScrollView(this).apply { addView(moves) }
        val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
        val root = if (landscape) {
            val panel = column().apply {
                addView(topBar.view, wide())
                addView(statusRow, wide())
                addView(moveList, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 0, 1f))
                addView(bottomBar.view, wide())
            }
            row().apply {
                addView(
                    board,
                    LinearLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.MATCH_PARENT),
                )
                addView(panel, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f))
            }
        } else {
            column().apply {
                addView(topBar.view, wide())
                addView(
                    board,
                    LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT)
                        .apply { gravity = Gravity.CENTER_HORIZONTAL },
                )
                addView(bottomBar.view, wide())
                addView(statusRow, wide())
                addView(moveList, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 0, 1f))
            }
        }
        setContentView(root)
    }

    private fun refresh() {
        val s = controller.state()
        state = s
        stateReadAt = SystemClock.elapsedRealtime()
        val scene = boardScene(s, controller.board(), settings, flippedByHand)
        board.scene = scene
        status.text = texts.status(s)
        thinking.visibility = if (s.computerThinking) View.VISIBLE else View.GONE
        moves.text = texts.moveRows(s.moves).joinToString("   ")
        val topSide = if (scene.flipped) Side.WHITE else Side.BLACK
        topBar.show(topSide, s)
        bottomBar.show(topSide.opponent(), s)
        invalidateOptionsMenu()
        board.removeCallbacks(ticker)
        showClocks()
        if (s.clock?.running != null) board.postDelayed(ticker, TICK_MS)
        val pending = s.pendingPromotion
        val end = s.end
        if (pending != null && dialog?.isShowing != true) showPromotion(s.turn)
        if (end != null && !endShown) showGameOver(end)
    }

    private fun showClocks() {
        val s = state ?: return
        val elapsed = SystemClock.elapsedRealtime() - stateReadAt
        topBar.showClock(s, elapsed)
        bottomBar.showClock(s, elapsed)
    }

    private fun onInput(result: InputResult) {
        if (result is InputResult.Played) {
            board.announceMove(getString(R.string.a11y_move_played, result.played.san))
        }
        // A rejected move needs nothing more: the refreshed board has the piece back home.
        refresh()
    }

    private fun showPromotion(mover: Side) {
        val choices = Promotion.choices(mover)
        val labels = choices.map { "${PieceGlyphs.symbol(it.piece)}\uFE0E  " + getString(it.label) }
        showDialog(
            AlertDialog.Builder(this)
                .setTitle(R.string.promotion_title)
                .setItems(labels.toTypedArray()) { _, which ->
                    onInput(controller.choosePromotion(choices[which].piece.kind))
                }
                .setOnCancelListener {
                    controller.cancelPromotion()
                    refresh()
                },
        )
    }

    private fun showGameOver(end: GameEnd) {
        endShown = true
        showDialog(
            AlertDialog.Builder(this)
                .setTitle(texts.result(end))
                .setMessage(texts.reason(end))
                .setPositiveButton(R.string.game_menu_new_game) { _, _ -> perform(GameAction.NewGame) }
                .setNegativeButton(R.string.common_close, null),
        )
    }

    private fun showDialog(builder: AlertDialog.Builder) {
        dialog?.dismiss()
        dialog = builder.show()
    }

    private fun share(pgn: String) {
        val send = Intent(Intent.ACTION_SEND)
            .setType("text/plain")
            .putExtra(Intent.EXTRA_TEXT, pgn)
        startActivity(Intent.createChooser(send, getString(R.string.game_menu_share_pgn)))
    }

    private fun save() {
        try {
            store.save(controller.save())
        } catch (e: IOException) {
            // The game goes on in memory; the next pause tries again.
            Log.w(TAG, "saving the game failed", e)
        }
    }

    private fun isOpponent(side: Side): Boolean = when (val mode = state?.mode) {
        is app.rokada.core.GameMode.WifiPeer -> side != mode.local
        else -> false
    }

    private fun toast(id: Int) = Toast.makeText(this, id, Toast.LENGTH_SHORT).show()

    private fun toast(text: String) = Toast.makeText(this, text, Toast.LENGTH_SHORT).show()

    /** A player's row: colour, the pieces they took, their clock. */
    private inner class PlayerBar {
        private val name = text(sizeSp = 16f, bold = true)
        private val captured = text(sizeSp = 20f)
        private val clock = text(sizeSp = 22f, bold = true)
        private var side = Side.WHITE
        val view: LinearLayout = row().apply {
            gravity = Gravity.CENTER_VERTICAL
            setPadding(dp(8), dp(4), dp(8), dp(4))
            addView(name)
            addView(captured, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f).apply {
                marginStart = dp(8)
            })
            addView(clock)
        }

        fun show(side: Side, s: GameState) {
            this.side = side
            name.text = getString(if (side == Side.WHITE) R.string.color_white else R.string.color_black)
            // Variation selector 15 after each symbol: text, never emoji.
            captured.text = capturedGlyphs(s, side).map { "$it\uFE0E" }.joinToString("")
            clock.visibility = if (s.clock == null) View.GONE else View.VISIBLE
        }

        fun showClock(s: GameState, elapsedMs: Long) {
            val state = s.clock ?: return
            val face = ClockDisplay.face(state, side, elapsedMs)
            clock.text = face.text
            clock.contentDescription = getString(
                if (side == Side.WHITE) R.string.clock_white else R.string.clock_black,
                face.text,
            )
            clock.setTextColor(if (face.low && face.running) LOW_TIME else if (face.running) RUNNING else IDLE)
        }
    }

    private companion object {
        const val TAG = "Rokada"
        const val KEY_FLIPPED = "flipped"
        const val KEY_END_SHOWN = "end_shown"
        const val TICK_MS = 100L
        val LOW_TIME = Color.rgb(0xC0, 0x20, 0x20)
        val RUNNING = Color.rgb(0x10, 0x10, 0x10)
        val IDLE = Color.rgb(0x90, 0x90, 0x90)
    }
}

private fun Side.opponent(): Side = if (this == Side.WHITE) Side.BLACK else Side.WHITE
