package app.rokada.settings

import android.content.Context
import android.content.res.Configuration
import java.util.Locale

/** The settings in the app's shared preferences. */
class SettingsStore(context: Context) {
    private val prefs = context.applicationContext.getSharedPreferences(FILE, Context.MODE_PRIVATE)

    fun load(): Settings = Settings.decode(
        prefs.all.entries.mapNotNull { (key, value) -> (value as? String)?.let { key to it } }.toMap(),
    )

    fun save(settings: Settings) {
        val editor = prefs.edit()
        for ((key, value) in settings.encode()) editor.putString(key, value)
        editor.apply()
    }

    companion object {
        private const val FILE = "settings"

        /**
         * A context whose resources speak the chosen language (and run right to
         * left in Hebrew); the phone's language when none is chosen.
         */
        fun localized(base: Context, language: Language): Context {
            val tag = language.tag ?: return base
            val locale = Locale.forLanguageTag(tag)
            val config = Configuration(base.resources.configuration)
            config.setLocale(locale)
            config.setLayoutDirection(locale)
            return base.createConfigurationContext(config)
        }
    }
}
