package app.rokada.wifi

import app.rokada.core.AddressProblem
import app.rokada.core.PeerComplaint
import app.rokada.core.PeerEvent
import app.rokada.core.Refusal
import app.rokada.core.Side
import app.rokada.testing.ResourceStrings
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class PeerTextsTest {
    private val en = PeerTexts(ResourceStrings("en"))

    @Test
    fun `link news says what happened`() {
        assertEquals("Your opponent left the game.", en.event(PeerEvent.PeerLeft))
        assertEquals("Wrong pairing code.", en.event(PeerEvent.RefusedByHost(Refusal.WRONG_CODE)))
        assertEquals("New pairing code: 654321", en.event(PeerEvent.CodeChanged("654321")))
        assertEquals(
            "The other phone refused a message. Nothing changed.",
            en.event(PeerEvent.PeerError(PeerComplaint.OUT_OF_TURN)),
        )
        // The screen shows these itself: no message.
        assertNull(en.event(PeerEvent.GameStarted(Side.WHITE)))
        assertNull(en.event(PeerEvent.RematchOffered(Side.BLACK)))
    }

    @Test
    fun `the Hebrew code stays left to right`() {
        val hebrew = PeerTexts(ResourceStrings("iw")).event(PeerEvent.CodeChanged("123456"))!!
        assertEquals(true, hebrew.contains("\u2066123456\u2069"), hebrew)
    }

    @Test
    fun `refusals and typed-address problems say what was wrong`() {
        assertEquals("The host is already playing with another phone.", en.refusal(Refusal.ALREADY_PAIRED))
        assertEquals("The port is a number from 1 to 65535.", en.addressProblem(AddressProblem.BAD_PORT))
        assertEquals("Type the host's address.", en.addressProblem(AddressProblem.EMPTY))
    }
}
