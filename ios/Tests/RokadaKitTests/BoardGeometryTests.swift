import RokadaCore
import XCTest
@testable import RokadaKit

final class BoardGeometryTests: XCTestCase {
    func testWhiteAtTheBottomPutsA1BottomLeft() {
        let geometry = BoardGeometry(boardSize: 320, isFlipped: false)
        XCTAssertEqual(geometry.squareSize, 40)
        XCTAssertEqual(geometry.cell(of: .a1), ScreenCell(column: 0, row: 7))
        XCTAssertEqual(geometry.cell(of: .h8), ScreenCell(column: 7, row: 0))
        XCTAssertEqual(geometry.origin(of: .e4), BoardPoint(x: 160, y: 160))
        XCTAssertEqual(geometry.square(at: BoardPoint(x: 5, y: 315)), .a1)
        XCTAssertEqual(geometry.fileLabels, ["a", "b", "c", "d", "e", "f", "g", "h"])
        XCTAssertEqual(geometry.rankLabels, ["8", "7", "6", "5", "4", "3", "2", "1"])
        XCTAssertEqual(geometry.squaresInScreenOrder.first, .a8)
        XCTAssertEqual(geometry.squaresInScreenOrder.last, .h1)
    }

    func testFlippedPutsH8BottomLeft() {
        let geometry = BoardGeometry(boardSize: 320, isFlipped: true)
        XCTAssertEqual(geometry.cell(of: .a1), ScreenCell(column: 7, row: 0))
        XCTAssertEqual(geometry.cell(of: .h8), ScreenCell(column: 0, row: 7))
        XCTAssertEqual(geometry.square(at: BoardPoint(x: 5, y: 315)), .h8)
        XCTAssertEqual(geometry.fileLabels, ["h", "g", "f", "e", "d", "c", "b", "a"])
        XCTAssertEqual(geometry.rankLabels, ["1", "2", "3", "4", "5", "6", "7", "8"])
    }

    func testEverySquaresCentreHitsItselfInBothOrientations() {
        for flipped in [false, true] {
            let geometry = BoardGeometry(boardSize: 333, isFlipped: flipped)
            XCTAssertEqual(Set(geometry.squaresInScreenOrder).count, 64)
            for index in UInt8(0)..<64 {
                let square = Square(rawValue: index)!
                XCTAssertEqual(geometry.square(at: geometry.center(of: square)), square)
            }
        }
    }

    func testTouchesOffTheBoardHitNothing() {
        let geometry = BoardGeometry(boardSize: 320, isFlipped: false)
        let outside = [
            BoardPoint(x: -1, y: 10), BoardPoint(x: 10, y: 320), BoardPoint(x: 320, y: 0), BoardPoint(x: 0, y: -0.5),
        ]
        for point in outside {
            XCTAssertNil(geometry.square(at: point))
        }
        XCTAssertNil(BoardGeometry(boardSize: 0, isFlipped: false).square(at: BoardPoint(x: 0, y: 0)))
    }

    func testHebrewMirrorsTheInterfaceButNotTheBoard() throws {
        let hebrew = try XCTUnwrap(AppLanguage(localeIdentifier: "he_IL"))
        XCTAssertTrue(hebrew.isRightToLeft)
        XCTAssertEqual(AppLanguage(localeIdentifier: "iw"), .hebrew)
        XCTAssertFalse(AppLanguage.polish.isRightToLeft)
        // The geometry has no language input at all: in Hebrew the a-file is
        // still on White's left, with Latin letters.
        let geometry = BoardGeometry(boardSize: 320, isFlipped: false)
        XCTAssertEqual(geometry.cell(of: .a1).column, 0)
        XCTAssertEqual(geometry.fileLabels.first, "a")
        let strings = try Resources.strings(hebrew)
        let label = SquareDescription.label(of: .e4, piece: Piece(side: .white, kind: .knight), in: strings)
        XCTAssertEqual(label, "\u{2066}e4\u{2069}, פרש לבן")
        XCTAssertEqual(Bidi.isolated("Nf3"), "\u{2066}Nf3\u{2069}")
    }

    func testOrientationTurnsTowardThePlayer() {
        let same = GameMode.samePhone
        XCTAssertFalse(BoardOrientation.playerAtBottom.isFlipped(mode: same, turn: .black))
        XCTAssertTrue(BoardOrientation.sideToMoveAtBottom.isFlipped(mode: same, turn: .black))
        XCTAssertFalse(BoardOrientation.sideToMoveAtBottom.isFlipped(mode: same, turn: .white))
        XCTAssertTrue(BoardOrientation.playerAtBottom.isFlipped(mode: .computer(human: .black, level: 3), turn: .white))
        XCTAssertFalse(BoardOrientation.sideToMoveAtBottom.isFlipped(mode: .wifiPeer(local: .white), turn: .black))
        XCTAssertTrue(BoardOrientation.playerAtBottom.isFlipped(mode: same, turn: .white, flippedByPlayer: true))
        XCTAssertFalse(BoardOrientation.sideToMoveAtBottom.isFlipped(mode: same, turn: .black, flippedByPlayer: true))
    }
}
