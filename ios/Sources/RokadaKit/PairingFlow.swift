import Foundation
import RokadaCore

/// The six digits a host shows and a joining player types.
public struct PairingCode: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let length = 6

    public let digits: String

    /// The code in `text`, ignoring spaces and dashes a player may type
    /// between the digits; `nil` unless exactly six ASCII digits remain.
    public init?(_ text: String) {
        let kept = text.filter { !$0.isWhitespace && $0 != "-" }
        guard kept.count == Self.length, kept.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        digits = kept
    }

    /// Three and three, easier to read aloud (`482 913`).
    public var description: String {
        "\(digits.prefix(3)) \(digits.suffix(3))"
    }
}

/// Where a Wi-Fi host listens.
public struct HostAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum ParseError: Error, Equatable {
        case empty
        case missingPort
        case badPort(String)
        case badHost(String)
    }

    public let host: String
    public let port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `192.168.1.20:7878`, `phone.local:7878` or `[fe80::1]:7878`, as typed
    /// in the manual-address field.
    public init(parsing text: String) throws(ParseError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty }
        let host: Substring
        let portText: Substring
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { throw .badHost(trimmed) }
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let after = trimmed[trimmed.index(after: close)...]
            guard after.hasPrefix(":") else { throw .missingPort }
            portText = after.dropFirst()
        } else {
            guard let colon = trimmed.lastIndex(of: ":") else { throw .missingPort }
            host = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
            guard !host.contains(":") else { throw .badHost(trimmed) }
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" }) else {
            throw .badHost(String(host))
        }
        guard let port = UInt16(portText), port > 0 else { throw .badPort(String(portText)) }
        self.init(host: String(host), port: port)
    }

    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

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

/// How a Wi-Fi game stopped before or during play.
public enum PairingEnd: Equatable, Sendable {
    case peerLeft
    /// Joiner: the host could not be reached.
    case unreachable
    /// Joiner: the host turned this device away for good.
    case refused(Refusal)
    /// The game stopped unfinished; the save resumes it
    /// (`GameController.resumingHosted`).
    case adjourned(save: String)
    /// The link ended after the game did.
    case closed
    case cancelled
}

/// The Wi-Fi screens' state, from hosting or looking for a game to playing.
public enum PairingState: Equatable, Sendable {
    case idle
    /// Hosting: the code to show and the port advertised, until someone joins.
    case waitingForOpponent(code: PairingCode, port: UInt16)
    /// Joining: hosts found so far.
    case searching(hosts: [DiscoveredHost])
    /// Joining: a host is chosen; the code is being typed (again, after
    /// `wrongAttempts` refused codes).
    case enteringCode(host: HostAddress, wrongAttempts: Int)
    case connecting(host: HostAddress, wrongAttempts: Int)
    case playing(local: Side)
    /// The link dropped mid-game; the core reconnects by itself.
    case reconnecting(local: Side)
    case ended(PairingEnd)

    /// Whether the game screen shows the reconnecting banner.
    public var showsReconnectingBanner: Bool {
        if case .reconnecting = self { return true }
        return false
    }
}

/// What moves the pairing flow on: the player's choices and what the core
/// reports about the link.
public enum PairingInput: Equatable, Sendable {
    case hostStarted(code: PairingCode, port: UInt16)
    case codeChanged(PairingCode)
    case searchStarted
    case hostsFound([DiscoveredHost])
    case hostChosen(HostAddress)
    case codeSubmitted
    /// Host: someone typed a wrong code; the host keeps waiting.
    case wrongCodeTyped(attempts: Int)
    /// Joiner: the host refused the code typed here.
    case codeRefused
    case gameStarted(local: Side)
    case linkLost
    case linkRestored
    case peerLeft
    case unreachable
    case refused(Refusal)
    case adjourned(save: String)
    case closed
    case cancel

    /// What a link event of the core means for the pairing screens; `nil`
    /// for news only the game screen shows (rematch, resync, refusals of a
    /// single message) and for a host turning away a stranger.
    public init?(_ event: PeerEvent) {
        switch event {
        case .codeChanged(let code):
            guard let code = PairingCode(code) else { return nil }
            self = .codeChanged(code)
        case .wrongCode(let attempts): self = .wrongCodeTyped(attempts: Int(attempts))
        case .refusedByHost(.wrongCode): self = .codeRefused
        case .refusedByHost(let refusal): self = .refused(refusal)
        case .unreachable: self = .unreachable
        case .connected: self = .linkRestored
        case .linkLost: self = .linkLost
        case .gameStarted(let local): self = .gameStarted(local: local)
        case .peerLeft: self = .peerLeft
        case .adjourned(let save): self = .adjourned(save: save)
        case .closed: self = .closed
        case .refused, .resynced, .rematchOffered, .rematchDeclined, .actionRefused, .peerError: return nil
        }
    }
}

/// The pairing state machine. Inputs that make no sense in the current
/// state (a late discovery result after the game started, "connected" while
/// still pairing) are ignored, so the screens never show a state that
/// cannot be.
public struct PairingFlow: Equatable, Sendable {
    public private(set) var state: PairingState = .idle

    public init() {}

    /// Applies an input; `false` when it was ignored.
    @discardableResult
    public mutating func handle(_ input: PairingInput) -> Bool {
        guard let next = Self.transition(from: state, on: input) else { return false }
        state = next
        return true
    }

    static func transition(from state: PairingState, on input: PairingInput) -> PairingState? {
        switch (state, input) {
        case (.idle, .hostStarted(let code, let port)):
            .waitingForOpponent(code: code, port: port)
        case (.waitingForOpponent(_, let port), .codeChanged(let code)):
            .waitingForOpponent(code: code, port: port)
        case (.waitingForOpponent, .wrongCodeTyped):
            state
        case (.idle, .searchStarted):
            .searching(hosts: [])
        case (.searching, .hostsFound(let hosts)):
            .searching(hosts: hosts)
        case (.idle, .hostChosen(let host)), (.searching, .hostChosen(let host)):
            .enteringCode(host: host, wrongAttempts: 0)
        case (.enteringCode(let host, let attempts), .codeSubmitted):
            .connecting(host: host, wrongAttempts: attempts)
        case (.connecting(let host, let attempts), .codeRefused):
            .enteringCode(host: host, wrongAttempts: attempts + 1)
        case (.waitingForOpponent, .gameStarted(let local)), (.connecting, .gameStarted(let local)),
             (.playing, .gameStarted(let local)), (.reconnecting, .gameStarted(let local)):
            // A rematch starts a new game on the same link.
            .playing(local: local)
        case (.playing(let local), .linkLost):
            .reconnecting(local: local)
        case (.reconnecting(let local), .linkRestored):
            .playing(local: local)
        case (.playing, .peerLeft), (.reconnecting, .peerLeft), (.waitingForOpponent, .peerLeft):
            .ended(.peerLeft)
        case (.connecting, .unreachable), (.reconnecting, .unreachable):
            .ended(.unreachable)
        case (.connecting, .refused(let refusal)):
            .ended(.refused(refusal))
        case (.playing, .adjourned(let save)), (.reconnecting, .adjourned(let save)),
             (.ended(.peerLeft), .adjourned(let save)):
            // The opponent left an unfinished game: it can be resumed.
            .ended(.adjourned(save: save))
        case (.ended, _), (.idle, .cancel), (.idle, .closed):
            nil
        case (_, .closed):
            .ended(.closed)
        case (_, .cancel):
            .ended(.cancelled)
        default:
            nil
        }
    }
}

extension PairingState {
    /// The line the Wi-Fi screen shows in this state.
    public var messageKey: String? {
        switch self {
        case .idle, .playing: nil
        case .waitingForOpponent: "wifi.waiting"
        case .searching(let hosts): hosts.isEmpty ? "wifi.searching" : nil
        case .enteringCode(_, let wrongAttempts): wrongAttempts > 0 ? "wifi.wrong_code" : "wifi.enter_code"
        case .connecting: "wifi.connecting"
        case .reconnecting: "wifi.reconnecting"
        case .ended(.peerLeft): "wifi.peer_left"
        case .ended(.unreachable): "wifi.unreachable"
        case .ended(.refused(.incompatibleVersion)): "error.network.incompatible_version"
        case .ended(.refused): "wifi.refused"
        case .ended(.adjourned): "wifi.adjourned"
        case .ended(.closed), .ended(.cancelled): nil
        }
    }
}
