import RokadaKit
import SwiftUI

/// The game screen: the player bars, the board, the status with its claim
/// buttons, the moves to browse and the bottom bar, as the core's view
/// says; two panes side by side when the screen is wider than high.
struct GameView: View {
    @Bindable var model: GameScreenModel
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var advertiser = HostAdvertiser()

    var body: some View {
        GeometryReader { proxy in
            if proxy.size.width > proxy.size.height {
                HStack(alignment: .top, spacing: 16) {
                    boardColumn
                        .frame(width: min(proxy.size.height, proxy.size.width * 0.6))
                    VStack(spacing: 12) {
                        statusArea
                        MoveListView(model: model, axis: .vertical)
                        ActionBarView(model: model)
                    }
                }
                .padding(.horizontal)
            } else {
                VStack(spacing: 8) {
                    // On a tall iPad the board leaves room for the rest.
                    boardColumn
                        .frame(maxWidth: max(240, proxy.size.height - 320))
                    statusArea
                    MoveListView(model: model, axis: .horizontal)
                    Spacer(minLength: 0)
                    ActionBarView(model: model)
                }
                .padding(.horizontal, 8)
            }
        }
        .overlay {
            if let panel = model.pairingPanel {
                let newCode = model.control(.newCode).map { item -> () -> Void in { model.choose(item) } }
                PairingPanelView(panel: panel, newCode: newCode) { app.path = [] }
            }
        }
        .navigationTitle(strings[model.view.mode.title])
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                GameMenu(model: model)
            }
        }
        .task(id: model.clockRuns) {
            // A running clock is read again ten times a second.
            guard model.clockRuns else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                model.tick()
            }
        }
        .onAppear {
            model.screenAppeared()
            advertise(model.advertisedPort)
        }
        .onDisappear {
            model.screenDisappeared()
            advertiser.stop()
        }
        .onChange(of: model.advertisedPort) { _, port in
            advertise(port)
        }
        .gameDialogs(model: model)
    }

    /// The bars above and below the board, and the board.
    private var boardColumn: some View {
        VStack(spacing: 6) {
            if model.isReconnecting {
                Label(strings["wifi.reconnecting"], systemImage: "wifi.exclamationmark")
                    .font(.subheadline.bold())
                    .frame(maxWidth: .infinity)
                    .padding(8)
                    .background(Color.orange.opacity(0.3), in: RoundedRectangle(cornerRadius: 8))
            }
            PlayerBarView(bar: model.view.top, clock: model.clock(of: model.view.top))
            BoardView(model: model, theme: app.settings.boardTheme)
            PlayerBarView(bar: model.view.bottom, clock: model.clock(of: model.view.bottom))
        }
    }

    /// Whose move or how it ended, the claim buttons, a passing notice and
    /// the browsing controls.
    private var statusArea: some View {
        VStack(spacing: 8) {
            StatusLineView(status: model.view.status)
            ForEach(model.view.status.claimable, id: \.self) { claim in
                Button(strings[claim.buttonPhrase]) { model.claim(claim) }
                    .buttonStyle(.borderedProminent)
            }
            if let notice = model.notice {
                Text(strings[notice])
                    .font(.callout)
                    .multilineTextAlignment(.center)
                    .padding(.horizontal, 12)
                    .padding(.vertical, 6)
                    .background(.thinMaterial, in: Capsule())
            }
            BrowseControls(model: model)
        }
    }

    /// Hosts advertise `_rokada._tcp` while they wait for the other phone,
    /// under the player's name (the settings' or the device's).
    private func advertise(_ port: UInt16?) {
        if let port {
            advertiser.start(port: port, name: app.playerName)
        } else {
            advertiser.stop()
        }
    }
}

/// Whose move it is, or how the game ended, and check.
private struct StatusLineView: View {
    let status: StatusLine
    @Environment(\.strings) private var strings

    var body: some View {
        VStack(spacing: 2) {
            HStack(spacing: 8) {
                if status.computerThinking {
                    ProgressView()
                }
                Text(strings[status.headline])
                    .font(status.end == nil ? .headline : .title3.bold())
            }
            if let detail = status.detail {
                Text(strings[detail])
                    .font(.subheadline)
                    .multilineTextAlignment(.center)
            }
        }
        .frame(maxWidth: .infinity)
        .accessibilityElement(children: .combine)
    }
}

/// Back and forward through the moves, and the way back to the game.
private struct BrowseControls: View {
    let model: GameScreenModel
    @Environment(\.strings) private var strings

    var body: some View {
        let browse = model.view.browse
        if browse.plies > 0 {
            HStack {
                Button { model.step(-1) } label: {
                    Label(strings["ios.browse.back"], systemImage: "chevron.backward")
                }
                .disabled(browse.shown == 0)
                Spacer()
                if !browse.live {
                    Button(strings["ios.browse.live"]) { model.showLive() }
                        .buttonStyle(.borderedProminent)
                }
                Spacer()
                Button { model.step(1) } label: {
                    Label(strings["ios.browse.forward"], systemImage: "chevron.forward")
                }
                .disabled(browse.live)
            }
            .labelStyle(.iconOnly)
            .font(.title3)
        }
    }
}

/// The actions beyond the bottom bar, in the order the core gives them.
private struct GameMenu: View {
    let model: GameScreenModel
    @Environment(\.strings) private var strings

    var body: some View {
        if !model.view.actions.menu.isEmpty {
            Menu {
                ForEach(model.view.actions.menu, id: \.action) { item in
                    Button(role: item.action.isDestructive ? .destructive : nil) {
                        model.choose(item)
                    } label: {
                        Label(strings[item.action.title], systemImage: item.action.symbolName)
                    }
                    .disabled(!item.enabled)
                }
            } label: {
                Label(strings["ios.action.more"], systemImage: "ellipsis.circle")
            }
        }
    }
}

/// The mode's main actions; a control that cannot act now stays in its
/// place, disabled.
struct ActionBarView: View {
    let model: GameScreenModel
    @Environment(\.strings) private var strings

    var body: some View {
        HStack(spacing: 0) {
            ForEach(model.view.actions.bar, id: \.action) { item in
                Button {
                    model.choose(item)
                } label: {
                    VStack(spacing: 4) {
                        Image(systemName: item.action.symbolName)
                            .font(.title3)
                        Text(strings[item.action.title])
                            .font(.caption)
                            .lineLimit(2)
                            .multilineTextAlignment(.center)
                    }
                    .frame(maxWidth: .infinity)
                }
                .disabled(!item.enabled)
                .tint(item.action.isDestructive ? Color.red : nil)
            }
        }
        .padding(.vertical, 6)
    }
}
