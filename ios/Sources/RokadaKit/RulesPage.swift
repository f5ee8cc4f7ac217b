/// The rules page as the core gives it, block by block (no Markdown to
/// parse here), with its text ready for the platform's text views.
public enum RulesPage {
    public static func blocks(in language: Language) -> [RulesPageBlock] {
        rulesPage(language: language)
    }

    /// The text of a run of spans. Notation reads left to right in every
    /// language: in a right-to-left one it is isolated, so `Nf3` is not
    /// reordered inside Hebrew text.
    public static func text(of spans: [RulesSpan], in language: Language) -> String {
        spans.map { span in
            switch span {
            case .plain(let text): text
            case .notation(let text): language.isRightToLeft ? Bidi.isolated(text) : text
            }
        }
        .joined()
    }

    /// Whether a span is notation, which a screen may set apart.
    public static func isNotation(_ span: RulesSpan) -> Bool {
        if case .notation = span { return true }
        return false
    }

    /// A list item's marker: a bullet, or its number.
    public static func marker(_ marker: RulesListMarker) -> String {
        switch marker {
        case .bullet: "•"
        case .number(let number): "\(number)."
        }
    }
}
