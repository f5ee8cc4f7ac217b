import RokadaKit
import SwiftUI

/// The four pieces a pawn may become, in the player's colour. The move, and
/// so the clock, waits for the choice.
struct PromotionSheet: View {
    let side: Side
    let choose: (PieceKind) -> Void
    @Environment(\.strings) private var strings

    var body: some View {
        VStack(spacing: 16) {
            Text(strings["promotion.title"])
                .font(.headline)
            HStack(spacing: 12) {
                ForEach(PieceKind.promotionChoices, id: \.self) { kind in
                    Button {
                        choose(kind)
                    } label: {
                        VStack {
                            Image(Piece(side: side, kind: kind).imageName)
                                .resizable()
                                .frame(width: 64, height: 64)
                                .background(Color(white: 0.85), in: RoundedRectangle(cornerRadius: 8))
                            Text(strings[kind.name])
                                .font(.caption)
                        }
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(strings[kind.name])
                }
            }
        }
        .padding()
    }
}
