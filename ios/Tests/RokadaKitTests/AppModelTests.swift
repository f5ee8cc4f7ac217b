import Foundation
import XCTest
@testable import RokadaKit

@MainActor
final class AppModelTests: XCTestCase {
    private var defaults: TestDefaults!
    private var folder: URL!

    override func setUp() async throws {
        defaults = TestDefaults()
        folder = try temporaryFolder("app")
    }

    override func tearDown() async throws {
        defaults.discard()
        try? FileManager.default.removeItem(at: folder)
    }

    private func app(languages: [String] = ["en"]) -> AppModel {
        AppModel(settings: defaults.settings(), saveDirectory: folder, feedback: FeedbackRecorder(),
                 localizer: { try! Resources.strings($0) }, preferredLanguages: languages, deviceName: "Test phone")
    }

    /// Waits until the home screen lists the slot's game with `plies`
    /// half-moves (the core writes on its own thread).
    private func waitForSave(_ app: AppModel, _ slot: SaveSlot, plies: UInt32) async throws {
        try await waitUntil("\(slot) saved at \(plies) plies") {
            app.refreshSaved()
            return app.saved.contains { $0.slot == slot && $0.plies == plies }
        }
    }

    func testGamesAreKeptSavedContinuedAndReplacedOnlyAfterAsking() async throws {
        let app = app()
        XCTAssertEqual(app.saved, [])
        app.start(setup())
        XCTAssertEqual(app.path, [.game])
        let first = try XCTUnwrap(app.game)
        first.tapMove(.e2, .e4)

        app.path = []
        XCTAssertNil(app.game, "leaving the screen stops the game")
        let saved = try XCTUnwrap(app.saved.first, "its last save is written before the screen lets it go")
        XCTAssertEqual(saved.plies, 1)
        XCTAssertEqual(saved.title, Phrase("ios.title.same_phone"))
        XCTAssertNil(saved.outcome)

        app.start(setup())
        let pending = try XCTUnwrap(app.pendingStart, "an unfinished game is not replaced silently")
        XCTAssertEqual(pending.replaced.slot, .samePhone)
        XCTAssertNil(app.game)
        app.pendingStart = nil
        try await waitForSave(app, .samePhone, plies: 1)

        app.continueGame(saved)
        let continued = try XCTUnwrap(app.game)
        XCTAssertEqual(continued.sans, ["e4"])
        continued.tapMove(.e7, .e5)
        try await waitForSave(app, .samePhone, plies: 2)

        app.path = []
        app.start(setup(.computer(human: .white, level: 2)))
        XCTAssertNil(app.pendingStart, "a game against the computer has its own slot")
        XCTAssertEqual(app.game?.view.mode, .computer(human: .white, level: 2))
        app.path = []

        app.start(setup())
        app.confirmStart()
        XCTAssertEqual(app.game?.sans, [], "replaced once the player agreed")
        try await waitForSave(app, .samePhone, plies: 0)
    }

    func testNewGameFromTheGameScreenOpensTheSetupOfItsWayToPlay() async throws {
        let app = app()
        app.start(setup(.computer(human: .black, level: 1)))
        app.game?.perform(.newGame)
        XCTAssertEqual(app.path, [.computerSetup])
        XCTAssertNil(app.game)
        XCTAssertEqual(AppModel.setupRoute(of: .wifiPeer(local: .white)), .hostWifi)
    }

    func testADamagedSaveIsToldAndSetAside() async throws {
        let app = app()
        try Data("{not a game".utf8).write(to: folder.appendingPathComponent("same-phone.rokada"))
        app.refreshSaved()
        XCTAssertEqual(app.saved, [], "a damaged file is not offered")
        app.continueGame(SavedGame(slot: .samePhone, mode: .samePhone, plies: 0, date: "", end: nil))
        XCTAssertEqual(app.failure, Phrase("error.bad_save"))
        XCTAssertNil(app.game)
        XCTAssertTrue(FileManager.default.fileExists(
            atPath: folder.appendingPathComponent("same-phone.rokada.damaged").path))
    }

    func testSettingsAreKeptAndTheLanguageFollowsTheDevice() async {
        let first = defaults.settings()
        XCTAssertEqual(first.seating, .sideBySide)
        XCTAssertEqual(first.boardTheme, .wood)
        XCTAssertTrue(first.sounds && first.haptics && first.moveHints)
        first.seating = .faceToFace
        first.boardTheme = .tournament
        first.haptics = false
        first.deviceName = "  Ada's phone "
        let again = defaults.settings()
        XCTAssertEqual(again.seating, .faceToFace)
        XCTAssertEqual(again.boardTheme, .tournament)
        XCTAssertFalse(again.haptics)
        XCTAssertEqual(again.viewOptions, ViewOptions(seating: .faceToFace, moveHints: true))
        XCTAssertEqual(again.playerName(deviceDefault: "iPhone"), "Ada's phone")
        again.deviceName = " "
        XCTAssertEqual(again.playerName(deviceDefault: "iPhone"), "iPhone")

        let app = app(languages: ["fr-FR", "pl-PL"])
        XCTAssertEqual(app.language, .polish)
        XCTAssertEqual(app.strings.text("settings.sound"), "Dźwięk")
        app.settings.language = .hebrew
        XCTAssertEqual(app.language, .hebrew)
    }

    func testAnImportedGameOpensAtItsEndAndPlaysOnFromAnyMove() async throws {
        let app = app()
        let pgn = """
            [White "Ada"]
            [Black "Bo"]
            [Result "*"]

            1. e4 e5 2. Nf3 *

            [Event "Second"]
            [Result "0-1"]

            1. f3 e5 2. g4 Qh4# 0-1
            """
        XCTAssertTrue(app.pgnImport.load(text: pgn))
        XCTAssertTrue(app.pgnImport.needsChoice)
        XCTAssertEqual(app.pgnImport.games.map(\.title), [.verbatim("Ada – Bo"), Phrase("ios.pgn.game_number", "2")])
        XCTAssertEqual(app.pgnImport.games[1].subtitle, "Second · 0-1")

        app.openImported(index: 0)
        let game = try XCTUnwrap(app.game)
        XCTAssertNil(app.pgnImport.text, "the import is done")
        XCTAssertEqual(game.sans, ["e4", "e5", "Nf3"])
        XCTAssertEqual(game.view.top.label, .named(name: "Bo"))
        game.step(-2)
        game.perform(.continueFromHere)
        XCTAssertEqual(game.sans, ["e4"])
        XCTAssertEqual(game.view.status.mover, .colour(side: .black))
    }

    func testBadPgnIsRefusedNamingTheHalfMoveAndReplacesNothing() async throws {
        let app = app()
        app.start(setup())
        app.game?.tapMove(.d2, .d4)
        try await waitForSave(app, .samePhone, plies: 1)
        app.path = []

        XCTAssertTrue(app.pgnImport.load(text: "1. e4 e5 2. Ke3 *"))
        app.openImported(index: 0)
        XCTAssertEqual(app.pgnImport.failure, Phrase("ios.pgn.illegal_move", "3", "Ke3"))
        XCTAssertEqual(Resources.english.text(app.pgnImport.failure!),
                       "Half-move 3 (Ke3) is not a legal move there. Nothing was imported.")
        XCTAssertNil(app.game)
        XCTAssertNil(app.pendingStart)
        XCTAssertEqual(app.saved.first?.plies, 1, "the saved game is still there")

        XCTAssertFalse(app.pgnImport.load(text: "1. e4 {a comment without its end"))
        XCTAssertEqual(app.pgnImport.failure?.key, "ios.pgn.malformed")
        XCTAssertNil(app.pgnImport.text)
        XCTAssertFalse(app.pgnImport.load(data: Data(count: PgnImportModel.maximumBytes + 1)))
        XCTAssertEqual(app.pgnImport.failure, Phrase("ios.pgn.too_large"))
        // Latin-1, the PGN standard's character set, when it is not UTF-8.
        var latin = Data("[White \"J".utf8)
        latin.append(0xF8)
        latin.append(contentsOf: Data("rgen\"]\n\n1. e4 *".utf8))
        XCTAssertTrue(app.pgnImport.load(data: latin))
        XCTAssertEqual(app.pgnImport.games.first?.white, "J\u{F8}rgen")
    }

    func testAnImportedGameFromAFenNumbersItsMovesFromTheFen() async throws {
        let app = app()
        let pgn = """
            [SetUp "1"]
            [FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 7 23"]

            23... Kf7 24. e4 Ke6 *
            """
        let file = folder.appendingPathComponent("endgame.pgn")
        try Data(pgn.utf8).write(to: file)
        XCTAssertTrue(app.pgnImport.load(contentsOf: file))
        XCTAssertFalse(app.pgnImport.needsChoice)
        app.openImported(index: 0)
        let game = try XCTUnwrap(app.game)
        XCTAssertEqual(game.moveListText, "23. … Kf7 24. e4 Ke6")
        XCTAssertEqual(game.view.moves.first?.white, nil)
        XCTAssertEqual(game.view.moves.first?.number, 23)
    }
}
