package app.rokada.screenshots

import app.rokada.board.BoardLayout
import app.rokada.board.BoardPalette
import app.rokada.core.InputResult
import app.rokada.game.TimePreset
import app.rokada.testing.ResourceStrings
import app.rokada.testing.newGame
import app.rokada.testing.playAll
import app.rokada.testing.sq
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import java.awt.Color
import java.awt.GraphicsEnvironment
import java.awt.image.BufferedImage
import java.io.File
import javax.imageio.ImageIO

/**
 * Renders the game screen from the app's display list and texts with
 * java.awt. By default into build/screenshots; `scripts/screenshots.sh`
 * points `rokada.screenshots.dir` at docs/screenshots to refresh the
 * pictures the README shows.
 */
class ScreenshotTest {
    private val layout = BoardLayout(GameScreenRenderer.WIDTH.toFloat())
    private val palette = BoardPalette()

    /** A pixel in a square's top right corner, clear of the piece and the labels. */
    private fun cornerOf(image: BufferedImage, square: String, flipped: Boolean = false): Int {
        val box = layout.boxOf(sq(square), flipped)
        val y = GameScreenRenderer.APP_BAR + GameScreenRenderer.BAR + box.top.toInt() + 4
        return image.getRGB(box.right.toInt() - 4, y)
    }

    private fun save(image: BufferedImage, name: String) {
        ImageIO.write(image, "png", File(outDir, "$name.png"))
    }

    @Test
    fun `start position`() {
        // A clock does not run before White's first move: the faces are exact.
        val image = GameScreenRenderer("en", FONT).render(newGame(timeControl = TimePreset.BLITZ.timeControl))
        assertEquals(palette.light, cornerOf(image, "h1"))
        assertEquals(palette.dark, cornerOf(image, "a1"))
        save(image, "start-position")
    }

    @Test
    fun `pending promotion`() {
        val game = newGame("4k3/1P6/8/8/8/8/6K1/8 w - - 0 1")
        game.tap(sq("b7"))
        assertEquals(InputResult.PromotionNeeded(sq("b7"), sq("b8")), game.tap(sq("b8")))
        val image = GameScreenRenderer("en", FONT).render(game)
        save(image, "promotion")
    }

    @Test
    fun `checked king`() {
        val game = newGame()
        game.playAll("e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+")
        val image = GameScreenRenderer("en", FONT).render(game)
        val corner = Color(cornerOf(image, "e8"), true)
        assertNotEquals(palette.light, corner.rgb)
        assertTrue(corner.red > corner.green + 60, "the checked king's square is tinted red: $corner")
        save(image, "check")
    }

    @Test
    fun `Hebrew game screen with the menu open`() {
        val game = newGame()
        game.playAll("e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6")
        val image = GameScreenRenderer("iw", FONT).render(game, menuOpen = true)
        assertEquals(palette.dark, cornerOf(image, "a1"), "the board is not mirrored")
        save(image, "game-hebrew")
    }

    companion object {
        const val FONT = "DejaVu Sans"
        private lateinit var outDir: File

        @JvmStatic
        @BeforeAll
        fun setUp() {
            System.setProperty("java.awt.headless", "true")
            val fonts = GraphicsEnvironment.getLocalGraphicsEnvironment().availableFontFamilyNames
            check(FONT in fonts) { "$FONT is missing: scripts/screenshots.sh installs it (fonts-dejavu-core)" }
            outDir = System.getProperty("rokada.screenshots.dir")?.let(::File)
                ?: ResourceStrings.repoRoot().resolve("build/screenshots")
            outDir.mkdirs()
        }
    }
}
