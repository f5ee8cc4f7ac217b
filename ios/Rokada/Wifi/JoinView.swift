import RokadaKit
import SwiftUI
import UIKit

/// Joining a Wi-Fi game: a host found on the Wi-Fi or typed (the port may
/// be left out), then the code its screen shows. A wrong code keeps the
/// code entry; the game screen opens once both phones have the game.
struct JoinView: View {
    @Bindable var join: JoinModel
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @Environment(\.openURL) private var openURL
    @State private var browser: HostBrowser?

    var body: some View {
        Form {
            switch join.stage {
            case .choosingHost:
                discoveredHosts
                Section {
                    TextField(strings["ios.wifi.address_field"], text: $join.addressText)
                        .keyboardType(.numbersAndPunctuation)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .environment(\.layoutDirection, .leftToRight)
                        .onSubmit { join.chooseTypedAddress() }
                    Button(strings["wifi.connect"]) { join.chooseTypedAddress() }
                        .disabled(join.addressText.isEmpty)
                } footer: {
                    Text(strings["ios.wifi.choose_host"])
                }
            case .enteringCode(let host):
                Section {
                    Text(verbatim: hostAddressText(address: host))
                        .font(.headline.monospacedDigit())
                    TextField(strings["wifi.enter_code"], text: $join.codeText)
                        .keyboardType(.numberPad)
                        .font(.title2.monospacedDigit())
                        .environment(\.layoutDirection, .leftToRight)
                    Button(strings["wifi.connect"]) { app.connectJoin() }
                        .disabled(join.codeText.isEmpty)
                    Button(strings["common.back"]) { join.backToHosts() }
                }
            case .connecting:
                Section {
                    HStack {
                        ProgressView()
                        Text(strings["wifi.connecting"])
                    }
                    Button(strings["common.cancel"]) { join.cancel() }
                }
            }
            if let problem = join.problem {
                Section {
                    Text(strings[problem])
                        .foregroundStyle(.red)
                }
            }
        }
        .navigationTitle(strings["wifi.join_title"])
        .onAppear {
            let browser = HostBrowser(reportingTo: join)
            browser.start()
            self.browser = browser
        }
        .onDisappear {
            browser?.stop()
            browser = nil
        }
        .task {
            // Searching goes on, but after a while the screen says that
            // nothing was found rather than spin.
            try? await Task.sleep(for: .seconds(8))
            join.searchedAWhile()
        }
    }

    @ViewBuilder
    private var discoveredHosts: some View {
        Section {
            switch join.discovery {
            case .denied:
                Text(strings["ios.wifi.local_network_denied"])
                Button(strings["ios.wifi.open_settings"]) {
                    if let url = URL(string: UIApplication.openSettingsURLString) {
                        openURL(url)
                    }
                }
            case .nothingFound, .failed:
                if join.hosts.isEmpty {
                    Text(strings["wifi.no_games"])
                }
            case .searching:
                if join.isSearching {
                    HStack {
                        ProgressView()
                        Text(strings["wifi.searching"])
                    }
                }
            }
            ForEach(join.hosts) { host in
                Button(strings.text("wifi.found_game", host.name)) { join.choose(host) }
            }
        }
    }
}
