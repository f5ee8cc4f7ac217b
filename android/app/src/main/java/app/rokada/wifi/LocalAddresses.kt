package app.rokada.wifi

import java.net.Inet4Address
import java.net.NetworkInterface

/**
 * This device's addresses on the local network, for the player who types
 * the host's address by hand: private IPv4 addresses of interfaces that are
 * up, loopback and mobile-data carrier addresses left out.
 */
object LocalAddresses {
    fun ipv4(): List<String> = NetworkInterface.getNetworkInterfaces().toList()
        .filter { it.isUp && !it.isLoopback }
        .flatMap { it.inetAddresses.toList() }
        .filterIsInstance<Inet4Address>()
        .filter { it.isSiteLocalAddress }
        .mapNotNull { it.hostAddress }
        .distinct()
}
