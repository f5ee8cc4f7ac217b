package app.rokada.ui

import android.os.Bundle
import android.text.Editable
import android.text.InputType
import android.text.TextWatcher
import android.view.View
import android.widget.EditText
import android.widget.RadioButton
import android.widget.RadioGroup
import android.widget.ScrollView
import android.widget.Switch
import app.rokada.R
import app.rokada.board.BoardScene
import app.rokada.board.ChessBoard
import app.rokada.core.BoardTheme
import app.rokada.core.Seating
import app.rokada.core.boardColors
import app.rokada.core.boardThemes
import app.rokada.core.maxPlayerNameChars
import app.rokada.core.rulesDiagrams
import app.rokada.settings.Language
import app.rokada.settings.Settings
import app.rokada.settings.SettingsStore
import app.rokada.text.SquareDescriptions

/**
 * Language, move hints, how two players sit at one phone, the board's
 * colours, sound, vibration and the name this phone goes by in Wi-Fi games.
 */
class SettingsActivity : RokadaActivity() {
    private lateinit var store: SettingsStore
    private lateinit var preview: ChessBoard

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        store = SettingsStore(this)
        title = getString(R.string.settings_title)
        val current = settings
        val content = column()

        heading(content, R.string.settings_language)
        content.addView(
            choices(Language.entries, current.language, ::languageName) { language -> change { it.copy(language = language) } },
            wide(),
        )

        content.addView(
            switch(R.string.settings_move_hints, current.moveHints) { on -> change { it.copy(moveHints = on) } },
            wide(),
        )
        content.addView(switch(R.string.settings_sound, current.sound) { on -> change { it.copy(sound = on) } }, wide())
        content.addView(
            switch(R.string.android_settings_haptics, current.haptics) { on -> change { it.copy(haptics = on) } },
            wide(),
        )

        heading(content, R.string.settings_board_orientation)
        content.addView(
            choices(Seating.entries, current.seating, ::seatingName) { seating -> change { it.copy(seating = seating) } },
            wide(),
        )

        heading(content, R.string.android_settings_board_theme)
        content.addView(
            choices(boardThemes(), current.boardTheme, ::themeName) { theme ->
                change { it.copy(boardTheme = theme) }
                preview.colors = boardColors(theme)
            },
            wide(),
        )
        preview = ChessBoard(this, SquareDescriptions(strings)).apply {
            colors = boardColors(current.boardTheme)
            scene = BoardScene.of(rulesDiagrams().first())
        }
        content.addView(preview, android.widget.LinearLayout.LayoutParams(dp(PREVIEW_DP), dp(PREVIEW_DP)))

        heading(content, R.string.android_settings_device_name)
        content.addView(
            EditText(this).apply {
                setText(current.deviceName ?: store.deviceName())
                inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_FLAG_CAP_WORDS
                filters = arrayOf(android.text.InputFilter.LengthFilter(maxPlayerNameChars().toInt()))
                addTextChangedListener(
                    object : TextWatcher {
                        override fun beforeTextChanged(s: CharSequence?, start: Int, count: Int, after: Int) = Unit

                        override fun onTextChanged(s: CharSequence?, start: Int, before: Int, count: Int) = Unit

                        override fun afterTextChanged(s: Editable?) {
                            change { it.copy(deviceName = Settings.cleanName(s?.toString())) }
                        }
                    },
                )
            },
            wide(),
        )
        setContentView(ScrollView(this).apply { addView(content) })
    }

    private fun change(edit: (Settings) -> Settings) {
        val before = store.load()
        val after = edit(before)
        store.save(after)
        if (after.language != before.language) recreate()
    }

    private fun heading(content: android.widget.LinearLayout, label: Int) {
        content.addView(text(getString(label), bold = true).apply { setPadding(0, dp(12), 0, dp(4)) }, wide())
    }

    /** One radio button per choice, the current one checked. */
    private fun <T> choices(all: List<T>, current: T, name: (T) -> String, chosen: (T) -> Unit): RadioGroup {
        val group = RadioGroup(this)
        for (choice in all) {
            val button = RadioButton(this).apply {
                id = View.generateViewId()
                text = name(choice)
            }
            group.addView(button)
            if (choice == current) group.check(button.id)
            button.setOnCheckedChangeListener { _, checked -> if (checked) chosen(choice) }
        }
        return group
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

    private fun seatingName(seating: Seating): String = getString(
        when (seating) {
            Seating.SIDE_BY_SIDE -> R.string.settings_orientation_white
            Seating.FOLLOW_TURN -> R.string.settings_orientation_side_to_move
            Seating.FACE_TO_FACE -> R.string.android_settings_seating_face_to_face
        },
    )

    private fun themeName(theme: BoardTheme): String = getString(
        when (theme) {
            BoardTheme.WOOD -> R.string.android_settings_theme_wood
            BoardTheme.SLATE -> R.string.android_settings_theme_slate
            BoardTheme.TOURNAMENT -> R.string.android_settings_theme_tournament
        },
    )

    private fun switch(label: Int, on: Boolean, changed: (Boolean) -> Unit): Switch = Switch(this).apply {
        text = getString(label)
        isChecked = on
        setPadding(0, dp(12), 0, dp(12))
        setOnCheckedChangeListener { _, checked -> changed(checked) }
    }

    private companion object {
        const val PREVIEW_DP = 160
    }
}
