import Foundation
import Observation

/// Importing a game from PGN: a file opened in the app, picked with the
/// document picker, or pasted. The core reads the text and lists its games;
/// a file of several games lets the player pick one. Nothing replaces a
/// game until a game of the text has been read in full.
@MainActor
@Observable
public final class PgnImportModel {
    /// Far beyond any real PGN file of games to look at; a larger one is
    /// refused before it is read into memory.
    public static let maximumBytes = 8 << 20

    /// The text read, while its games are on show.
    public private(set) var text: String?
    public private(set) var games: [PgnGameInfo] = []
    /// Why the text or the chosen game cannot be imported.
    public var failure: Phrase?

    public init() {}

    /// Reads a PGN text; `false` (with the reason in `failure`) when the
    /// core finds no game in it.
    @discardableResult
    public func load(text: String) -> Bool {
        do {
            let found = try pgnGames(pgn: text)
            self.text = text
            games = found
            failure = nil
            return true
        } catch {
            reset(failure: phrase(for: error))
            return false
        }
    }

    /// Reads a file's bytes: UTF-8, or else Latin-1, the PGN standard's
    /// own character set (which any bytes are).
    @discardableResult
    public func load(data: Data) -> Bool {
        guard data.count <= Self.maximumBytes else {
            reset(failure: Phrase("ios.pgn.too_large"))
            return false
        }
        // Every byte is a Latin-1 character: the code point of its value.
        let text = String(data: data, encoding: .utf8)
            ?? String(String.UnicodeScalarView(data.map { Unicode.Scalar($0) }))
        return load(text: text)
    }

    /// Reads a file (the caller holds any security-scoped access).
    @discardableResult
    public func load(contentsOf url: URL) -> Bool {
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0
        guard size <= Self.maximumBytes else {
            reset(failure: Phrase("ios.pgn.too_large"))
            return false
        }
        guard let data = try? Data(contentsOf: url) else {
            reset(failure: Phrase("ios.pgn.unreadable"))
            return false
        }
        return load(data: data)
    }

    /// The file holds several games: the player picks one.
    public var needsChoice: Bool {
        games.count > 1
    }

    public func clear() {
        reset(failure: nil)
    }

    private func reset(failure: Phrase?) {
        text = nil
        games = []
        self.failure = failure
    }
}

extension PgnGameInfo {
    /// The line a list of a file's games shows: the players, or else the
    /// game's place in the file.
    public var title: Phrase {
        if white != nil || black != nil {
            return .verbatim("\(white ?? "?") – \(black ?? "?")")
        }
        return Phrase("ios.pgn.game_number", String(index + 1))
    }

    /// The line under it: event, date and result, as recorded.
    public var subtitle: String {
        [event, date, result].compactMap { $0 }.joined(separator: " · ")
    }
}
