import Foundation
import Observation

/// The player's settings, kept in `UserDefaults`.
@MainActor
@Observable
public final class AppSettings {
    /// `nil`: the phone's language.
    public var language: Language? {
        didSet { defaults.set(language?.code, forKey: Keys.language) }
    }
    public var moveHints: Bool {
        didSet { defaults.set(moveHints, forKey: Keys.moveHints) }
    }
    /// How two players sit at one phone.
    public var seating: Seating {
        didSet { defaults.set(seating.storedName, forKey: Keys.seating) }
    }
    public var boardTheme: BoardTheme {
        didSet { defaults.set(boardTheme.storedName, forKey: Keys.boardTheme) }
    }
    public var sounds: Bool {
        didSet { defaults.set(sounds, forKey: Keys.sounds) }
    }
    public var haptics: Bool {
        didSet { defaults.set(haptics, forKey: Keys.haptics) }
    }
    /// The name this phone's player goes by over Wi-Fi (the other phone
    /// shows it, and a hosted game is advertised under it); empty means the
    /// device's own name.
    public var deviceName: String {
        didSet { defaults.set(deviceName, forKey: Keys.deviceName) }
    }

    @ObservationIgnored private let defaults: UserDefaults

    private enum Keys {
        static let language = "language"
        static let moveHints = "moveHints"
        static let seating = "seating"
        static let boardTheme = "boardTheme"
        static let sounds = "sound"
        static let haptics = "haptics"
        static let deviceName = "deviceName"
    }

    public init(defaults: UserDefaults) {
        self.defaults = defaults
        language = defaults.string(forKey: Keys.language).flatMap(Language.init(code:))
        moveHints = defaults.object(forKey: Keys.moveHints) as? Bool ?? true
        seating = Seating.allCases.first { $0.storedName == defaults.string(forKey: Keys.seating) } ?? .sideBySide
        boardTheme = boardThemes().first { $0.storedName == defaults.string(forKey: Keys.boardTheme) } ?? .wood
        sounds = defaults.object(forKey: Keys.sounds) as? Bool ?? true
        haptics = defaults.object(forKey: Keys.haptics) as? Bool ?? true
        deviceName = defaults.string(forKey: Keys.deviceName) ?? ""
    }

    /// The settings the core draws the game screen with.
    public var viewOptions: ViewOptions {
        ViewOptions(seating: seating, moveHints: moveHints)
    }

    /// The name to go by over Wi-Fi: the one set here, or else the
    /// device's.
    public func playerName(deviceDefault: String) -> String {
        let chosen = deviceName.trimmingCharacters(in: .whitespacesAndNewlines)
        return chosen.isEmpty ? deviceDefault : chosen
    }
}

extension Seating {
    fileprivate var storedName: String {
        switch self {
        case .sideBySide: "sideBySide"
        case .followTurn: "followTurn"
        case .faceToFace: "faceToFace"
        }
    }
}

extension BoardTheme {
    fileprivate var storedName: String {
        switch self {
        case .wood: "wood"
        case .slate: "slate"
        case .tournament: "tournament"
        }
    }
}
