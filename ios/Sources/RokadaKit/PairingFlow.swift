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
    case unreachable
    /// The other app refused: another version, or too many wrong codes.
    case refused
    case cancelled
}

/// The Wi-Fi screens' state, from hosting or looking for a game to playing.
public enum PairingState: Equatable, Sendable {
    case idle
    /// Hosting: the code to show and the port advertised, until someone joins.
    case waitingForOpponent(code: PairingCode, port: UInt16)
    /// Joining: hosts found so far.
    case searching(hosts: [DiscoveredHost])
    /// Joining: a host is chosen; the code is being typed.
    case enteringCode(host: HostAddress, wrongAttempts: Int)
    case connecting(host: HostAddress)
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
    case wrongCode(attempts: Int)
    case gameStarted(local: Side)
    case linkLost
    case linkRestored
    case peerLeft
    case unreachable
    case refused
    case cancel
}

/// The pairing state machine. Inputs that make no sense in the current
/// state (a late discovery result after the game started, a second
/// "connected") are ignored, so the screens never show a state that cannot be.
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
        case (.idle, .searchStarted):
            .searching(hosts: [])
        case (.searching, .hostsFound(let hosts)):
            .searching(hosts: hosts)
        case (.idle, .hostChosen(let host)), (.searching, .hostChosen(let host)):
            .enteringCode(host: host, wrongAttempts: 0)
        case (.enteringCode(let host, _), .codeSubmitted):
            .connecting(host: host)
        case (.connecting(let host), .wrongCode(let attempts)), (.enteringCode(let host, _), .wrongCode(let attempts)):
            .enteringCode(host: host, wrongAttempts: attempts)
        case (.waitingForOpponent, .wrongCode):
            // Someone typed a wrong code; the host keeps waiting.
            state
        case (.waitingForOpponent, .gameStarted(let local)), (.connecting, .gameStarted(let local)),
             (.reconnecting, .gameStarted(let local)):
            .playing(local: local)
        case (.playing(let local), .linkLost):
            .reconnecting(local: local)
        case (.reconnecting(let local), .linkRestored):
            .playing(local: local)
        case (.playing, .peerLeft), (.reconnecting, .peerLeft), (.waitingForOpponent, .peerLeft):
            .ended(.peerLeft)
        case (.connecting, .unreachable), (.reconnecting, .unreachable):
            .ended(.unreachable)
        case (.connecting, .refused), (.enteringCode, .refused), (.waitingForOpponent, .refused):
            .ended(.refused)
        case (.idle, .cancel), (.ended, _):
            nil
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
        case .ended(.unreachable): "error.network.connection_lost"
        case .ended(.refused): "error.network.incompatible_version"
        case .ended(.cancelled): nil
        }
    }
}
