import RokadaCore
import XCTest
@testable import RokadaKit

final class PairingFlowTests: XCTestCase {
    let code = PairingCode("482913")!
    let host = HostAddress(host: "192.168.1.20", port: 7878)

    func testTheHostWaitsPlaysAndReconnects() {
        var flow = PairingFlow()
        XCTAssertTrue(flow.handle(.hostStarted(code: code, port: 7878)))
        XCTAssertEqual(flow.state, .waitingForOpponent(code: code, port: 7878))
        XCTAssertTrue(flow.handle(.wrongCodeTyped(attempts: 1)), "a wrong guess leaves the host waiting")
        let newCode = PairingCode("000111")!
        flow.handle(.codeChanged(newCode))
        XCTAssertEqual(flow.state, .waitingForOpponent(code: newCode, port: 7878))
        flow.handle(.gameStarted(local: .black))
        XCTAssertEqual(flow.state, .playing(local: .black))
        XCTAssertFalse(flow.state.showsReconnectingBanner)
        flow.handle(.linkLost)
        XCTAssertEqual(flow.state, .reconnecting(local: .black))
        XCTAssertTrue(flow.state.showsReconnectingBanner)
        flow.handle(.linkRestored)
        XCTAssertEqual(flow.state, .playing(local: .black))
        flow.handle(.peerLeft)
        XCTAssertEqual(flow.state, .ended(.peerLeft))
        XCTAssertFalse(flow.handle(.gameStarted(local: .white)), "an ended flow stays ended")
        flow.handle(.adjourned(save: "save"))
        XCTAssertEqual(flow.state, .ended(.adjourned(save: "save")), "the game left unfinished can be resumed")
    }

    func testTheGuestSearchesTypesAWrongCodeThenJoins() {
        var flow = PairingFlow()
        flow.handle(.searchStarted)
        XCTAssertEqual(flow.state, .searching(hosts: []))
        XCTAssertEqual(flow.state.messageKey, "wifi.searching")
        let found = [DiscoveredHost(name: "Ada's iPhone", address: host)]
        flow.handle(.hostsFound(found))
        XCTAssertEqual(flow.state, .searching(hosts: found))
        flow.handle(.hostChosen(host))
        XCTAssertEqual(flow.state, .enteringCode(host: host, wrongAttempts: 0))
        flow.handle(.codeSubmitted)
        XCTAssertEqual(flow.state, .connecting(host: host, wrongAttempts: 0))
        XCTAssertFalse(flow.handle(.linkRestored), "connected, but the game has not started")
        flow.handle(.codeRefused)
        XCTAssertEqual(flow.state, .enteringCode(host: host, wrongAttempts: 1))
        XCTAssertEqual(flow.state.messageKey, "wifi.wrong_code")
        flow.handle(.codeSubmitted)
        XCTAssertFalse(flow.handle(.hostsFound([])), "late discovery results are ignored")
        flow.handle(.gameStarted(local: .white))
        XCTAssertEqual(flow.state, .playing(local: .white))
    }

    func testFailuresEndTheFlow() {
        var unreachable = PairingFlow()
        unreachable.handle(.hostChosen(host))
        unreachable.handle(.codeSubmitted)
        unreachable.handle(.unreachable)
        XCTAssertEqual(unreachable.state, .ended(.unreachable))

        var refused = PairingFlow()
        refused.handle(.hostChosen(host))
        XCTAssertFalse(refused.handle(.refused(.busy)), "nothing was sent yet")
        refused.handle(.codeSubmitted)
        refused.handle(.refused(.incompatibleVersion))
        XCTAssertEqual(refused.state, .ended(.refused(.incompatibleVersion)))
        XCTAssertEqual(refused.state.messageKey, "error.network.incompatible_version")

        var adjourned = PairingFlow()
        adjourned.handle(.hostStarted(code: code, port: 1))
        adjourned.handle(.gameStarted(local: .white))
        adjourned.handle(.adjourned(save: "{}"))
        XCTAssertEqual(adjourned.state, .ended(.adjourned(save: "{}")))

        var cancelled = PairingFlow()
        XCTAssertFalse(cancelled.handle(.cancel), "nothing to cancel")
        cancelled.handle(.searchStarted)
        cancelled.handle(.cancel)
        XCTAssertEqual(cancelled.state, .ended(.cancelled))

        var idle = PairingFlow()
        XCTAssertFalse(idle.handle(.linkLost))
        XCTAssertFalse(idle.handle(.gameStarted(local: .white)))
        XCTAssertEqual(idle.state, .idle)
    }

    func testPeerEventsMapToPairingInputs() {
        XCTAssertEqual(PairingInput(.codeChanged(code: "000111")), .codeChanged(PairingCode("000111")!))
        XCTAssertNil(PairingInput(.codeChanged(code: "bad")))
        XCTAssertEqual(PairingInput(.wrongCode(attempts: 2)), .wrongCodeTyped(attempts: 2))
        XCTAssertEqual(PairingInput(.refusedByHost(refusal: .wrongCode)), .codeRefused)
        XCTAssertEqual(PairingInput(.refusedByHost(refusal: .busy)), .refused(.busy))
        XCTAssertNil(PairingInput(.refused(refusal: .wrongCode)), "the host turning a stranger away changes nothing")
        XCTAssertEqual(PairingInput(.connected(resumed: true)), .linkRestored)
        XCTAssertEqual(PairingInput(.gameStarted(local: .black)), .gameStarted(local: .black))
        XCTAssertNil(PairingInput(.rematchOffered(by: .white)))
        XCTAssertEqual(PairingInput(.adjourned(save: "s")), .adjourned(save: "s"))
    }

    func testPairingCodesAreSixDigits() {
        XCTAssertEqual(PairingCode("482 913")?.digits, "482913")
        XCTAssertEqual(PairingCode("482-913")?.description, "482 913")
        for bad in ["", "12345", "1234567", "12345a", "１２３４５６"] {
            XCTAssertNil(PairingCode(bad), bad)
        }
    }

    func testManualAddressesAreValidated() throws {
        XCTAssertEqual(try HostAddress(parsing: " 192.168.1.20:7878 "), host)
        XCTAssertEqual(try HostAddress(parsing: "[fe80::1]:9000"), HostAddress(host: "fe80::1", port: 9000))
        XCTAssertEqual(HostAddress(host: "fe80::1", port: 9000).description, "[fe80::1]:9000")
        XCTAssertEqual(try HostAddress(parsing: "phone.local:1").host, "phone.local")
        let cases: [(String, HostAddress.ParseError)] = [
            ("", .empty), ("10.0.0.1", .missingPort), ("10.0.0.1:0", .badPort("0")),
            ("10.0.0.1:70000", .badPort("70000")), (":7878", .badHost("")), ("fe80::1:80", .badHost("fe80::1:80")),
            ("[fe80::1]", .missingPort),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try HostAddress(parsing: text), text) { error in
                XCTAssertEqual(error as? HostAddress.ParseError, expected, text)
            }
        }
    }
}
