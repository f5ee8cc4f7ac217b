import Observation

/// A host found on the local network.
public struct DiscoveredHost: Equatable, Hashable, Sendable, Identifiable {
    /// The advertised service name, as the list shows it.
    public let name: String
    public let address: HostAddress

    public init(name: String, address: HostAddress) {
        self.name = name
        self.address = address
    }

    public var id: String {
        name
    }
}

/// How the search for hosts on the Wi-Fi goes.
public enum DiscoveryState: Equatable, Sendable {
    case searching
    /// Searched a while and found nothing; still searching.
    case nothingFound
    /// The system refused the local network to the app: searching cannot
    /// work until the player allows it in Settings.
    case denied
    /// The search failed for another reason (no Wi-Fi).
    case failed
}

/// The join screen: a host found by discovery or typed, then the code its
/// screen shows. A wrong code keeps the player on the code entry for the
/// same host; once the game begins it goes to the game screen.
@MainActor
@Observable
public final class JoinModel {
    public enum Stage: Equatable, Sendable {
        case choosingHost
        case enteringCode(HostAddress)
        case connecting(HostAddress)
    }

    public private(set) var stage: Stage = .choosingHost
    public private(set) var hosts: [DiscoveredHost] = []
    public private(set) var discovery: DiscoveryState = .searching
    public var addressText = ""
    public var codeText = ""
    /// Why the last step did not work (a wrong code, an unreachable host).
    public private(set) var problem: Phrase?
    /// Codes the host refused so far.
    public private(set) var wrongCodes = 0
    /// Called with the game once both devices have it.
    @ObservationIgnored public var onStarted: (@MainActor (Game) -> Void)?

    @ObservationIgnored private var connection: Game?

    public init() {}

    // MARK: Discovery (the app's browser reports here)

    public func hostsFound(_ found: [DiscoveredHost]) {
        hosts = found.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        if !hosts.isEmpty {
            discovery = .searching
        }
    }

    public func discoveryFailed(denied: Bool) {
        discovery = denied ? .denied : .failed
    }

    /// The screen has searched for a while: with nothing found, say so
    /// rather than spin on.
    public func searchedAWhile() {
        if hosts.isEmpty, discovery == .searching {
            discovery = .nothingFound
        }
    }

    /// Whether the list shows a spinner.
    public var isSearching: Bool {
        discovery == .searching && hosts.isEmpty
    }

    // MARK: Choosing the host and the code

    public func choose(_ host: DiscoveredHost) {
        enterCode(for: host.address)
    }

    /// The typed address, read by the core (without a port: the hosts'
    /// default port).
    public func chooseTypedAddress() {
        do {
            enterCode(for: try parseHostAddress(text: addressText))
        } catch {
            problem = phrase(for: error)
        }
    }

    public func backToHosts() {
        drop()
        stage = .choosingHost
        problem = nil
    }

    /// Connects with the typed code, going by `name` (the other phone shows
    /// it); a code the core cannot read stays on the code entry with the
    /// reason.
    public func connect(name: String? = nil) {
        guard case .enteringCode(let host) = stage else { return }
        do {
            let game = try Game.joinWifi(address: host, code: codeText, name: name)
            connection = game
            stage = .connecting(host)
            problem = nil
            game.setListener(listener: MainActorRelay { [weak self, weak game] event in
                guard let self, let game else { return }
                self.receive(event, from: game)
            })
        } catch {
            problem = phrase(for: error)
        }
    }

    /// Leaving the screen stops a connection under way.
    public func cancel() {
        drop()
        if case .connecting(let host) = stage {
            stage = .enteringCode(host)
        }
    }

    // MARK: Private

    private func enterCode(for host: HostAddress) {
        drop()
        stage = .enteringCode(host)
        problem = nil
        wrongCodes = 0
    }

    private func drop() {
        connection?.setListener(listener: nil)
        connection = nil
    }

    private func receive(_ event: LiveEvent, from game: Game) {
        guard game === connection, case .connecting(let host) = stage, case .peer(let news) = event.kind else {
            return
        }
        switch news {
        case .gameStarted:
            drop()
            stage = .enteringCode(host)
            codeText = ""
            onStarted?(game)
        case .refusedByHost(let refusal):
            drop()
            if refusal == .wrongCode {
                wrongCodes += 1
                codeText = ""
            }
            stage = .enteringCode(host)
            problem = refusal.phrase
        case .unreachable:
            drop()
            stage = .choosingHost
            problem = Phrase("wifi.unreachable")
        default:
            break
        }
    }
}
