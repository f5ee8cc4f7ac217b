package app.rokada.board

import app.rokada.core.GameMode
import app.rokada.core.Side
import app.rokada.settings.Orientation
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class OrientationTest {
    @Test
    fun `one phone keeps White at the bottom unless the board turns to the player to move`() {
        assertEquals(false, boardFlipped(GameMode.SamePhone, Side.BLACK, Orientation.OWN_SIDE, false))
        assertEquals(true, boardFlipped(GameMode.SamePhone, Side.BLACK, Orientation.SIDE_TO_MOVE, false))
        assertEquals(false, boardFlipped(GameMode.SamePhone, Side.WHITE, Orientation.SIDE_TO_MOVE, false))
    }

    @Test
    fun `the player's own colour is at the bottom against the computer and over Wi-Fi`() {
        val asBlack = GameMode.Computer(Side.BLACK, 4u)
        val asWhite = GameMode.Computer(Side.WHITE, 4u)
        assertEquals(true, boardFlipped(asBlack, Side.WHITE, Orientation.SIDE_TO_MOVE, false))
        assertEquals(false, boardFlipped(asWhite, Side.BLACK, Orientation.SIDE_TO_MOVE, false))
        assertEquals(true, boardFlipped(GameMode.WifiPeer(Side.BLACK), Side.WHITE, Orientation.OWN_SIDE, false))
    }

    @Test
    fun `flipping by hand turns any of them around`() {
        assertEquals(true, boardFlipped(GameMode.SamePhone, Side.WHITE, Orientation.OWN_SIDE, true))
        assertEquals(false, boardFlipped(GameMode.WifiPeer(Side.BLACK), Side.WHITE, Orientation.OWN_SIDE, true))
    }
}
