package app.rokada.game

import android.content.Context
import android.media.AudioAttributes
import android.media.SoundPool
import android.view.HapticFeedbackConstants
import android.view.View
import app.rokada.R
import app.rokada.core.EndSound
import app.rokada.core.GameMode
import app.rokada.core.MoveSound
import app.rokada.core.Side
import app.rokada.core.isPlayedHere

/**
 * Sounds and haptic ticks. Which sound a move makes comes from the core
 * (`MoveInfo.sound`, one per move); the end and low time come from its
 * events. The sounds are the app's own (scripts/gen-sounds).
 */
class Feedback(context: Context, private val pool: SoundPool = gamePool()) {
    enum class Sound(val resource: Int) {
        MOVE(R.raw.sound_move),
        CAPTURE(R.raw.sound_capture),
        CASTLE(R.raw.sound_castle),
        CHECK(R.raw.sound_check),
        PROMOTION(R.raw.sound_promotion),
        WIN(R.raw.sound_game_end_win),
        DRAW(R.raw.sound_game_end_draw),
        LOSS(R.raw.sound_game_end_loss),
        LOW_TIME(R.raw.sound_low_time),
    }

    /** The sound setting; off plays nothing. */
    var sound = true

    /** The haptics setting; off never vibrates. */
    var haptics = true

    private val loaded = Sound.entries.associateWith { pool.load(context, it.resource, 1) }

    fun move(sound: MoveSound, view: View) {
        play(
            when (sound) {
                MoveSound.MOVE -> Sound.MOVE
                MoveSound.CAPTURE -> Sound.CAPTURE
                MoveSound.CASTLE -> Sound.CASTLE
                MoveSound.PROMOTION -> Sound.PROMOTION
                MoveSound.CHECK -> Sound.CHECK
            },
        )
        tick(view, HapticFeedbackConstants.CLOCK_TICK)
    }

    /** The end as the core says it sounds at this phone (`StatusLine.endSound`). */
    fun end(sound: EndSound, view: View) {
        play(
            when (sound) {
                EndSound.WIN -> Sound.WIN
                EndSound.DRAW -> Sound.DRAW
                EndSound.LOSS -> Sound.LOSS
            },
        )
        tick(view, HapticFeedbackConstants.LONG_PRESS)
    }

    /** A clock went under the low-time mark: warn only the player whose clock it is. */
    fun lowTime(side: Side, mode: GameMode, view: View) {
        if (!isPlayedHere(mode, side)) return
        play(Sound.LOW_TIME)
        tick(view, HapticFeedbackConstants.LONG_PRESS)
    }

    private fun play(sound: Sound) {
        if (this.sound) pool.play(loaded.getValue(sound), 1f, 1f, 1, 0, 1f)
    }

    private fun tick(view: View, kind: Int) {
        if (haptics) view.performHapticFeedback(kind)
    }

    fun release() = pool.release()

    private companion object {
        /** Two sounds at once at most (a move and the end), as game sounds. */
        fun gamePool(): SoundPool = SoundPool.Builder()
            .setMaxStreams(2)
            .setAudioAttributes(
                AudioAttributes.Builder()
                    .setUsage(AudioAttributes.USAGE_GAME)
                    .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                    .build(),
            )
            .build()
    }
}
