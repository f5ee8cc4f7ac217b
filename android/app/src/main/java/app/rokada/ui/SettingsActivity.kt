package app.rokada.ui

import android.os.Bundle
import android.widget.RadioButton
import android.widget.RadioGroup
import android.widget.ScrollView
import android.widget.Switch
import app.rokada.R
import app.rokada.settings.Language
import app.rokada.settings.Orientation
import app.rokada.settings.Settings
import app.rokada.settings.SettingsStore

/** Language, move hints, board orientation and sound. */
class SettingsActivity : RokadaActivity() {
    private lateinit var store: SettingsStore

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        store = SettingsStore(this)
        title = getString(R.string.settings_title)
        val current = settings
        val content = column()

        content.addView(text(getString(R.string.settings_language), bold = true))
        val languages = RadioGroup(this)
        for (language in Language.entries) {
            val button = radio(languages, languageName(language))
            if (language == current.language) languages.check(button.id)
            button.setOnCheckedChangeListener { _, checked -> if (checked) change { it.copy(language = language) } }
        }
        content.addView(languages, wide())

        content.addView(
            switch(R.string.settings_move_hints, current.moveHints) { on -> change { it.copy(moveHints = on) } },
            wide(),
        )
        content.addView(switch(R.string.settings_sound, current.sound) { on -> change { it.copy(sound = on) } }, wide())

        content.addView(text(getString(R.string.settings_board_orientation), bold = true))
        val orientations = RadioGroup(this)
        for (orientation in Orientation.entries) {
            val label = when (orientation) {
                Orientation.OWN_SIDE -> R.string.settings_orientation_white
                Orientation.SIDE_TO_MOVE -> R.string.settings_orientation_side_to_move
            }
            val button = radio(orientations, getString(label))
            if (orientation == current.orientation) orientations.check(button.id)
            button.setOnCheckedChangeListener { _, checked ->
                if (checked) change { it.copy(orientation = orientation) }
            }
        }
        content.addView(orientations, wide())
        setContentView(ScrollView(this).apply { addView(content) })
    }

    private fun change(edit: (Settings) -> Settings) {
        val before = store.load()
        val after = edit(before)
        store.save(after)
        if (after.language != before.language) recreate()
    }

    private fun languageName(language: Language): String = getString(
        when (language) {
            Language.SYSTEM -> R.string.settings_language_system
            Language.EN -> R.string.language_en
            Language.HE -> R.string.language_he
            Language.NB -> R.string.language_nb
            Language.PL -> R.string.language_pl
            Language.BG -> R.string.language_bg
        },
    )

    private fun radio(group: RadioGroup, label: String): RadioButton = RadioButton(this).apply {
        id = android.view.View.generateViewId()
        text = label
        group.addView(this)
    }

    private fun switch(label: Int, on: Boolean, changed: (Boolean) -> Unit): Switch = Switch(this).apply {
        text = getString(label)
        isChecked = on
        setPadding(0, dp(12), 0, dp(12))
        setOnCheckedChangeListener { _, checked -> changed(checked) }
    }
}
