package app.rokada.board

import app.rokada.core.GameMode
import app.rokada.core.Side
import app.rokada.settings.Orientation

/**
 * Whether Black is at the bottom: the player's own colour against the
 * computer and over Wi-Fi; on one phone White, or the player to move when
 * the board turns toward them; the menu's "flip board" turns it once more.
 */
fun boardFlipped(mode: GameMode, turn: Side, orientation: Orientation, flippedByHand: Boolean): Boolean {
    val bottom = when (mode) {
        is GameMode.Computer -> mode.human
        is GameMode.WifiPeer -> mode.local
        GameMode.SamePhone -> if (orientation == Orientation.SIDE_TO_MOVE) turn else Side.WHITE
    }
    return (bottom == Side.BLACK) != flippedByHand
}
