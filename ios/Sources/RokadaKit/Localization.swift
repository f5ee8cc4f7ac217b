import Foundation

extension Language {
    /// The languages of the app, in the order the settings list them.
    public static var all: [Language] {
        languages()
    }

    /// The language's code (`he`): its `.lproj` folder and locale name.
    public var code: String {
        languageCode(language: self)
    }

    /// The language of a code, for a setting kept as one.
    public init?(code: String) {
        guard let language = Language.all.first(where: { $0.code == code }) else { return nil }
        self = language
    }

    /// Hebrew runs right to left; the interface mirrors, the board never.
    public var isRightToLeft: Bool {
        RokadaCore.isRightToLeft(language: self)
    }

    /// The language's own name, as the settings list shows it.
    public var nameKey: String {
        "language.\(code)"
    }
}

/// Unicode directional isolates, so notation keeps its left-to-right order
/// inside right-to-left text.
public enum Bidi {
    static let leftToRightIsolate = "\u{2066}"
    static let popDirectionalIsolate = "\u{2069}"

    /// `text` as a left-to-right island (SAN, square names, clock faces).
    public static func isolated(_ text: String) -> String {
        leftToRightIsolate + text + popDirectionalIsolate
    }
}

/// Looks up the interface strings of one language.
public protocol Localizer: Sendable {
    /// The format string of `key`, with `%1$@` / `%1$ld` placeholders.
    func format(forKey key: String) -> String?
}

/// A text to show, by its string key and the arguments of its
/// placeholders, in the order of the English text. RokadaKit decides which
/// key says what; the screens put it into words with their `Localizer`.
public struct Phrase: Equatable, Hashable, Sendable {
    public let key: String
    public let arguments: [String]

    public init(_ key: String, _ arguments: String...) {
        self.key = key
        self.arguments = arguments
    }

    /// Text shown as it is, in every language (a name a person gave).
    public static func verbatim(_ text: String) -> Phrase {
        Phrase(verbatimKey, text)
    }

    /// No string has this key: it marks a verbatim phrase.
    static let verbatimKey = "%verbatim"
}

extension Localizer {
    /// The phrase in this language; a verbatim one as it is.
    public func text(_ phrase: Phrase) -> String {
        phrase.key == Phrase.verbatimKey ? phrase.arguments.joined() : text(phrase.key, arguments: phrase.arguments)
    }

    /// The string of `key` with its placeholders filled in order of their
    /// positions; the key itself when it is missing, so a gap shows.
    public func text(_ key: String, _ arguments: String...) -> String {
        text(key, arguments: arguments)
    }

    public func text(_ key: String, arguments: [String]) -> String {
        guard let format = format(forKey: key) else { return key }
        return StringFormat.fill(format, with: arguments)
    }
}

enum StringFormat {
    /// Replaces `%N$@` and `%N$ld` with the N-th argument and `%%` with `%`.
    static func fill(_ format: String, with arguments: [String]) -> String {
        var out = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                out += "%"
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix(while: \.isNumber)
            let afterDigits = rest[digits.endIndex...]
            guard let position = Int(digits), afterDigits.first == "$" else {
                out += "%"
                continue
            }
            let spec = afterDigits.dropFirst()
            let length = spec.hasPrefix("@") ? 1 : spec.hasPrefix("ld") ? 2 : 0
            guard length > 0 else {
                out += "%"
                continue
            }
            out += arguments.indices.contains(position - 1) ? arguments[position - 1] : ""
            rest = spec.dropFirst(length)
        }
        return out + rest
    }
}

/// A `Localizable.strings` file read into memory: the generated resources
/// as they are checked in (UTF-8 text, one `"key" = "value";` a line).
public struct StringTable: Localizer, Sendable {
    public enum ParseError: Error, Equatable {
        case unreadable(path: String)
        case malformedLine(number: Int)
    }

    public let entries: [String: String]

    public init(entries: [String: String]) {
        self.entries = entries
    }

    public init(contentsOf url: URL) throws {
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            throw ParseError.unreadable(path: url.path)
        }
        try self.init(parsing: text)
    }

    public init(parsing text: String) throws {
        var entries: [String: String] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("/*") || line.hasPrefix("//") {
                continue
            }
            var scanner = QuotedScanner(line[...])
            guard let key = scanner.quoted(), scanner.skip("="), let value = scanner.quoted(), scanner.skip(";"),
                  scanner.isAtEnd
            else {
                throw ParseError.malformedLine(number: index + 1)
            }
            entries[key] = value
        }
        self.entries = entries
    }

    public func format(forKey key: String) -> String? {
        entries[key]
    }
}

private struct QuotedScanner {
    var rest: Substring

    init(_ text: Substring) {
        rest = text
    }

    var isAtEnd: Bool {
        rest.allSatisfy(\.isWhitespace)
    }

    mutating func skip(_ token: Character) -> Bool {
        rest = rest.drop(while: \.isWhitespace)
        guard rest.first == token else { return false }
        rest = rest.dropFirst()
        return true
    }

    mutating func quoted() -> String? {
        guard skip("\"") else { return nil }
        var out = ""
        while let character = rest.popFirst() {
            switch character {
            case "\"":
                return out
            case "\\":
                switch rest.popFirst() {
                case "n": out.append("\n")
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                default: return nil
                }
            default:
                out.append(character)
            }
        }
        return nil
    }
}
