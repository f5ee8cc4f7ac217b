import RokadaCore
import RokadaKit
import SwiftUI

/// The game screen: board, clocks, captured pieces, moves and the game menu.
struct GameView: View {
    @Bindable var model: GameScreenModel
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings

    var body: some View {
        let bottom = model.bottomSide(orientation: app.orientation)
        VStack(spacing: 8) {
            if model.pairing.showsReconnectingBanner {
                Label(strings["wifi.reconnecting"], systemImage: "wifi.exclamationmark")
                    .font(.subheadline.bold())
                    .frame(maxWidth: .infinity)
                    .padding(8)
                    .background(Color.orange.opacity(0.3), in: RoundedRectangle(cornerRadius: 8))
            }
            PlayerBar(model: model, side: bottom.opponent)
            BoardView(model: model, isFlipped: model.isFlipped(orientation: app.orientation),
                      showsHints: app.showsMoveHints)
            PlayerBar(model: model, side: bottom)
            StatusLine(model: model)
            MoveList(moves: model.state.moves)
            Spacer(minLength: 0)
        }
        .padding(.horizontal, 8)
        .overlay {
            if model.isPairing {
                PairingPanel(model: model)
            }
        }
        .navigationTitle(strings["game.menu.title"])
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                GameMenu(model: model)
            }
        }
        .task(id: model.state.clock?.running) {
            // A running clock is read again ten times a second.
            guard model.state.clock?.running != nil else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                model.tick()
            }
        }
        .sheet(isPresented: promotionShown, onDismiss: { model.cancelPromotion() }) {
            PromotionSheet(side: model.state.turn) { kind in
                model.choosePromotion(kind)
            }
            .presentationDetents([.height(220)])
        }
        .sheet(item: $model.presentedEnd) { presentation in
            GameOverSheet(end: presentation.end, pgn: model.controller.pgn,
                          rematch: model.isWifi && model.pairing != .ended(.closed) ? { model.rematch() } : nil) {
                model.presentedEnd = nil
                app.leaveGame()
            }
            .presentationDetents([.medium])
        }
        .confirmationDialog(
            strings[model.pendingConfirmation?.confirmationKey ?? ""],
            isPresented: confirmationShown,
            titleVisibility: .visible
        ) {
            if let item = model.pendingConfirmation {
                Button(strings[item.titleKey], role: item.isDestructive ? .destructive : nil) {
                    model.confirm()
                }
            }
            Button(strings["common.cancel"], role: .cancel) {
                model.pendingConfirmation = nil
            }
        }
        .alert(strings["draw.offer_received"], isPresented: $model.answersDrawOffer) {
            Button(strings["game.menu.accept_draw"]) { model.run(.acceptDraw) }
            Button(strings["game.menu.decline_draw"], role: .cancel) { model.run(.declineDraw) }
        }
        .alert(strings["wifi.rematch_offered"], isPresented: rematchShown) {
            Button(strings["wifi.rematch"]) { model.rematch() }
            Button(strings["wifi.decline_rematch"], role: .cancel) { model.declineRematch() }
        }
        .alert(strings[model.errorKey ?? ""], isPresented: errorShown) {
            Button(strings["common.ok"], role: .cancel) { model.errorKey = nil }
        }
    }

    private var promotionShown: Binding<Bool> {
        Binding(
            get: { model.state.pendingPromotion != nil },
            set: { shown in
                if !shown {
                    model.cancelPromotion()
                }
            }
        )
    }

    /// The opponent's rematch request, once the game-over sheet is closed.
    private var rematchShown: Binding<Bool> {
        Binding(
            get: { model.controller.rematchRequested && model.presentedEnd == nil },
            set: { _ in }
        )
    }

    private var confirmationShown: Binding<Bool> {
        Binding(
            get: { model.pendingConfirmation != nil },
            set: { shown in
                if !shown {
                    model.pendingConfirmation = nil
                }
            }
        )
    }

    private var errorShown: Binding<Bool> {
        Binding(
            get: { model.errorKey != nil },
            set: { shown in
                if !shown {
                    model.errorKey = nil
                }
            }
        )
    }
}

/// The game menu, as the core lists it for this mode and moment.
private struct GameMenu: View {
    let model: GameScreenModel
    @Environment(\.strings) private var strings

    var body: some View {
        Menu {
            ForEach(model.menu, id: \.self) { item in
                if item.action == .sharePgn {
                    ShareLink(item: model.controller.pgn) {
                        Label(strings[item.titleKey], systemImage: "square.and.arrow.up")
                    }
                } else {
                    Button(role: item.isDestructive ? .destructive : nil) {
                        model.choose(item)
                    } label: {
                        Text(strings[item.titleKey])
                    }
                }
            }
        } label: {
            Label(strings["game.menu.title"], systemImage: "ellipsis.circle")
        }
    }
}

/// One player's clock and the pieces they have taken.
private struct PlayerBar: View {
    let model: GameScreenModel
    let side: Side
    @Environment(\.strings) private var strings

    var body: some View {
        HStack {
            Text(strings["color.\(side.keyName)"])
                .font(.headline)
            CapturedPieces(kinds: side == .white ? model.state.capturedByWhite : model.state.capturedByBlack,
                           side: side.opponent)
            Spacer()
            if let face = model.state.clock?.face(of: side) {
                Text(Bidi.isolated(face.text))
                    .font(.title2.monospacedDigit())
                    .padding(.horizontal, 10)
                    .padding(.vertical, 4)
                    .background(face.isRunning ? Color.accentColor.opacity(0.25) : Color.clear,
                                in: RoundedRectangle(cornerRadius: 6))
                    .foregroundStyle(face.isLow && face.isRunning ? Color.red : Color.primary)
                    .accessibilityLabel(strings.text("clock.\(side.keyName)", face.text))
            }
        }
    }
}

private struct CapturedPieces: View {
    let kinds: [PieceKind]
    let side: Side

    var body: some View {
        HStack(spacing: -6) {
            ForEach(Array(kinds.enumerated()), id: \.offset) { _, kind in
                PieceGlyph(piece: Piece(side: side, kind: kind), size: 18)
            }
        }
        .environment(\.layoutDirection, .leftToRight)
        .accessibilityHidden(true)
    }
}

/// Whose move, check, the computer thinking, a draw notice.
private struct StatusLine: View {
    let model: GameScreenModel
    @Environment(\.strings) private var strings

    var body: some View {
        HStack(spacing: 8) {
            if model.state.computerThinking {
                ProgressView()
                Text(strings["computer.thinking"])
            } else if let notice = model.noticeKey {
                Text(strings[notice])
            } else if model.state.end == nil {
                Text(strings[turnKey])
                if model.state.checkedKing != nil {
                    Text(strings["game.check"]).bold()
                }
            }
        }
        .font(.subheadline)
        .frame(minHeight: 24)
        .accessibilityElement(children: .combine)
    }

    private var turnKey: String {
        switch model.state.mode {
        case .samePhone:
            model.state.turn == .white ? "game.white_to_move" : "game.black_to_move"
        case .computer, .wifiPeer:
            model.state.isLocalTurn ? "game.your_move" : "game.opponent_move"
        }
    }
}

/// The moves in SAN, numbered; each move stays left to right in any language.
private struct MoveList: View {
    let moves: [String]

    var body: some View {
        ScrollViewReader { proxy in
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack(spacing: 10) {
                    ForEach(Array(stride(from: 0, to: moves.count, by: 2)), id: \.self) { index in
                        let pair = moves[index..<min(index + 2, moves.count)].joined(separator: " ")
                        Text(Bidi.isolated("\(index / 2 + 1). \(pair)"))
                            .font(.callout.monospaced())
                            .id(index)
                    }
                }
                .padding(.horizontal, 4)
            }
            .frame(height: 28)
            .onChange(of: moves.count) { _, count in
                withAnimation {
                    proxy.scrollTo(max(0, count - 1) / 2 * 2, anchor: .trailing)
                }
            }
        }
    }
}
