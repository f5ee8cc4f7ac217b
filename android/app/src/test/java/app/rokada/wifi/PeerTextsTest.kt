package app.rokada.wifi

import app.rokada.core.LinkState
import app.rokada.core.PeerEvent
import app.rokada.core.PeerRole
import app.rokada.core.PeerStatus
import app.rokada.core.Refusal
import app.rokada.testing.ResourceStrings
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class PeerTextsTest {
    private val en = PeerTexts(ResourceStrings("en"))

    private fun status(role: PeerRole, link: LinkState) =
        PeerStatus(role, link, code = "123456", port = 40123u, started = role == PeerRole.HOST, rematchOfferedBy = null)

    @Test
    fun `the host's banner gives the code and the addresses to type`() {
        assertEquals(
            listOf(
                "Pairing code: 123456",
                "Tell your opponent this code.",
                "This phone's address: 192.168.1.20:40123",
                "Waiting for your opponent…",
            ).joinToString("\n"),
            en.banner(status(PeerRole.HOST, LinkState.PAIRING), listOf("192.168.1.20")),
        )
    }

    @Test
    fun `the Hebrew banner keeps the code and address left to right`() {
        val hebrew = PeerTexts(ResourceStrings("iw"))
        val banner = hebrew.banner(status(PeerRole.HOST, LinkState.PAIRING), listOf("10.0.0.7"))!!
        assertEquals(true, banner.contains("\u2066123456\u2069"), banner)
        assertEquals(true, banner.contains("\u206610.0.0.7:40123\u2069"), banner)
    }

    @Test
    fun `reconnecting shows a banner, a good link none`() {
        val reconnecting = status(PeerRole.JOINER, LinkState.RECONNECTING)
        assertEquals("Connection lost. Reconnecting…", en.banner(reconnecting, emptyList()))
        assertNull(en.banner(status(PeerRole.HOST, LinkState.CONNECTED), emptyList()))
        assertEquals("Connecting…", en.banner(status(PeerRole.JOINER, LinkState.PAIRING), emptyList()))
    }

    @Test
    fun `refusals and typed-address problems say what was wrong`() {
        assertEquals("The host is already playing with another phone.", en.refusal(Refusal.ALREADY_PAIRED))
        assertEquals("Your opponent left the game.", en.event(PeerEvent.PeerLeft))
        assertEquals(
            "Add the port after a colon, for example 192.168.1.20:40123.",
            en.addressProblem(AddressProblem.MISSING_PORT),
        )
    }
}
