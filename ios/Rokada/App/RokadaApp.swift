import RokadaKit
import SwiftUI

@main
struct RokadaApp: App {
    @State private var model = AppModel()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            HomeView()
                .environment(model)
                .environment(\.strings, model.strings)
                .environment(\.locale, Locale(identifier: model.language.rawValue))
                .environment(\.layoutDirection, model.language.isRightToLeft ? .rightToLeft : .leftToRight)
        }
        .onChange(of: scenePhase) { _, phase in
            model.sceneMoved(to: phase)
        }
    }
}
