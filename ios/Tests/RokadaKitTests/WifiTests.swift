import Foundation
import XCTest
@testable import RokadaKit

/// Wi-Fi games through the core's protocol over loopback, from the join
/// screen to the game screens of both devices.
@MainActor
final class WifiTests: XCTestCase {
    private var defaults: TestDefaults!

    override func setUp() async throws {
        defaults = TestDefaults()
    }

    override func tearDown() async throws {
        defaults.discard()
    }

    /// Joins the host on `port` with `code` through a join screen, and
    /// returns the game screen of the game once it began.
    private func join(port: UInt16, code: String, model join: JoinModel = JoinModel()) async throws
        -> GameScreenModel
    {
        var started: Game?
        join.onStarted = { started = $0 }
        join.addressText = "127.0.0.1:\(port)"
        join.chooseTypedAddress()
        join.codeText = code
        join.connect(name: "Joining phone")
        try await waitUntil("the game begins on the joining side") { started != nil }
        return screen(try XCTUnwrap(started), settings: defaults.settings())
    }

    func testAWrongCodeKeepsTheJoinerOnTheCodeAndThenTheGamePlays() async throws {
        let hostFeedback = FeedbackRecorder()
        let host = screen(
            try Game.hostWifi(side: .white, timeControl: TimeControl(baseMs: 300_000, incrementMs: 0), port: 0,
                              name: "Hosting phone"),
            settings: defaults.settings(), feedback: hostFeedback
        )
        host.screenAppeared()
        guard case .hosting(let firstCode, let addresses, 0) = host.pairingPanel else {
            return XCTFail("a host shows its code, not \(String(describing: host.pairingPanel))")
        }
        let port = try XCTUnwrap(host.advertisedPort)
        let newCode = try XCTUnwrap(host.control(.newCode), "a host may draw a new code while it waits")
        host.choose(newCode)
        guard case .hosting(let code, _, _) = host.pairingPanel else { return XCTFail("still hosting") }
        XCTAssertTrue(addresses.allSatisfy { $0.hasSuffix(":\(port)") }, "\(addresses)")
        XCTAssertEqual(hostFeedback.screenOn, [true], "an open link keeps the screen on")
        XCTAssertNotEqual(code, firstCode)

        let joining = JoinModel()
        joining.addressText = "127.0.0.1:\(port)"
        joining.chooseTypedAddress()
        XCTAssertEqual(joining.stage, .enteringCode(HostAddress(host: "127.0.0.1", port: port)))
        joining.codeText = code == "000000" ? "111111" : "000000"
        joining.connect()
        try await waitUntil("the wrong code is refused") { joining.problem != nil }
        XCTAssertEqual(joining.problem, Phrase("wifi.wrong_code"))
        XCTAssertEqual(joining.stage, .enteringCode(HostAddress(host: "127.0.0.1", port: port)),
                       "still on the code entry, for the same host")
        XCTAssertEqual(joining.wrongCodes, 1)
        try await waitUntil("the host counts it") { host.view.peer?.wrongCodes == 1 }
        guard case .hosting(_, _, 1) = host.pairingPanel else { return XCTFail("the host shows the guess") }

        // Spaces and dashes between the digits are the core's to read.
        let spaced = "\(code.prefix(3)) \(code.suffix(3))"
        let joiner = try await join(port: port, code: spaced, model: joining)
        try await waitUntil("the host's game begins") { host.view.peer?.started == true }
        XCTAssertNil(host.pairingPanel)
        XCTAssertNil(host.advertisedPort, "the game is no longer advertised")
        XCTAssertEqual(joiner.view.mode, .wifiPeer(local: .black))
        XCTAssertEqual(joiner.view.mode.title, Phrase("ios.title.wifi"))
        // Each phone shows the other's player by the name it goes by.
        try await waitUntil("the names are told") {
            joiner.view.top.label == .peer(name: "Hosting phone") && host.view.top.label == .peer(name: "Joining phone")
        }
        XCTAssertEqual(Resources.english.text(joiner.view.top.label.phrase), "Hosting phone")
        XCTAssertEqual(PlayerLabel.peer(name: nil).phrase, Phrase("ios.player.opponent"))

        host.tapMove(.e2, .e4)
        try await waitUntil("e4 reaches the joiner") { joiner.sans == ["e4"] }
        XCTAssertFalse(joiner.dragStart(.d2), "White's pieces are not the joiner's")
        XCTAssertTrue(joiner.drop(from: .e7, to: .e5))
        try await waitUntil("e5 reaches the host") { host.sans == ["e4", "e5"] }

        host.perform(.offerDraw)
        XCTAssertEqual(host.view.status.headline, Phrase("draw.offer_sent"))
        try await waitUntil("the offer is a dialog on the joiner") { joiner.view.prompt != nil }
        let offer = try XCTUnwrap(joiner.view.prompt)
        XCTAssertEqual(offer, .drawOffered(by: .white))
        XCTAssertEqual(offer.answers?.accept, Phrase("game.menu.accept_draw"))
        joiner.answer(offer, accept: false)
        try await waitUntil("the host learns of the refusal") { host.notice == Phrase("draw.offer_declined") }

        joiner.perform(.resign)
        let end = GameEnd(result: .whiteWins, reason: .resignation)
        try await waitUntil("both see the resignation") { host.view.status.end == end && joiner.view.status.end == end }
        try await waitUntil("the host's end sound") { hostFeedback.sounds.contains(.win) }

        joiner.perform(.rematch)
        try await waitUntil("the host is asked for a rematch") { host.view.prompt != nil }
        let rematch = try XCTUnwrap(host.view.prompt)
        XCTAssertEqual(rematch.question, Phrase("wifi.rematch_offered"))
        host.answer(rematch, accept: true)
        try await waitUntil("a new game with colours swapped") {
            host.view.mode == .wifiPeer(local: .black) && host.sans.isEmpty && host.view.status.end == nil
                && joiner.view.mode == .wifiPeer(local: .white)
        }

        host.notice = nil
        joiner.perform(.leave)
        try await waitUntil("the link is closed") { host.view.peer?.link == .closed }
        // The other player left, and so the unfinished game is adjourned.
        try await waitUntil("the host is told") { host.notice == Phrase("wifi.adjourned") }
        XCTAssertFalse(host.view.keepAwake, "no game and no link: the screen may sleep")
        host.close()
        XCTAssertEqual(hostFeedback.screenOn.last, false)
        XCTAssertEqual(hostFeedback.offMainThread, 0)
    }

    func testWhatIsTypedIsReadByTheCore() async throws {
        let join = JoinModel()
        join.addressText = ""
        join.chooseTypedAddress()
        XCTAssertEqual(join.problem, Phrase("wifi.address_empty"))
        join.addressText = "192.168.1.20:99999"
        join.chooseTypedAddress()
        XCTAssertEqual(join.problem, Phrase("wifi.address_bad_port"))
        XCTAssertEqual(join.stage, .choosingHost)

        join.addressText = "192.168.1.20"
        join.chooseTypedAddress()
        XCTAssertEqual(join.stage, .enteringCode(HostAddress(host: "192.168.1.20", port: 41641)),
                       "without a port: the hosts' default")
        XCTAssertNil(join.problem)
        join.codeText = "12a 456"
        join.connect()
        XCTAssertEqual(join.problem, Phrase("ios.wifi.code_six_digits"))
        XCTAssertEqual(join.stage, .enteringCode(HostAddress(host: "192.168.1.20", port: 41641)))
        join.backToHosts()
        XCTAssertEqual(join.stage, .choosingHost)
    }

    func testDiscoveryNeverSpinsForever() async {
        let join = JoinModel()
        XCTAssertTrue(join.isSearching)
        join.searchedAWhile()
        XCTAssertEqual(join.discovery, .nothingFound)
        XCTAssertFalse(join.isSearching)
        let b = DiscoveredHost(name: "b phone", address: HostAddress(host: "10.0.0.3", port: 41641))
        let a = DiscoveredHost(name: "A phone", address: HostAddress(host: "10.0.0.2", port: 41641))
        join.hostsFound([b, a])
        XCTAssertEqual(join.hosts, [a, b])
        XCTAssertEqual(join.discovery, .searching)
        join.choose(b)
        XCTAssertEqual(join.stage, .enteringCode(b.address))

        let denied = JoinModel()
        denied.discoveryFailed(denied: true)
        XCTAssertEqual(denied.discovery, .denied)
        XCTAssertFalse(denied.isSearching, "a denied permission is shown, not searched on")
        denied.searchedAWhile()
        XCTAssertEqual(denied.discovery, .denied)
    }

    func testAHostThatIsNotThereIsUnreachable() async throws {
        // Nothing listens on port 1 of the loopback address.
        let join = JoinModel()
        join.addressText = "127.0.0.1:1"
        join.chooseTypedAddress()
        join.codeText = "123456"
        join.connect()
        try await waitUntil("the host is found unreachable", timeout: 120) { join.problem != nil }
        XCTAssertEqual(join.problem, Phrase("wifi.unreachable"))
        XCTAssertEqual(join.stage, .choosingHost)
    }

    #if os(Linux) || os(macOS)
    /// The terminal client hosts, this app joins: Swift speaks the same
    /// protocol as every other Rokada.
    func testAGameAgainstTheTerminalClient() async throws {
        let code = "314159"
        let terminal = try TerminalClient(arguments: [
            "host", "--bind", "127.0.0.1", "--port", "0", "--color", "black", "--code", code, "--no-mdns", "--json",
        ])
        let hosting = try await terminal.waitFor("hosting")
        let port = try XCTUnwrap(hosting["port"].flatMap { UInt16($0) })
        let phone = try await join(port: port, code: code)
        XCTAssertEqual(phone.view.mode, .wifiPeer(local: .white))

        for reply in ["e5", "Nc6", "Nf6"] {
            terminal.send(reply)
        }
        let white: [(Square, Square)] = [(.e2, .e4), (.f1, .c4), (.d1, .h5), (.h5, .f7)]
        for (index, (from, to)) in white.enumerated() {
            phone.tapMove(from, to)
            if index < white.count - 1 {
                try await waitUntil("Black's reply \(index + 1)") { phone.sans.count == 2 * (index + 1) }
            }
        }
        XCTAssertEqual(phone.moveListText, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#")
        XCTAssertEqual(phone.view.status.end, GameEnd(result: .whiteWins, reason: .checkmate))
        let over = try await terminal.waitFor("game_over")
        XCTAssertEqual(over["result"], "1-0")
        XCTAssertEqual(over["reason"], "checkmate")
        XCTAssertEqual(terminal.events(named: "move").compactMap { $0["san"] }, phone.sans,
                       "the terminal saw the same game")
    }
    #endif
}
