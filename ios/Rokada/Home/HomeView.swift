import RokadaKit
import SwiftUI

/// The first screen: the saved games to continue, every way to play, the
/// PGN import, the rules and the settings.
struct HomeView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings

    var body: some View {
        @Bindable var app = app
        NavigationStack(path: $app.path) {
            List {
                if !app.saved.isEmpty {
                    Section(strings["ios.home.saved"]) {
                        ForEach(app.saved, id: \.slot) { saved in
                            SavedGameRow(saved: saved) { app.continueGame(saved) }
                        }
                    }
                }
                Section {
                    NavigationLink(value: Route.twoPlayerSetup) {
                        Label(strings["home.two_players"], systemImage: "person.2")
                    }
                    NavigationLink(value: Route.computerSetup) {
                        Label(strings["home.vs_computer"], systemImage: "cpu")
                    }
                    NavigationLink(value: Route.hostWifi) {
                        Label(strings["home.host_wifi"], systemImage: "wifi")
                    }
                    NavigationLink(value: Route.joinWifi) {
                        Label(strings["home.join_wifi"], systemImage: "wifi.circle")
                    }
                }
                Section {
                    NavigationLink(value: Route.importPgn) {
                        Label(strings["ios.home.import_pgn"], systemImage: "square.and.arrow.down")
                    }
                    NavigationLink(value: Route.rules) {
                        Label(strings["home.rules"], systemImage: "book")
                    }
                    NavigationLink(value: Route.settings) {
                        Label(strings["home.settings"], systemImage: "gearshape")
                    }
                }
            }
            .navigationTitle(strings["app.name"])
            .navigationDestination(for: Route.self) { route in
                destination(route)
            }
            .onAppear { app.refreshSaved() }
        }
        .replacementQuestion()
        .failureAlert($app.failure)
    }

    @ViewBuilder
    private func destination(_ route: Route) -> some View {
        switch route {
        case .game:
            if let game = app.game {
                GameView(model: game)
            }
        case .twoPlayerSetup:
            TwoPlayerSetupView()
        case .computerSetup:
            ComputerSetupView()
        case .hostWifi:
            HostWifiView()
        case .joinWifi:
            JoinView(join: app.join)
        case .importPgn:
            ImportView(pgnImport: app.pgnImport)
        case .rules:
            RulesView()
        case .settings:
            SettingsView()
        }
    }
}

/// A saved game: its way to play, the day it began, how it ended or
/// "Continue".
private struct SavedGameRow: View {
    let saved: SavedGame
    let open: () -> Void
    @Environment(\.strings) private var strings

    var body: some View {
        Button(action: open) {
            HStack {
                VStack(alignment: .leading) {
                    Text(strings[saved.title])
                        .font(.headline)
                    Text(verbatim: Bidi.isolated(saved.date))
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                Spacer()
                Text(saved.outcome.map { strings[$0] } ?? strings["ios.home.continue"])
                    .font(.subheadline.bold())
            }
        }
    }
}

extension View {
    /// Asks before a new game replaces an unfinished saved one.
    func replacementQuestion() -> some View {
        modifier(ReplacementQuestion())
    }

    /// Shows why something was refused, with OK.
    func failureAlert(_ failure: Binding<Phrase?>) -> some View {
        modifier(FailureAlert(failure: failure))
    }
}

private struct ReplacementQuestion: ViewModifier {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings

    func body(content: Content) -> some View {
        content.confirmationDialog(
            strings["ios.confirm.replace"],
            isPresented: Binding(get: { app.pendingStart != nil }, set: { if !$0 { app.pendingStart = nil } }),
            titleVisibility: .visible,
            presenting: app.pendingStart
        ) { _ in
            Button(strings["ios.confirm.replace_button"], role: .destructive) { app.confirmStart() }
            Button(strings["common.cancel"], role: .cancel) { app.pendingStart = nil }
        } message: { pending in
            Text(strings[pending.replaced.title])
        }
    }
}

private struct FailureAlert: ViewModifier {
    @Binding var failure: Phrase?
    @Environment(\.strings) private var strings

    func body(content: Content) -> some View {
        content.alert(
            failure.map { strings[$0] } ?? "",
            isPresented: Binding(get: { failure != nil }, set: { if !$0 { failure = nil } })
        ) {
            Button(strings["common.ok"], role: .cancel) { failure = nil }
        }
    }
}
