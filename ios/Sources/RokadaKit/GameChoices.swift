/// A time control a new game can have: none, or one of the core's presets.
public enum TimeChoice: Hashable, Sendable {
    case none
    case preset(TimePreset)

    /// No clock first, then the presets, fastest first.
    public static func all() -> [TimeChoice] {
        [.none] + timePresets().map(TimeChoice.preset)
    }

    public var control: TimeControl? {
        switch self {
        case .none: nil
        case .preset(let preset): preset.control
        }
    }

    /// `5+3 · Blitz`, or "No clock".
    public func title(in strings: any Localizer) -> String {
        switch self {
        case .none:
            strings.text("time.none")
        case .preset(let preset):
            Bidi.isolated(preset.label) + " · " + strings.text(preset.kind.name)
        }
    }
}

extension TimePresetKind {
    public var name: Phrase {
        switch self {
        case .bullet: Phrase("time.bullet")
        case .blitz: Phrase("time.blitz")
        case .rapid: Phrase("time.rapid")
        case .classical: Phrase("time.classical")
        }
    }
}

extension ComputerLevel {
    /// "Level 3: plays like a 1000 rated player".
    public var title: Phrase {
        Phrase("computer.level_rating", String(level), String(targetRating))
    }
}

/// The colour a player asks for against the computer.
public enum ColourChoice: CaseIterable, Hashable, Sendable {
    case white, black, random

    public var title: Phrase {
        switch self {
        case .white: Phrase("computer.colour_white")
        case .black: Phrase("computer.colour_black")
        case .random: Phrase("computer.colour_random")
        }
    }

    /// The side for the core; a random one is drawn here by `pick`.
    public func side(pick: () -> Bool = { Bool.random() }) -> Side {
        switch self {
        case .white: .white
        case .black: .black
        case .random: pick() ? .white : .black
        }
    }

    /// The host's choice, drawn by the core.
    public var sideChoice: SideChoice {
        switch self {
        case .white: .white
        case .black: .black
        case .random: .random
        }
    }
}

extension MoveRow {
    /// `23.` before the row's moves.
    public var numberText: String {
        "\(number)."
    }
}

extension SavedGame {
    /// The home screen's line for the game: the way to play.
    public var title: Phrase {
        mode.title
    }

    /// Its state: how it ended, or nothing while it can be continued.
    public var outcome: Phrase? {
        end?.resultPhrase
    }
}
