package app.rokada.ui

import android.app.AlertDialog
import android.widget.ArrayAdapter
import android.widget.RadioButton
import android.widget.RadioGroup
import android.widget.ScrollView
import android.widget.Spinner
import app.rokada.R
import app.rokada.core.SideChoice
import app.rokada.core.TimeControl
import app.rokada.game.TimePreset
import app.rokada.text.Strings

/** The host's colour (or a random one) and clock for a Wi-Fi game. */
class HostSetupDialog(private val activity: RokadaActivity, private val strings: Strings) {
    fun show(start: (SideChoice, TimeControl?) -> Unit) {
        val content = activity.column()
        content.addView(activity.text(strings.get(R.string.computer_your_colour), bold = true))
        val colours = RadioGroup(activity)
        val choices = listOf(
            SideChoice.WHITE to R.string.computer_colour_white,
            SideChoice.BLACK to R.string.computer_colour_black,
            SideChoice.RANDOM to R.string.computer_colour_random,
        ).map { (side, label) ->
            val button = RadioButton(activity).apply {
                id = android.view.View.generateViewId()
                text = strings.get(label)
            }
            colours.addView(button)
            button.id to side
        }.toMap()
        colours.check(choices.keys.first())
        content.addView(colours, wide())

        content.addView(activity.text(strings.get(R.string.time_title), bold = true))
        val clock = Spinner(activity)
        clock.adapter = ArrayAdapter(
            activity,
            android.R.layout.simple_spinner_dropdown_item,
            listOf(strings.get(R.string.time_none)) + TimePreset.entries.map { HomeActivity.presetLabel(activity, it) },
        )
        content.addView(clock, wide())

        AlertDialog.Builder(activity)
            .setTitle(R.string.wifi_host_title)
            .setView(ScrollView(activity).apply { addView(content) })
            .setPositiveButton(R.string.computer_start) { _, _ ->
                val side = choices[colours.checkedRadioButtonId] ?: SideChoice.RANDOM
                val preset = clock.selectedItemPosition.takeIf { it > 0 }?.let { TimePreset.entries[it - 1] }
                start(side, preset?.timeControl)
            }
            .setNegativeButton(R.string.common_cancel, null)
            .show()
    }
}
