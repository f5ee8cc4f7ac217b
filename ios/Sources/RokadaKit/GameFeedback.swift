/// The sounds of the game screen. The raw value is the resource's name
/// (`Sounds/sound_move.caf` in the app).
public enum GameSound: String, CaseIterable, Sendable {
    case move = "sound_move"
    case capture = "sound_capture"
    case castle = "sound_castle"
    case check = "sound_check"
    case promotion = "sound_promotion"
    case win = "sound_game_end_win"
    case draw = "sound_game_end_draw"
    case loss = "sound_game_end_loss"
    case lowTime = "sound_low_time"

    /// The one sound of a move, as the core chose it.
    public init(_ sound: MoveSound) {
        switch sound {
        case .move: self = .move
        case .capture: self = .capture
        case .castle: self = .castle
        case .promotion: self = .promotion
        case .check: self = .check
        }
    }

    /// The game-end sound, as the core chose it for the player here.
    public init(_ sound: EndSound) {
        switch sound {
        case .win: self = .win
        case .loss: self = .loss
        case .draw: self = .draw
        }
    }
}

/// The haptic ticks, from light to strong.
public enum Haptic: Equatable, Sendable {
    /// A piece set down.
    case move
    /// A capture, castling, a promotion.
    case heavyMove
    case check
    case gameOver
    case warning
}

/// What the game screen asks of the device besides drawing: sounds, haptic
/// ticks, spoken announcements and keeping the screen on. The app does it
/// with AVFoundation, UIKit and the accessibility API; the tests record it.
@MainActor
public protocol GameFeedback: AnyObject {
    func play(_ sound: GameSound)
    func tick(_ haptic: Haptic)
    /// Spoken by VoiceOver (and nothing when it is off).
    func announce(_ text: String)
    /// Keep the screen from dimming and locking while `on`.
    func keepScreenOn(_ on: Bool)
}

/// What an event of the game sounds and feels like for the player at this
/// device.
public struct EventFeedback: Equatable, Sendable {
    public var sound: GameSound?
    public var haptic: Haptic?

    public init(sound: GameSound? = nil, haptic: Haptic? = nil) {
        self.sound = sound
        self.haptic = haptic
    }

    /// The feedback of `event` in a game of `mode`; `endSound` is the game
    /// status's, read after the event.
    public init(_ event: EventKind, mode: GameMode, endSound: EndSound?) {
        switch event {
        case .movePlayed(let played, _):
            let sound = GameSound(played.sound)
            let haptic: Haptic = switch played.sound {
            case .move: .move
            case .capture, .castle, .promotion: .heavyMove
            case .check: .check
            }
            self.init(sound: sound, haptic: haptic)
        case .gameOver:
            self.init(sound: endSound.map { GameSound($0) }, haptic: .gameOver)
        case .lowTime(let side) where mode.isPlayedHere(by: side):
            self.init(sound: .lowTime, haptic: .warning)
        default:
            self.init()
        }
    }
}

extension GameMode {
    /// Whether the player of `side` sits at this device, as the core says.
    public func isPlayedHere(by side: Side) -> Bool {
        RokadaCore.isPlayedHere(mode: self, side: side)
    }
}
