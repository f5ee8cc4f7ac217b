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
        game.map { !$0.controller.isOver } ?? false
    }

    func start(_ setup: GameSetup) throws {
        try open(GameController(setup: setup))
    }

    func open(_ controller: GameController) {
        game = GameScreenModel(controller: controller, app: self)
        save()
        path = [.game]
    }

    func resume() {
        guard game != nil else { return }
        path = [.game]
    }

    /// "New game" from the game menu: back home, where every kind of game
    /// starts.
    func leaveGame() {
        game?.controller.pause()
        game = nil
        store.remove()
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
