import Foundation
import RokadaCore
import XCTest
@testable import RokadaKit

/// Wi-Fi games through the core's protocol over loopback.
@MainActor
final class WifiTests: XCTestCase {
    func testTwoControllersPairPlayAndAskForARematch() async throws {
        let host = try GameController.hosting(side: .white, timeControl: TimeControl(baseMs: 300_000, incrementMs: 0))
        guard case .waitingForOpponent(let code, let port) = host.pairing.state else {
            return XCTFail("a host waits with a code, not \(host.pairing.state)")
        }
        XCTAssertNotEqual(port, 0, "the port any free one became")
        XCTAssertEqual(host.state.peer?.role, .host)
        let joiner = try GameController.joining(HostAddress(host: "127.0.0.1", port: port), code: code)
        // The link's events come from the core's network thread.
        let hostLog = UpdateLog(host)
        try await waitUntil("both sides playing") {
            host.pairing.state == .playing(local: .white) && joiner.pairing.state == .playing(local: .black)
        }
        XCTAssertEqual(joiner.state.mode, .wifiPeer(local: .black))

        host.tapMove(.e2, .e4)
        try await waitUntil("e4 reaches the joiner") { joiner.state.moves == ["e4"] }
        XCTAssertEqual(joiner.tap(.d2), .ignored, "White's pieces are not the joiner's")
        joiner.drop(from: .e7, to: .e5)
        try await waitUntil("e5 reaches the host") { host.state.moves == ["e4", "e5"] }
        XCTAssertEqual(host.clockFaces.map(\.isRunning), [true, false])
        XCTAssertEqual(host.menu.map(\.action), [.offerDraw, .resign, .flipBoard, .sharePgn, .newGame])

        _ = try host.perform(.offerDraw)
        try await waitUntil("the offer reaches the joiner") { joiner.menu.contains(GameMenuItem(action: .acceptDraw)) }
        _ = try joiner.perform(.declineDraw)
        try await waitUntil("the host learns of the refusal") { host.state.drawOffer == nil }

        _ = try joiner.perform(.resign)
        let end = GameEnd(result: .whiteWins, reason: .resignation)
        try await waitUntil("both see the resignation") { host.state.end == end && joiner.state.end == end }

        try joiner.rematch()
        try await waitUntil("the host is asked for a rematch") { host.rematchRequested }
        XCTAssertFalse(joiner.rematchRequested, "the asking side does not answer itself")
        try host.rematch()
        try await waitUntil("a new game with colours swapped") {
            host.pairing.state == .playing(local: .black) && host.state.moves.isEmpty && host.state.end == nil
                && joiner.pairing.state == .playing(local: .white)
        }

        XCTAssertTrue(hostLog.events.contains(.peer(event: .gameStarted(local: .black))))
        XCTAssertEqual(hostLog.offMainThread, 0)
        try joiner.leave()
        try await waitUntil("the host sees the game adjourned") {
            if case .ended = host.pairing.state { return true }
            return false
        }
        guard case .ended(.adjourned(let save)) = host.pairing.state else {
            return XCTFail("an unfinished game is adjourned, not \(host.pairing.state)")
        }
        let resumed = try GameController.resumingHosted(save)
        guard case .waitingForOpponent = resumed.pairing.state else {
            return XCTFail("the adjourned game is hosted again, not \(resumed.pairing.state)")
        }
        XCTAssertEqual(resumed.state.mode, .wifiPeer(local: .black))
    }

    func testAWrongCodeSendsTheJoinerBackToTheCode() async throws {
        let host = try GameController.hosting(side: .random, timeControl: nil)
        guard case .waitingForOpponent(let code, let port) = host.pairing.state else {
            return XCTFail("a host waits with a code")
        }
        let wrong = PairingCode(code.digits == "000000" ? "111111" : "000000")!
        let address = HostAddress(host: "127.0.0.1", port: port)
        let joiner = try GameController.joining(address, code: wrong)
        try await waitUntil("the code is refused") {
            joiner.pairing.state == .enteringCode(host: address, wrongAttempts: 1)
        }
        XCTAssertEqual(joiner.pairing.state.messageKey, "wifi.wrong_code")
        guard case .waitingForOpponent = host.pairing.state else {
            return XCTFail("the host keeps waiting")
        }
        let nowhere = HostAddress(host: "no such host.invalid", port: port)
        XCTAssertThrowsError(try GameController.joining(nowhere, code: code)) {
            XCTAssertEqual(($0 as? RokadaError)?.messageKey, "wifi.bad_address")
        }
    }

    #if os(Linux) || os(macOS)
    /// The terminal client hosts, this controller joins: Swift speaks the
    /// same protocol as every other Rokada.
    func testAGameAgainstTheTerminalClient() async throws {
        let code = "314159"
        let terminal = try TerminalClient(arguments: [
            "host", "--bind", "127.0.0.1", "--port", "0", "--color", "black", "--code", code, "--no-mdns", "--json",
        ])
        let hosting = try await terminal.waitFor("hosting")
        let port = try XCTUnwrap(hosting["port"].flatMap { UInt16($0) })
        let phone = try GameController.joining(HostAddress(host: "127.0.0.1", port: port), code: PairingCode(code)!)
        try await waitUntil("the game starts") { phone.pairing.state == .playing(local: .white) }

        // The terminal plays Black's moves as soon as each is its turn.
        for reply in ["e5", "Nc6", "Nf6"] {
            terminal.send(reply)
        }
        let white: [(Square, Square)] = [(.e2, .e4), (.f1, .c4), (.d1, .h5), (.h5, .f7)]
        for (index, (from, to)) in white.enumerated() {
            guard case .played = phone.tapMove(from, to) else {
                return XCTFail("move \(index + 1) of White is legal")
            }
            if index < white.count - 1 {
                try await waitUntil("Black's reply \(index + 1)") { phone.state.moves.count == 2 * (index + 1) }
            }
        }
        XCTAssertEqual(phone.state.moves, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"])
        XCTAssertEqual(phone.state.end, GameEnd(result: .whiteWins, reason: .checkmate))
        let over = try await terminal.waitFor("game_over")
        XCTAssertEqual(over["result"], "1-0")
        XCTAssertEqual(over["reason"], "checkmate")
        let seen = terminal.events(named: "move").compactMap { $0["san"] }
        XCTAssertEqual(seen, phone.state.moves, "the terminal saw the same game")
    }
    #endif
}
