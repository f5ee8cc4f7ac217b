import Foundation
import RokadaCore
import XCTest
@testable import RokadaKit

@MainActor
final class GameControllerTests: XCTestCase {
    func testAFullGameByTapsAndDragsEndsInMate() async throws {
        let controller = try GameController(setup: setup())
        let log = UpdateLog(controller)

        guard case .selected(.f2, let hints) = controller.tap(.f2) else {
            return XCTFail("tapping a piece of the side to move selects it")
        }
        XCTAssertEqual(Set(hints), [.f3, .f4])
        XCTAssertEqual(controller.state.hints.count, 2)
        guard case .played(let first) = controller.tap(.f3) else { return XCTFail("f3 is legal") }
        XCTAssertEqual(first.san, "f3")
        guard case .selected(.e7, let pawnHints) = controller.startDrag(at: .e7) else {
            return XCTFail("a drag starts on Black's pawn")
        }
        XCTAssertEqual(Set(pawnHints), [.e6, .e5])
        guard case .played = controller.drop(from: .e7, to: .e5) else { return XCTFail("e5 is legal") }
        controller.tapMove(.g2, .g4)
        guard case .played(let mate) = controller.drop(from: .d8, to: .h4) else { return XCTFail("Qh4 mates") }

        XCTAssertEqual(mate.san, "Qh4#")
        XCTAssertEqual(controller.state.moves, ["f3", "e5", "g4", "Qh4#"])
        XCTAssertEqual(controller.state.end, GameEnd(result: .blackWins, reason: .checkmate))
        XCTAssertEqual(controller.state.checkedKing, .e1)
        XCTAssertEqual(controller.state.lastMove, SquarePair(from: .d8, to: .h4))
        XCTAssertEqual(controller.piece(at: .h4), Piece(side: .black, kind: .queen))
        XCTAssertTrue(controller.isOver)
        XCTAssertFalse(controller.menu.contains(GameMenuItem(action: .resign)))
        XCTAssertEqual(controller.menu.last?.titleKey, "game.menu.new_game")

        try await waitUntil("the game-over event") {
            log.events.contains(.gameOver(end: GameEnd(result: .blackWins, reason: .checkmate)))
        }
        let moves = log.events.filter {
            if case .movePlayed = $0 { return true }
            return false
        }
        XCTAssertEqual(moves.count, 4)
        XCTAssertEqual(log.offMainThread, 0)
        XCTAssertEqual(GameEnd(result: .blackWins, reason: .checkmate).reasonKey, "end.reason.checkmate")
    }

    func testAnIllegalDropIsRejectedAndTheBoardStays() async throws {
        let controller = try GameController(setup: setup())
        let before = controller.board
        XCTAssertNil(controller.lastRejection)
        guard case .rejected(.e2, .e5, .notLegal) = controller.drop(from: .e2, to: .e5) else {
            return XCTFail("e2-e5 is not a move")
        }
        XCTAssertEqual(controller.lastRejection?.from, .e2)
        XCTAssertEqual(controller.lastRejection?.serial, 1)
        controller.drop(from: .e2, to: .e5)
        XCTAssertEqual(controller.lastRejection?.serial, 2, "a second rejection animates again")
        XCTAssertEqual(controller.board, before)
        XCTAssertEqual(controller.state.moves, [])
        XCTAssertEqual(controller.tap(.e7), .ignored, "Black's pawn while White is to move")
    }

    func testPromotionAsksForThePieceInThePlayersColour() async throws {
        let controller = try GameController(setup: setup(fen: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"))
        XCTAssertEqual(controller.drop(from: .e7, to: .e8), .promotionNeeded(from: .e7, to: .e8))
        XCTAssertEqual(controller.state.pendingPromotion, SquarePair(from: .e7, to: .e8))
        XCTAssertEqual(controller.promotionChoices.map(\.kind), [.queen, .rook, .bishop, .knight])
        XCTAssertTrue(controller.promotionChoices.allSatisfy { $0.side == .white })
        XCTAssertEqual(controller.piece(at: .e7), Piece(side: .white, kind: .pawn), "nothing moves before the choice")

        XCTAssertEqual(controller.cancelPromotion(), .selected(square: .e7, hints: [.e8]), "the pawn stays selected")
        XCTAssertNil(controller.state.pendingPromotion)
        XCTAssertEqual(controller.tap(.e8), .promotionNeeded(from: .e7, to: .e8))
        guard case .played(let move) = controller.choosePromotion(.knight) else {
            return XCTFail("the knight is a promotion choice")
        }
        XCTAssertEqual(move.san, "e8=N")
        XCTAssertEqual(controller.piece(at: .e8), Piece(side: .white, kind: .knight))
        XCTAssertEqual(controller.state.turn, .black)
        XCTAssertEqual(PromotionChoice.titleKey(of: .knight), "promotion.knight")
    }

    func testAThreefoldClaimAppearsInTheMenuAndEndsTheGame() async throws {
        let controller = try GameController(setup: setup())
        XCTAssertEqual(controller.menu.map(\.action), [.agreeDraw, .resign, .flipBoard, .sharePgn, .newGame])
        let shuffle: [(Square, Square)] = [(.g1, .f3), (.g8, .f6), (.f3, .g1), (.f6, .g8)]
        for (from, to) in shuffle + shuffle {
            XCTAssertFalse(controller.state.claimableDraws.contains(.threefoldRepetition))
            controller.tapMove(from, to)
        }
        let claim = GameMenuItem(action: .claimDraw(.threefoldRepetition))
        XCTAssertEqual(controller.menu.first, claim)
        XCTAssertEqual(claim.titleKey, "game.menu.claim_threefold")
        XCTAssertNil(claim.confirmationKey)

        XCTAssertEqual(try controller.perform(.claimDraw(.threefoldRepetition)), ActionEffect.none)
        XCTAssertEqual(controller.state.end, GameEnd(result: .draw, reason: .threefoldRepetition))
        XCTAssertThrowsError(try controller.perform(.claimDraw(.fiftyMoveRule))) { error in
            XCTAssertEqual((error as? RokadaError)?.messageKey, "error.game_over")
        }
    }

    func testMenuEffectsUndoAndConfirmations() async throws {
        let controller = try GameController(setup: setup())
        controller.tapMove(.e2, .e4)
        XCTAssertTrue(controller.menu.contains(GameMenuItem(action: .undo)))
        XCTAssertEqual(try controller.perform(.undo), ActionEffect.none)
        XCTAssertEqual(controller.state.moves, [])
        XCTAssertEqual(try controller.perform(.flipBoard), .flipBoard)
        XCTAssertEqual(try controller.perform(.newGame), .startNewGame)
        guard case .sharePGN(let pgn) = try controller.perform(.sharePgn) else { return XCTFail("PGN to share") }
        XCTAssertTrue(pgn.contains("[Result \"*\"]"))
        XCTAssertEqual(GameMenuItem(action: .resign).confirmationKey, "game.confirm.resign")
        XCTAssertTrue(GameMenuItem(action: .resign).isDestructive)
        XCTAssertThrowsError(try controller.perform(.acceptDraw), "no offer on one phone")
    }

    func testAClockShowsTheCoresTextAndRunsAfterTheFirstMove() async throws {
        let controller = try GameController(setup: setup(timeControl: TimeControl(baseMs: 300_000, incrementMs: 2_000)))
        XCTAssertEqual(controller.clockFaces.map(\.text), ["5:00", "5:00"])
        XCTAssertFalse(controller.clockFaces.contains(where: \.isRunning))
        controller.tapMove(.e2, .e4)
        controller.tick()
        XCTAssertEqual(controller.clockFaces.map(\.isRunning), [false, true])
        XCTAssertFalse(controller.clockFaces[1].isLow)
        XCTAssertEqual(TimeControlPreset.blitz.timeControl, TimeControl(baseMs: 300_000, incrementMs: 3_000))
        XCTAssertNil(try GameController(setup: setup()).clockFaces.first)
    }

    func testTheComputersMovesAndThinkingArriveOnTheMainActor() async throws {
        let controller = try GameController(setup: setup(.computer(human: .white, level: 1)))
        let log = UpdateLog(controller)
        XCTAssertFalse(controller.state.computerThinking)
        controller.tapMove(.e2, .e4)
        try await waitUntil("the computer's reply") {
            log.events.contains {
                if case .movePlayed(let move, .computer) = $0 { return move.side == .black }
                return false
            }
        }
        XCTAssertEqual(controller.state.moves.count, 2)
        XCTAssertFalse(controller.state.computerThinking)
        XCTAssertTrue(log.events.contains(.computerThinking(thinking: true)))
        XCTAssertTrue(log.events.contains(.computerThinking(thinking: false)))
        XCTAssertEqual(log.offMainThread, 0)
        XCTAssertFalse(controller.menu.contains { [.agreeDraw, .offerDraw].contains($0.action) })
    }

    func testPauseStopsTheComputerAndResumeRestartsIt() async throws {
        let controller = try GameController(setup: setup(.computer(human: .black, level: 3)))
        let log = UpdateLog(controller)
        controller.pause()
        XCTAssertFalse(controller.state.computerThinking)
        let movesWhilePaused = controller.state.moves.count
        XCTAssertLessThanOrEqual(movesWhilePaused, 1)
        if movesWhilePaused == 0 {
            controller.resume()
            try await waitUntil("the computer's first move after resuming") {
                controller.state.moves.count == 1
            }
        }
        XCTAssertEqual(controller.state.turn, .black)
        XCTAssertEqual(log.offMainThread, 0)
    }
}
