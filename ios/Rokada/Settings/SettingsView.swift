import RokadaKit
import SwiftUI

/// Language, move hints, board orientation, sound.
struct SettingsView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings

    var body: some View {
        @Bindable var app = app
        Form {
            Picker(strings["settings.language"], selection: $app.chosenLanguage) {
                Text(strings["settings.language_system"]).tag(AppLanguage?.none)
                ForEach(AppLanguage.allCases, id: \.self) { language in
                    // Each language in its own name and direction.
                    Text(strings[language.nameKey]).tag(AppLanguage?.some(language))
                }
            }
            Toggle(strings["settings.move_hints"], isOn: $app.showsMoveHints)
            Picker(strings["settings.board_orientation"], selection: $app.orientation) {
                ForEach(BoardOrientation.allCases, id: \.self) { orientation in
                    Text(strings[orientation.titleKey]).tag(orientation)
                }
            }
            Toggle(strings["settings.sound"], isOn: $app.playsSounds)
        }
        .navigationTitle(strings["settings.title"])
    }
}
