package app.rokada.wifi

import android.content.Context
import android.graphics.Typeface
import android.view.View
import android.widget.Button
import android.widget.LinearLayout
import app.rokada.R
import app.rokada.core.HostAddress
import app.rokada.core.LinkState
import app.rokada.core.PeerRole
import app.rokada.core.PeerStatus
import app.rokada.core.hostAddressText
import app.rokada.text.Strings
import app.rokada.ui.dp
import app.rokada.ui.text
import app.rokada.ui.wide

/**
 * The Wi-Fi part of the game screen, above the board. A host waiting for
 * the other phone shows the code to give its player, this phone's
 * addresses with the port for typing by hand, how many wrong codes were
 * tried, and a button for a new code; a joiner shows that it connects; a
 * dropped link that the core is restoring, and a link that ended, say so.
 */
class HostPanel(context: Context, private val strings: Strings, onNewCode: () -> Unit) {
    private val code = context.text(sizeSp = 34f, bold = true).apply {
        typeface = Typeface.create(Typeface.MONOSPACE, Typeface.BOLD)
        textDirection = View.TEXT_DIRECTION_LTR
        letterSpacing = 0.15f
    }
    private val lines = context.text(sizeSp = 16f)
    private val newCode = Button(context).apply {
        text = strings.get(R.string.android_wifi_new_code)
        isAllCaps = false
        setOnClickListener { onNewCode() }
    }

    val view: LinearLayout = LinearLayout(context).apply {
        orientation = LinearLayout.VERTICAL
        setPadding(context.dp(12), context.dp(8), context.dp(12), context.dp(8))
        setBackgroundColor(context.getColor(R.color.banner))
        accessibilityLiveRegion = View.ACCESSIBILITY_LIVE_REGION_POLITE
        lines.setTextColor(context.getColor(R.color.banner_text))
        code.setTextColor(context.getColor(R.color.banner_text))
        addView(code, wide())
        addView(lines, wide())
        addView(newCode)
    }

    /** [addresses] are this phone's own, shown to a waiting host with its port. */
    fun show(peer: PeerStatus?, addresses: List<String>) {
        val pairingHost = peer?.role == PeerRole.HOST && peer.link == LinkState.PAIRING
        val text = when {
            peer == null -> null
            pairingHost -> hostLines(peer, addresses)
            peer.link == LinkState.PAIRING -> strings.get(R.string.wifi_connecting)
            peer.link == LinkState.RECONNECTING -> strings.get(R.string.wifi_reconnecting)
            peer.link == LinkState.CLOSED -> strings.get(R.string.android_wifi_closed)
            else -> null
        }
        view.visibility = if (text == null) View.GONE else View.VISIBLE
        lines.text = text.orEmpty()
        val shownCode = peer?.code?.takeIf { pairingHost }
        code.text = shownCode.orEmpty()
        code.contentDescription = shownCode?.let { strings.get(R.string.wifi_pairing_code, it) }
        code.visibility = if (shownCode == null) View.GONE else View.VISIBLE
        newCode.visibility = if (pairingHost) View.VISIBLE else View.GONE
    }

    private fun hostLines(peer: PeerStatus, addresses: List<String>): String = buildList {
        add(strings.get(R.string.wifi_pairing_code_hint))
        val port = peer.port
        if (port != null && addresses.isNotEmpty()) {
            for (address in addresses) add(strings.get(R.string.wifi_this_address, hostAddressText(HostAddress(address, port))))
        } else {
            add(strings.get(R.string.android_wifi_no_address))
        }
        if (peer.wrongCodes > 0u) {
            val count = peer.wrongCodes.toInt()
            add(strings.plural(R.plurals.android_wifi_wrong_codes, count, count))
        }
        add(strings.get(R.string.wifi_waiting))
    }.joinToString("\n")
}
