import RokadaCore
import XCTest
@testable import RokadaKit

final class LocalizationTests: XCTestCase {
    func testSquaresAreDescribedForVoiceOver() throws {
        let english = try Resources.strings(.english)
        XCTAssertEqual(
            SquareDescription.label(of: .e4, piece: Piece(side: .white, kind: .knight), in: english),
            "e4, white knight"
        )
        XCTAssertEqual(SquareDescription.label(of: .a8, piece: nil, in: english), "a8, empty")
        let polish = try Resources.strings(.polish)
        XCTAssertEqual(
            SquareDescription.label(of: .d8, piece: Piece(side: .black, kind: .queen), in: polish),
            "d8, czarny hetman"
        )
    }

    @MainActor
    func testVoiceOverValuesFollowSelectionAndHints() async throws {
        let english = try Resources.strings(.english)
        let controller = try GameController(setup: setup())
        controller.tap(.g1)
        XCTAssertEqual(SquareDescription.value(of: .g1, in: controller.state, strings: english), "g1 selected")
        XCTAssertEqual(SquareDescription.value(of: .f3, in: controller.state, strings: english), "f3, legal move")
        XCTAssertNil(SquareDescription.value(of: .e4, in: controller.state, strings: english))
    }

    /// Every key RokadaKit hands to the app exists in every language.
    func testEveryKeyTheKitUsesExistsInEveryLanguage() throws {
        var keys = Set<String>()
        let actions: [GameAction] = [
            .claimDraw(.threefoldRepetition), .claimDraw(.fiftyMoveRule), .agreeDraw, .offerDraw, .acceptDraw,
            .declineDraw, .resign, .undo, .redo, .flipBoard, .sharePgn, .newGame,
        ]
        for item in actions.map(GameMenuItem.init(action:)) {
            keys.insert(item.titleKey)
            if let key = item.confirmationKey {
                keys.insert(key)
            }
        }
        let reasons: [EndReason] = [
            .checkmate, .stalemate, .insufficientMaterial, .deadPosition, .fivefoldRepetition, .seventyFiveMoveRule,
            .threefoldRepetition, .fiftyMoveRule, .agreement, .resignation, .timeout, .timeoutCannotMate,
        ]
        for result in [GameResult.whiteWins, .blackWins, .draw] {
            for reason in reasons {
                let end = GameEnd(result: result, reason: reason)
                keys.formUnion([end.resultKey, end.reasonKey])
            }
        }
        let kinds: [PieceKind] = [.pawn, .knight, .bishop, .rook, .queen, .king]
        for side in [Side.white, .black] {
            for kind in kinds {
                keys.insert(Piece(side: side, kind: kind).accessibilityKey)
            }
        }
        keys.formUnion(PromotionChoice.kinds.map(PromotionChoice.titleKey(of:)))
        keys.formUnion(AppLanguage.allCases.map(\.nameKey))
        keys.formUnion(BoardOrientation.allCases.map(\.titleKey))
        keys.formUnion(TimeControlPreset.allCases.map(\.titleKey))
        let errors: [RokadaError] = [
            .GameOver, .NotYourTurn, .NothingToUndo, .NoDrawOffer, .InvalidLevel(level: 0),
            .InvalidSave(problem: .malformed, detail: ""), .InvalidPgn(kind: .noGame, ply: 0, text: ""),
            .IllegalMove(from: .e2, to: .e5, reason: .notLegal), .InvalidPairingCode(code: ""),
            .InvalidAddress(host: "", port: 0), .Network(detail: ""), .NotConnected, .GameNotOver,
        ]
        keys.formUnion(errors.map(\.messageKey))
        let host = HostAddress(host: "10.0.0.2", port: 7878)
        let states: [PairingState] = [
            .waitingForOpponent(code: PairingCode("123456")!, port: 7878), .searching(hosts: []),
            .enteringCode(host: host, wrongAttempts: 0), .enteringCode(host: host, wrongAttempts: 1),
            .connecting(host: host, wrongAttempts: 0), .reconnecting(local: .white), .ended(.peerLeft),
            .ended(.unreachable), .ended(.refused(.busy)), .ended(.refused(.incompatibleVersion)),
            .ended(.adjourned(save: "")),
        ]
        keys.formUnion(states.compactMap(\.messageKey))
        keys.formUnion([
            "wifi.pairing_code", "wifi.pairing_code_hint", "wifi.no_games", "wifi.found_game", "wifi.manual_address",
            "wifi.connect", "wifi.rematch", "wifi.rematch_offered", "wifi.decline_rematch", "wifi.leave",
            "wifi.host_title", "wifi.join_title", "wifi.local_network_usage", "computer.thinking",
        ])

        for language in AppLanguage.allCases {
            let table = try Resources.strings(language)
            let missing = keys.filter { (table.format(forKey: $0) ?? "").isEmpty }
            XCTAssertEqual(missing, [], "missing in \(language.rawValue)")
        }
    }

    func testFormatsFillPositionalPlaceholders() throws {
        let table = try StringTable(parsing: """
            /* comment */

            "a" = "%2$@ before %1$@, %1$ld%%";
            "quote" = "say \\"hi\\"\\n";
            """)
        XCTAssertEqual(table.text("a", "x", "y"), "y before x, x%")
        XCTAssertEqual(table.text("quote"), "say \"hi\"\n")
        XCTAssertEqual(table.text("absent"), "absent")
        XCTAssertThrowsError(try StringTable(parsing: "\"a\" = \"b\"")) { error in
            XCTAssertEqual(error as? StringTable.ParseError, .malformedLine(number: 1))
        }
    }

    func testThePreferredLanguageFallsBackToEnglish() {
        XCTAssertEqual(AppLanguage.preferred(from: ["fr-FR", "nb-NO", "en"]), .norwegianBokmal)
        XCTAssertEqual(AppLanguage.preferred(from: ["no"]), .norwegianBokmal)
        XCTAssertEqual(AppLanguage.preferred(from: ["bg_BG"]), .bulgarian)
        XCTAssertEqual(AppLanguage.preferred(from: ["fr"]), .english)
    }
}
