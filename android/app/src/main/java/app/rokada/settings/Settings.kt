package app.rokada.settings

/** The app's language: the phone's, or one chosen in settings. */
enum class Language(val tag: String?) {
    SYSTEM(null),
    EN("en"),
    HE("he"),
    NB("nb"),
    PL("pl"),
    BG("bg"),
}

/** Which side of the board is at the bottom. */
enum class Orientation {
    /** White at the bottom, or the player's own colour against the computer or over Wi-Fi. */
    OWN_SIDE,

    /** On one phone: the board turns toward the player to move. */
    SIDE_TO_MOVE,
}

data class Settings(
    val language: Language = Language.SYSTEM,
    val moveHints: Boolean = true,
    val orientation: Orientation = Orientation.OWN_SIDE,
    val sound: Boolean = true,
) {
    /** As stored: plain strings, so the store needs no schema. */
    fun encode(): Map<String, String> = mapOf(
        LANGUAGE to language.name,
        MOVE_HINTS to moveHints.toString(),
        ORIENTATION to orientation.name,
        SOUND to sound.toString(),
    )

    companion object {
        const val LANGUAGE = "language"
        const val MOVE_HINTS = "move_hints"
        const val ORIENTATION = "orientation"
        const val SOUND = "sound"

        /** Missing or unreadable values fall back to the defaults, one by one. */
        fun decode(stored: Map<String, String>): Settings {
            val defaults = Settings()
            return Settings(
                language = enumOrNull<Language>(stored[LANGUAGE]) ?: defaults.language,
                moveHints = stored[MOVE_HINTS]?.toBooleanStrictOrNull() ?: defaults.moveHints,
                orientation = enumOrNull<Orientation>(stored[ORIENTATION]) ?: defaults.orientation,
                sound = stored[SOUND]?.toBooleanStrictOrNull() ?: defaults.sound,
            )
        }

        private inline fun <reified T : Enum<T>> enumOrNull(name: String?): T? =
            enumValues<T>().firstOrNull { it.name == name }
    }
}
