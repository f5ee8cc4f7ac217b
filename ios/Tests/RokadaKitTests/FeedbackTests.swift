import XCTest
@testable import RokadaKit

final class FeedbackTests: XCTestCase {
    private func move(_ sound: MoveSound) -> EventKind {
        .movePlayed(
            played: MoveInfo(ply: 1, number: 1, side: .white, san: "e4", uci: "e2e4", from: .e2, to: .e4, piece: .pawn,
                             captured: nil, promotion: nil, castle: false, enPassant: false, check: false, mate: false,
                             sound: sound, clockAfterMs: nil),
            by: .local
        )
    }

    func testEachMoveHasTheSoundAndTickTheCoreChose() {
        let expected: [(MoveSound, GameSound, Haptic)] = [
            (.move, .move, .move), (.capture, .capture, .heavyMove), (.castle, .castle, .heavyMove),
            (.promotion, .promotion, .heavyMove), (.check, .check, .check),
        ]
        for (core, sound, haptic) in expected {
            XCTAssertEqual(EventFeedback(move(core), mode: .samePhone), EventFeedback(sound: sound, haptic: haptic))
        }
    }

    func testTheEndSoundsFromThePlayersSide() {
        let blackWins = EventKind.gameOver(end: GameEnd(result: .blackWins, reason: .checkmate))
        XCTAssertEqual(EventFeedback(blackWins, mode: .computer(human: .white, level: 3)).sound, .loss)
        XCTAssertEqual(EventFeedback(blackWins, mode: .wifiPeer(local: .black)).sound, .win)
        XCTAssertEqual(EventFeedback(blackWins, mode: .samePhone).sound, .win)
        let draw = EventKind.gameOver(end: GameEnd(result: .draw, reason: .stalemate))
        XCTAssertEqual(EventFeedback(draw, mode: .wifiPeer(local: .white)),
                       EventFeedback(sound: .draw, haptic: .gameOver))
    }

    func testLowTimeWarnsOnlyThePlayerWhoseClockItIs() {
        let low = EventKind.lowTime(side: .black)
        XCTAssertEqual(EventFeedback(low, mode: .computer(human: .black, level: 1)),
                       EventFeedback(sound: .lowTime, haptic: .warning))
        XCTAssertEqual(EventFeedback(low, mode: .computer(human: .white, level: 1)), EventFeedback())
        XCTAssertEqual(EventFeedback(low, mode: .samePhone).sound, .lowTime)
        XCTAssertEqual(EventFeedback(.clockChanged, mode: .samePhone), EventFeedback())
    }
}
