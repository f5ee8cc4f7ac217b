package app.rokada.ui

import android.app.AlertDialog
import android.widget.ArrayAdapter
import android.widget.RadioButton
import android.widget.RadioGroup
import android.widget.ScrollView
import android.widget.Spinner
import app.rokada.R
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Side
import app.rokada.core.computerLevels
import app.rokada.game.TimePreset
import app.rokada.text.Strings
import kotlin.random.Random

/** Level (with the rating it plays at), colour and clock for a game against the computer. */
class ComputerSetupDialog(private val activity: RokadaActivity, private val strings: Strings) {
    fun show(start: (GameSetup) -> Unit) {
        val levels = computerLevels()
        val content = activity.column()
        content.addView(activity.text(strings.get(R.string.computer_level), bold = true))
        val level = Spinner(activity)
        level.adapter = ArrayAdapter(
            activity,
            android.R.layout.simple_spinner_dropdown_item,
            levels.map { strings.get(R.string.computer_level_rating, it.level.toInt(), it.targetRating.toInt()) },
        )
        level.setSelection(DEFAULT_LEVEL_INDEX.coerceAtMost(levels.size - 1))
        content.addView(level, wide())

        content.addView(activity.text(strings.get(R.string.computer_your_colour), bold = true))
        val colours = RadioGroup(activity)
        val white = radio(colours, R.string.computer_colour_white)
        val black = radio(colours, R.string.computer_colour_black)
        radio(colours, R.string.computer_colour_random)
        colours.check(white.id)
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
            .setTitle(R.string.computer_title)
            .setView(ScrollView(activity).apply { addView(content) })
            .setPositiveButton(R.string.computer_start) { _, _ ->
                val human = when (colours.checkedRadioButtonId) {
                    white.id -> Side.WHITE
                    black.id -> Side.BLACK
                    else -> if (Random.nextBoolean()) Side.WHITE else Side.BLACK
                }
                val chosenLevel = levels[level.selectedItemPosition].level
                val preset = clock.selectedItemPosition.takeIf { it > 0 }?.let { TimePreset.entries[it - 1] }
                start(GameSetup(GameMode.Computer(human, chosenLevel), timeControl = preset?.timeControl))
            }
            .setNegativeButton(R.string.common_cancel, null)
            .show()
    }

    private fun radio(group: RadioGroup, label: Int): RadioButton = RadioButton(activity).apply {
        id = android.view.View.generateViewId()
        text = strings.get(label)
        group.addView(this)
    }

    private companion object {
        /** Level 3: a fair game for a beginner who knows the rules. */
        const val DEFAULT_LEVEL_INDEX = 2
    }
}
