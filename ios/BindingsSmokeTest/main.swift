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
    private var received: [(event: GameEvent, onMain: Bool)] = []
    private let arrived = DispatchSemaphore(value: 0)

    func onEvent(event: GameEvent) {
        lock.withLock { received.append((event, Thread.isMainThread)) }
        arrived.signal()
    }

    /// The events so far, waiting until there are at least `count`.
    func events(atLeast count: Int, seconds: Double = 10) -> [(event: GameEvent, onMain: Bool)] {
        let deadline = DispatchTime.now() + seconds
        while lock.withLock({ received.count }) < count {
            if arrived.wait(timeout: deadline) == .timedOut { break }
        }
        return lock.withLock { received }
    }
}

func newGame(fen: String? = nil, timeControl: TimeControl? = nil) throws -> Game {
    try Game(setup: GameSetup(mode: .samePhone, startFen: fen, timeControl: timeControl))
}

check("moves by squares and by text, board read back") {
    let game = try newGame()
    guard case .played(let first) = try game.play(from: .e2, to: .e4) else { return false }
    let reply = try game.playText(text: "c5")
    let board = game.board()
    return first.san == "e4" && reply.uci == "c7c5" && board.count == 64
        && board[Int(Square.e4.rawValue)] == Piece(side: .white, kind: .pawn)
        && board[Int(Square.e2.rawValue)] == nil
        && game.state().moves == ["e4", "c5"]
}

check("hints for a tapped piece") {
    let game = try newGame()
    return game.tap(square: .g1) == .selected(square: .g1, hints: [.f3, .h3])
        && game.legalDestinations(from: .b1) == [.a3, .c3]
}

check("a promotion asks for the piece, then under-promotes") {
    let game = try newGame(fen: "4k3/8/8/8/8/8/p1K5/8 b - - 0 1")
    guard try game.play(from: .a2, to: .a1) == .needsPromotion(from: .a2, to: .a1) else { return false }
    guard case .played(let move) = try game.play(from: .a2, to: .a1, promotion: .knight) else { return false }
    return move.san == "a1=N+" && game.state().checkedKing == .c2
}

check("illegal moves throw RokadaError and change nothing") {
    let game = try newGame()
    let before = game.state()
    do {
        _ = try game.play(from: .e2, to: .e5)
        return false
    } catch RokadaError.IllegalMove(let from, let to, let reason) {
        return from == .e2 && to == .e5 && reason == .notLegal && game.state() == before
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
        return text == "not a position"
    }
}

check("save and restore mid-game") {
    let game = try newGame()
    for move in ["d4", "Nf6", "c4", "e6"] { _ = try game.playText(text: move) }
    let restored = try Game.restore(save: game.save())
    guard restored.state() == game.state() else { return false }
    _ = try restored.playText(text: "Nc3")
    return restored.state().moves.count == 5 && game.state().moves.count == 4
}

check("PGN out and back in") {
    let game = try newGame()
    for move in ["f3", "e5", "g4", "Qh4#"] { _ = try game.playText(text: move) }
    let again = try Game.fromPgn(pgn: game.pgn(), mode: .samePhone)
    return again.state().end == GameEnd(result: .blackWins, reason: .checkmate)
        && again.state().moves == ["f3", "e5", "g4", "Qh4#"]
}

check("events: the move on the caller's thread, the flag from a core thread") {
    let game = try newGame(timeControl: TimeControl(baseMs: 300, incrementMs: 0))
    let recorder = Recorder()
    game.setListener(listener: recorder)
    _ = try game.playText(text: "e4")
    let events = recorder.events(atLeast: 4)
    game.setListener(listener: nil)
    guard events.count == 4, case .movePlayed(_, by: .local) = events[0].event, events[0].onMain else { return false }
    guard case .clockChanged = events[2].event, !events[2].onMain else { return false }
    return events[3].event == .gameOver(end: GameEnd(result: .whiteWins, reason: .timeout)) && !events[3].onMain
}

check("free functions") {
    squareName(square: .e4) == "e4" && parseSquare(name: "h8") == .h8 && formatClock(ms: 61_000) == "1:01"
        && !coreVersion().isEmpty
}

print("swift bindings: \(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
