package app.rokada.settings

import android.content.Context
import android.content.res.Configuration
import android.os.Build
import java.util.Locale

/** The settings in the app's shared preferences. */
class SettingsStore(context: Context) {
    private val app = context.applicationContext
    private val prefs = app.getSharedPreferences(FILE, Context.MODE_PRIVATE)

    fun load(): Settings = Settings.decode(
        prefs.all.entries.mapNotNull { (key, value) -> (value as? String)?.let { key to it } }.toMap(),
    )

    fun save(settings: Settings) {
        val editor = prefs.edit().clear()
        for ((key, value) in settings.encode()) editor.putString(key, value)
        editor.apply()
    }

    /** The name this phone goes by in Wi-Fi games: the one set in the settings, or the phone's own. */
    fun deviceName(): String = load().deviceName ?: Settings.cleanName(systemName()) ?: Build.MODEL

    private fun systemName(): String? = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.N_MR1) {
        android.provider.Settings.Global.getString(app.contentResolver, android.provider.Settings.Global.DEVICE_NAME)
    } else {
        null
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
