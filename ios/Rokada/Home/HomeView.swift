import RokadaCore
import RokadaKit
import SwiftUI

/// The first screen: every way to play, the rules and the settings.
struct HomeView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var failure: String?

    var body: some View {
        @Bindable var app = app
        NavigationStack(path: $app.path) {
            List {
                Section {
                    if app.canResume {
                        Button {
                            resume()
                        } label: {
                            Label(strings["home.resume"], systemImage: "play.circle")
                        }
                    }
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
            .alert(strings["error.bad_save"], isPresented: $app.unreadableSave) {
                Button(strings["common.ok"], role: .cancel) {}
            }
            .alert(strings[failure ?? ""], isPresented: Binding(get: { failure != nil }, set: { _ in failure = nil })) {
                Button(strings["common.ok"], role: .cancel) {}
            }
        }
    }

    private func resume() {
        do {
            try app.resume()
        } catch let error as RokadaError {
            failure = error.messageKey
        } catch {
            failure = "error.bad_save"
        }
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
            JoinWifiView()
        case .rules:
            RulesView()
        case .settings:
            SettingsView()
        }
    }
}

/// The time-control picker shared by the setup screens.
struct TimeControlPicker: View {
    @Binding var preset: TimeControlPreset
    @Environment(\.strings) private var strings

    var body: some View {
        Picker(strings["time.title"], selection: $preset) {
            ForEach(TimeControlPreset.allCases, id: \.self) { preset in
                Text(label(of: preset)).tag(preset)
            }
        }
    }

    private func label(of preset: TimeControlPreset) -> String {
        guard let control = preset.timeControl else { return strings[preset.titleKey] }
        let minutes = String(control.baseMs / 60_000)
        let seconds = String(control.incrementMs / 1_000)
        return "\(strings[preset.titleKey]) · \(strings.text("time.control", minutes, seconds))"
    }
}

/// Two players on one phone: choose the clock and start.
struct TwoPlayerSetupView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var preset = TimeControlPreset.none
    @State private var failure: String?

    var body: some View {
        Form {
            TimeControlPicker(preset: $preset)
            Button(strings["computer.start"]) {
                start(GameSetup(mode: .samePhone, startFen: nil, timeControl: preset.timeControl,
                                whiteName: nil, blackName: nil))
            }
        }
        .navigationTitle(strings["home.two_players"])
        .alert(strings[failure ?? ""], isPresented: Binding(get: { failure != nil }, set: { _ in failure = nil })) {
            Button(strings["common.ok"], role: .cancel) {}
        }
    }

    private func start(_ setup: GameSetup) {
        do {
            try app.start(setup)
        } catch let error as RokadaError {
            failure = error.messageKey
        } catch {
            failure = "error.bad_fen"
        }
    }
}

/// Against the computer: level with its rating, colour, clock.
struct ComputerSetupView: View {
    private enum ColourChoice: Hashable, CaseIterable {
        case white, black, random

        var key: String {
            switch self {
            case .white: "computer.colour_white"
            case .black: "computer.colour_black"
            case .random: "computer.colour_random"
            }
        }
    }

    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var level: UInt8 = 3
    @State private var colour = ColourChoice.white
    @State private var preset = TimeControlPreset.none
    @State private var failure: String?

    private let levels = computerLevels()

    var body: some View {
        Form {
            Picker(strings["computer.level"], selection: $level) {
                ForEach(levels, id: \.level) { entry in
                    Text(verbatim: levelLabel(entry))
                        .tag(entry.level)
                }
            }
            Picker(strings["computer.your_colour"], selection: $colour) {
                ForEach(ColourChoice.allCases, id: \.self) { choice in
                    Text(strings[choice.key]).tag(choice)
                }
            }
            .pickerStyle(.segmented)
            TimeControlPicker(preset: $preset)
            Button(strings["computer.start"]) { start() }
        }
        .navigationTitle(strings["computer.title"])
        .alert(strings[failure ?? ""], isPresented: Binding(get: { failure != nil }, set: { _ in failure = nil })) {
            Button(strings["common.ok"], role: .cancel) {}
        }
    }

    private func levelLabel(_ entry: ComputerLevel) -> String {
        let level = strings.text("computer.level_value", String(entry.level), String(levels.count))
        return "\(level) · \(entry.targetRating)"
    }

    private func start() {
        let human: Side = switch colour {
        case .white: .white
        case .black: .black
        case .random: Bool.random() ? .white : .black
        }
        do {
            try app.start(GameSetup(mode: .computer(human: human, level: level), startFen: nil,
                                    timeControl: preset.timeControl, whiteName: nil, blackName: nil))
        } catch let error as RokadaError {
            failure = error.messageKey
        } catch {
            failure = "error.bad_fen"
        }
    }
}
