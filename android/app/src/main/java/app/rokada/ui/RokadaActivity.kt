package app.rokada.ui

import android.app.Activity
import android.content.Context
import android.os.Bundle
import app.rokada.core.preferredLanguage
import app.rokada.settings.Language
import app.rokada.settings.Settings
import app.rokada.settings.SettingsStore
import app.rokada.text.AndroidStrings

/** Every screen: in the language of the settings, rebuilt when that changes. */
abstract class RokadaActivity : Activity() {
    protected var settings: Settings = Settings()
        private set
    val strings: AndroidStrings by lazy { AndroidStrings(resources) }
    private var language: Language = Language.SYSTEM

    /** The language the app's resources speak, as the core names it (rules page, spoken moves). */
    val coreLanguage: app.rokada.core.Language by lazy {
        val locales = resources.configuration.locales
        preferredLanguage((0 until locales.size()).map { locales[it].toLanguageTag() })
    }

    override fun attachBaseContext(newBase: Context) {
        language = SettingsStore(newBase).load().language
        super.attachBaseContext(SettingsStore.localized(newBase, language))
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        settings = SettingsStore(this).load()
        SafeArea.keepContentClear(this)
    }

    override fun onResume() {
        super.onResume()
        settings = SettingsStore(this).load()
        if (settings.language != language) recreate()
    }
}
