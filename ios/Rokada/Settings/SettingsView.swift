import RokadaKit
import SwiftUI
import UIKit

/// Language, the board, two players on one phone, sound, vibration and the
/// name other phones see.
struct SettingsView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings

    var body: some View {
        @Bindable var settings = app.settings
        Form {
            Picker(strings["settings.language"], selection: $settings.language) {
                Text(strings["settings.language_system"]).tag(Language?.none)
                ForEach(Language.all, id: \.self) { language in
                    // Each language in its own name.
                    Text(strings[language.nameKey]).tag(Language?.some(language))
                }
            }
            Section {
                Picker(strings["ios.settings.board_theme"], selection: $settings.boardTheme) {
                    ForEach(boardThemes(), id: \.self) { theme in
                        ThemeLabel(theme: theme).tag(theme)
                    }
                }
                .pickerStyle(.inline)
                Toggle(strings["settings.move_hints"], isOn: $settings.moveHints)
            }
            Section(strings["home.two_players"]) {
                Picker(strings["settings.board_orientation"], selection: $settings.seating) {
                    ForEach(Seating.allCases, id: \.self) { seating in
                        Text(strings[seating.title]).tag(seating)
                    }
                }
                .pickerStyle(.inline)
            }
            Section {
                Toggle(strings["settings.sound"], isOn: $settings.sounds)
                Toggle(strings["ios.settings.haptics"], isOn: $settings.haptics)
            }
            Section(strings["ios.settings.device_name"]) {
                TextField(UIDevice.current.name, text: $settings.deviceName)
                    .textInputAutocapitalization(.words)
                    .autocorrectionDisabled()
            }
        }
        .navigationTitle(strings["settings.title"])
    }
}

/// A theme's name beside its two square colours.
private struct ThemeLabel: View {
    let theme: BoardTheme
    @Environment(\.strings) private var strings

    var body: some View {
        let palette = BoardPalette(theme: theme)
        HStack {
            HStack(spacing: 0) {
                Rectangle().fill(Color(palette.light))
                Rectangle().fill(Color(palette.dark))
            }
            .frame(width: 36, height: 18)
            .clipShape(RoundedRectangle(cornerRadius: 3))
            .accessibilityHidden(true)
            Text(strings[theme.title])
        }
    }
}
