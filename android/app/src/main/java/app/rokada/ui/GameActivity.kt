package app.rokada.ui

import android.app.AlertDialog
import android.content.Intent
import android.content.res.Configuration
import android.graphics.Color
import android.os.Build
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
import app.rokada.core.GameMode
import app.rokada.core.GameState
import app.rokada.core.InputResult
import app.rokada.core.LinkState
import app.rokada.core.PeerEvent
import app.rokada.core.PeerRole
import app.rokada.core.Side
import app.rokada.game.ActionOutcome
import app.rokada.game.ClockDisplay
import app.rokada.game.GameController
import app.rokada.game.MainThread
import app.rokada.game.Promotion
import app.rokada.game.boardScene
import app.rokada.game.capturedGlyphs
import app.rokada.store.SaveKind
import app.rokada.store.SessionStore
import app.rokada.text.GameTexts
import app.rokada.text.SquareDescriptions
import app.rokada.wifi.LanDiscovery
import app.rokada.wifi.LocalAddresses
import app.rokada.wifi.PeerTexts
import app.rokada.wifi.WifiAction
import app.rokada.wifi.wifiActions
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
    private lateinit var banner: TextView
    private lateinit var peerTexts: PeerTexts
    private lateinit var discovery: LanDiscovery
    private var advertising: LanDiscovery.Stoppable? = null
    private var wifiMenu: List<WifiAction> = emptyList()
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
        peerTexts = PeerTexts(strings)
        discovery = LanDiscovery(this, MainThread)
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
        stopAdvertising()
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
            is GameEvent.Peer -> if (onPeerEvent(event.event)) return
            else -> Unit
        }
        refresh()
    }

    override fun onCreateOptionsMenu(menu: Menu): Boolean = true

    override fun onPrepareOptionsMenu(menu: Menu): Boolean {
        menu.clear()
        menuActions = state?.actions.orEmpty()
        menuActions.forEachIndexed { index, action -> menu.add(Menu.NONE, index, index, texts.action(action)) }
        wifiMenu = state?.let(::wifiActions).orEmpty()
        wifiMenu.forEachIndexed { index, action ->
            menu.add(Menu.NONE, WIFI_MENU + index, WIFI_MENU + index, action.label)
        }
        return true
    }

    override fun onOptionsItemSelected(item: MenuItem): Boolean {
        wifiMenu.getOrNull(item.itemId - WIFI_MENU)?.let {
            handle(controller.perform(it))
            return true
        }
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

    private fun perform(action: GameAction) = handle(controller.perform(action))

    private fun handle(outcome: ActionOutcome) {
        when (outcome) {
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
            ActionOutcome.Left -> {
                leave()
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
        banner = text(sizeSp = 17f, bold = true).apply {
            setPadding(dp(12), dp(8), dp(12), dp(8))
            setBackgroundColor(BANNER)
            // Dark on the light banner, in the dark theme too.
            setTextColor(BANNER_TEXT)
            accessibilityLiveRegion = View.ACCESSIBILITY_LIVE_REGION_POLITE
        }
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
                addView(banner, wide())
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
                addView(banner, wide())
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
        showPeer(s)
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

    /** The pairing banner, and advertising the hosted game while it waits for the other phone. */
    private fun showPeer(s: GameState) {
        val peer = s.peer
        val port = peer?.port
        val waiting = peer?.role == PeerRole.HOST && peer.link == LinkState.PAIRING && port != null
        val text = peer?.let { peerTexts.banner(it, if (waiting) LocalAddresses.ipv4() else emptyList()) }
        banner.text = text.orEmpty()
        banner.visibility = if (text == null) View.GONE else View.VISIBLE
        if (waiting && advertising == null && port != null) {
            advertising = discovery.advertise(Build.MODEL, port.toInt())
        } else if (!waiting) {
            stopAdvertising()
        }
    }

    private fun stopAdvertising() {
        advertising?.stop()
        advertising = null
    }

    /** Returns true when the screen closed. */
    private fun onPeerEvent(event: PeerEvent): Boolean {
        when (event) {
            is PeerEvent.RefusedByHost, PeerEvent.Unreachable -> {
                // Final: this game never began; back to joining.
                peerTexts.event(event)?.let { toast(it) }
                left = true
                CurrentGame.end(store)
                finish()
                return true
            }
            is PeerEvent.Adjourned -> {
                saveWifi(event.save)
                peerTexts.event(event)?.let { toast(it) }
            }
            is PeerEvent.RematchOffered -> if (isOpponent(event.by)) {
                showDialog(
                    AlertDialog.Builder(this)
                        .setMessage(R.string.wifi_rematch_offered)
                        .setPositiveButton(R.string.wifi_rematch) { _, _ ->
                            handle(controller.perform(WifiAction.REMATCH))
                        }
                        .setNegativeButton(R.string.wifi_decline_rematch) { _, _ ->
                            handle(controller.perform(WifiAction.DECLINE_REMATCH))
                        },
                )
            }
            is PeerEvent.GameStarted -> endShown = false
            else -> peerTexts.event(event)?.let { toast(it) }
        }
        return false
    }

    /** This phone left a Wi-Fi game: its save stays for resuming it later. */
    private fun leave() {
        left = true
        board.removeCallbacks(ticker)
        stopAdvertising()
        saveWifi(controller.save())
        CurrentGame.adjourn()
        finish()
    }

    private fun saveWifi(text: String) {
        try {
            store.save(text, SaveKind.WIFI)
        } catch (e: IOException) {
            Log.w(TAG, "saving the Wi-Fi game failed", e)
        }
    }

    private fun save() {
        try {
            val kind = if (state?.mode is GameMode.WifiPeer) SaveKind.WIFI else SaveKind.LOCAL
            store.save(controller.save(), kind)
        } catch (e: IOException) {
            // The game goes on in memory; the next pause tries again.
            Log.w(TAG, "saving the game failed", e)
        }
    }

    private fun isOpponent(side: Side): Boolean = when (val mode = state?.mode) {
        is GameMode.WifiPeer -> side != mode.local
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

        /** The theme's main text colour: dark in the light theme, light in the dark one. */
        private val running = obtainStyledAttributes(intArrayOf(android.R.attr.textColorPrimary)).let {
            try {
                it.getColor(0, Color.BLACK)
            } finally {
                it.recycle()
            }
        }
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
            clock.setTextColor(if (face.low && face.running) LOW_TIME else if (face.running) running else IDLE)
        }
    }

    private companion object {
        const val TAG = "Rokada"
        const val KEY_FLIPPED = "flipped"
        const val KEY_END_SHOWN = "end_shown"
        const val TICK_MS = 100L

        /** Menu item ids of the Wi-Fi entries, after the core's. */
        const val WIFI_MENU = 1000
        val BANNER = Color.rgb(0xFF, 0xF3, 0xC4)
        val BANNER_TEXT = Color.rgb(0x30, 0x28, 0x10)
        val LOW_TIME = Color.rgb(0xC0, 0x20, 0x20)
        val IDLE = Color.rgb(0x90, 0x90, 0x90)
    }
}

private fun Side.opponent(): Side = if (this == Side.WHITE) Side.BLACK else Side.WHITE
