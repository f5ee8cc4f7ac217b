import RokadaKit
import SwiftUI

/// The rules page of the app's language as the core gives it, block by
/// block, with its diagrams drawn in the board's colours.
struct RulesView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings

    var body: some View {
        let language = app.language
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                ForEach(Array(RulesPage.blocks(in: language).enumerated()), id: \.offset) { _, block in
                    RulesBlockView(block: block, language: language, theme: app.settings.boardTheme)
                }
            }
            .padding()
        }
        .navigationTitle(strings["rules.title"])
    }
}

private struct RulesBlockView: View {
    let block: RulesPageBlock
    let language: Language
    let theme: BoardTheme

    var body: some View {
        switch block {
        case .heading(let level, let spans):
            Text(text(spans))
                .font(level == 1 ? .largeTitle.bold() : .title2.bold())
                .padding(.top, level == 1 ? 0 : 8)
                .accessibilityAddTraits(.isHeader)
        case .paragraph(let spans):
            Text(text(spans))
        case .listItem(let marker, let spans):
            HStack(alignment: .firstTextBaseline) {
                Text(verbatim: RulesPage.marker(marker))
                Text(text(spans))
            }
        case .table(let header, let rows):
            Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 6) {
                GridRow {
                    ForEach(Array(header.enumerated()), id: \.offset) { _, cell in
                        Text(text(cell.spans)).font(.subheadline.bold())
                    }
                }
                ForEach(Array(rows.enumerated()), id: \.offset) { _, row in
                    GridRow {
                        ForEach(Array(row.enumerated()), id: \.offset) { _, cell in
                            Text(text(cell.spans)).font(.subheadline)
                        }
                    }
                }
            }
        case .diagram(let diagram, let caption):
            VStack(spacing: 6) {
                DiagramView(diagram: diagram, palette: BoardPalette(theme: theme))
                if !caption.isEmpty {
                    Text(text(caption))
                        .font(.callout)
                        .multilineTextAlignment(.center)
                }
            }
            .frame(maxWidth: .infinity)
        }
    }

    /// The spans, notation in a monospaced font and, in a right-to-left
    /// language, isolated so that it reads left to right.
    private func text(_ spans: [RulesSpan]) -> AttributedString {
        spans.reduce(into: AttributedString()) { text, span in
            var run = AttributedString(RulesPage.text(of: [span], in: language))
            if RulesPage.isNotation(span) {
                run.font = .body.monospaced()
            }
            text += run
        }
    }
}

/// A small board with a rules diagram's position and marks.
private struct DiagramView: View {
    let diagram: RulesDiagram
    let palette: BoardPalette
    @Environment(\.strings) private var strings

    var body: some View {
        let geometry = BoardGeometry(boardSize: 8, isFlipped: false)
        Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            ForEach(0..<8, id: \.self) { row in
                GridRow {
                    ForEach(0..<8, id: \.self) { column in
                        square(geometry.squaresInScreenOrder[row * 8 + column])
                    }
                }
            }
        }
        .frame(maxWidth: 320)
        .environment(\.layoutDirection, .leftToRight)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(strings["a11y.board"])
    }

    private func square(_ square: Square) -> some View {
        let piece = diagram.board[Int(square.rawValue)]
        return ZStack {
            Rectangle().fill(Color(palette.square(square)))
            if diagram.lastMove.map({ $0.from == square || $0.to == square }) == true {
                Rectangle().fill(Color(palette.lastMove))
            }
            if diagram.marked.contains(square) {
                Rectangle().strokeBorder(Color(palette.selected), lineWidth: 3)
            }
            if diagram.checkedKing == square {
                RadialGradient(colors: [Color(palette.check), Color(palette.check.clear)], center: .center,
                               startRadius: 0, endRadius: 24)
            }
            if let piece {
                Image(piece.imageName)
                    .resizable()
                    .scaledToFit()
            }
        }
        .aspectRatio(1, contentMode: .fit)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(SquareDescription.label(of: square, piece: piece, in: strings))
    }
}
