import RokadaCore

/// One clock as the game screen shows it.
public struct ClockFace: Equatable, Sendable {
    public let side: Side
    /// Formatted by the core, the same in every app (`4:59`, `0:09.7`).
    public let text: String
    public let remainingMs: UInt64
    public let isRunning: Bool

    /// Under ten seconds: the face turns to its warning colour.
    public var isLow: Bool {
        remainingMs < 10_000
    }
}

extension ClockState {
    public func face(of side: Side) -> ClockFace {
        switch side {
        case .white:
            ClockFace(side: side, text: whiteText, remainingMs: whiteMs, isRunning: running == .white)
        case .black:
            ClockFace(side: side, text: blackText, remainingMs: blackMs, isRunning: running == .black)
        }
    }
}

/// The time controls the setup screens offer.
public enum TimeControlPreset: String, CaseIterable, Sendable {
    case none, bullet, blitz, rapid, classical

    public var timeControl: TimeControl? {
        switch self {
        case .none: nil
        case .bullet: TimeControl(baseMs: 60_000, incrementMs: 1_000)
        case .blitz: TimeControl(baseMs: 300_000, incrementMs: 3_000)
        case .rapid: TimeControl(baseMs: 900_000, incrementMs: 10_000)
        case .classical: TimeControl(baseMs: 1_800_000, incrementMs: 30_000)
        }
    }

    /// The string key of the preset's name.
    public var titleKey: String {
        "time.\(rawValue)"
    }
}
