import Foundation
import RokadaCore
import XCTest
@testable import RokadaKit

/// Records what a controller reports, and on which thread.
@MainActor
final class UpdateLog {
    private(set) var updates: [GameUpdate] = []
    private(set) var offMainThread = 0

    init(_ controller: GameController) {
        controller.onUpdate = { [unowned self] update in
            if !Thread.isMainThread {
                offMainThread += 1
            }
            updates.append(update)
        }
    }

    var events: [GameEvent] {
        updates.compactMap {
            if case .event(let event) = $0 { return event }
            return nil
        }
    }
}

struct TimedOut: Error {
    let what: String
}

/// Lets the main actor run (events are delivered through it) until
/// `condition` holds.
@MainActor
func waitUntil(_ what: String, timeout: TimeInterval = 30, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw TimedOut(what: what) }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}

/// The generated string resources of the app, as checked in.
enum Resources {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Rokada/Resources")

    static func strings(_ language: AppLanguage) throws -> StringTable {
        try StringTable(contentsOf: directory.appendingPathComponent("\(language.rawValue).lproj/Localizable.strings"))
    }
}

func setup(_ mode: GameMode = .samePhone, fen: String? = nil, timeControl: TimeControl? = nil) -> GameSetup {
    GameSetup(mode: mode, startFen: fen, timeControl: timeControl, whiteName: nil, blackName: nil)
}

@MainActor
extension GameController {
    /// Plays a move by tapping its two squares.
    @discardableResult
    func tapMove(_ from: Square, _ to: Square) -> InputResult {
        tap(from)
        return tap(to)
    }

    func piece(at square: Square) -> Piece? {
        board[Int(square.rawValue)]
    }
}
