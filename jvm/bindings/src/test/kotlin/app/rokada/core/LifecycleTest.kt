package app.rokada.core

import java.io.File
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Games hold native memory and native threads (the clock's watcher and the
 * event thread); closing a game must give both back. Measured on the
 * process as the OS sees it, because the JVM sees neither (they are not
 * Java threads).
 */
class LifecycleTest {
    /** Threads the JVM may start or end on its own meanwhile (compiler, GC). */
    private val jvmThreads = 8

    private val opening = arrayOf("e4", "c5", "Nf3", "d6", "d4", "cxd4")

    @Test
    fun `open timed games are visible as threads and closing them ends the threads`() {
        val before = settledThreads()
        val games = List(200) { sharedPhoneGame(timeControl = timeControl(600_000)) }
        games.forEachIndexed { i, game -> if (i % 2 == 0) game.playText("e4") }
        assertTrue(threads() >= before + 200, "200 games' threads: ${threads()} threads, $before before")
        games.forEach { it.close() }
        val after = settledThreads(atMost = before + jvmThreads)
        assertTrue(after <= before + jvmThreads, "$after threads after closing, $before before")
    }

    @Test
    fun `timed games that are only dropped end their threads once collected`() {
        val before = settledThreads()
        repeat(200) { sharedPhoneGame(timeControl = timeControl(600_000)).playText("e4") }
        val after = settledThreads(atMost = before + jvmThreads) { System.gc() }
        assertTrue(after <= before + jvmThreads, "$after threads after collection, $before before")
    }

    @Test
    fun `thousands of sessions leave no threads or memory behind`() {
        // What 1000 open games take: the scale of what a leak would cost.
        repeat(1_000) { closedSession(it) }
        val empty = rssKb()
        val held = List(1_000) { i -> playedSession(i) }
        val perThousandKb = rssKb() - empty
        held.forEach { it.close() }
        assertTrue(perThousandKb > 1_024, "1000 open games took only $perThousandKb kB: RSS does not see them")

        // The allocator and the JIT grow the process for a while whatever
        // the games do; leaked games would make it grow round after round.
        val rounds = 8
        val rss = LongArray(rounds + 1).also { it[0] = rssKb() }
        val threadsBefore = settledThreads(atMost = 0)
        for (round in 1..rounds) {
            repeat(1_000) { closedSession(it) }
            rss[round] = rssKb()
        }
        val threadsAfter = settledThreads(atMost = threadsBefore + jvmThreads)
        val lateGrowthKb = rss[rounds] - rss[rounds / 2]

        println("lifecycle: 1000 open games take $perThousandKb kB")
        println("lifecycle: RSS after each 1000 closed games (kB): ${rss.joinToString()}")
        assertTrue(threadsAfter <= threadsBefore + jvmThreads, "threads: $threadsBefore before, $threadsAfter after")
        // Leaking would add perThousandKb per round; allow a quarter of that.
        assertTrue(
            lateGrowthKb < perThousandKb * (rounds / 2) / 4,
            "RSS grew by $lateGrowthKb kB over the last ${rounds / 2} rounds",
        )
    }

    /** A game as an app screen uses it: half of them timed, with a listener, moves, reads and a save. */
    private fun playedSession(i: Int): Game {
        val game = sharedPhoneGame(timeControl = if (i % 2 == 0) timeControl(600_000, 2_000) else null)
        game.setListener(EventQueue())
        game.playAll(*opening)
        game.tap(Square.G1)
        game.showPly(2u)
        game.view()
        game.clock()
        return game
    }

    private fun closedSession(i: Int) {
        playedSession(i).use { game ->
            Game.restore(game.save()).use { it.view() }
            game.setListener(null)
        }
    }

    private fun status(key: String): Long =
        File("/proc/self/status").useLines { lines ->
            lines.first { it.startsWith("$key:") }.substringAfter(':').trim().substringBefore(' ').toLong()
        }

    private fun threads(): Long = status("Threads")

    private fun rssKb(): Long = status("VmRSS")

    /**
     * The thread count once exiting threads are gone: waits until it is at
     * most [atMost] (or stops falling), doing [nudge] between looks.
     */
    private fun settledThreads(atMost: Long = 0, nudge: () -> Unit = {}): Long {
        val deadline = System.nanoTime() + 20_000_000_000
        var last = threads()
        var stable = 0
        while (System.nanoTime() < deadline) {
            nudge()
            Thread.sleep(50)
            val now = threads()
            if (now <= atMost) return now
            stable = if (now == last) stable + 1 else 0
            if (atMost == 0L && stable >= 4) return now
            last = now
        }
        return threads()
    }
}
