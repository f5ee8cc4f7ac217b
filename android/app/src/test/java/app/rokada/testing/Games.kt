package app.rokada.testing

import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.GameView
import app.rokada.core.Square
import app.rokada.core.TimeControl
import java.util.concurrent.Executor
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

fun newGame(
    fen: String? = null,
    mode: GameMode = GameMode.SamePhone,
    timeControl: TimeControl? = null,
): Game = Game(GameSetup(mode, startFen = fen, timeControl = timeControl))

fun Game.playAll(vararg moves: String) = moves.forEach { playText(it) }

fun sq(name: String): Square = Square.valueOf(name.uppercase())

/** The moves of a view as SAN, from its numbered rows. */
fun GameView.sans(): List<String> = moves.flatMap { listOfNotNull(it.white?.san, it.black?.san) }

/** A stand-in for the main thread's looper: runs tasks only when the test says so. */
class QueueExecutor : Executor {
    private val tasks = LinkedBlockingQueue<Runnable>()

    override fun execute(command: Runnable) {
        tasks.put(command)
    }

    val pending: Int get() = tasks.size

    fun runPending() {
        while (true) tasks.poll()?.run() ?: return
    }

    /** Waits for one task, for events that come from a core thread: a guard against a hang, not a timing. */
    fun runNext(timeoutMs: Long = 60_000): Boolean {
        val task = tasks.poll(timeoutMs, TimeUnit.MILLISECONDS) ?: return false
        task.run()
        return true
    }
}
