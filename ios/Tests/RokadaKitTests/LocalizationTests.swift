import Foundation
import XCTest
@testable import RokadaKit

final class LocalizationTests: XCTestCase {
    /// Every phrase RokadaKit can hand to a screen, with any value of the
    /// core's enums.
    static var everyPhrase: [Phrase] {
        var phrases: [Phrase] = []
        let sides: [Side] = [.white, .black]
        let modes: [GameMode] = [.samePhone, .computer(human: .white, level: 3), .wifiPeer(local: .black)]
        phrases += modes.map(\.title)
        let labels: [PlayerLabel] = [
            .you, .colour(side: .white), .colour(side: .black), .computer(level: 1, rating: 600), .peer(name: nil),
        ]
        phrases += labels.map(\.phrase)
        phrases.append(Material(surplus: [.pawn], advantage: 1).advantagePhrase!)
        let movers: [Mover] = [.colour(side: .white), .colour(side: .black), .you, .computer, .opponent]
        for mover in movers {
            let line = StatusLine(mover: mover, turn: .white, check: true, end: nil, claimable: [], drawOffer: nil,
                                  computerThinking: false, clockPaused: false)
            phrases += [line.headline, line.detail].compactMap { $0 }
        }
        var busy = StatusLine(mover: .you, turn: .white, check: false, end: nil, claimable: [],
                              drawOffer: DrawOfferView(by: .white, fromOpponent: false), computerThinking: false,
                              clockPaused: false)
        phrases.append(busy.headline)
        busy.computerThinking = true
        phrases.append(busy.headline)
        busy.clockPaused = true
        phrases.append(busy.headline)
        let reasons: [EndReason] = [
            .checkmate, .stalemate, .insufficientMaterial, .deadPosition, .fivefoldRepetition, .seventyFiveMoveRule,
            .threefoldRepetition, .fiftyMoveRule, .agreement, .resignation, .timeout, .timeoutCannotMate,
        ]
        for result in [GameResult.whiteWins, .blackWins, .draw] {
            for reason in reasons {
                phrases += [GameEnd(result: result, reason: reason).resultPhrase,
                            GameEnd(result: result, reason: reason).reasonPhrase]
            }
        }
        let actions: [GameAction] = [
            .claimDraw(claim: .threefoldRepetition), .claimDraw(claim: .fiftyMoveRule), .agreeDraw, .offerDraw,
            .acceptDraw, .declineDraw, .resign, .undo, .redo, .flipBoard, .pauseClock, .resumeClock, .sharePgn,
            .newGame, .rematch, .declineRematch, .leave, .newCode, .continueFromHere,
        ]
        phrases += actions.flatMap { [$0.title, $0.confirmation] }
        let prompts: [Prompt] = [.promotion(from: .e7, to: .e8), .drawOffered(by: .white), .rematchOffered(by: .black)]
        phrases += prompts.map(\.question)
        phrases += prompts.compactMap(\.answers).flatMap { [$0.accept, $0.decline] }
        let kinds: [PieceKind] = [.pawn, .knight, .bishop, .rook, .queen, .king]
        for side in sides {
            phrases += kinds.map { Piece(side: side, kind: $0).accessibilityPhrase }
        }
        phrases += kinds.map(\.name)
        phrases += sides.map(\.name)
        phrases += Seating.allCases.map(\.title)
        phrases += boardThemes().map(\.title)
        phrases += [TimePresetKind.bullet, .blitz, .rapid, .classical].map(\.name)
        phrases += computerLevels().map(\.title)
        phrases += ColourChoice.allCases.map(\.title)
        phrases += [Refusal.wrongCode, .incompatibleVersion, .alreadyPaired, .busy, .unknownGame, .failed].map(\.phrase)
        phrases += [AddressProblem.empty, .badPort, .badHost].map(\.phrase)
        let errors: [RokadaError] = [
            .IllegalMove(from: .e2, to: .e5, reason: .notLegal), .UnparsableMove(text: ""), .GameOver, .NotYourTurn,
            .NotAllowedInMode(restriction: .undo), .NothingToUndo, .NoDrawOffer,
            .DrawNotClaimable(claim: .fiftyMoveRule),
            .InvalidFen(text: "", reason: ""), .InvalidLevel(level: 0), .InvalidTimeControl(baseMs: 0, incrementMs: 0),
            .InvalidSave(problem: .malformed, detail: ""), .InvalidPairingCode(code: "", problem: .tooShort),
            .InvalidAddress(text: "", problem: .badHost), .Network(detail: ""), .Storage(detail: ""), .NotConnected,
            .NotStarted, .GameNotOver, .NoRematchRequest, .ClockPaused, .NoClockToPause, .NotPairing,
        ]
        phrases += errors.map(\.phrase)
        let pgnKinds: [PgnErrorKind] = [
            .unterminatedComment, .unterminatedVariation, .unmatchedParenthesis, .badTag, .unexpectedToken,
            .illegalMove, .moveAfterEnd, .badFen, .noGame,
        ]
        phrases += pgnKinds.map { RokadaError.InvalidPgn(kind: $0, ply: 3, text: "Ke3").phrase }
        let events: [EventKind] = [
            .drawDeclined(by: .black),
            .peer(event: .peerLeft), .peer(event: .rematchDeclined(by: .black)), .peer(event: .codeChanged(code: "1")),
            .peer(event: .resynced), .peer(event: .peerError(complaint: .malformed)),
            .peer(event: .adjourned(save: "")), .peer(event: .unreachable),
            .peer(event: .refusedByHost(refusal: .busy)),
        ]
        phrases += events.compactMap { GameScreenModel.notice(of: $0, mode: .wifiPeer(local: .white)) }
        phrases += [PgnGameInfo(index: 0, white: nil, black: nil, event: nil, date: nil, result: nil, plies: 0).title]
        phrases += [
            Phrase("ios.pgn.too_large"), Phrase("ios.pgn.unreadable"), Phrase("ios.pgn.paste"),
            Phrase("ios.pgn.open_file"), Phrase("ios.pgn.choose"), Phrase("ios.home.saved"),
            Phrase("ios.home.continue"), Phrase("ios.home.import_pgn"), Phrase("ios.browse.back"),
            Phrase("ios.browse.forward"), Phrase("ios.browse.live"), Phrase("ios.browse.moves"),
            Phrase("ios.confirm.replace"), Phrase("ios.confirm.replace_button"), Phrase("ios.action.more"),
            Phrase("ios.settings.board_theme"), Phrase("ios.settings.haptics"), Phrase("ios.settings.device_name"),
            Phrase("ios.wifi.address_field"), Phrase("ios.wifi.local_network_denied"),
            Phrase("ios.wifi.open_settings"), Phrase("ios.wifi.no_address"), Phrase("ios.wifi.wrong_codes", "2"),
            Phrase("ios.wifi.choose_host"), Phrase("wifi.this_address", "10.0.0.2:41641"),
            Phrase("wifi.pairing_code_hint"), Phrase("wifi.waiting"), Phrase("wifi.connecting"),
            Phrase("wifi.searching"), Phrase("wifi.no_games"), Phrase("wifi.found_game", "x"), Phrase("wifi.connect"),
            Phrase("wifi.enter_code"), Phrase("wifi.reconnecting"), Phrase("wifi.host_title"),
            Phrase("wifi.join_title"), Phrase("computer.level"), Phrase("computer.your_colour"),
            Phrase("computer.start"), Phrase("time.title"), Phrase("settings.title"), Phrase("settings.language"),
            Phrase("settings.language_system"), Phrase("settings.move_hints"), Phrase("settings.board_orientation"),
            Phrase("settings.sound"), Phrase("home.two_players"), Phrase("home.vs_computer"), Phrase("home.host_wifi"),
            Phrase("home.join_wifi"), Phrase("home.rules"), Phrase("home.settings"), Phrase("rules.title"),
            Phrase("a11y.board"), Phrase("common.ok"), Phrase("common.cancel"), Phrase("common.close"),
            Phrase("app.name"),
        ]
        phrases += Language.all.map { Phrase($0.nameKey) }
        return phrases
    }

    func testEveryPhraseOfTheKitIsInEveryLanguageWithItsPlaceholders() throws {
        let phrases = Self.everyPhrase.filter { $0.key != Phrase.verbatimKey }
        XCTAssertGreaterThan(phrases.count, 150)
        for language in Language.all {
            let table = try Resources.strings(language)
            for phrase in phrases {
                guard let format = table.format(forKey: phrase.key) else {
                    XCTFail("\(language.code): no string \(phrase.key)")
                    continue
                }
                let slots = Set(format.matches(of: /%(\d+)\$/).compactMap { Int($0.1) })
                XCTAssertEqual(slots, Set(phrase.arguments.indices.map { $0 + 1 }),
                               "\(language.code): \(phrase.key) takes other arguments")
            }
        }
    }

    func testVerbatimPhrasesAreShownAsTheyAre() {
        XCTAssertEqual(Resources.english.text(PlayerLabel.named(name: "Ada").phrase), "Ada")
        XCTAssertEqual(Resources.english.text(PlayerLabel.peer(name: "Bo's phone").phrase), "Bo's phone")
        XCTAssertEqual(Resources.english.text(Phrase("ios.player.computer", "4", "1200")),
                       "Computer · level 4 (≈1200)")
    }

    func testSquaresAreDescribedForVoiceOver() throws {
        let polish = try Resources.strings(.polish)
        XCTAssertEqual(
            SquareDescription.label(of: .e4, piece: Piece(side: .white, kind: .knight), in: Resources.english),
            "e4, white knight"
        )
        XCTAssertEqual(SquareDescription.label(of: .a8, piece: nil, in: Resources.english), "a8, empty")
        XCTAssertEqual(
            SquareDescription.label(of: .d8, piece: Piece(side: .black, kind: .queen), in: polish),
            "d8, czarny hetman"
        )
        let hebrew = try Resources.strings(.hebrew)
        XCTAssertEqual(SquareDescription.label(of: .e4, piece: Piece(side: .white, kind: .knight), in: hebrew),
                       "\u{2066}e4\u{2069}, פרש לבן")
    }

    @MainActor
    func testVoiceOverValuesFollowSelectionAndHints() async throws {
        let game = try Game(setup: setup())
        let board = game.tap(square: .g1).view.board
        XCTAssertEqual(SquareDescription.value(of: .g1, on: board, in: Resources.english), "g1 selected")
        XCTAssertEqual(SquareDescription.value(of: .f3, on: board, in: Resources.english), "f3, legal move")
        XCTAssertNil(SquareDescription.value(of: .e4, on: board, in: Resources.english))
    }

    func testEverySoundAndPieceTheKitNamesIsInTheApp() {
        for sound in GameSound.allCases {
            let file = Resources.directory.appendingPathComponent("Sounds/\(sound.rawValue).caf")
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), sound.rawValue)
        }
        for side in [Side.white, .black] {
            for kind in [PieceKind.pawn, .knight, .bishop, .rook, .queen, .king] {
                let name = Piece(side: side, kind: kind).imageName
                let set = Resources.directory.appendingPathComponent("Assets.xcassets/Pieces/\(name).imageset")
                XCTAssertTrue(FileManager.default.fileExists(atPath: set.path), name)
            }
        }
    }

    func testTimeChoicesAreTheCoresPresets() throws {
        let choices = TimeChoice.all()
        XCTAssertEqual(choices.first, TimeChoice.none)
        XCTAssertNil(choices.first?.control)
        XCTAssertEqual(choices.count, timePresets().count + 1)
        let blitz = try XCTUnwrap(choices.first { $0.control == TimeControl(baseMs: 300_000, incrementMs: 3_000) })
        XCTAssertEqual(blitz.title(in: Resources.english), "\u{2066}5+3\u{2069} · Blitz")
        XCTAssertEqual(TimeChoice.none.title(in: Resources.english), "No clock")
        XCTAssertEqual(ColourChoice.random.side(pick: { false }), .black)
        XCTAssertEqual(ColourChoice.random.sideChoice, .random)
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
        XCTAssertEqual(preferredLanguage(locales: ["fr-FR", "nb-NO", "en"]), .norwegianBokmal)
        XCTAssertEqual(preferredLanguage(locales: ["fr"]), .english)
        XCTAssertEqual(Language.all.map(\.code), ["en", "he", "nb", "pl", "bg"])
        XCTAssertEqual(Language(code: "pl"), .polish)
        XCTAssertNil(Language(code: "fr"))
        XCTAssertTrue(Language.hebrew.isRightToLeft)
        XCTAssertFalse(Language.polish.isRightToLeft)
        XCTAssertEqual(Language.bulgarian.nameKey, "language.bg")
    }
}
