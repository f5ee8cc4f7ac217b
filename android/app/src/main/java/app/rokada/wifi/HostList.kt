package app.rokada.wifi

import app.rokada.core.HostAddress

/** The DNS-SD service type every Rokada host advertises. */
const val SERVICE_TYPE = "_rokada._tcp"

/** A game hosted on this network: its advertised name and, once resolved, its address. */
data class FoundHost(val name: String, val address: HostAddress?)

/**
 * The hosts the join screen lists, kept from discovery callbacks: a host
 * appears when found, gains its address when resolved, and goes when lost.
 * Sorted by name so the list does not jump about.
 */
class HostList {
    private val hosts = sortedMapOf<String, FoundHost>(String.CASE_INSENSITIVE_ORDER)

    val all: List<FoundHost> get() = hosts.values.toList()

    /** The hosts still waiting for an address. */
    val unresolved: List<String> get() = hosts.values.filter { it.address == null }.map { it.name }

    fun found(name: String): Boolean {
        if (hosts.containsKey(name)) return false
        hosts[name] = FoundHost(name, null)
        return true
    }

    /** Keeps the address only when it has a port the app can connect to. */
    fun resolved(name: String, host: String, port: Int): Boolean {
        if (!hosts.containsKey(name) || port !in 1..MAX_PORT) return false
        hosts[name] = FoundHost(name, HostAddress(host, port.toUShort()))
        return true
    }

    fun lost(name: String): Boolean = hosts.remove(name) != null

    private companion object {
        const val MAX_PORT = 65535
    }
}
