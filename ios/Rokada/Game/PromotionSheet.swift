import RokadaCore
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
                ForEach(PromotionChoice.pieces(for: side), id: \.kind) { piece in
                    Button {
                        choose(piece.kind)
                    } label: {
                        VStack {
                            PieceGlyph(piece: piece, size: 56)
                                .background(Color.boardLight, in: RoundedRectangle(cornerRadius: 8))
                            Text(strings[PromotionChoice.titleKey(of: piece.kind)])
                                .font(.caption)
                        }
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(strings[PromotionChoice.titleKey(of: piece.kind)])
                }
            }
        }
        .padding()
    }
}

/// The result and its reason, with the game to share.
struct GameOverSheet: View {
    let end: GameEnd
    let pgn: String
    /// Over Wi-Fi: ask the opponent for a rematch, or accept theirs.
    let rematch: (() -> Void)?
    let newGame: () -> Void
    @Environment(\.strings) private var strings
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 16) {
            Text(strings[end.resultKey])
                .font(.largeTitle.bold())
            Text(strings[end.reasonKey])
                .multilineTextAlignment(.center)
            ShareLink(item: pgn) {
                Label(strings["game.menu.share_pgn"], systemImage: "square.and.arrow.up")
            }
            if let rematch {
                Button(strings["wifi.rematch"]) { rematch() }
                    .buttonStyle(.borderedProminent)
            }
            HStack {
                Button(strings["common.close"]) { dismiss() }
                    .buttonStyle(.bordered)
                Button(strings["game.menu.new_game"]) { newGame() }
                    .buttonStyle(.borderedProminent)
            }
        }
        .padding()
    }
}
