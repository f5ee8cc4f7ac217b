package app.rokada.wifi

/** What is wrong with an address typed by hand. */
enum class AddressProblem {
    EMPTY,
    MISSING_PORT,
    BAD_PORT,
    BAD_HOST,
}

sealed interface AddressParse {
    data class Valid(val address: PeerAddress) : AddressParse

    data class Invalid(val problem: AddressProblem) : AddressParse
}

/**
 * A host's address as typed in the join screen: `192.168.1.20:40123`,
 * `[fe80::1]:40123` or `phone.local:40123`.
 */
data class PeerAddress(val host: String, val port: Int) {
    /** As the user would type it. */
    val text: String get() = format(host, port)

    companion object {
        private val LABEL = Regex("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
        private val IPV6 = Regex("[0-9A-Fa-f:.]+(%[A-Za-z0-9_.-]+)?")

        fun parse(text: String): AddressParse {
            val trimmed = text.trim()
            if (trimmed.isEmpty()) return invalid(AddressProblem.EMPTY)
            val host: String
            val portText: String
            if (trimmed.startsWith("[")) {
                val close = trimmed.indexOf(']')
                if (close < 0) return invalid(AddressProblem.BAD_HOST)
                host = trimmed.substring(1, close)
                val rest = trimmed.substring(close + 1)
                if (rest.isEmpty()) return invalid(AddressProblem.MISSING_PORT)
                if (!rest.startsWith(":")) return invalid(AddressProblem.BAD_HOST)
                portText = rest.substring(1)
                if (!isIpv6(host)) return invalid(AddressProblem.BAD_HOST)
            } else {
                val colon = trimmed.lastIndexOf(':')
                if (colon < 0) return invalid(AddressProblem.MISSING_PORT)
                host = trimmed.substring(0, colon)
                portText = trimmed.substring(colon + 1)
                // A bare IPv6 address has colons of its own: it needs brackets.
                if (host.contains(':') || !(isIpv4(host) || isHostName(host))) {
                    return invalid(AddressProblem.BAD_HOST)
                }
            }
            val port = parsePort(portText) ?: return invalid(AddressProblem.BAD_PORT)
            return AddressParse.Valid(PeerAddress(host, port))
        }

        /** The text form [parse] reads: IPv6 addresses in brackets. */
        fun format(host: String, port: Int): String = if (host.contains(':')) "[$host]:$port" else "$host:$port"

        fun parsePort(text: String): Int? {
            if (text.isEmpty() || text.length > 5 || !text.all { it in '0'..'9' }) return null
            return text.toInt().takeIf { it in 1..65535 }
        }

        fun isIpv4(host: String): Boolean {
            val parts = host.split('.')
            return parts.size == 4 && parts.all { part ->
                part.isNotEmpty() && part.length <= 3 && part.all { it in '0'..'9' } &&
                    (part.length == 1 || part[0] != '0') && part.toInt() <= 255
            }
        }

        private fun isIpv6(host: String): Boolean {
            if (!IPV6.matches(host)) return false
            val halves = host.substringBefore('%').split("::")
            if (halves.size > 2) return false
            val parts = halves.flatMap { if (it.isEmpty()) emptyList() else it.split(':') }
            if (parts.any { it.isEmpty() }) return false
            // An IPv4 address may end it, standing for the last two groups.
            val last = parts.lastOrNull()
            val embedded = last != null && last.contains('.')
            if (embedded && !isIpv4(last!!)) return false
            val hex = if (embedded) parts.dropLast(1) else parts
            if (hex.any { it.length > 4 || it.contains('.') }) return false
            val groups = hex.size + if (embedded) 2 else 0
            return if (halves.size == 2) groups <= 7 else groups == 8
        }

        private fun isHostName(host: String): Boolean {
            if (host.isEmpty() || host.length > 253) return false
            // All digits and dots is a mistyped IPv4 address, not a name.
            if (host.all { it in '0'..'9' || it == '.' }) return false
            return host.removeSuffix(".").split('.').all { LABEL.matches(it) }
        }

        private fun invalid(problem: AddressProblem) = AddressParse.Invalid(problem)
    }
}
