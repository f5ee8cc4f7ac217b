#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This device's IPv4 addresses on the local network, for a host to show
/// under its code: the other player can type one when discovery finds
/// nothing. IPv4 only, because a link-local IPv6 address needs a scope the
/// other device cannot know.
public enum LocalAddresses {
    public static func current() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let interface = entry.pointee
            let flags = Int32(truncatingIfNeeded: interface.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                  let address = interface.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  isLocalNetwork(String(cString: interface.ifa_name))
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            if getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(text) {
                    addresses.append(text)
                }
            }
        }
        return addresses
    }

    /// Leaves out a phone's mobile data and VPN interfaces, whose addresses
    /// no device on the Wi-Fi can reach.
    static func isLocalNetwork(_ interface: String) -> Bool {
        !["pdp_ip", "utun", "ipsec", "ppp"].contains { interface.hasPrefix($0) }
    }
}
