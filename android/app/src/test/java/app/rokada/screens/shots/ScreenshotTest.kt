package app.rokada.screens.shots

import android.app.Activity
import android.graphics.Bitmap
import android.widget.EditText
import app.rokada.core.Game
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.SideChoice
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Look
import app.rokada.screens.harness.Pixels
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.testing.ResourceStrings
import app.rokada.ui.CurrentGame
import app.rokada.ui.GameActivity
import app.rokada.ui.HomeActivity
import app.rokada.ui.JoinActivity
import app.rokada.ui.RulesActivity
import app.rokada.ui.SettingsActivity
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File

/**
 * Pictures of every screen of the real app, drawn by Robolectric's native
 * graphics, in the looks of the chosen [Gallery], into the folder given by
 * `rokada.screenshots.dir` (build/screenshots unless told otherwise;
 * scripts/screenshots.sh points it at docs/screenshots).
 */
class ScreenshotTest : ScreenTest() {
    private val out = File(
        System.getProperty("rokada.screenshots.dir")
            ?: ResourceStrings.repoRoot().resolve("build/screenshots").path,
    )

    @Test
    fun `every screen in every look of the gallery`() {
        for (look in Gallery.chosen().looks) {
            for ((name, take) in screens) {
                val picture = take(look)
                assertTrue("$name in ${look.slug} is blank", !blank(picture))
                Pixels.save(picture, File(out, "${look.slug}/$name.png"))
                CurrentGame.adjourn()
            }
        }
    }

    private val screens: List<Pair<String, (Look) -> Bitmap>> = listOf(
        "home" to { look -> Pixels.of(Screens.launch(HomeActivity::class.java, look).get()) },
        "game-start" to { look -> Pixels.of(game(look)) },
        "game-midway" to { look ->
            val screen = game(look, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5")
            BoardDriver(screen).tap("f3")
            Pixels.of(screen)
        },
        "check" to { look -> Pixels.of(game(look, "e4", "e5", "Bc4", "Nc6", "Bxf7+")) },
        "promotion" to { look ->
            val screen = game(look, fen = PROMOTION)
            BoardDriver(screen).tap("b7")
            BoardDriver(screen).tap("b8")
            Pixels.of(screen, Screens.dialog())
        },
        "game-over" to { look ->
            val screen = game(look, "f3", "e5", "g4", "Qh4#")
            Pixels.of(screen, Screens.dialog())
        },
        "wifi-host" to { look ->
            CurrentGame.start(Game.hostWifi(SideChoice.WHITE, null, ANY_PORT))
            Pixels.of(Screens.launch(GameActivity::class.java, look).get())
        },
        "join" to { look ->
            val join = Screens.launch(JoinActivity::class.java, look).get()
            val (address, code) = Screens.all<EditText>(join.window.decorView)
            address.setText(EXAMPLE_ADDRESS)
            code.setText(EXAMPLE_CODE)
            Screens.idle()
            Pixels.of(join)
        },
        "rules" to { look -> Pixels.of(Screens.launch(RulesActivity::class.java, look).get()) },
        "settings" to { look -> Pixels.of(Screens.launch(SettingsActivity::class.java, look).get()) },
    )

    /** A game on one phone after [moves], its screen settled. */
    private fun game(look: Look, vararg moves: String, fen: String? = null): Activity {
        val screen = Screens.launchGame(GameSetup(GameMode.SamePhone, startFen = fen), look).get()
        for (move in moves) Screens.game().game.playText(move)
        Screens.idle()
        return screen
    }

    private fun blank(picture: Bitmap): Boolean {
        val first = picture.getPixel(0, picture.height - 1)
        return (0 until picture.height step 7).all { y ->
            (0 until picture.width step 7).all { x -> picture.getPixel(x, y) == first }
        }
    }

    private companion object {
        const val PROMOTION = "4k3/1P6/8/8/8/8/6K1/8 w - - 0 1"
        const val ANY_PORT: UShort = 0u
        const val EXAMPLE_ADDRESS = "192.168.1.20"
        const val EXAMPLE_CODE = "4821"
    }
}
