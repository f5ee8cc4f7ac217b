package app.rokada.settings

import app.rokada.core.BoardTheme
import app.rokada.core.Seating
import app.rokada.core.checkedPlayerName

/** The app's language: the phone's, or one chosen in settings. */
enum class Language(val tag: String?) {
    SYSTEM(null),
    EN("en"),
    HE("he"),
    NB("nb"),
    PL("pl"),
    BG("bg"),
}

data class Settings(
    val language: Language = Language.SYSTEM,
    val moveHints: Boolean = true,
    /** How two players sit at one phone; the core turns the board and bars. */
    val seating: Seating = Seating.SIDE_BY_SIDE,
    val boardTheme: BoardTheme = BoardTheme.WOOD,
    val sound: Boolean = true,
    val haptics: Boolean = true,
    /** The name the other phone shows in Wi-Fi games; null for the phone's own. */
    val deviceName: String? = null,
) {
    /** As stored: plain strings, so the store needs no schema. */
    fun encode(): Map<String, String> = buildMap {
        put(LANGUAGE, language.name)
        put(MOVE_HINTS, moveHints.toString())
        put(SEATING, seating.name)
        put(BOARD_THEME, boardTheme.name)
        put(SOUND, sound.toString())
        put(HAPTICS, haptics.toString())
        deviceName?.let { put(DEVICE_NAME, it) }
    }

    companion object {
        const val LANGUAGE = "language"
        const val MOVE_HINTS = "move_hints"
        const val SEATING = "seating"
        const val BOARD_THEME = "board_theme"
        const val SOUND = "sound"
        const val HAPTICS = "haptics"
        const val DEVICE_NAME = "device_name"

        /** A device name longer than this is cut: it is shown in one line on the other phone. */

        /** Missing or unreadable values fall back to the defaults, one by one. */
        fun decode(stored: Map<String, String>): Settings {
            val defaults = Settings()
            return Settings(
                language = enumOrNull<Language>(stored[LANGUAGE]) ?: defaults.language,
                moveHints = stored[MOVE_HINTS]?.toBooleanStrictOrNull() ?: defaults.moveHints,
                seating = enumOrNull<Seating>(stored[SEATING]) ?: defaults.seating,
                boardTheme = enumOrNull<BoardTheme>(stored[BOARD_THEME]) ?: defaults.boardTheme,
                sound = stored[SOUND]?.toBooleanStrictOrNull() ?: defaults.sound,
                haptics = stored[HAPTICS]?.toBooleanStrictOrNull() ?: defaults.haptics,
                deviceName = cleanName(stored[DEVICE_NAME]),
            )
        }

        /** A typed name as the core will send it (trimmed), or none when it would not be sent. */
        fun cleanName(text: String?): String? = text?.let(::checkedPlayerName)

        private inline fun <reified T : Enum<T>> enumOrNull(name: String?): T? =
            enumValues<T>().firstOrNull { it.name == name }
    }
}
