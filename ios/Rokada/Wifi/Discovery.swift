#if canImport(Network)
import dnssd
import Foundation
import Network
import RokadaKit

/// The Bonjour service type every Rokada app and the terminal client use.
let rokadaServiceType = "_rokada._tcp"

/// Finds Rokada hosts on the local network with `NWBrowser`, resolves each
/// to an address and port (all the core needs to connect), and reports
/// them to the join screen's model, with a refused local-network
/// permission told apart from other failures.
@MainActor
final class HostBrowser {
    private let join: JoinModel
    private var browser: NWBrowser?
    private var resolvers: [String: ServiceResolver] = [:]
    private var found: [String: DiscoveredHost] = [:]

    init(reportingTo join: JoinModel) {
        self.join = join
    }

    func start() {
        guard browser == nil else { return }
        let browser = NWBrowser(for: .bonjour(type: rokadaServiceType, domain: nil), using: .tcp)
        browser.browseResultsChangedHandler = { [weak self] results, _ in
            MainActor.assumeIsolated { self?.update(results) }
        }
        browser.stateUpdateHandler = { [weak self] state in
            MainActor.assumeIsolated { self?.changed(state) }
        }
        browser.start(queue: .main)
        self.browser = browser
    }

    /// Stops browsing and every resolution, whatever state they are in.
    func stop() {
        browser?.cancel()
        browser = nil
        resolvers.values.forEach { $0.stop() }
        resolvers = [:]
        found = [:]
    }

    private func changed(_ state: NWBrowser.State) {
        switch state {
        case .waiting(let error), .failed(let error):
            join.discoveryFailed(denied: Self.isPermissionDenied(error))
        default:
            break
        }
    }

    /// The system's answer when the player refused the local network to
    /// the app: the browser waits for it forever, so it is told at once.
    private static func isPermissionDenied(_ error: NWError) -> Bool {
        if case .dns(let code) = error {
            return code == DNSServiceErrorType(kDNSServiceErr_PolicyDenied)
        }
        return false
    }

    private func update(_ results: Set<NWBrowser.Result>) {
        var names = Set<String>()
        for result in results {
            guard case .service(let name, let type, let domain, _) = result.endpoint else { continue }
            names.insert(name)
            guard resolvers[name] == nil else { continue }
            let resolver = ServiceResolver(name: name, type: type, domain: domain) { [weak self] address in
                self?.resolved(name: name, address: address)
            }
            resolvers[name] = resolver
            resolver.start()
        }
        for gone in Set(resolvers.keys).subtracting(names) {
            resolvers.removeValue(forKey: gone)?.stop()
            found.removeValue(forKey: gone)
        }
        join.hostsFound(Array(found.values))
    }

    private func resolved(name: String, address: HostAddress) {
        found[name] = DiscoveredHost(name: name, address: address)
        join.hostsFound(Array(found.values))
    }
}

/// Resolves one Bonjour service to a numeric address and port.
/// `NWBrowser` names services but does not resolve them, and connecting to
/// find out would look like a failed pairing attempt to the host.
@MainActor
final class ServiceResolver: NSObject {
    private let service: NetService
    private let resolved: (HostAddress) -> Void

    init(name: String, type: String, domain: String, resolved: @escaping (HostAddress) -> Void) {
        service = NetService(domain: domain, type: type, name: name)
        self.resolved = resolved
        super.init()
        service.delegate = self
    }

    func start() {
        service.schedule(in: .main, forMode: .common)
        service.resolve(withTimeout: 10)
    }

    func stop() {
        service.stop()
        service.delegate = nil
    }
}

extension ServiceResolver: @preconcurrency NetServiceDelegate {
    func netServiceDidResolveAddress(_ sender: NetService) {
        let port = sender.port
        guard port > 0, port <= Int(UInt16.max) else { return }
        let hosts = (sender.addresses ?? []).compactMap(numericHost(of:))
        // IPv4 first: link-local IPv6 needs a scope that not every peer sends.
        guard let host = hosts.first(where: { !$0.contains(":") }) ?? hosts.first else { return }
        resolved(HostAddress(host: host, port: UInt16(port)))
    }
}

/// `192.168.1.20` or `fe80::1%en0` from a socket address.
private func numericHost(of address: Data) -> String? {
    address.withUnsafeBytes { buffer -> String? in
        guard let base = buffer.baseAddress else { return nil }
        let socketAddress = base.assumingMemoryBound(to: sockaddr.self)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = getnameinfo(socketAddress, socklen_t(buffer.count), &host, socklen_t(host.count), nil, 0,
                                 NI_NUMERICHOST)
        return status == 0 ? String(cString: host) : nil
    }
}

/// Advertises a hosted game as `_rokada._tcp` on the port the core listens
/// on, so Android phones, iPhones and the terminal client find it.
/// `NWListener` can advertise only a port it listens on itself, and the
/// core owns the game's socket, so the service is published with
/// `NetService`, which advertises any port.
@MainActor
final class HostAdvertiser {
    private var service: NetService?

    func start(port: UInt16, name: String) {
        stop()
        let service = NetService(domain: "local.", type: "\(rokadaServiceType).", name: name, port: Int32(port))
        service.schedule(in: .main, forMode: .common)
        service.publish()
        self.service = service
    }

    func stop() {
        service?.stop()
        service = nil
    }
}
#endif
