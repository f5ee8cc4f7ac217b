package app.rokada.game

import app.rokada.R
import app.rokada.core.TimeControl

/** The time controls offered when a game starts. */
enum class TimePreset(val label: Int, val minutes: Int, val incrementSeconds: Int) {
    BULLET(R.string.time_bullet, 1, 0),
    BLITZ(R.string.time_blitz, 5, 3),
    RAPID(R.string.time_rapid, 10, 5),
    CLASSICAL(R.string.time_classical, 30, 20),
    ;

    val timeControl: TimeControl
        get() = TimeControl((minutes * 60_000L).toULong(), (incrementSeconds * 1_000L).toULong())
}
