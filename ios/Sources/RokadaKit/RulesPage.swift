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

extension RulesPage {
    /// The core's diagrams (each checked by its rules engine) by the id the
    /// page refers to.
    public static func diagramsByID() -> [String: RulesDiagram] {
        Dictionary(rulesDiagrams().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension RulesDiagram: Identifiable {}
