import RokadaCore
import RokadaKit
import SwiftUI

/// Hosting: colour and clock; the game screen then shows the pairing code
/// while the game is advertised on the Wi-Fi.
struct HostWifiView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var side = SideChoice.random
    @State private var preset = TimeControlPreset.none
    @State private var failure: String?

    var body: some View {
        Form {
            Picker(strings["computer.your_colour"], selection: $side) {
                Text(strings["computer.colour_white"]).tag(SideChoice.white)
                Text(strings["computer.colour_black"]).tag(SideChoice.black)
                Text(strings["computer.colour_random"]).tag(SideChoice.random)
            }
            .pickerStyle(.segmented)
            TimeControlPicker(preset: $preset)
            Button(strings["computer.start"]) {
                do {
                    try app.host(side: side, timeControl: preset.timeControl)
                } catch let error as RokadaError {
                    failure = error.messageKey
                } catch {
                    failure = "error.network.connection_lost"
                }
            }
        }
        .navigationTitle(strings["wifi.host_title"])
        .alert(strings[failure ?? ""], isPresented: Binding(get: { failure != nil }, set: { _ in failure = nil })) {
            Button(strings["common.ok"], role: .cancel) {}
        }
    }
}

/// Joining: a host found on the Wi-Fi or typed as host:port, and the code
/// its screen shows.
struct JoinWifiView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var browser = HostBrowser()
    @State private var chosen: HostAddress?
    @State private var manualAddress = ""
    @State private var codeText = ""
    @State private var failure: String?

    var body: some View {
        Form {
            Section {
                if browser.hosts.isEmpty {
                    HStack {
                        ProgressView()
                        Text(strings[browser.hasFailed ? "wifi.no_games" : "wifi.searching"])
                    }
                }
                ForEach(browser.hosts) { host in
                    Button {
                        chosen = host.address
                        manualAddress = ""
                    } label: {
                        HStack {
                            Text(strings.text("wifi.found_game", host.name))
                            Spacer()
                            if chosen == host.address {
                                Image(systemName: "checkmark")
                            }
                        }
                    }
                }
            }
            Section {
                TextField(strings["wifi.manual_address"], text: $manualAddress)
                    .keyboardType(.numbersAndPunctuation)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .environment(\.layoutDirection, .leftToRight)
                    .onChange(of: manualAddress) { _, text in
                        if !text.isEmpty {
                            chosen = nil
                        }
                    }
            }
            Section {
                TextField(strings["wifi.enter_code"], text: $codeText)
                    .keyboardType(.numberPad)
                    .font(.title2.monospacedDigit())
                    .environment(\.layoutDirection, .leftToRight)
                Button(strings["wifi.connect"]) { connect() }
                    .disabled(PairingCode(codeText) == nil || (chosen == nil && manualAddress.isEmpty))
            }
        }
        .navigationTitle(strings["wifi.join_title"])
        .onAppear { browser.start() }
        .onDisappear { browser.stop() }
        .alert(strings[failure ?? ""], isPresented: Binding(get: { failure != nil }, set: { _ in failure = nil })) {
            Button(strings["common.ok"], role: .cancel) {}
        }
    }

    private func connect() {
        guard let code = PairingCode(codeText) else {
            failure = "wifi.wrong_code"
            return
        }
        do {
            let address = try chosen ?? HostAddress(parsing: manualAddress)
            try app.join(address, code: code)
        } catch is HostAddress.ParseError {
            failure = "wifi.bad_address"
        } catch let error as RokadaError {
            failure = error.messageKey
        } catch {
            failure = "error.network.connection_lost"
        }
    }
}

/// Over the board while pairing: the host's code, "connecting", a refused
/// code to type again, or why the game could not begin.
struct PairingPanel: View {
    let model: GameScreenModel
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var codeText = ""
    @State private var failure: String?

    var body: some View {
        VStack(spacing: 16) {
            switch model.pairing {
            case .waitingForOpponent(let code, _):
                Text(strings.text("wifi.pairing_code", code.description))
                    .font(.title.monospacedDigit().bold())
                Text(strings["wifi.pairing_code_hint"])
                HStack {
                    ProgressView()
                    Text(strings["wifi.waiting"])
                }
            case .connecting:
                HStack {
                    ProgressView()
                    Text(strings["wifi.connecting"])
                }
            case .enteringCode(let host, _):
                Text(strings[model.pairing.messageKey ?? "wifi.enter_code"])
                TextField(strings["wifi.enter_code"], text: $codeText)
                    .keyboardType(.numberPad)
                    .font(.title2.monospacedDigit())
                    .multilineTextAlignment(.center)
                    .environment(\.layoutDirection, .leftToRight)
                if let failure {
                    Text(strings[failure])
                        .foregroundStyle(.red)
                }
                Button(strings["wifi.connect"]) {
                    join(host)
                }
                .disabled(PairingCode(codeText) == nil)
            default:
                if let key = model.pairing.messageKey {
                    Text(strings[key])
                        .multilineTextAlignment(.center)
                }
            }
            Button(strings["common.back"]) {
                app.leaveGame()
            }
            .buttonStyle(.bordered)
        }
        .padding(24)
        .frame(maxWidth: .infinity)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16))
        .padding()
    }

    /// A refused code ends that attempt: a new one starts with the new code.
    private func join(_ host: HostAddress) {
        guard let code = PairingCode(codeText) else { return }
        do {
            try app.join(host, code: code)
        } catch let error as RokadaError {
            failure = error.messageKey
        } catch {
            failure = "error.network.connection_lost"
        }
    }
}
