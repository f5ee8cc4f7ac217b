package app.rokada.ui

import android.app.AlertDialog
import android.widget.ScrollView
import app.rokada.R
import app.rokada.core.SideChoice
import app.rokada.core.TimeControl
import app.rokada.text.Strings

/** The host's colour (or a random one) and clock for a Wi-Fi game. */
class HostSetupDialog(private val activity: RokadaActivity, private val strings: Strings) {
    fun show(start: (SideChoice, TimeControl?) -> Unit) {
        val content = activity.column()
        val choices = ColourAndClock(activity, strings, content)

        AlertDialog.Builder(activity)
            .setTitle(R.string.wifi_host_title)
            .setView(ScrollView(activity).apply { addView(content) })
            .setPositiveButton(R.string.computer_start) { _, _ -> start(choices.colour.chosen, choices.clock.chosen) }
            .setNegativeButton(R.string.common_cancel, null)
            .show()
    }
}
