package app.rokada.wifi

import app.rokada.R
import app.rokada.core.AddressProblem
import app.rokada.core.PeerComplaint
import app.rokada.core.PeerEvent
import app.rokada.core.Refusal
import app.rokada.text.Strings

/** The Wi-Fi words of the screens, chosen from the core's link news and typed errors. */
class PeerTexts(private val strings: Strings) {
    /** What a link event tells the player, if anything. */
    fun event(event: PeerEvent): String? = when (event) {
        is PeerEvent.CodeChanged -> strings.get(R.string.android_wifi_code_renewed, event.code)
        is PeerEvent.WrongCode -> strings.get(R.string.wifi_wrong_code)
        is PeerEvent.RefusedByHost -> refusal(event.refusal)
        PeerEvent.Unreachable -> strings.get(R.string.wifi_unreachable)
        is PeerEvent.Connected -> strings.get(R.string.wifi_connected)
        PeerEvent.LinkLost -> strings.get(R.string.wifi_reconnecting)
        is PeerEvent.RematchDeclined -> strings.get(R.string.wifi_rematch_declined)
        PeerEvent.PeerLeft -> strings.get(R.string.wifi_peer_left)
        is PeerEvent.Adjourned -> strings.get(R.string.wifi_adjourned)
        PeerEvent.Resynced -> strings.get(R.string.android_wifi_resynced)
        is PeerEvent.PeerError -> if (event.complaint == PeerComplaint.GAMES_DIFFERED) {
            strings.get(R.string.android_wifi_resynced)
        } else {
            strings.get(R.string.android_wifi_peer_error)
        }
        // Told by the screen itself (the game starts, the host panel counts
        // wrong codes, the player bar shows the name), or of no use to the player.
        is PeerEvent.Refused, is PeerEvent.Dropped, is PeerEvent.GameStarted, is PeerEvent.RematchOffered,
        is PeerEvent.PlayerNamed, PeerEvent.Closed,
        -> null
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

    /** What is wrong with a typed address, as the core read it. */
    fun addressProblem(problem: AddressProblem): String = strings.get(
        when (problem) {
            AddressProblem.EMPTY -> R.string.wifi_address_empty
            AddressProblem.BAD_PORT -> R.string.wifi_address_bad_port
            AddressProblem.BAD_HOST -> R.string.wifi_address_bad_host
        },
    )
}
