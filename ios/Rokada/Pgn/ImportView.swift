import RokadaKit
import SwiftUI
import UniformTypeIdentifiers

extension UTType {
    /// PGN files, as the app declares them (`project.yml`).
    static let pgn = UTType(importedAs: "app.rokada.pgn", conformingTo: .plainText)
}

/// Importing a game: a file from the document picker, or pasted text. A
/// file of several games lists them to pick one; a game the core cannot
/// read is refused with its reason, and nothing is replaced.
struct ImportView: View {
    @Bindable var pgnImport: PgnImportModel
    @Environment(AppModel.self) private var app
    @Environment(\.strings) private var strings
    @State private var pasted = ""
    @State private var picking = false

    var body: some View {
        Form {
            Section {
                Button(strings["ios.pgn.open_file"]) { picking = true }
            }
            Section(strings["ios.pgn.paste"]) {
                TextEditor(text: $pasted)
                    .font(.body.monospaced())
                    .frame(minHeight: 120)
                    .environment(\.layoutDirection, .leftToRight)
                Button(strings["ios.home.import_pgn"]) {
                    pgnImport.load(text: pasted)
                    openIfSingle()
                }
                .disabled(pasted.isEmpty)
            }
            if pgnImport.needsChoice {
                Section(strings["ios.pgn.choose"]) {
                    ForEach(pgnImport.games, id: \.index) { info in
                        Button {
                            app.openImported(index: info.index)
                        } label: {
                            VStack(alignment: .leading) {
                                Text(strings[info.title])
                                if !info.subtitle.isEmpty {
                                    Text(verbatim: info.subtitle)
                                        .font(.caption)
                                        .foregroundStyle(.secondary)
                                }
                            }
                        }
                    }
                }
            }
        }
        .navigationTitle(strings["ios.home.import_pgn"])
        .fileImporter(isPresented: $picking, allowedContentTypes: [.pgn, .plainText]) { result in
            guard case .success(let url) = result else { return }
            let scoped = url.startAccessingSecurityScopedResource()
            defer {
                if scoped {
                    url.stopAccessingSecurityScopedResource()
                }
            }
            pgnImport.load(contentsOf: url)
            openIfSingle()
        }
        .failureAlert($pgnImport.failure)
    }

    /// A text of one game opens at once.
    private func openIfSingle() {
        if pgnImport.text != nil, !pgnImport.needsChoice {
            app.openImported(index: 0)
        }
    }
}
