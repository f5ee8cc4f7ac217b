import RokadaKit
import SwiftUI

/// The clock of a new game: none, or one of the core's presets.
struct TimeChoicePicker: View {
    @Binding var choice: TimeChoice
    @Environment(\.strings) private var strings

    var body: some View {
        Picker(strings["time.title"], selection: $choice) {
            ForEach(TimeChoice.all(), id: \.self) { choice in
                Text(verbatim: choice.title(in: strings)).tag(choice)
            }
        }
    }
}

/// Two players on one phone: choose the clock and start.
struct TwoPlayerSetupView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var time = TimeChoice.none

    var body: some View {
        Form {
            TimeChoicePicker(choice: $time)
            Button(strings["computer.start"]) {
                app.start(GameSetup(mode: .samePhone, startFen: nil, timeControl: time.control, whiteName: nil,
                                    blackName: nil))
            }
        }
        .navigationTitle(strings["home.two_players"])
    }
}

/// Against the computer: the level with its rating, the colour, the clock.
struct ComputerSetupView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var level: UInt8 = 3
    @State private var colour = ColourChoice.white
    @State private var time = TimeChoice.none
    private let levels = computerLevels()

    var body: some View {
        Form {
            Picker(strings["computer.level"], selection: $level) {
                ForEach(levels, id: \.level) { entry in
                    Text(strings[entry.title]).tag(entry.level)
                }
            }
            .pickerStyle(.navigationLink)
            ColourPicker(colour: $colour)
            TimeChoicePicker(choice: $time)
            Button(strings["computer.start"]) {
                app.start(GameSetup(mode: .computer(human: colour.side(), level: level), startFen: nil,
                                    timeControl: time.control, whiteName: nil, blackName: nil))
            }
        }
        .navigationTitle(strings["computer.title"])
    }
}

/// Hosting over Wi-Fi: colour and clock; the game screen then shows the
/// code and this phone's address while the game is advertised.
struct HostWifiView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var colour = ColourChoice.random
    @State private var time = TimeChoice.none

    var body: some View {
        Form {
            ColourPicker(colour: $colour)
            TimeChoicePicker(choice: $time)
            Button(strings["computer.start"]) {
                app.host(side: colour.sideChoice, timeControl: time.control)
            }
        }
        .navigationTitle(strings["wifi.host_title"])
    }
}

private struct ColourPicker: View {
    @Binding var colour: ColourChoice
    @Environment(\.strings) private var strings

    var body: some View {
        Picker(strings["computer.your_colour"], selection: $colour) {
            ForEach(ColourChoice.allCases, id: \.self) { choice in
                Text(strings[choice.title]).tag(choice)
            }
        }
        .pickerStyle(.segmented)
    }
}
