package app.rokada.wifi

import app.rokada.core.HostAddress
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class HostListTest {
    @Test
    fun `hosts appear, gain their address and go`() {
        val list = HostList()
        assertTrue(list.found("Rokada Pixel"))
        assertFalse(list.found("Rokada Pixel"), "found twice is one host")
        assertTrue(list.found("rokada Galaxy"))
        assertEquals(listOf("rokada Galaxy", "Rokada Pixel"), list.all.map { it.name })
        assertEquals(listOf("rokada Galaxy", "Rokada Pixel"), list.unresolved)

        assertTrue(list.resolved("Rokada Pixel", "192.168.1.20", 40123))
        assertEquals(HostAddress("192.168.1.20", 40123u), list.all.last().address)
        assertTrue(list.resolved("rokada Galaxy", "fe80::1", 5000))
        assertEquals(emptyList<String>(), list.unresolved)

        assertTrue(list.lost("Rokada Pixel"))
        assertFalse(list.lost("Rokada Pixel"))
        assertEquals(listOf("rokada Galaxy"), list.all.map { it.name })
    }

    @Test
    fun `an address that cannot be used is not kept`() {
        val list = HostList()
        list.found("odd")
        assertFalse(list.resolved("odd", "192.168.1.20", 0))
        assertFalse(list.resolved("odd", "192.168.1.20", 70000))
        assertFalse(list.resolved("unknown", "192.168.1.20", 80))
        assertEquals(listOf(FoundHost("odd", null)), list.all)
    }
}
