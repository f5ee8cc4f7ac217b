package app.rokada.screens.harness

import app.rokada.game.CurrentGame
import org.junit.After
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * The app run as a person uses it: real activities, views, dialogs and
 * touches in Robolectric's API 36 sandbox, with the app's linked resources
 * and real pixels (native graphics). The core is the host-built library.
 */
@RunWith(RobolectricTestRunner::class)
@Config(sdk = [36])
@GraphicsMode(GraphicsMode.Mode.NATIVE)
abstract class ScreenTest {
    /** The game outlives screens by design: stop it, so no test sees the last one's. */
    @After
    fun stopGame() {
        CurrentGame.stop()
        CurrentGame.phone = CurrentGame.Phone()
    }
}
