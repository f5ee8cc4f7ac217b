package app.rokada.wifi

import app.rokada.R
import app.rokada.core.LinkState
import app.rokada.core.PeerEvent
import app.rokada.core.PeerRole
import app.rokada.core.PeerStatus
import app.rokada.core.Refusal
import app.rokada.text.Strings

/** The Wi-Fi words of the game screen, chosen from the core's peer status and events. */
class PeerTexts(private val strings: Strings) {
    /**
     * The banner over the board: the code and address to give the other
     * player while pairing, or the reconnecting notice; null when the link
     * is fine (or gone: the events said why).
     */
    fun banner(peer: PeerStatus, localAddresses: List<String>): String? = when (peer.link) {
        LinkState.PAIRING -> when (peer.role) {
            PeerRole.HOST -> buildList {
                peer.code?.let { add(strings.get(R.string.wifi_pairing_code, it)) }
                add(strings.get(R.string.wifi_pairing_code_hint))
                peer.port?.let { port ->
                    for (address in localAddresses) {
                        add(strings.get(R.string.wifi_this_address, PeerAddress.format(address, port.toInt())))
                    }
                }
                add(strings.get(R.string.wifi_waiting))
            }.joinToString("\n")
            PeerRole.JOINER -> strings.get(R.string.wifi_connecting)
        }
        LinkState.RECONNECTING -> strings.get(R.string.wifi_reconnecting)
        LinkState.CONNECTED, LinkState.CLOSED -> null
    }

    /** What a link event tells the player, if anything. */
    fun event(event: PeerEvent): String? = when (event) {
        is PeerEvent.CodeChanged -> strings.get(R.string.wifi_code_changed)
        is PeerEvent.WrongCode -> strings.get(R.string.wifi_wrong_code)
        is PeerEvent.RefusedByHost -> refusal(event.refusal)
        PeerEvent.Unreachable -> strings.get(R.string.wifi_unreachable)
        is PeerEvent.Connected -> strings.get(R.string.wifi_connected)
        PeerEvent.LinkLost -> strings.get(R.string.wifi_reconnecting)
        is PeerEvent.RematchDeclined -> strings.get(R.string.wifi_rematch_declined)
        PeerEvent.PeerLeft -> strings.get(R.string.wifi_peer_left)
        is PeerEvent.Adjourned -> strings.get(R.string.wifi_adjourned)
        else -> null
    }

    fun refusal(refusal: Refusal): String = strings.get(
        when (refusal) {
            Refusal.WRONG_CODE -> R.string.wifi_wrong_code
            Refusal.INCOMPATIBLE_VERSION -> R.string.error_network_incompatible_version
            Refusal.ALREADY_PAIRED -> R.string.wifi_refused_already_paired
            Refusal.BUSY -> R.string.wifi_refused_busy
            Refusal.UNKNOWN_GAME -> R.string.wifi_refused_unknown_game
            Refusal.FAILED -> R.string.wifi_refused
        },
    )

    /** What is wrong with a typed address. */
    fun addressProblem(problem: AddressProblem): String = strings.get(
        when (problem) {
            AddressProblem.EMPTY -> R.string.wifi_address_empty
            AddressProblem.MISSING_PORT -> R.string.wifi_address_missing_port
            AddressProblem.BAD_PORT -> R.string.wifi_address_bad_port
            AddressProblem.BAD_HOST -> R.string.wifi_address_bad_host
        },
    )
}
