package app.rokada.screens

import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.ui.CurrentGame
import app.rokada.ui.GameActivity
import app.rokada.ui.HomeActivity
import org.junit.Assert.assertFalse
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

@RunWith(RobolectricTestRunner::class)
@Config(sdk = [36])
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class SmokeTest {
    @Test
    fun home() {
        val activity = Robolectric.buildActivity(HomeActivity::class.java).setup().get()
        assertFalse(activity.isFinishing)
    }

    @Test
    fun game() {
        CurrentGame.start(Game(GameSetup(GameMode.SamePhone)))
        val activity = Robolectric.buildActivity(GameActivity::class.java).setup().get()
        assertFalse(activity.isFinishing)
        CurrentGame.adjourn()
    }
}
