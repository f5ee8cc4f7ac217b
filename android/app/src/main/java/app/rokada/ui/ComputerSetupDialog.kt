package app.rokada.ui

import android.app.AlertDialog
import android.widget.ArrayAdapter
import android.widget.ScrollView
import android.widget.Spinner
import app.rokada.R
import app.rokada.core.GameMode
import app.rokada.core.GameSetup
import app.rokada.core.Side
import app.rokada.core.SideChoice
import app.rokada.core.computerLevels
import app.rokada.core.randomSide
import app.rokada.text.Strings

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

        val choices = ColourAndClock(activity, strings, content)

        AlertDialog.Builder(activity)
            .setTitle(R.string.computer_title)
            .setView(ScrollView(activity).apply { addView(content) })
            .setPositiveButton(R.string.computer_start) { _, _ ->
                val human = when (choices.colour.chosen) {
                    SideChoice.WHITE -> Side.WHITE
                    SideChoice.BLACK -> Side.BLACK
                    SideChoice.RANDOM -> randomSide()
                }
                val chosenLevel = levels[level.selectedItemPosition].level
                start(GameSetup(GameMode.Computer(human, chosenLevel), timeControl = choices.clock.chosen))
            }
            .setNegativeButton(R.string.common_cancel, null)
            .show()
    }

    private companion object {
        /** Level 3: a fair game for a beginner who knows the rules. */
        const val DEFAULT_LEVEL_INDEX = 2
    }
}
