package app.rokada.wifi

import app.rokada.R
import app.rokada.core.GameMode
import app.rokada.core.GameState
import app.rokada.core.LinkState

/** Game-menu entries of a Wi-Fi game beyond the core's list: rematch and leaving. */
enum class WifiAction(val label: Int) {
    REMATCH(R.string.wifi_rematch),
    DECLINE_REMATCH(R.string.wifi_decline_rematch),
    LEAVE(R.string.wifi_leave),
}

/**
 * After the end, with the other phone still there: a rematch (or the answer
 * to the opponent's request); leaving, while the link is open.
 */
fun wifiActions(state: GameState): List<WifiAction> {
    val peer = state.peer ?: return emptyList()
    val local = (state.mode as? GameMode.WifiPeer)?.local
    val actions = mutableListOf<WifiAction>()
    if (state.end != null && peer.link == LinkState.CONNECTED) {
        val askedBy = peer.rematchOfferedBy
        when {
            askedBy == null -> actions += WifiAction.REMATCH
            askedBy != local -> actions += listOf(WifiAction.REMATCH, WifiAction.DECLINE_REMATCH)
        }
    }
    if (peer.link != LinkState.CLOSED) actions += WifiAction.LEAVE
    return actions
}
