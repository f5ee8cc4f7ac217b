package app.rokada.screens

import android.media.SoundPool
import android.view.HapticFeedbackConstants
import android.view.View
import android.view.WindowManager
import app.rokada.R
import app.rokada.core.EndSound
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.MoveSound
import app.rokada.core.Side
import app.rokada.core.TimeControl
import app.rokada.game.Feedback
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Controls
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf

/** Sounds, haptic ticks and the screen kept on, as the core's events and view ask. */
class FeedbackTest : ScreenTest() {
    private val context = RuntimeEnvironment.getApplication()
    private val pool = SoundPool.Builder().build()
    private val feedback = Feedback(context, pool)
    private val view = View(context)

    private fun played(sound: Int) = shadowOf(pool).wasResourcePlayed(sound)

    @Test
    fun `each move makes the one sound the core names, with a tick`() {
        for ((sound, resource) in listOf(
            MoveSound.MOVE to R.raw.sound_move,
            MoveSound.CAPTURE to R.raw.sound_capture,
            MoveSound.CASTLE to R.raw.sound_castle,
            MoveSound.PROMOTION to R.raw.sound_promotion,
            MoveSound.CHECK to R.raw.sound_check,
        )) {
            shadowOf(pool).clearPlayed()
            feedback.move(sound, view)
            assertTrue("$sound", played(resource))
        }
        assertEquals(HapticFeedbackConstants.CLOCK_TICK, shadowOf(view).lastHapticFeedbackPerformed())
    }

    @Test
    fun `the end makes the sound the core names for this phone`() {
        for ((sound, resource) in listOf(
            EndSound.WIN to R.raw.sound_game_end_win,
            EndSound.LOSS to R.raw.sound_game_end_loss,
            EndSound.DRAW to R.raw.sound_game_end_draw,
        )) {
            shadowOf(pool).clearPlayed()
            feedback.end(sound, view)
            assertTrue("$sound", played(resource))
        }
        assertEquals(HapticFeedbackConstants.LONG_PRESS, shadowOf(view).lastHapticFeedbackPerformed())
    }

    @Test
    fun `low time warns only the player whose clock it is, and the settings silence it all`() {
        feedback.lowTime(Side.BLACK, GameMode.Computer(Side.WHITE, 3u), view)
        assertFalse(played(R.raw.sound_low_time))
        feedback.lowTime(Side.WHITE, GameMode.Computer(Side.WHITE, 3u), view)
        assertTrue(played(R.raw.sound_low_time))

        shadowOf(pool).clearPlayed()
        val quiet = View(context)
        feedback.sound = false
        feedback.haptics = false
        feedback.move(MoveSound.CAPTURE, quiet)
        assertFalse(played(R.raw.sound_capture))
        assertEquals(-1, shadowOf(quiet).lastHapticFeedbackPerformed())
    }

    @Test
    fun `a move on the screen ticks, heard from the core's event`() {
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone)).get()
        val board = BoardDriver(game)
        board.tap("e2")
        board.tap("e4")
        Screens.idleUntil("the move's event") { shadowOf(board.view).lastHapticFeedbackPerformed() != -1 }
        assertEquals(HapticFeedbackConstants.CLOCK_TICK, shadowOf(board.view).lastHapticFeedbackPerformed())
    }

    @Test
    fun `the screen stays on exactly while a game is running`() {
        fun keptOn(activity: android.app.Activity) =
            activity.window.attributes.flags and WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON != 0
        val game = Screens.launchGame(GameSetup(GameMode.SamePhone, timeControl = TimeControl(300_000uL, 0uL))).get()
        assertTrue(keptOn(game))
        Controls.choose(game, game.getString(R.string.android_action_pause_clock))
        assertFalse("paused by the players", keptOn(game))
        Controls.choose(game, game.getString(R.string.android_action_resume_clock))
        assertTrue(keptOn(game))
        Controls.press(game, game.getString(R.string.android_bar_resign))
        Controls.confirm()
        assertFalse("the game is over", keptOn(game))
    }
}
