import Foundation
import RokadaCore
import XCTest
@testable import RokadaKit

final class RulesPageTests: XCTestCase {
    func testBlocksOfASmallPage() {
        let page = """
            # Rules

            Some *text*
            on two lines.

            | Piece | Letter |
            |---|---|
            | King | K |

            {{diagram:start-position}}

            1. one
            2. two
            - loose
            """
        XCTAssertEqual(RulesPage.blocks(of: page), [
            .heading(level: 1, text: "Rules"),
            .paragraph("Some *text* on two lines."),
            .table(rows: [["Piece", "Letter"], ["King", "K"]]),
            .diagram(id: "start-position"),
            .list(ordered: true, items: ["one", "two", "loose"]),
        ])
    }

    func testEveryDiagramOfEveryLanguagesPageComesFromTheCore() throws {
        let byID = RulesPage.diagramsByID()
        let checkmate = try XCTUnwrap(byID["checkmate"])
        XCTAssertEqual(checkmate.checkedKing, .e8)
        XCTAssertEqual(checkmate.lastMove, SquarePair(from: .h5, to: .f7))
        XCTAssertEqual(checkmate.board[Int(Square.f7.rawValue)], Piece(side: .white, kind: .queen))

        var shown = Set<String>()
        for language in AppLanguage.allCases {
            let url = Resources.directory.appendingPathComponent("\(language.rawValue).lproj/Rules.md")
            let blocks = RulesPage.blocks(of: try String(contentsOf: url, encoding: .utf8))
            XCTAssertTrue(blocks.contains { if case .heading(1, _) = $0 { return true }; return false })
            for case .diagram(let id) in blocks {
                XCTAssertNotNil(byID[id], "\(language.rawValue): unknown diagram \(id)")
                shown.insert(id)
            }
        }
        XCTAssertEqual(shown, Set(byID.keys), "every diagram appears on the page")
    }
}
