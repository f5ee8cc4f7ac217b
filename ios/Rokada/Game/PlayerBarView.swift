import RokadaKit
import SwiftUI

/// One player's bar: the name, the pieces they are up and `+N`, and the
/// clock chip, lit while it is their move and in the low-time colour when
/// the core says so. Face to face, the far player's bar is turned round.
struct PlayerBarView: View {
    let bar: PlayerBar
    let clock: ClockFace?
    @Environment(\.strings) private var strings

    var body: some View {
        HStack(spacing: 8) {
            Text(strings[bar.label.phrase])
                .font(.headline)
                .lineLimit(1)
            MaterialView(material: bar.material, side: bar.side)
            Spacer(minLength: 4)
            if let clock {
                ClockChip(face: clock, side: bar.side, lit: bar.toMove)
            }
        }
        .padding(.horizontal, 4)
        .rotationEffect(bar.rotated ? .degrees(180) : .zero)
        .accessibilityElement(children: .combine)
    }
}

/// The pieces a side has more of, and how far ahead it is.
private struct MaterialView: View {
    let material: Material
    let side: Side
    @Environment(\.strings) private var strings
    @ScaledMetric(relativeTo: .body) private var pieceSize: CGFloat = 18

    var body: some View {
        HStack(spacing: -pieceSize / 3) {
            ForEach(Array(material.surplus.enumerated()), id: \.offset) { _, kind in
                Image(Piece(side: side, kind: kind).imageName)
                    .resizable()
                    .frame(width: pieceSize, height: pieceSize)
                    .accessibilityHidden(true)
            }
            if let advantage = material.advantagePhrase {
                Text(strings[advantage])
                    .font(.subheadline.monospacedDigit())
                    .foregroundStyle(.secondary)
                    .padding(.leading, pieceSize / 2)
            }
        }
        .environment(\.layoutDirection, .leftToRight)
    }
}

private struct ClockChip: View {
    let face: ClockFace
    let side: Side
    let lit: Bool
    @Environment(\.strings) private var strings

    var body: some View {
        Text(verbatim: Bidi.isolated(face.text))
            .font(.title2.monospacedDigit().weight(lit ? .bold : .regular))
            .padding(.horizontal, 10)
            .padding(.vertical, 4)
            .foregroundStyle(face.low ? Color.red : lit ? Color.white : Color.primary)
            .background(lit ? Color.accentColor : Color.secondary.opacity(0.15), in: RoundedRectangle(cornerRadius: 6))
            .accessibilityLabel(strings[face.accessibilityPhrase(of: side)])
    }
}
