package app.rokada.screens.shots

import android.app.Activity
import android.content.Intent
import android.graphics.Bitmap
import android.widget.EditText
import app.rokada.R
import app.rokada.core.Game
import app.rokada.core.GameAction
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.HostAddress
import app.rokada.core.LinkState
import app.rokada.core.Seating
import app.rokada.core.Side
import app.rokada.core.SideChoice
import app.rokada.core.TimeControl
import app.rokada.game.CurrentGame
import app.rokada.screens.harness.BoardDriver
import app.rokada.screens.harness.Look
import app.rokada.screens.harness.Pixels
import app.rokada.screens.harness.Relay
import app.rokada.screens.harness.Screens
import app.rokada.screens.harness.ScreenTest
import app.rokada.settings.Settings
import app.rokada.settings.SettingsStore
import app.rokada.testing.ResourceStrings
import app.rokada.ui.HomeActivity
import app.rokada.ui.ImportActivity
import app.rokada.ui.JoinActivity
import app.rokada.ui.RulesActivity
import app.rokada.ui.SettingsActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
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
    private val app = RuntimeEnvironment.getApplication()

    @Test
    fun `every screen in every look of the gallery`() {
        for (look in Gallery.chosen().looks) {
            for ((name, take) in screens) {
                SettingsStore(app).save(Settings(deviceName = "Ada's phone"))
                val picture = take(look)
                assertTrue("$name in ${look.slug} is blank", !blank(picture))
                Pixels.save(picture, File(out, "${look.slug}/$name.png"))
                CurrentGame.stop()
                CurrentGame.phone = CurrentGame.Phone()
                CurrentGame.store(app).use { store -> store.saved().forEach { store.remove(it.slot) } }
            }
        }
    }

    private val screens: List<Pair<String, (Look) -> Bitmap>> = listOf(
        "home" to { look ->
            // With a game to continue.
            val store = CurrentGame.store(app)
            CurrentGame.start(app) { Game(GameSetup(GameMode.Computer(Side.WHITE, 3u))) }.game.playText("e4")
            CurrentGame.stop()
            store.close()
            Pixels.of(Screens.launch(HomeActivity::class.java, look).get())
        },
        "game-start" to { look -> Pixels.of(game(look, timed = true)) },
        "game-midway" to { look ->
            val screen = game(look, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", timed = true)
            BoardDriver(screen).tap("f3")
            Pixels.of(screen)
        },
        "check" to { look -> Pixels.of(game(look, "e4", "e5", "Bc4", "Nc6", "Bxf7+")) },
        "claim" to { look -> Pixels.of(game(look, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")) },
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
        "browsing" to { look ->
            val screen = game(look, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7")
            Screens.game().showPly(5u)
            Screens.idle()
            Pixels.of(screen)
        },
        "face-to-face" to { look ->
            SettingsStore(app).save(Settings(seating = Seating.FACE_TO_FACE, deviceName = "Ada's phone"))
            Pixels.of(game(look, "d4", "d5", "c4", "e6", timed = true))
        },
        "computer" to { look ->
            val screen = Screens.launchGame(GameSetup(GameMode.Computer(Side.WHITE, 3u), timeControl = BLITZ), look).get()
            Screens.game().game.playText("e4")
            Screens.idleUntil("the computer's reply") {
                Screens.view().browse.plies == 2u && BoardDriver(screen).view.scene.pieces == Screens.view().board.pieces
            }
            Pixels.of(screen)
        },
        "wifi-host" to { look ->
            Pixels.of(Screens.launchGame(look) { Game.hostWifi(SideChoice.WHITE, BLITZ, port = 0u, name = "Ada's phone") }.get())
        },
        "draw-offer" to { look -> drawOffer(look) },
        "join" to { look ->
            val join = Screens.launch(JoinActivity::class.java, look).get()
            val (address, code) = Screens.all<EditText>(join.window.decorView)
            address.setText(EXAMPLE_ADDRESS)
            code.setText(EXAMPLE_CODE)
            Screens.idle()
            Pixels.of(join)
        },
        "reconnecting" to { look -> reconnecting(look) },
        "pgn-import" to { look ->
            val intent = Intent(app, ImportActivity::class.java)
                .setAction(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, GAMES)
            Pixels.of(Screens.launch(ImportActivity::class.java, look, intent).get())
        },
        "rules" to { look -> Pixels.of(Screens.launch(RulesActivity::class.java, look).get()) },
        "settings" to { look -> Pixels.of(Screens.launch(SettingsActivity::class.java, look).get()) },
    )

    /** A game on one phone after [moves], its screen settled. */
    private fun game(look: Look, vararg moves: String, fen: String? = null, timed: Boolean = false): Activity {
        val setup = GameSetup(GameMode.SamePhone, startFen = fen, timeControl = if (timed) BLITZ else null)
        val screen = Screens.launchGame(setup, look).get()
        for (move in moves) Screens.game().game.playText(move)
        Screens.settle()
        return screen
    }

    /** The joiner's screen as the host's draw offer arrives. */
    private fun drawOffer(look: Look): Bitmap {
        val host = Game.hostWifi(SideChoice.WHITE, null, port = 0u, name = "Ada's phone")
        try {
            val peer = host.view().peer!!
            val screen = Screens.launchGame(look) {
                Game.joinWifi(HostAddress("127.0.0.1", peer.port!!), peer.code!!, "Bo's phone")
            }.get()
            Screens.idleUntil("the game to start") { Screens.view().peer?.started == true && host.view().peer!!.started }
            host.playText("e4")
            Screens.idleUntil("the move") { Screens.view().browse.plies == 1u }
            Screens.game().game.playText("c5")
            Screens.idleUntil("the reply") { host.view().browse.plies == 2u }
            host.perform(GameAction.OfferDraw)
            Screens.idleUntil("the offer") { Screens.view().prompt != null }
            // The offer comes through the game's event thread: until the screen
            // has drawn it, the latest dialog is an earlier screen's.
            Screens.settle()
            val offer = Screens.dialog()
            assertEquals(screen.getString(R.string.draw_offer_received), shadowOf(offer).message)
            return Pixels.of(screen, offer)
        } finally {
            host.stop()
            host.close()
        }
    }

    /** The joiner's screen after its link to the host was cut: the core reconnects by itself. */
    private fun reconnecting(look: Look): Bitmap {
        val host = Game.hostWifi(SideChoice.BLACK, null, port = 0u, name = "Ada's phone")
        val relay = Relay(host.view().peer!!.port!!.toInt())
        try {
            val code = host.view().peer!!.code!!
            val screen = Screens.launchGame(look) {
                Game.joinWifi(HostAddress("127.0.0.1", relay.port.toUShort()), code, "Bo's phone")
            }.get()
            Screens.idleUntil("the game to start") { Screens.view().peer?.started == true }
            Screens.game().game.playText("d4")
            Screens.idleUntil("the move") { host.view().browse.plies == 1u }
            relay.cut()
            Screens.idleUntil("the lost link") {
                Screens.view().peer?.link == LinkState.RECONNECTING
            }
            Screens.settle()
            val banner = screen.getString(R.string.wifi_reconnecting)
            assertTrue("no '$banner' on the screen", banner in Screens.shownTexts(screen))
            return Pixels.of(screen)
        } finally {
            relay.close()
            host.stop()
            host.close()
        }
    }

    private fun blank(picture: Bitmap): Boolean {
        val first = picture.getPixel(0, picture.height - 1)
        return (0 until picture.height step 7).all { y ->
            (0 until picture.width step 7).all { x -> picture.getPixel(x, y) == first }
        }
    }

    private companion object {
        const val PROMOTION = "4k3/1P6/8/8/8/8/6K1/8 w - - 0 1"
        val BLITZ = TimeControl(300_000uL, 3_000uL)
        const val EXAMPLE_ADDRESS = "192.168.1.20"
        const val EXAMPLE_CODE = "482 917"
        const val GAMES = "[Event \"Casual\"]\n[White \"Morphy\"]\n[Black \"Duke and Count\"]\n[Date \"1858.??.??\"]\n" +
            "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 " +
            "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 " +
            "15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n\n" +
            "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Date \"2026.11.28\"]\n[Result \"1/2-1/2\"]\n\n" +
            "1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n"
    }
}
