import Foundation
import RokadaKit
import SwiftUI
import UIKit

@main
struct RokadaApp: App {
    @State private var app: AppModel
    @Environment(\.scenePhase) private var scenePhase

    init() {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        _app = State(initialValue: AppModel(
            settings: AppSettings(defaults: .standard),
            saveDirectory: support.appendingPathComponent("Rokada", isDirectory: true),
            feedback: DeviceFeedback(),
            localizer: { AppStrings(language: $0) },
            preferredLanguages: Locale.preferredLanguages,
            deviceName: UIDevice.current.name
        ))
    }

    var body: some Scene {
        WindowGroup {
            HomeView()
                .environment(app)
                .environment(\.strings, AppStrings(language: app.language))
                .environment(\.locale, Locale(identifier: app.language.code))
                .environment(\.layoutDirection, app.language.isRightToLeft ? .rightToLeft : .leftToRight)
                .onOpenURL { url in
                    // "Open in Rokada" for a .pgn file.
                    importFile(url)
                }
        }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .active: app.appBecameActive()
            case .inactive, .background: app.appMovedToBackground()
            @unknown default: app.appMovedToBackground()
            }
        }
    }

    private func importFile(_ url: URL) {
        let scoped = url.startAccessingSecurityScopedResource()
        defer {
            if scoped {
                url.stopAccessingSecurityScopedResource()
            }
        }
        app.path = [.importPgn]
        // A file of one game opens at once; several are listed to pick one,
        // and a refused file is told on the import screen.
        if app.pgnImport.load(contentsOf: url), !app.pgnImport.needsChoice {
            app.openImported(index: 0)
        }
    }
}
