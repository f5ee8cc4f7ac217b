import RokadaKit
import SwiftUI

/// The numbered moves: tap one to see its position. The list follows the
/// move on show, the last one while the game is live. Notation runs left
/// to right in every language.
struct MoveListView: View {
    let model: GameScreenModel
    let axis: Axis
    @Environment(\.strings) private var strings

    var body: some View {
        ScrollViewReader { proxy in
            ScrollView(axis == .horizontal ? .horizontal : .vertical, showsIndicators: false) {
                if axis == .horizontal {
                    LazyHStack(spacing: 12) { rows }
                        .padding(.horizontal, 4)
                } else {
                    LazyVStack(alignment: .leading, spacing: 4) { rows }
                }
            }
            .frame(maxHeight: axis == .horizontal ? 36 : .infinity)
            .onChange(of: model.moveListAnchor, initial: true) { _, anchor in
                guard let anchor else { return }
                withAnimation {
                    proxy.scrollTo(anchor, anchor: axis == .horizontal ? .trailing : .bottom)
                }
            }
        }
        .environment(\.layoutDirection, .leftToRight)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(strings["ios.browse.moves"])
    }

    private var rows: some View {
        ForEach(model.view.moves, id: \.number) { row in
            HStack(spacing: 6) {
                Text(verbatim: row.numberText)
                    .foregroundStyle(.secondary)
                if let white = row.white {
                    cell(white)
                } else {
                    Text(verbatim: "…")
                }
                if let black = row.black {
                    cell(black)
                }
            }
            .font(.callout.monospaced())
        }
    }

    private func cell(_ cell: MoveCell) -> some View {
        Button {
            model.show(cell)
        } label: {
            Text(verbatim: cell.san)
                .padding(.horizontal, 4)
                .background(model.isOnShow(cell) ? Color.accentColor.opacity(0.25) : Color.clear,
                            in: RoundedRectangle(cornerRadius: 4))
        }
        .buttonStyle(.plain)
        .id(cell.ply)
    }
}
