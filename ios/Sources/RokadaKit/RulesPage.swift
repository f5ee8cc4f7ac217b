import Foundation
import RokadaCore

/// A block of the rules page, as the rules screen lays it out.
public enum RulesBlock: Equatable, Sendable {
    case heading(level: Int, text: String)
    /// Inline Markdown (emphasis, code) for the platform's text renderer.
    case paragraph(String)
    case list(ordered: Bool, items: [String])
    /// The first row is the header.
    case table(rows: [[String]])
    case diagram(id: String)
}

/// The rules page (`Rules.md`, generated per language) split into blocks.
/// The page uses a small part of Markdown: headings, paragraphs, lists,
/// tables and `{{diagram:<id>}}` lines.
public enum RulesPage {
    public static func blocks(of markdown: String) -> [RulesBlock] {
        var blocks: [RulesBlock] = []
        var paragraph: [String] = []
        var listItems: [String] = []
        var listOrdered = false
        var tableRows: [[String]] = []

        func flush() {
            if !paragraph.isEmpty {
                blocks.append(.paragraph(paragraph.joined(separator: " ")))
                paragraph = []
            }
            if !listItems.isEmpty {
                blocks.append(.list(ordered: listOrdered, items: listItems))
                listItems = []
            }
            if !tableRows.isEmpty {
                blocks.append(.table(rows: tableRows))
                tableRows = []
            }
        }

        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                flush()
            } else if let id = diagramID(in: line) {
                flush()
                blocks.append(.diagram(id: id))
            } else if line.hasPrefix("#") {
                flush()
                let level = line.prefix(while: { $0 == "#" }).count
                blocks.append(.heading(level: level, text: line.dropFirst(level).trimmingCharacters(in: .whitespaces)))
            } else if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                    .dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                // The |---|---| line under the header carries no text.
                if !cells.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 == "-" || $0 == ":" } }) {
                    tableRows.append(cells)
                }
            } else if let item = listItem(line) {
                if listItems.isEmpty {
                    flush()
                    listOrdered = item.ordered
                }
                listItems.append(item.text)
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return blocks
    }

    private static func diagramID(in line: String) -> String? {
        guard line.hasPrefix("{{diagram:"), line.hasSuffix("}}") else { return nil }
        let id = line.dropFirst("{{diagram:".count).dropLast(2)
        return id.isEmpty ? nil : String(id)
    }

    private static func listItem(_ line: String) -> (ordered: Bool, text: String)? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") {
            return (false, String(line.dropFirst(2)))
        }
        let digits = line.prefix(while: \.isNumber)
        let rest = line.dropFirst(digits.count)
        if !digits.isEmpty, rest.hasPrefix(". ") {
            return (true, String(rest.dropFirst(2)))
        }
        return nil
    }
}

/// A diagram of the rules page: a position with its marked squares.
public struct RulesDiagram: Decodable, Equatable, Sendable, Identifiable {
    public struct Move: Decodable, Equatable, Sendable {
        public let from: String
        public let to: String
    }

    public let id: String
    public let fen: String
    public let lastMove: Move?
    public let checkedKing: String?

    enum CodingKeys: String, CodingKey {
        case id, fen
        case lastMove = "last_move"
        case checkedKing = "checked_king"
    }

    /// The diagrams file the core checks every claim of
    /// (`rust-core/src/rules_page/diagrams.json`, bundled with the app).
    public static func load(from data: Data) throws -> [RulesDiagram] {
        struct File: Decodable {
            let diagrams: [RulesDiagram]
        }
        return try JSONDecoder().decode(File.self, from: data).diagrams
    }

    /// The position's pieces in `Square` order, read by the core.
    public func board() throws -> [Piece?] {
        try Game(setup: GameSetup(mode: .samePhone, startFen: fen, timeControl: nil, whiteName: nil, blackName: nil))
            .board()
    }

    public var highlightedSquares: [Square] {
        [lastMove?.from, lastMove?.to].compactMap { $0.flatMap { parseSquare(name: $0) } }
    }

    public var checkedKingSquare: Square? {
        checkedKing.flatMap { parseSquare(name: $0) }
    }
}
