package app.rokada.core

/**
 * The cost of one round trip through the bindings as a game screen makes
 * it: play a move and get everything the screen draws after it, in one
 * call (`play` returns the view); and the same move made by touch, a tap
 * on the piece and a tap on its square (two calls, each returning the
 * view). Prints the median and 99th percentile in microseconds. Run by
 * scripts/bench-ffi.sh; a measurement, not a test.
 *
 * It also prints the floor under those numbers: what the generated
 * bindings pay for any call, whatever the core does. Each crossing through
 * JNA allocates a call-status structure; a method first crosses once to
 * clone the object's handle; every enum, record or string argument crosses
 * once to allocate its buffer, and a returned buffer crosses once more to
 * be freed.
 *
 * Arguments: [measured moves] [warm-up moves].
 */
fun main(args: Array<String>) {
    val measured = args.getOrNull(0)?.toInt() ?: 20_000
    val warmUp = args.getOrNull(1)?.toInt() ?: 10_000
    val moves = operaGameSquares()

    val play = RoundTrip("play, view returned", moves) { game, from, to ->
        val result = game.play(from, to)
        check(result is MoveResult.Played) { "$from-$to was not played: $result" }
        result.view.revision.toInt()
    }
    val taps = RoundTrip("tap + tap, views returned", moves) { game, from, to ->
        game.tap(from)
        val touched = game.tap(to)
        check(touched.outcome is TouchOutcome.Played) { "$from-$to was not played: ${touched.outcome}" }
        touched.view.revision.toInt()
    }
    printFloor(moves, measured, warmUp)
    val trips = listOf(play, taps)
    for (trip in trips) trip.run(warmUp)
    for (trip in trips) {
        val micros = trip.run(measured)
        println(
            "ffi: %s: median %.1f µs, p99 %.1f µs (%d moves after %d warm-up)".format(
                trip.name, micros.percentile(50), micros.percentile(99), measured, warmUp,
            ),
        )
    }
}

/** Times calls whose cost is the bindings' own, on a game 20 plies in. */
private fun printFloor(moves: List<Pair<Square, Square>>, measured: Int, warmUp: Int) {
    Game(GameSetup(GameMode.SamePhone)).use { game ->
        for ((from, to) in moves.take(20)) game.play(from, to)
        // Pausing a paused game changes nothing: the cost is the crossing.
        game.pause()
        val probes = listOf(
            Probe("a call-status structure allocated (no crossing)") {
                UniffiRustCallStatus().code.toInt()
            },
            Probe("a method that does nothing (2 crossings)") { game.pause(); 1 },
            Probe("the view read without a move (3 crossings)") { game.view().revision.toInt() },
        )
        for (probe in probes) probe.run(warmUp)
        for (probe in probes) {
            val micros = probe.run(measured)
            println(
                "ffi floor: %s: median %.1f µs, p99 %.1f µs".format(
                    probe.name, micros.percentile(50), micros.percentile(99),
                ),
            )
        }
    }
}

private class Probe(val name: String, private val call: () -> Int) {
    private var sink = 0L

    fun run(count: Int): DoubleArray {
        val micros = DoubleArray(count)
        for (i in 0 until count) {
            val start = System.nanoTime()
            sink += call()
            micros[i] = (System.nanoTime() - start) / 1_000.0
        }
        check(sink >= 0)
        return micros
    }
}

/** Morphy's opera game, 33 plies with captures, castling, checks and mate, as from/to squares. */
private fun operaGameSquares(): List<Pair<Square, Square>> {
    val pgn = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 " +
        "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 " +
        "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0"
    return Game(GameSetup(GameMode.SamePhone)).use { game ->
        pgn.split(' ').filterNot { it.endsWith('.') || it == "1-0" }.map { san ->
            (game.playText(san) as MoveResult.Played).played.let { it.from to it.to }
        }
    }
}

private class RoundTrip(
    val name: String,
    private val moves: List<Pair<Square, Square>>,
    private val move: (Game, Square, Square) -> Int,
) {
    private var sink = 0L

    /** Times [count] moves, starting a new game whenever one ends; returns microseconds per move. */
    fun run(count: Int): DoubleArray {
        val micros = DoubleArray(count)
        var game = Game(GameSetup(GameMode.SamePhone))
        var ply = 0
        for (i in 0 until count) {
            if (ply == moves.size) {
                game.close()
                game = Game(GameSetup(GameMode.SamePhone))
                ply = 0
            }
            val (from, to) = moves[ply++]
            val start = System.nanoTime()
            sink += move(game, from, to)
            micros[i] = (System.nanoTime() - start) / 1_000.0
        }
        game.close()
        check(sink > 0)
        return micros
    }
}

private fun DoubleArray.percentile(p: Int): Double {
    val sorted = sorted()
    return sorted[((sorted.size - 1) * p + 50) / 100]
}
