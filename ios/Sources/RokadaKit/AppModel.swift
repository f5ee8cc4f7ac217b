import Foundation
import Observation

/// The screens the home screen opens.
public enum Route: Hashable, Sendable {
    case game
    case twoPlayerSetup
    case computerSetup
    case hostWifi
    case joinWifi
    case importPgn
    case rules
    case settings
}

/// A game about to start that would replace an unfinished saved one: the
/// player is asked first.
public struct PendingStart: Identifiable {
    public let replaced: SavedGame
    fileprivate let start: @MainActor () -> Void

    public var id: SaveSlot {
        replaced.slot
    }
}

/// The app: settings, the saved games, the screens' path and the game on
/// the game screen. Every game is kept saved by the core in `store`, one
/// slot per way to play; the game screen's game stops when the player
/// leaves it, and the home screen continues it from its slot.
@MainActor
@Observable
public final class AppModel {
    public var path: [Route] = [] {
        didSet {
            if !path.contains(.game) {
                closeGame()
            }
            if !path.contains(.joinWifi) {
                join.cancel()
            }
        }
    }
    public private(set) var game: GameScreenModel?
    /// The home screen's saved games.
    public private(set) var saved: [SavedGame] = []
    /// The question before a new game replaces an unfinished one.
    public var pendingStart: PendingStart?
    /// Why the last start or continuation failed.
    public var failure: Phrase?
    public let settings: AppSettings
    public let join = JoinModel()
    public let pgnImport = PgnImportModel()

    @ObservationIgnored private let store: SaveStore
    @ObservationIgnored private let feedback: any GameFeedback
    @ObservationIgnored private let localizer: (Language) -> any Localizer
    @ObservationIgnored private let preferredLanguages: [String]
    @ObservationIgnored private let deviceName: String

    /// - Parameters:
    ///   - saveDirectory: the folder of the saved games (Application
    ///     Support in the app).
    ///   - localizer: the strings of a language.
    ///   - preferredLanguages: the device's, best first.
    ///   - deviceName: the device's own name, the player's name over Wi-Fi
    ///     unless the settings give another.
    public init(
        settings: AppSettings,
        saveDirectory: URL,
        feedback: any GameFeedback,
        localizer: @escaping (Language) -> any Localizer,
        preferredLanguages: [String],
        deviceName: String
    ) {
        self.settings = settings
        store = SaveStore(dir: saveDirectory.path)
        self.feedback = feedback
        self.localizer = localizer
        self.preferredLanguages = preferredLanguages
        self.deviceName = deviceName
        join.onStarted = { [weak self] game in
            self?.open(game, keepSaved: true)
        }
        refreshSaved()
    }

    /// The language the app speaks: the chosen one, or the device's.
    public var language: Language {
        settings.language ?? preferredLanguage(locales: preferredLanguages)
    }

    /// The name this phone's player goes by over Wi-Fi.
    public var playerName: String {
        settings.playerName(deviceDefault: deviceName)
    }

    public var strings: any Localizer {
        localizer(language)
    }

    // MARK: Starting and continuing games

    /// A game on one phone or against the computer.
    public func start(_ setup: GameSetup) {
        ask(replacing: setup.mode) { [weak self] in
            self?.open { try Game(setup: setup) }
        }
    }

    /// Hosts a Wi-Fi game on the default port (another when it is taken).
    public func host(side: SideChoice, timeControl: TimeControl?) {
        ask(replacing: .wifiPeer(local: .white)) { [weak self] in
            guard let self else { return }
            let name = playerName
            open { try Game.hostWifi(side: side, timeControl: timeControl, name: name) }
        }
    }

    /// Joins with the join screen's host and code.
    public func connectJoin() {
        ask(replacing: .wifiPeer(local: .white)) { [weak self] in
            guard let self else { return }
            join.connect(name: playerName)
        }
    }

    /// Opens game `index` of the imported PGN on one phone, at its last
    /// position (browse back, and "Continue from here" plays on from any
    /// move). A game the core cannot read is refused with its reason and
    /// replaces nothing.
    public func openImported(index: UInt32) {
        guard let text = pgnImport.text else { return }
        let game: Game
        do {
            game = try Game.fromPgn(pgn: text, mode: .samePhone, index: index)
        } catch {
            pgnImport.failure = phrase(for: error)
            return
        }
        ask(replacing: .samePhone) { [weak self] in
            self?.pgnImport.clear()
            self?.open(game, keepSaved: true)
        }
    }

    /// Continues a saved game (a Wi-Fi game is hosted again).
    public func continueGame(_ saved: SavedGame) {
        do {
            guard let game = try store.resume(slot: saved.slot, name: playerName) else {
                refreshSaved()
                return
            }
            open(game, keepSaved: false)
        } catch {
            failure = phrase(for: error)
            if case .InvalidSave = error as? RokadaError {
                // Kept beside rather than deleted: a person may want it back.
                try? store.setAside(slot: saved.slot)
            }
            refreshSaved()
        }
    }

    /// The player agreed to replace the saved game.
    public func confirmStart() {
        guard let pending = pendingStart else { return }
        pendingStart = nil
        pending.start()
    }

    // MARK: The app's life

    public func appMovedToBackground() {
        game?.pause()
    }

    public func appBecameActive() {
        game?.resume()
    }

    /// Reads the saved games again (the home screen shows them).
    public func refreshSaved() {
        saved = store.saved()
    }

    // MARK: Private

    private func ask(replacing mode: GameMode, then start: @escaping @MainActor () -> Void) {
        if let replaced = store.replacedBy(mode: mode) {
            pendingStart = PendingStart(replaced: replaced, start: start)
        } else {
            start()
        }
    }

    private func open(_ make: () throws -> Game) {
        do {
            open(try make(), keepSaved: true)
        } catch {
            failure = phrase(for: error)
        }
    }

    private func open(_ game: Game, keepSaved: Bool) {
        closeGame()
        if keepSaved {
            game.keepSaved(store: store)
        }
        let model = GameScreenModel(
            game: game, settings: settings, feedback: feedback,
            language: { [weak self] in self?.language ?? .english }, localizer: localizer
        )
        model.onNewGame = { [weak self] mode in
            self?.path = [Self.setupRoute(of: mode)]
        }
        self.game = model
        path = [.game]
    }

    private func closeGame() {
        guard let game else { return }
        game.close()
        self.game = nil
        refreshSaved()
    }

    static func setupRoute(of mode: GameMode) -> Route {
        switch mode {
        case .samePhone: .twoPlayerSetup
        case .computer: .computerSetup
        case .wifiPeer: .hostWifi
        }
    }
}
