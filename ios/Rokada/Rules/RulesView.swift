import RokadaCore
import RokadaKit
import SwiftUI

/// The rules page of the chosen language, with its diagrams drawn by the
/// same board code as the game.
struct RulesView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings

    var body: some View {
        let page = RulesContent.load(language: app.language)
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                ForEach(Array(page.blocks.enumerated()), id: \.offset) { _, block in
                    blockView(block, diagrams: page.diagrams)
                }
            }
            .padding()
        }
        .navigationTitle(strings["rules.title"])
    }

    @ViewBuilder
    private func blockView(_ block: RulesBlock, diagrams: [String: RulesDiagram]) -> some View {
        switch block {
        case .heading(let level, let text):
            Text(inline(text))
                .font(level == 1 ? .largeTitle.bold() : .title2.bold())
                .padding(.top, level == 1 ? 0 : 8)
        case .paragraph(let text):
            Text(inline(text))
        case .list(let ordered, let items):
            VStack(alignment: .leading, spacing: 4) {
                ForEach(Array(items.enumerated()), id: \.offset) { index, item in
                    HStack(alignment: .firstTextBaseline) {
                        Text(verbatim: ordered ? "\(index + 1)." : "•")
                        Text(inline(item))
                    }
                }
            }
        case .table(let rows):
            Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 6) {
                ForEach(Array(rows.enumerated()), id: \.offset) { index, row in
                    GridRow {
                        ForEach(Array(row.enumerated()), id: \.offset) { _, cell in
                            Text(inline(cell))
                                .font(index == 0 ? .subheadline.bold() : .subheadline)
                        }
                    }
                }
            }
        case .diagram(let id):
            if let diagram = diagrams[id] {
                DiagramView(diagram: diagram)
            }
        }
    }

    private func inline(_ text: String) -> AttributedString {
        (try? AttributedString(markdown: text)) ?? AttributedString(text)
    }
}

/// The page's text and diagrams, read from the app bundle.
private struct RulesContent {
    let blocks: [RulesBlock]
    let diagrams: [String: RulesDiagram]

    static func load(language: AppLanguage) -> RulesContent {
        let bundle = Bundle.main.path(forResource: language.rawValue, ofType: "lproj").flatMap(Bundle.init(path:))
        let page = bundle?.url(forResource: "Rules", withExtension: "md")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        return RulesContent(blocks: RulesPage.blocks(of: page), diagrams: RulesPage.diagramsByID())
    }
}

/// A small board with a rules diagram's position and marks.
private struct DiagramView: View {
    let diagram: RulesDiagram
    @Environment(\.strings) private var strings

    var body: some View {
        let board = diagram.board
        let highlighted = [diagram.lastMove?.from, diagram.lastMove?.to].compactMap { $0 }
        let geometry = BoardGeometry(boardSize: 8, isFlipped: false)
        Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            ForEach(0..<8, id: \.self) { row in
                GridRow {
                    ForEach(0..<8, id: \.self) { column in
                        let square = geometry.squaresInScreenOrder[row * 8 + column]
                        ZStack {
                            Rectangle().fill(isLightSquare(square: square) ? Color.boardLight : Color.boardDark)
                            if highlighted.contains(square) {
                                Rectangle().fill(Color.lastMove)
                            }
                            if diagram.marked.contains(square) {
                                Rectangle().strokeBorder(Color.blue, lineWidth: 2)
                            }
                            if diagram.checkedKing == square {
                                Rectangle().fill(Color.red.opacity(0.45))
                            }
                            if let piece = board[Int(square.rawValue)] {
                                GeometryReader { proxy in
                                    PieceGlyph(piece: piece, size: proxy.size.width)
                                }
                            }
                        }
                        .aspectRatio(1, contentMode: .fit)
                        .accessibilityElement(children: .ignore)
                        .accessibilityLabel(SquareDescription.label(of: square, piece: board[Int(square.rawValue)],
                                                                    in: strings))
                    }
                }
            }
        }
        .frame(maxWidth: 320)
        .frame(maxWidth: .infinity)
        .environment(\.layoutDirection, .leftToRight)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(strings["a11y.board"])
    }
}
