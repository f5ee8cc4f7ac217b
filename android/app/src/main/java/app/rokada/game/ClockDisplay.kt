package app.rokada.game

import app.rokada.core.ClockState
import app.rokada.core.Side
import app.rokada.core.formatClock

/** One player's clock face. */
data class ClockFace(val text: String, val running: Boolean, val low: Boolean)

/**
 * The clock faces between core snapshots: the running side's time goes
 * down by the time elapsed since the snapshot, formatted by the core the
 * same way as in every other app. The core decides when a flag falls.
 */
object ClockDisplay {
    /** Below this, the face turns to the "low time" colour. */
    const val LOW_MS = 20_000L

    fun face(clock: ClockState, side: Side, elapsedMs: Long): ClockFace {
        val running = clock.running == side
        val snapshot = (if (side == Side.WHITE) clock.whiteMs else clock.blackMs).toLong()
        val left = if (running) (snapshot - elapsedMs.coerceAtLeast(0)).coerceAtLeast(0) else snapshot
        val text = when {
            running -> formatClock(left.toULong())
            side == Side.WHITE -> clock.whiteText
            else -> clock.blackText
        }
        return ClockFace(text, running, left < LOW_MS)
    }
}
