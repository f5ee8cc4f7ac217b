package app.rokada.settings

import app.rokada.core.BoardTheme
import app.rokada.core.Seating
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class SettingsTest {
    @Test
    fun `settings survive the store`() {
        val chosen = Settings(
            Language.HE,
            moveHints = false,
            seating = Seating.FACE_TO_FACE,
            boardTheme = BoardTheme.SLATE,
            sound = false,
            haptics = false,
            deviceName = "Ada's phone",
        )
        assertEquals(chosen, Settings.decode(chosen.encode()))
        assertEquals(Settings(), Settings.decode(Settings().encode()))
    }

    @Test
    fun `unreadable values fall back to the defaults one by one`() {
        val decoded = Settings.decode(
            mapOf(
                Settings.LANGUAGE to "klingon",
                Settings.MOVE_HINTS to "false",
                Settings.SOUND to "yes",
                Settings.SEATING to "sideways",
                Settings.BOARD_THEME to "TOURNAMENT",
            ),
        )
        assertEquals(Settings(moveHints = false, boardTheme = BoardTheme.TOURNAMENT), decoded)
        assertEquals(Settings(), Settings.decode(emptyMap()))
    }

    @Test
    fun `a device name is trimmed, and a blank or unsendable one is none`() {
        assertEquals("Ada", Settings.cleanName("  Ada \n"))
        assertNull(Settings.cleanName("   "))
        assertNull(Settings.cleanName(null))
        assertNull(Settings.cleanName("x".repeat(100)), "too long to be sent")
        assertNull(Settings.decode(mapOf(Settings.DEVICE_NAME to " ")).deviceName)
    }

    @Test
    fun `each language names its resource folder's language`() {
        assertEquals(listOf(null, "en", "he", "nb", "pl", "bg"), Language.entries.map { it.tag })
    }

    @Test
    fun `every language that can be chosen has its strings`() {
        val res = app.rokada.testing.ResourceStrings.resDir()
        for (language in Language.entries) {
            val folder = language.tag?.let { if (it == "en") "values" else "values-$it" } ?: continue
            assertEquals(true, res.resolve("$folder/strings.xml").isFile, folder)
        }
    }
}
