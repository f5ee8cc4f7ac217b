import Foundation
import XCTest
@testable import RokadaKit

@MainActor
final class GameScreenModelTests: XCTestCase {
    private var store: TestDefaults!

    override func setUp() async throws {
        store = TestDefaults()
    }

    override func tearDown() async throws {
        store.discard()
    }

    func testTapsAndDragsDrawTheCoresViewAndEveryMoveSoundsOnce() async throws {
        let feedback = FeedbackRecorder()
        let model = screen(try Game(setup: setup()), settings: store.settings(), feedback: feedback)
        model.tap(.f2)
        XCTAssertEqual(model.view.board.selected, .f2)
        XCTAssertEqual(Set(model.view.board.hints.map(\.square)), [.f3, .f4])
        model.tap(.f3)
        XCTAssertTrue(model.dragStart(.e7), "Black's pawn is picked up")
        XCTAssertTrue(model.drop(from: .e7, to: .e5))
        model.tapMove(.g2, .g4)
        XCTAssertTrue(model.dragStart(.d8))
        XCTAssertTrue(model.drop(from: .d8, to: .h4))

        XCTAssertEqual(model.moveListText, "1. f3 e5 2. g4 Qh4#")
        XCTAssertEqual(model.view.status.end, GameEnd(result: .blackWins, reason: .checkmate))
        XCTAssertEqual(model.view.status.headline, Phrase("end.black_wins"))
        XCTAssertEqual(model.view.status.detail, Phrase("end.reason.checkmate"))
        XCTAssertEqual(model.view.board.checkedKing, .e1)
        XCTAssertEqual(model.view.board.lastMove, SquarePair(from: .d8, to: .h4))
        XCTAssertEqual(model.view.board.piece(at: .h4), Piece(side: .black, kind: .queen))
        XCTAssertFalse(model.view.board.interactive)
        XCTAssertEqual(model.view.mode.title, Phrase("ios.title.same_phone"))

        try await waitUntil("the game-over sound") { feedback.sounds.count == 5 }
        // One phone: a decisive result is a win for someone at this phone.
        XCTAssertEqual(feedback.sounds, [.move, .move, .move, .check, .win])
        XCTAssertEqual(feedback.haptics, [.move, .move, .move, .check, .gameOver])
        XCTAssertEqual(feedback.announcements.first, "f3", "the core's words for the move")
        XCTAssertEqual(feedback.announcements[3], "Queen h4, checkmate")
        XCTAssertEqual(feedback.announcements.last, "Black wins. Checkmate")
        XCTAssertEqual(feedback.offMainThread, 0)
    }

    func testAnIllegalDropShakesThePieceAndChangesNothing() async throws {
        let model = screen(try Game(setup: setup()), settings: store.settings())
        let before = model.view.board.pieces
        XCTAssertNil(model.rejection)
        XCTAssertFalse(model.drop(from: .e2, to: .e5))
        XCTAssertEqual(model.rejection, Rejection(from: .e2, to: .e5, serial: 1))
        XCTAssertFalse(model.drop(from: .e2, to: .e5))
        XCTAssertEqual(model.rejection?.serial, 2, "a second rejection shakes again")
        XCTAssertEqual(model.view.board.pieces, before)
        XCTAssertFalse(model.dragStart(.e7), "Black's pawn while White is to move")
        XCTAssertEqual(model.sans, [])
    }

    func testPromotionIsAPromptAndTheMoveWaitsForIt() async throws {
        let feedback = FeedbackRecorder()
        let model = screen(
            try Game(setup: setup(fen: "8/4P3/8/8/8/7p/k7/4K3 w - - 0 1")), settings: store.settings(),
            feedback: feedback
        )
        XCTAssertTrue(model.drop(from: .e7, to: .e8))
        let prompt = try XCTUnwrap(model.view.prompt)
        XCTAssertEqual(prompt, .promotion(from: .e7, to: .e8))
        XCTAssertEqual(prompt.question, Phrase("promotion.title"))
        XCTAssertEqual(model.view.board.piece(at: .e7), Piece(side: .white, kind: .pawn), "nothing moves yet")

        model.answer(prompt, accept: false)
        XCTAssertNil(model.view.prompt)
        XCTAssertEqual(model.view.board.selected, .e7, "the pawn stays selected")
        model.tap(.e8)
        XCTAssertEqual(model.view.prompt, .promotion(from: .e7, to: .e8))
        model.choosePromotion(.knight)
        XCTAssertNil(model.view.prompt)
        XCTAssertEqual(model.view.board.piece(at: .e8), Piece(side: .white, kind: .knight))
        XCTAssertEqual(model.sans, ["e8=N"])
        try await waitUntil("the promotion sound") { !feedback.sounds.isEmpty }
        XCTAssertEqual(feedback.sounds, [.promotion])
        XCTAssertEqual(PieceKind.promotionChoices, [.queen, .rook, .bishop, .knight])
    }

    func testAGameFromAFenWithBlackToMoveNumbersItsMovesFromTheFen() async throws {
        let model = screen(
            try Game(setup: setup(fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 7 23")), settings: store.settings()
        )
        model.tapMove(.e8, .f7)
        model.tapMove(.e2, .e4)
        model.tapMove(.f7, .e6)
        XCTAssertEqual(model.view.moves, [
            MoveRow(number: 23, white: nil, black: MoveCell(ply: 1, san: "Kf7")),
            MoveRow(number: 24, white: MoveCell(ply: 2, san: "e4"), black: MoveCell(ply: 3, san: "Ke6")),
        ])
        XCTAssertEqual(model.moveListText, "23. … Kf7 24. e4 Ke6")
        XCTAssertEqual(model.view.moves.first?.numberText, "23.")
    }

    func testAClaimableDrawIsAButtonWithItsReason() async throws {
        let model = screen(try Game(setup: setup()), settings: store.settings())
        let shuffle: [(Square, Square)] = [(.g1, .f3), (.g8, .f6), (.f3, .g1), (.f6, .g8)]
        for (from, to) in shuffle + shuffle {
            XCTAssertEqual(model.view.status.claimable, [])
            model.tapMove(from, to)
        }
        XCTAssertEqual(model.view.status.claimable, [.threefoldRepetition])
        XCTAssertEqual(DrawClaim.threefoldRepetition.buttonPhrase, Phrase("game.menu.claim_threefold"))
        XCTAssertEqual(Resources.english.text(DrawClaim.threefoldRepetition.buttonPhrase),
                       "Claim a draw: threefold repetition")
        model.claim(.threefoldRepetition)
        XCTAssertEqual(model.view.status.end, GameEnd(result: .draw, reason: .threefoldRepetition))
        XCTAssertEqual(model.view.status.claimable, [])
    }

    func testTheBarKeepsItsPlacesAndResigningAsksFirst() async throws {
        let model = screen(try Game(setup: setup()), settings: store.settings())
        XCTAssertEqual(model.view.actions.bar.map(\.action), [.undo, .flipBoard, .agreeDraw, .resign])
        XCTAssertEqual(model.item(.undo)?.enabled, false, "shown disabled, not removed")
        model.choose(try XCTUnwrap(model.item(.undo)))
        XCTAssertNil(model.pendingConfirmation, "a disabled control does nothing")

        model.tapMove(.e2, .e4)
        let resign = try XCTUnwrap(model.item(.resign))
        XCTAssertTrue(resign.confirm)
        model.choose(resign)
        XCTAssertEqual(model.pendingConfirmation, resign)
        XCTAssertNil(model.view.status.end, "nothing happens before the answer")
        XCTAssertEqual(resign.action.confirmation, Phrase("game.confirm.resign"))
        model.confirm()
        XCTAssertNil(model.pendingConfirmation)
        XCTAssertEqual(model.view.status.end, GameEnd(result: .whiteWins, reason: .resignation))

        XCTAssertEqual(model.view.actions.bar.map(\.action), [.undo, .flipBoard, .rematch, .sharePgn])
        model.choose(try XCTUnwrap(model.item(.rematch)))
        XCTAssertNil(model.view.status.end, "a rematch is a new game")
        XCTAssertEqual(model.sans, [])
    }

    func testFlipShareAndNewGameGoWhereTheCoreSays() async throws {
        let model = screen(try Game(setup: setup()), settings: store.settings())
        XCTAssertFalse(model.view.board.flipped)
        model.perform(.flipBoard)
        XCTAssertTrue(model.view.board.flipped)
        XCTAssertEqual(model.view.top.side, .white)

        model.perform(.sharePgn)
        XCTAssertTrue(try XCTUnwrap(model.sharedPGN).contains("[Result \"*\"]"))
        var asked: GameMode?
        model.onNewGame = { asked = $0 }
        model.perform(.newGame)
        XCTAssertEqual(asked, .samePhone)

        model.perform(.acceptDraw)
        XCTAssertNotNil(model.failure, "no offer to accept on one phone")
    }

    func testBrowsingShowsEarlierPositionsAndNeverChangesTheGame() async throws {
        let model = screen(try Game(setup: setup()), settings: store.settings())
        for (from, to) in [(Square.e2, Square.e4), (.e7, .e5), (.g1, .f3), (.b8, .c6)] {
            model.tapMove(from, to)
        }
        let save = model.game.save()
        XCTAssertEqual(model.moveListAnchor, 4, "the list follows the last move")
        let first = try XCTUnwrap(model.view.moves.first?.white)
        XCTAssertTrue(model.isOnShow(try XCTUnwrap(model.view.moves.last?.black)))

        model.show(first)
        XCTAssertFalse(model.view.browse.live)
        XCTAssertTrue(model.isOnShow(first))
        XCTAssertEqual(model.view.board.piece(at: .e4), Piece(side: .white, kind: .pawn))
        XCTAssertNil(model.view.board.piece(at: .e5), "Black has not answered yet on show")
        XCTAssertFalse(model.view.board.interactive)

        let geometry = BoardGeometry(boardSize: 320, isFlipped: false)
        model.swipe(dx: -60, dy: 5, geometry: geometry)
        XCTAssertEqual(model.view.browse.shown, 2, "a swipe to the left goes forward")
        model.swipe(dx: 20, dy: 0, geometry: geometry)
        XCTAssertEqual(model.view.browse.shown, 2, "shorter than a square: no step")
        model.step(-2)
        XCTAssertEqual(model.view.browse.shown, 0)
        XCTAssertNil(model.moveListAnchor)
        XCTAssertEqual(model.game.save(), save)

        model.showLive()
        XCTAssertTrue(model.view.browse.live)
        XCTAssertEqual(model.sans, ["e4", "e5", "Nf3", "Nc6"])

        model.show(try XCTUnwrap(model.view.moves.first?.black))
        let continueHere = try XCTUnwrap(model.item(.continueFromHere))
        XCTAssertTrue(continueHere.confirm, "dropping moves is asked first")
        model.choose(continueHere)
        model.confirm()
        XCTAssertEqual(model.sans, ["e4", "e5"])
        XCTAssertTrue(model.view.browse.live)
    }

    func testTheClockTicksBetweenChangesAndWarnsOfLowTime() async throws {
        let feedback = FeedbackRecorder()
        let game = try Game(setup: setup(timeControl: TimeControl(baseMs: 2_000, incrementMs: 0)))
        let model = screen(game, settings: store.settings(), feedback: feedback)
        XCTAssertFalse(model.clockRuns, "the clock starts with White's first move")
        let white = try XCTUnwrap(model.clock(of: model.view.bottom))
        XCTAssertEqual(white.text, formatClock(ms: 2_000))
        XCTAssertTrue(white.low, "two seconds is low time by the core's rule")

        model.tapMove(.e2, .e4)
        XCTAssertTrue(model.clockRuns)
        XCTAssertTrue(model.view.top.toMove)
        model.tick()
        let black = try XCTUnwrap(model.clock(of: model.view.top))
        XCTAssertTrue(black.running || black.ms == 0, "running, unless the flag fell already")
        XCTAssertLessThanOrEqual(black.ms, 2_000)
        XCTAssertEqual(black.accessibilityPhrase(of: .black), Phrase("clock.black", black.text))

        try await waitUntil("Black's flag falls") { model.view.status.end != nil }
        XCTAssertEqual(model.view.status.end, GameEnd(result: .whiteWins, reason: .timeout))
        try await waitUntil("the end's sound") { feedback.sounds.contains(.win) }
        XCTAssertTrue(feedback.sounds.contains(.lowTime), "Black's clock went under the core's threshold")
        XCTAssertTrue(feedback.haptics.contains(.warning))
        XCTAssertFalse(model.clockRuns)
    }

    func testFaceToFaceTurnsTheFarPlayersSide() async throws {
        let settings = store.settings()
        let model = screen(try Game(setup: setup(timeControl: TimeControl(baseMs: 60_000, incrementMs: 0))),
                           settings: settings)
        XCTAssertFalse(model.view.top.rotated)
        settings.seating = .faceToFace
        model.screenAppeared()
        XCTAssertTrue(model.view.top.rotated)
        XCTAssertFalse(model.view.bottom.rotated)
        XCTAssertEqual(model.view.board.rotatedSide, .black)
        XCTAssertTrue(model.view.board.isTurned(Piece(side: .black, kind: .king)))
        XCTAssertFalse(model.view.board.isTurned(Piece(side: .white, kind: .king)))

        settings.seating = .followTurn
        model.screenAppeared()
        model.tapMove(.e2, .e4)
        XCTAssertTrue(model.view.board.flipped, "the board turns to Black, to move")
        XCTAssertNil(model.view.board.rotatedSide)
    }

    func testTheScreenStaysOnExactlyWhileTheCoreSaysAndTheScreenShows() async throws {
        let feedback = FeedbackRecorder()
        let timed = setup(timeControl: TimeControl(baseMs: 60_000, incrementMs: 0))
        let model = screen(try Game(setup: timed), settings: store.settings(), feedback: feedback)
        XCTAssertTrue(model.view.keepAwake)
        XCTAssertEqual(feedback.screenOn, [], "not before the screen shows")
        model.screenAppeared()
        XCTAssertEqual(feedback.screenOn, [true])

        model.tapMove(.e2, .e4)
        model.perform(.pauseClock)
        XCTAssertTrue(model.view.status.clockPaused)
        XCTAssertEqual(model.view.status.headline, Phrase("clock.paused"))
        XCTAssertEqual(feedback.screenOn, [true, false], "a stopped clock lets the screen sleep")
        model.perform(.resumeClock)
        XCTAssertEqual(feedback.screenOn, [true, false, true])

        model.perform(.resign)
        XCTAssertFalse(model.view.keepAwake)
        XCTAssertEqual(feedback.screenOn, [true, false, true, false], "a finished game lets it sleep")
        model.screenDisappeared()
        model.close()
        XCTAssertEqual(feedback.screenOn, [true, false, true, false])
    }

    func testSoundsAndHapticsFollowTheirSettings() async throws {
        let settings = store.settings()
        settings.sounds = false
        let feedback = FeedbackRecorder()
        let model = screen(try Game(setup: setup()), settings: settings, feedback: feedback)
        model.tapMove(.e2, .e4)
        try await waitUntil("the move's tick") { feedback.haptics.count == 1 }
        settings.haptics = false
        settings.sounds = true
        model.tapMove(.e7, .e5)
        try await waitUntil("the second move's sound") { feedback.sounds.count == 1 }
        XCTAssertEqual(feedback.haptics, [.move])
        XCTAssertEqual(feedback.sounds, [.move])
        XCTAssertEqual(feedback.announcements.count, 2, "VoiceOver hears every move")
    }

    func testTheComputersMovesArriveOnTheMainActorWithTheirLabels() async throws {
        let feedback = FeedbackRecorder()
        let model = screen(try Game(setup: setup(.computer(human: .white, level: 1))),
                           settings: store.settings(), feedback: feedback)
        XCTAssertEqual(model.view.bottom.label, .you)
        XCTAssertEqual(model.view.bottom.label.phrase, Phrase("ios.player.you"))
        guard case .computer(1, let rating) = model.view.top.label else {
            return XCTFail("the computer's bar names its level, not \(model.view.top.label)")
        }
        XCTAssertEqual(Resources.english.text(model.view.top.label.phrase), "Computer · level 1 (≈\(rating))")
        XCTAssertEqual(model.view.mode.title, Phrase("ios.title.computer", "1"))
        model.tapMove(.e2, .e4)
        try await waitUntil("the computer's reply") { model.sans.count == 2 }
        XCTAssertEqual(model.view.status.headline, Phrase("game.your_move"))
        try await waitUntil("both moves' sounds") { feedback.sounds.count == 2 }
        XCTAssertEqual(feedback.offMainThread, 0)
        XCTAssertFalse(model.view.actions.bar.contains { [.agreeDraw, .offerDraw].contains($0.action) })
    }

    func testMaterialShowsAsAnAdvantage() async throws {
        let model = screen(try Game(setup: setup(fen: "4k3/8/8/8/8/8/3QP3/4K3 w - - 0 1")), settings: store.settings())
        XCTAssertEqual(model.view.bottom.material.surplus, [.queen, .pawn])
        XCTAssertEqual(model.view.bottom.material.advantagePhrase, Phrase("ios.player.advantage", "10"))
        XCTAssertEqual(Resources.english.text(model.view.bottom.material.advantagePhrase!), "+10")
        XCTAssertNil(model.view.top.material.advantagePhrase)
    }
}
