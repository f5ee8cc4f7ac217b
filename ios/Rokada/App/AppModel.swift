import Foundation
import Observation
import RokadaCore
import RokadaKit
import SwiftUI

/// The screens the home screen opens.
enum Route: Hashable {
    case game
    case computerSetup
    case twoPlayerSetup
    case hostWifi
    case joinWifi
    case rules
    case settings
}

/// The app's state: settings, the game in progress and where it is saved.
@MainActor
@Observable
final class AppModel {
    var path: [Route] = []
    private(set) var game: GameScreenModel?
    /// A saved game that could not be read, so the home screen can say so.
    var unreadableSave = false
    /// An unfinished Wi-Fi game from an earlier run: "Resume" hosts it again.
    private(set) var adjournedWifiGame: String?

    private(set) var language: AppLanguage
    /// `nil`: the phone's language.
    var chosenLanguage: AppLanguage? {
        didSet {
            defaults.set(chosenLanguage?.rawValue, forKey: Keys.language)
            language = chosenLanguage ?? AppLanguage.preferred(from: Locale.preferredLanguages)
        }
    }
    var showsMoveHints: Bool {
        didSet { defaults.set(showsMoveHints, forKey: Keys.hints) }
    }
    var orientation: BoardOrientation {
        didSet { defaults.set(orientation.rawValue, forKey: Keys.orientation) }
    }
    var playsSounds: Bool {
        didSet { defaults.set(playsSounds, forKey: Keys.sound) }
    }

    var strings: AppStrings {
        AppStrings(language: language)
    }

    private let defaults: UserDefaults
    private let store: SavedGameStore

    private enum Keys {
        static let language = "language"
        static let hints = "moveHints"
        static let orientation = "orientation"
        static let sound = "sound"
    }

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        let chosen = defaults.string(forKey: Keys.language).flatMap(AppLanguage.init(rawValue:))
        chosenLanguage = chosen
        language = chosen ?? AppLanguage.preferred(from: Locale.preferredLanguages)
        showsMoveHints = defaults.object(forKey: Keys.hints) as? Bool ?? true
        orientation = defaults.string(forKey: Keys.orientation).flatMap(BoardOrientation.init(rawValue:))
            ?? .playerAtBottom
        playsSounds = defaults.object(forKey: Keys.sound) as? Bool ?? true
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        store = SavedGameStore(directory: support.appendingPathComponent("Rokada", isDirectory: true))
        restoreAtLaunch()
    }

    /// Whether the home screen offers "Resume game".
    var canResume: Bool {
        adjournedWifiGame != nil || (game.map { !$0.controller.isOver } ?? false)
    }

    func start(_ setup: GameSetup) throws {
        try open(GameController(setup: setup))
    }

    func host(side: SideChoice, timeControl: TimeControl?) throws {
        try open(GameController.hosting(side: side, timeControl: timeControl))
    }

    func join(_ host: HostAddress, code: PairingCode) throws {
        try open(GameController.joining(host, code: code))
    }

    func open(_ controller: GameController) {
        game?.close()
        adjournedWifiGame = nil
        game = GameScreenModel(controller: controller, app: self)
        save()
        path = [.game]
    }

    func resume() throws {
        if game != nil {
            path = [.game]
        } else if let save = adjournedWifiGame {
            try open(GameController.resumingHosted(save))
        }
    }

    /// "New game" from the game menu: back home, where every kind of game
    /// starts. An unfinished Wi-Fi game is adjourned and kept to resume.
    func leaveGame() {
        guard let game else { return }
        game.close()
        game.controller.pause()
        if game.isWifi, !game.controller.isOver, !game.state.moves.isEmpty {
            save()
            adjournedWifiGame = game.controller.save()
        } else {
            store.remove()
        }
        self.game = nil
        path = []
    }

    /// Saved whenever the app may be suspended or ended, so nothing is lost.
    func sceneMoved(to phase: ScenePhase) {
        switch phase {
        case .active:
            game?.controller.resume()
        case .inactive, .background:
            save()
            game?.controller.pause()
        @unknown default:
            save()
        }
    }

    func save() {
        guard let game else { return }
        try? store.write(game.controller.save())
    }

    private func restoreAtLaunch() {
        do {
            guard let save = try store.read() else { return }
            let controller = try GameController.restoring(save)
            if case .wifiPeer = controller.state.mode {
                // The link did not survive the app: the game is hosted again
                // when the player resumes it.
                adjournedWifiGame = controller.isOver || controller.state.moves.isEmpty ? nil : save
                return
            }
            game = GameScreenModel(controller: controller, app: self)
            if !controller.isOver {
                path = [.game]
            }
        } catch {
            unreadableSave = true
            store.remove()
        }
    }
}
