import Foundation
import XCTest
@testable import RokadaKit

/// Records what a game screen asks of the device, and whether each call
/// came on the main thread.
@MainActor
final class FeedbackRecorder: GameFeedback {
    private(set) var sounds: [GameSound] = []
    private(set) var haptics: [Haptic] = []
    private(set) var announcements: [String] = []
    /// Every change of "keep the screen on", in order.
    private(set) var screenOn: [Bool] = []
    private(set) var offMainThread = 0

    func play(_ sound: GameSound) {
        note()
        sounds.append(sound)
    }

    func tick(_ haptic: Haptic) {
        note()
        haptics.append(haptic)
    }

    func announce(_ text: String) {
        note()
        announcements.append(text)
    }

    func keepScreenOn(_ on: Bool) {
        note()
        screenOn.append(on)
    }

    private func note() {
        if !Thread.isMainThread {
            offMainThread += 1
        }
    }
}

struct TimedOut: Error {
    let what: String
}

/// Lets the main actor run (events are delivered through it) until
/// `condition` holds. The limit only keeps a broken test from hanging: no
/// test depends on how long anything takes.
@MainActor
func waitUntil(_ what: String, timeout: TimeInterval = 60, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw TimedOut(what: what) }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}

/// The app's generated resources, as checked in.
enum Resources {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Rokada/Resources")

    static func strings(_ language: Language) throws -> StringTable {
        try StringTable(contentsOf: directory.appendingPathComponent("\(language.code).lproj/Localizable.strings"))
    }

    static let english = try! strings(.english)
}

func setup(_ mode: GameMode = .samePhone, fen: String? = nil, timeControl: TimeControl? = nil) -> GameSetup {
    GameSetup(mode: mode, startFen: fen, timeControl: timeControl, whiteName: nil, blackName: nil)
}

/// A fresh settings store, removed again by `discard()`.
@MainActor
final class TestDefaults {
    let name = "rokada-tests-\(UUID().uuidString)"
    let defaults: UserDefaults

    init() {
        defaults = UserDefaults(suiteName: name)!
    }

    func settings() -> AppSettings {
        AppSettings(defaults: defaults)
    }

    func discard() {
        defaults.removePersistentDomain(forName: name)
    }
}

/// A folder of its own under the temporary directory.
func temporaryFolder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rokada-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A game screen on `game` with recorded feedback and English strings.
@MainActor
func screen(
    _ game: Game, settings: AppSettings, feedback: FeedbackRecorder = FeedbackRecorder()
) -> GameScreenModel {
    GameScreenModel(game: game, settings: settings, feedback: feedback, language: { .english },
                    localizer: { try! Resources.strings($0) })
}

@MainActor
extension GameScreenModel {
    /// Plays a move by tapping its two squares.
    func tapMove(_ from: Square, _ to: Square) {
        tap(from)
        tap(to)
    }

    /// The move list as text, `1. e4 e5 2. Nf3`, with `…` for a row
    /// without White's move.
    var moveListText: String {
        view.moves.map { row in
            [row.numberText, row.white?.san ?? "…", row.black?.san].compactMap { $0 }.joined(separator: " ")
        }
        .joined(separator: " ")
    }

    var sans: [String] {
        view.moves.flatMap { [$0.white?.san, $0.black?.san].compactMap { $0 } }
    }

    func item(_ action: GameAction) -> ActionItem? {
        control(action)
    }
}
