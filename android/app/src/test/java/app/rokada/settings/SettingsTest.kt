package app.rokada.settings

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class SettingsTest {
    @Test
    fun `settings survive the store`() {
        val chosen = Settings(Language.HE, moveHints = false, orientation = Orientation.SIDE_TO_MOVE, sound = false)
        assertEquals(chosen, Settings.decode(chosen.encode()))
    }

    @Test
    fun `unreadable values fall back to the defaults one by one`() {
        val decoded = Settings.decode(
            mapOf(Settings.LANGUAGE to "klingon", Settings.MOVE_HINTS to "false", Settings.SOUND to "yes"),
        )
        assertEquals(Settings(moveHints = false), decoded)
        assertEquals(Settings(), Settings.decode(emptyMap()))
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
