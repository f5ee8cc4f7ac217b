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
        XCTAssertEqual(preferredLanguage(locales: ["he_IL"]), .hebrew)
        XCTAssertTrue(Language.hebrew.isRightToLeft)
        // The geometry has no language input at all: in Hebrew the a-file is
        // still on White's left, with Latin letters.
        let geometry = BoardGeometry(boardSize: 320, isFlipped: false)
        XCTAssertEqual(geometry.cell(of: .a1).column, 0)
        XCTAssertEqual(geometry.fileLabels.first, "a")
        XCTAssertEqual(Bidi.isolated("Nf3"), "\u{2066}Nf3\u{2069}")
    }

    func testCoordinatesSitOnTheEdgesAndGrowWithTheSquares() {
        let geometry = BoardGeometry(boardSize: 320, isFlipped: false)
        XCTAssertEqual(geometry.coordinates(of: .a1).file, "a")
        XCTAssertEqual(geometry.coordinates(of: .a1).rank, "1")
        XCTAssertEqual(geometry.coordinates(of: .e1).file, "e")
        XCTAssertNil(geometry.coordinates(of: .e1).rank)
        XCTAssertNil(geometry.coordinates(of: .e4).file)
        XCTAssertEqual(geometry.coordinates(of: .a8).rank, "8")
        let flipped = BoardGeometry(boardSize: 320, isFlipped: true)
        XCTAssertEqual(flipped.coordinates(of: .h8).file, "h")
        XCTAssertEqual(flipped.coordinates(of: .h8).rank, "8")
        let twice = BoardGeometry(boardSize: 640, isFlipped: false)
        XCTAssertEqual(geometry.coordinateFontSize * 2, twice.coordinateFontSize)
    }

    func testASwipeStepsOnlyWhenItIsLongAndAcross() {
        let geometry = BoardGeometry(boardSize: 320, isFlipped: false)
        XCTAssertEqual(geometry.swipeStep(dx: -41, dy: 0), 1)
        XCTAssertEqual(geometry.swipeStep(dx: 80, dy: -20), -1)
        XCTAssertNil(geometry.swipeStep(dx: 39, dy: 0), "under a square's width")
        XCTAssertNil(geometry.swipeStep(dx: 50, dy: 60), "more down than across")
    }

    func testThePaletteIsTheCoresTheme() {
        let colors = boardColors(theme: .tournament)
        let palette = BoardPalette(theme: .tournament)
        XCTAssertEqual(palette.light, RGBA(argb: colors.light))
        XCTAssertEqual(palette.square(.h1), palette.light, "h1 is light")
        XCTAssertEqual(palette.square(.a1), palette.dark)
        XCTAssertEqual(palette.coordinate(on: .a1), RGBA(argb: colors.coordinateOnDark))
        let check = RGBA(argb: 0xCC_E0_28_28)
        XCTAssertEqual(check.alpha, 0.8, accuracy: 0.001)
        XCTAssertEqual(check.red, Double(0xE0) / 255, accuracy: 0.0001)
        XCTAssertEqual(check.clear.alpha, 0)
        XCTAssertEqual(check.clear.red, check.red)
    }

    func testLocalAddressesAreIPv4HostsTheCoreReads() throws {
        for address in LocalAddresses.current() {
            let parsed = try parseHostAddress(text: address)
            XCTAssertEqual(parsed.host, address)
            XCTAssertFalse(address.hasPrefix("127."), "the loopback address is no use to another phone")
            XCTAssertFalse(address.contains(":"))
        }
        XCTAssertFalse(LocalAddresses.isLocalNetwork("pdp_ip0"))
        XCTAssertTrue(LocalAddresses.isLocalNetwork("en0"))
        XCTAssertEqual(hostAddressText(address: HostAddress(host: "10.0.0.2", port: 41641)), "10.0.0.2:41641")
    }
}
