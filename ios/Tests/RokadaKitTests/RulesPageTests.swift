import XCTest
@testable import RokadaKit

final class RulesPageTests: XCTestCase {
    func testEveryLanguagesPageIsTheCoresBlocksWithEveryDiagram() {
        let ids = Set(rulesDiagrams().map(\.id))
        for language in Language.all {
            let blocks = RulesPage.blocks(in: language)
            guard case .heading(1, let title) = blocks.first else {
                return XCTFail("\(language.code): the page starts with its title")
            }
            XCTAssertFalse(RulesPage.text(of: title, in: language).isEmpty)
            var shown = Set<String>()
            for case .diagram(let diagram, _) in blocks {
                shown.insert(diagram.id)
            }
            XCTAssertEqual(shown, ids, "\(language.code): every diagram appears on the page")
        }
    }

    func testNotationIsIsolatedInRightToLeftText() {
        let spans: [RulesSpan] = [.plain(text: "play "), .notation(text: "Nf3"), .plain(text: ".")]
        XCTAssertEqual(RulesPage.text(of: spans, in: .english), "play Nf3.")
        XCTAssertEqual(RulesPage.text(of: spans, in: .hebrew), "play \u{2066}Nf3\u{2069}.")
        XCTAssertTrue(RulesPage.isNotation(spans[1]))
        XCTAssertFalse(RulesPage.isNotation(spans[0]))
        XCTAssertEqual(RulesPage.marker(.number(number: 3)), "3.")
        XCTAssertEqual(RulesPage.marker(.bullet), "•")
    }

    func testTheDiagramsComeCheckedFromTheCore() throws {
        let checkmate = try XCTUnwrap(rulesDiagrams().first { $0.id == "checkmate" })
        XCTAssertEqual(checkmate.checkedKing, .e8)
        XCTAssertEqual(checkmate.lastMove, SquarePair(from: .h5, to: .f7))
        XCTAssertEqual(checkmate.board[Int(Square.f7.rawValue)], Piece(side: .white, kind: .queen))
    }
}
