// Smoke test of the generated Swift bindings against the host-built core:
// built and run by scripts/test-swift-bindings.sh. Prints one line per
// failed check and a closing count.

import Foundation
import RokadaCore

var passed = 0
var failed = 0

@MainActor
func check(_ name: String, _ body: () throws -> Bool) {
    do {
        if try body() {
            passed += 1
        } else {
            failed += 1
            print("FAIL: \(name)")
        }
    } catch {
        failed += 1
        print("FAIL: \(name): unexpected error \(error)")
    }
}

/// Collects events with whether they arrived on the main thread.
final class Recorder: GameListener, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [(event: LiveEvent, onMain: Bool)] = []
    private let arrived = DispatchSemaphore(value: 0)

    func onEvent(event: LiveEvent) {
        lock.withLock { received.append((event, Thread.isMainThread)) }
        arrived.signal()
    }

    /// The events so far, waiting until one satisfies `done`.
    func events(until done: (LiveEvent) -> Bool, seconds: Double = 10) -> [(event: LiveEvent, onMain: Bool)] {
        let deadline = DispatchTime.now() + seconds
        while !lock.withLock({ received.contains { done($0.event) } }) {
            if arrived.wait(timeout: deadline) == .timedOut { break }
        }
        return lock.withLock { received }
    }
}

func newGame(fen: String? = nil, timeControl: TimeControl? = nil) throws -> Game {
    try Game(setup: GameSetup(mode: .samePhone, startFen: fen, timeControl: timeControl))
}

func sans(_ view: GameView) -> [String] {
    view.moves.flatMap { [$0.white?.san, $0.black?.san].compactMap { $0 } }
}

check("moves by squares and by text, each with the view after it") {
    let game = try newGame()
    guard case .played(let first, let view) = try game.play(from: .e2, to: .e4) else { return false }
    guard case .played(let reply, let after) = try game.playText(text: "c5") else { return false }
    return first.san == "e4" && reply.uci == "c7c5" && view.board.pieces.count == 64
        && after.board.pieces[Int(Square.e4.rawValue)] == Piece(side: .white, kind: .pawn)
        && after.board.pieces[Int(Square.e2.rawValue)] == nil
        && sans(game.view()) == ["e4", "c5"] && after.revision > view.revision
}

check("a tap selects a piece with its hints") {
    let game = try newGame()
    let touched = game.tap(square: .g1)
    return touched.outcome == .selected(square: .g1, hints: [.f3, .h3])
        && touched.view.board.selected == .g1 && touched.view.board.hints.map(\.square) == [.f3, .h3]
}

check("a promotion asks for the piece, then under-promotes") {
    let game = try newGame(fen: "4k3/8/8/8/8/8/p1K5/8 b - - 0 1")
    guard try game.play(from: .a2, to: .a1) == .needsPromotion(from: .a2, to: .a1) else { return false }
    guard case .played(let move, let view) = try game.play(from: .a2, to: .a1, promotion: .knight) else {
        return false
    }
    return move.san == "a1=N+" && view.board.checkedKing == .c2 && move.sound == .check
}

check("illegal moves throw RokadaError and change nothing") {
    let game = try newGame()
    let before = game.view()
    do {
        _ = try game.play(from: .e2, to: .e5)
        return false
    } catch RokadaError.IllegalMove(let from, let to, let reason) {
        return from == .e2 && to == .e5 && reason == .notLegal && game.view() == before
    }
}

check("bad input from outside is a typed error") {
    do {
        _ = try Game.restore(save: "{")
        return false
    } catch RokadaError.InvalidSave(let problem, _) {
        guard problem == .malformed else { return false }
    }
    do {
        _ = try newGame(fen: "not a position")
        return false
    } catch RokadaError.InvalidFen(let text, _) {
        guard text == "not a position" else { return false }
    }
    do {
        _ = try parseHostAddress(text: "10.0.0.1:0")
        return false
    } catch RokadaError.InvalidAddress(_, let problem) {
        return problem == .badPort
    }
}

check("save and restore mid-game") {
    let game = try newGame()
    for move in ["d4", "Nf6", "c4", "e6"] { _ = try game.playText(text: move) }
    let restored = try Game.restore(save: game.save())
    guard restored.view().moves == game.view().moves else { return false }
    _ = try restored.playText(text: "Nc3")
    return sans(restored.view()).count == 5 && sans(game.view()).count == 4
}

check("PGN out and back in, numbered from a FEN's own move") {
    let game = try newGame()
    for move in ["f3", "e5", "g4", "Qh4#"] { _ = try game.playText(text: move) }
    let again = try Game.fromPgn(pgn: game.pgn(), mode: .samePhone)
    let fromFen = try newGame(fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 7 23")
    _ = try fromFen.playText(text: "Kf7")
    return again.view().status.end == GameEnd(result: .blackWins, reason: .checkmate)
        && sans(again.view()) == ["f3", "e5", "g4", "Qh4#"]
        && fromFen.view().moves == [MoveRow(number: 23, white: nil, black: MoveCell(ply: 1, san: "Kf7"))]
}

check("events come in order on the game's thread, each with its revision") {
    let game = try newGame(timeControl: TimeControl(baseMs: 300, incrementMs: 0))
    let recorder = Recorder()
    game.setListener(listener: recorder)
    _ = try game.playText(text: "e4")
    let events = recorder.events(until: {
        if case .gameOver = $0.kind { return true }
        return false
    })
    game.setListener(listener: nil)
    guard case .movePlayed(_, by: .local)? = events.first?.event.kind else { return false }
    let revisions = events.map(\.event.revision)
    return events.allSatisfy { !$0.onMain } && revisions == revisions.sorted()
        && events.last?.event.kind == .gameOver(end: GameEnd(result: .whiteWins, reason: .timeout))
}

check("free functions") {
    squareName(square: .e4) == "e4" && parseSquare(name: "h8") == .h8 && formatClock(ms: 61_000) == "1:01"
        && !coreVersion().isEmpty && boardThemes().count == 3 && !timePresets().isEmpty
        && (try? parseHostAddress(text: "10.0.0.2")) == HostAddress(host: "10.0.0.2", port: 41641)
        && hostAddressText(address: HostAddress(host: "10.0.0.2", port: 41641)) == "10.0.0.2:41641"
        && (try? parsePairingCode(text: "123-456")) == "123456"
}

print("swift bindings: \(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
