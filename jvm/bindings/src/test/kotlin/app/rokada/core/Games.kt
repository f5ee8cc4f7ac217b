package app.rokada.core

import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue

/** A game on one phone, optionally from a position and with clocks. */
fun sharedPhoneGame(fen: String? = null, timeControl: TimeControl? = null): Game =
    Game(GameSetup(mode = GameMode.SamePhone, startFen = fen, timeControl = timeControl))

fun timeControl(baseMs: Long, incrementMs: Long = 0): TimeControl =
    TimeControl(baseMs.toULong(), incrementMs.toULong())

/** The move and the view after it, from a move that needs no promotion choice. */
fun MoveResult.played(): MoveResult.Played {
    check(this is MoveResult.Played) { "the move was not played: $this" }
    return this
}

/** Plays moves given in SAN or UCI, one after another. */
fun Game.playAll(vararg moves: String) {
    for (move in moves) playText(move)
}

/** Plays a move by squares that is expected to need no promotion choice. */
fun Game.playSquares(from: Square, to: Square, promotion: PieceKind? = null): MoveInfo =
    play(from, to, promotion).played().played

fun Game.pieceAt(square: Square): Piece? = view().board.pieces[square.ordinal]

/** The moves of the game as SAN, from the view's numbered rows. */
fun GameView.sans(): List<String> = moves.flatMap { listOfNotNull(it.white?.san, it.black?.san) }

/** Every action the screen offers, bar and menu. */
fun GameView.allActions(): List<GameAction> = (actions.bar + actions.menu).map { it.action }

/** The view of an action that was carried out. */
fun ActionOutcome.done(): GameView {
    check(this is ActionOutcome.Done) { "not done: $this" }
    return view
}

/** A view with the revision left out, to compare two games' screens. */
fun GameView.drawn(): GameView = copy(revision = 0uL)

/** An event as the listener saw it, with the thread it arrived on. */
data class Received(val event: LiveEvent, val thread: Thread) {
    val kind: EventKind get() = event.kind
}

/** A listener that queues every event with the thread that delivered it. */
class EventQueue : GameListener {
    private val queue = LinkedBlockingQueue<Received>()

    override fun onEvent(event: LiveEvent) {
        queue.put(Received(event, Thread.currentThread()))
    }

    /** The next event, waiting for it at most [timeoutMs]: a guard against a hang, not a timing. */
    fun next(timeoutMs: Long = 60_000): Received =
        checkNotNull(queue.poll(timeoutMs, TimeUnit.MILLISECONDS)) { "no event within $timeoutMs ms" }

    /** Skips events until one that [wanted] accepts. */
    fun until(wanted: (EventKind) -> Boolean): Received = generateSequence { next() }.first { wanted(it.kind) }

    /** The events up to and including the first one [last] accepts. */
    fun upTo(last: (EventKind) -> Boolean): List<Received> = buildList {
        do {
            val received = next()
            add(received)
        } while (!last(received.kind))
    }

    /** Every event received so far, without waiting. */
    fun drain(): List<Received> = buildList { queue.drainTo(this) }
}

fun Game.listen(): EventQueue = EventQueue().also { setListener(it) }

fun startedEvent(kind: EventKind) = kind is EventKind.Peer && kind.event is PeerEvent.GameStarted

/** A Wi-Fi game hosted and joined over this machine's loopback, paired and started. */
fun wifiPair(): Pair<Game, Game> {
    val host = Game.hostWifi(SideChoice.WHITE, null, port = 0u)
    val hostEvents = host.listen()
    val peer = checkNotNull(host.view().peer)
    val joiner = Game.joinWifi(HostAddress("127.0.0.1", checkNotNull(peer.port)), checkNotNull(peer.code))
    val joinerEvents = joiner.listen()
    hostEvents.until(::startedEvent)
    joinerEvents.until(::startedEvent)
    host.setListener(null)
    joiner.setListener(null)
    return host to joiner
}

fun assertOver(game: Game, result: GameResult, reason: EndReason) {
    val view = game.view()
    assertEquals(GameEnd(result, reason), view.status.end)
    assertTrue(view.status.claimable.isEmpty(), "no claims after the end")
    assertTrue(GameAction.Resign !in view.allActions(), "no resigning after the end")
    assertTrue(!view.board.interactive, "no moves after the end")
}

/**
 * Waits until [done] holds for the files in [dir], woken by the file
 * system's own change events (a game keeps itself saved on its event
 * thread, after the change that the caller made).
 */
fun awaitFiles(dir: java.nio.file.Path, what: String, done: () -> Boolean) {
    dir.fileSystem.newWatchService().use { watcher ->
        dir.register(
            watcher,
            java.nio.file.StandardWatchEventKinds.ENTRY_CREATE,
            java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY,
        )
        while (!done()) {
            val key = checkNotNull(watcher.poll(60, TimeUnit.SECONDS)) { "no $what within 60 s" }
            key.pollEvents()
            key.reset()
        }
    }
}
