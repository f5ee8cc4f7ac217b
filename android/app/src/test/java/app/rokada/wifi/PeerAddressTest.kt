package app.rokada.wifi

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class PeerAddressTest {
    private fun valid(host: String, port: Int) = AddressParse.Valid(PeerAddress(host, port))

    private fun invalid(problem: AddressProblem) = AddressParse.Invalid(problem)

    @Test
    fun `addresses people type`() {
        assertEquals(valid("192.168.1.20", 40123), PeerAddress.parse(" 192.168.1.20:40123 "))
        assertEquals(valid("phone.local", 1), PeerAddress.parse("phone.local:1"))
        assertEquals(valid("fe80::1%wlan0", 65535), PeerAddress.parse("[fe80::1%wlan0]:65535"))
        assertEquals(valid("::1", 8000), PeerAddress.parse("[::1]:8000"))
        assertEquals(valid("2001:db8:0:0:0:0:0:1", 9), PeerAddress.parse("[2001:db8:0:0:0:0:0:1]:9"))
        assertEquals(valid("::ffff:10.0.0.1", 9), PeerAddress.parse("[::ffff:10.0.0.1]:9"))
    }

    @Test
    fun `what is wrong is named`() {
        assertEquals(invalid(AddressProblem.EMPTY), PeerAddress.parse("  "))
        assertEquals(invalid(AddressProblem.MISSING_PORT), PeerAddress.parse("192.168.1.20"))
        assertEquals(invalid(AddressProblem.MISSING_PORT), PeerAddress.parse("[::1]"))
        assertEquals(invalid(AddressProblem.BAD_PORT), PeerAddress.parse("192.168.1.20:0"))
        assertEquals(invalid(AddressProblem.BAD_PORT), PeerAddress.parse("192.168.1.20:65536"))
        assertEquals(invalid(AddressProblem.BAD_PORT), PeerAddress.parse("192.168.1.20:+80"))
        assertEquals(invalid(AddressProblem.BAD_PORT), PeerAddress.parse("192.168.1.20:"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("192.168.1.256:80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("192.168.01.2:80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("192.168.1:80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("fe80::1:80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("[fe80::1::2]:80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("[12345::1]:80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("bad_name:80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse(":80"))
        assertEquals(invalid(AddressProblem.BAD_HOST), PeerAddress.parse("[::1]x:80"))
    }
}
