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

/** Plays moves given in SAN or UCI, one after another. */
fun Game.playAll(vararg moves: String) {
    for (move in moves) playText(move)
}

/** Plays a move by squares that is expected to need no promotion choice. */
fun Game.playSquares(from: Square, to: Square, promotion: PieceKind? = null): MoveInfo {
    val result = play(from, to, promotion)
    check(result is MoveResult.Played) { "$from-$to was not played: $result" }
    return result.played
}

fun Game.pieceAt(square: Square): Piece? = board()[square.ordinal]

/** An event as the listener saw it, with the thread it arrived on. */
data class Received(val event: GameEvent, val thread: Thread)

/** A listener that queues every event with the thread that delivered it. */
class EventQueue : GameListener {
    private val queue = LinkedBlockingQueue<Received>()

    override fun onEvent(event: GameEvent) {
        queue.put(Received(event, Thread.currentThread()))
    }

    /** The next event, waiting for it at most [timeoutMs]. */
    fun next(timeoutMs: Long = 10_000): Received =
        checkNotNull(queue.poll(timeoutMs, TimeUnit.MILLISECONDS)) { "no event within $timeoutMs ms" }

    /** Every event received so far, without waiting. */
    fun drain(): List<Received> = buildList { queue.drainTo(this) }
}

fun Game.listen(): EventQueue = EventQueue().also { setListener(it) }

/** A Wi-Fi game hosted and joined over this machine's loopback, paired and started. */
fun wifiPair(): Pair<Game, Game> {
    val host = Game.hostWifi(SideChoice.WHITE, null, 0u)
    val peer = checkNotNull(host.state().peer)
    val joiner = Game.joinWifi("127.0.0.1", checkNotNull(peer.port), checkNotNull(peer.code))
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
    while (host.state().peer?.started != true || joiner.state().peer?.started != true) {
        check(System.nanoTime() < deadline) { "the two games did not pair" }
        Thread.sleep(10)
    }
    return host to joiner
}

fun assertOver(game: Game, result: GameResult, reason: EndReason) {
    val state = game.state()
    assertEquals(GameEnd(result, reason), state.end)
    assertTrue(state.claimableDraws.isEmpty(), "no claims after the end")
    assertTrue(GameAction.Resign !in state.actions, "no resigning after the end")
}
