package app.rokada.ui

import android.view.View
import android.widget.ArrayAdapter
import android.widget.LinearLayout
import android.widget.RadioButton
import android.widget.RadioGroup
import android.widget.Spinner
import app.rokada.R
import app.rokada.core.SideChoice
import app.rokada.core.TimeControl
import app.rokada.core.timePresets
import app.rokada.text.GameTexts
import app.rokada.text.Strings

/** White, Black or random, for the new-game dialogs; White is checked. */
class ColourChoice(activity: RokadaActivity, strings: Strings) {
    val view = RadioGroup(activity)
    private val sides = listOf(
        SideChoice.WHITE to R.string.computer_colour_white,
        SideChoice.BLACK to R.string.computer_colour_black,
        SideChoice.RANDOM to R.string.computer_colour_random,
    ).associate { (side, label) ->
        val button = RadioButton(activity).apply {
            id = View.generateViewId()
            text = strings.get(label)
        }
        view.addView(button)
        button.id to side
    }

    init {
        view.check(sides.keys.first())
    }

    val chosen: SideChoice get() = sides[view.checkedRadioButtonId] ?: SideChoice.WHITE
}

/** No clock or one of the core's time controls, for the new-game dialogs. */
class ClockChoice(activity: RokadaActivity, strings: Strings) {
    private val presets = timePresets()
    val view = Spinner(activity).apply {
        adapter = ArrayAdapter(
            activity,
            android.R.layout.simple_spinner_dropdown_item,
            listOf(strings.get(R.string.time_none)) + presets.map { GameTexts(strings).preset(it) },
        )
    }

    val chosen: TimeControl?
        get() = view.selectedItemPosition.takeIf { it > 0 }?.let { presets[it - 1].control }
}

/** The colour and clock rows both new-game dialogs show, added to [content]. */
class ColourAndClock(activity: RokadaActivity, strings: Strings, content: LinearLayout) {
    val colour = ColourChoice(activity, strings)
    val clock = ClockChoice(activity, strings)

    init {
        content.addView(activity.text(strings.get(R.string.computer_your_colour), bold = true))
        content.addView(colour.view, wide())
        content.addView(activity.text(strings.get(R.string.time_title), bold = true))
        content.addView(clock.view, wide())
    }
}
