package app.rokada.ui

import android.content.Context
import android.content.Intent
import android.os.Bundle
import android.view.Menu
import android.view.MenuItem
import android.view.WindowManager
import android.widget.Toast
import app.rokada.R
import app.rokada.core.ActionItem
import app.rokada.core.EventKind
import app.rokada.core.GameAction
import app.rokada.core.GameMode
import app.rokada.core.GameView
import app.rokada.core.LinkState
import app.rokada.core.PeerEvent
import app.rokada.core.PeerRole
import app.rokada.core.RokadaException
import app.rokada.core.SaveSlot
import app.rokada.core.Side
import app.rokada.core.ViewOptions
import app.rokada.core.serviceName
import app.rokada.core.spokenMove
import app.rokada.game.CurrentGame
import app.rokada.game.Feedback
import app.rokada.game.GameController
import app.rokada.game.MainThread
import app.rokada.game.Outcome
import app.rokada.settings.SettingsStore
import app.rokada.text.GameTexts
import app.rokada.wifi.LanDiscovery
import app.rokada.wifi.LocalAddresses
import app.rokada.wifi.PeerTexts

/**
 * The game screen. It draws the core's view and forwards touches and
 * actions; every rule, text choice, menu and number comes from the core.
 * The game outlives the screen (rotation) and is kept saved by the core, so
 * a killed process comes back to it through the slot in the intent.
 */
class GameActivity : RokadaActivity(), GameController.Observer {
    private var controller: GameController? = null
    private lateinit var texts: GameTexts
    private lateinit var peerTexts: PeerTexts
    private lateinit var screen: GameScreen
    private lateinit var dialogs: GameDialogs
    private lateinit var feedback: Feedback
    private lateinit var discovery: LanDiscovery
    private var advertising: LanDiscovery.Stoppable? = null
    private var shown: GameView? = null
    private var endShown = false
    private var addresses: List<String> = emptyList()

    private var ticking = false
    private val ticker = object : Runnable {
        override fun run() {
            tick()
            screen.board.postDelayed(this, TICK_MS)
        }
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        texts = GameTexts(strings)
        peerTexts = PeerTexts(strings)
        val slot = intent.getStringExtra(EXTRA_SLOT)?.let { name -> SaveSlot.entries.firstOrNull { it.name == name } }
        controller = slot?.let {
            try {
                CurrentGame.resume(this, it, SettingsStore(this).deviceName())
            } catch (_: RokadaException) {
                Toast.makeText(this, R.string.android_home_damaged, Toast.LENGTH_LONG).show()
                null
            }
        }
        if (controller == null) return finish()
        endShown = savedInstanceState?.getBoolean(KEY_END_SHOWN) ?: false
        discovery = LanDiscovery(this, MainThread)
        feedback = Feedback(this)
        dialogs = GameDialogs(this, texts, { controller }, ::perform)
        screen = GameScreen(
            this,
            texts,
            controller = { controller },
            onAction = ::onAction,
            onClaim = { claim -> perform(GameAction.ClaimDraw(claim)) },
            onNewCode = { perform(GameAction.NewCode) },
        )
        screen.board.input = controller
        setContentView(screen.root)
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        outState.putBoolean(KEY_END_SHOWN, endShown)
    }

    override fun onStart() {
        super.onStart()
        val game = controller ?: return
        feedback.sound = settings.sound
        feedback.haptics = settings.haptics
        addresses = LocalAddresses.ipv4()
        game.setOptions(ViewOptions(settings.seating, settings.moveHints))
        game.observer = this
        game.resume()
    }

    override fun onStop() {
        if (::screen.isInitialized) {
            tickWhile(false)
            stopAdvertising()
        }
        controller?.let {
            it.observer = null
            it.pause()
        }
        super.onStop()
    }

    override fun onDestroy() {
        if (::screen.isInitialized) {
            dialogs.dismissAll()
            feedback.release()
        }
        super.onDestroy()
    }

    override fun show(view: GameView) {
        shown = view
        title = texts.title(view.mode)
        screen.draw(view, settings.boardTheme, addresses)
        invalidateOptionsMenu()
        advertise(view)
        // The screen stays on exactly while the core says a game or a link needs it.
        if (view.keepAwake) {
            window.addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
        } else {
            window.clearFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
        }
        dialogs.prompt(view)
        tickWhile(view.top.clock != null && view.status.end == null)
        val end = view.status.end
        if (end == null) {
            endShown = false
        } else if (!endShown && view.browse.live) {
            endShown = true
            dialogs.gameOver(end, view)
        }
    }

    override fun happened(event: EventKind) {
        val mode = shown?.mode ?: return
        when (event) {
            is EventKind.MovePlayed -> {
                feedback.move(event.played.sound, screen.board)
                screen.board.announceMove(spokenMove(event.played, coreLanguage))
            }
            is EventKind.GameOver -> shown?.status?.endSound?.let { feedback.end(it, screen.board) }
            is EventKind.LowTime -> feedback.lowTime(event.side, mode, screen.board)
            is EventKind.DrawDeclined -> if (isOpponent(event.by, mode)) toast(getString(R.string.draw_offer_declined))
            is EventKind.Peer -> peerTexts.event(event.event)?.let { toast(it) }
            else -> Unit
        }
    }

    private fun tickWhile(clocks: Boolean) {
        if (clocks == ticking) return
        ticking = clocks
        if (clocks) screen.board.post(ticker) else screen.board.removeCallbacks(ticker)
    }

    /** The clock faces between changes; the core decides when a flag falls. */
    private fun tick() {
        val view = shown ?: return
        val clock = controller?.clock() ?: return
        for ((strip, bar) in listOf(screen.topStrip to view.top, screen.bottomStrip to view.bottom)) {
            strip.showClock(if (strip.shows == Side.WHITE) clock.white else clock.black, bar.toMove)
        }
    }

    override fun onCreateOptionsMenu(menu: Menu): Boolean = true

    override fun onPrepareOptionsMenu(menu: Menu): Boolean {
        menu.clear()
        shown?.actions?.menu.orEmpty().forEachIndexed { index, item ->
            menu.add(Menu.NONE, index, index, texts.action(item.action)).isEnabled = item.enabled
        }
        return true
    }

    override fun onOptionsItemSelected(item: MenuItem): Boolean {
        val action = shown?.actions?.menu?.getOrNull(item.itemId) ?: return super.onOptionsItemSelected(item)
        onAction(action)
        return true
    }

    private fun onAction(item: ActionItem) {
        if (item.confirm) dialogs.confirm(item.action) else perform(item.action)
    }

    private fun perform(action: GameAction) {
        val game = controller ?: return
        when (val outcome = game.perform(action)) {
            Outcome.Done -> if (action == GameAction.Leave) {
                // Adjourned and saved by the core: either phone can host it again.
                CurrentGame.stop()
                controller = null
                finish()
            }
            is Outcome.Share -> share(outcome.pgn)
            Outcome.NewGame -> {
                startActivity(Intent(this, HomeActivity::class.java).addFlags(Intent.FLAG_ACTIVITY_CLEAR_TOP))
                finish()
            }
            is Outcome.Refused -> texts.refusal(outcome.error)?.let { toast(it) }
        }
    }

    private fun share(pgn: String) {
        val send = Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, pgn)
        startActivity(Intent.createChooser(send, getString(R.string.game_menu_share_pgn)))
    }

    /** A hosted game waiting for the other phone is advertised on the network, and only then. */
    private fun advertise(view: GameView) {
        val peer = view.peer
        val port = peer?.port?.takeIf { peer.role == PeerRole.HOST && peer.link == LinkState.PAIRING }
        if (port == null) {
            stopAdvertising()
        } else if (advertising == null) {
            advertising = discovery.advertise(serviceName(SettingsStore(this).deviceName()), port.toInt())
        }
    }

    private fun stopAdvertising() {
        advertising?.stop()
        advertising = null
    }

    private fun isOpponent(side: Side, mode: GameMode): Boolean = mode is GameMode.WifiPeer && side != mode.local

    private fun toast(text: String) = Toast.makeText(this, text, Toast.LENGTH_SHORT).show()

    companion object {
        private const val EXTRA_SLOT = "slot"
        private const val KEY_END_SHOWN = "end_shown"
        private const val TICK_MS = 100L

        /** The game screen on the game of [slot]: the running one, or its save. */
        fun intent(context: Context, slot: SaveSlot): Intent =
            Intent(context, GameActivity::class.java).putExtra(EXTRA_SLOT, slot.name)

        fun open(context: Context, slot: SaveSlot) = context.startActivity(intent(context, slot))
    }
}
