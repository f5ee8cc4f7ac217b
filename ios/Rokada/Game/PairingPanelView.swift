import RokadaKit
import SwiftUI

/// Over the board until a Wi-Fi game begins: the host's code and this
/// phone's address and port, connecting, or why the game could not begin.
struct PairingPanelView: View {
    let panel: PairingPanel
    /// "New code", while the host may draw one.
    let newCode: (() -> Void)?
    let leave: () -> Void
    @Environment(\.strings) private var strings

    var body: some View {
        VStack(spacing: 14) {
            switch panel {
            case .hosting(let code, let addresses, let wrongCodes):
                Text(strings.text("wifi.pairing_code", code))
                    .font(.largeTitle.monospacedDigit().bold())
                    .multilineTextAlignment(.center)
                Text(strings["wifi.pairing_code_hint"])
                if addresses.isEmpty {
                    Text(strings["ios.wifi.no_address"])
                        .foregroundStyle(.secondary)
                } else {
                    ForEach(addresses, id: \.self) { address in
                        Text(strings.text("wifi.this_address", address))
                            .font(.callout.monospacedDigit())
                            .textSelection(.enabled)
                    }
                }
                if wrongCodes > 0 {
                    Text(strings.text("ios.wifi.wrong_codes", String(wrongCodes)))
                        .foregroundStyle(.orange)
                }
                HStack {
                    ProgressView()
                    Text(strings["wifi.waiting"])
                }
                if let newCode {
                    Button(strings[GameAction.newCode.title], action: newCode)
                }
            case .connecting:
                HStack {
                    ProgressView()
                    Text(strings["wifi.connecting"])
                }
            case .ended(let reason):
                Text(strings[reason])
                    .multilineTextAlignment(.center)
            }
            Button(strings["common.back"], action: leave)
                .buttonStyle(.bordered)
        }
        .padding(24)
        .frame(maxWidth: 480)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16))
        .padding()
    }
}
