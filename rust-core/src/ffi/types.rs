//! The plain data that crosses to Kotlin and Swift besides the view: how a
//! game is set up, what a move did, and the one error type the apps catch.

use std::fmt;

use crate::clock::TimeControl;
use crate::live::LiveError;
use crate::net::address::AddressProblem;
use crate::net::game::HostError;
use crate::pgn::{PgnError, PgnErrorKind};
use crate::rules::DrawClaim;
use crate::session::{GameError, IllegalMoveReason, ModeRestriction, SaveError};
use crate::view::{GameMode, GameView, MoveInfo, Square};

/// How a new game is set up.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameSetup {
    pub mode: GameMode,
    /// `None` for the standard start position.
    #[uniffi(default = None)]
    pub start_fen: Option<String>,
    /// `None` for a game without clocks.
    #[uniffi(default = None)]
    pub time_control: Option<TimeControl>,
    #[uniffi(default = None)]
    pub white_name: Option<String>,
    #[uniffi(default = None)]
    pub black_name: Option<String>,
}

/// The answer to a move, with the view after it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
#[expect(
    clippy::large_enum_variant,
    reason = "crosses the FFI by value, where Rust's layout does not matter"
)]
pub enum MoveResult {
    Played {
        played: MoveInfo,
        view: GameView,
    },
    /// Ask for queen, rook, bishop or knight and play again with it.
    NeedsPromotion {
        from: Square,
        to: Square,
    },
}

/// What is wrong with a save file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SaveProblem {
    Malformed,
    NotASaveFile,
    UnsupportedVersion,
    TooLarge,
    BadSetup,
    IllegalMove,
    MoveAfterEnd,
    InconsistentEnd,
    InconsistentClock,
    InconsistentOffer,
    /// A Wi-Fi game was expected (to host again) and this is not one, or
    /// the other way round.
    WrongMode,
}

/// What is wrong with a typed pairing code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum CodeProblem {
    /// Something other than digits, spaces and dashes.
    NotADigit,
    TooShort,
    TooLong,
}

/// Everything the core can refuse, as Kotlin exceptions and Swift errors.
/// The apps localize by variant; `Display` says what was wrong in English,
/// for logs.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Error)]
pub enum RokadaError {
    IllegalMove {
        from: Square,
        to: Square,
        reason: IllegalMoveReason,
    },
    UnparsableMove {
        text: String,
    },
    IllegalNotation {
        text: String,
    },
    AmbiguousNotation {
        text: String,
    },
    GameOver,
    NotYourTurn,
    NotAllowedInMode {
        restriction: ModeRestriction,
    },
    NothingToUndo,
    NothingToRedo,
    NoDrawOffer,
    DrawAlreadyOffered,
    DrawNotClaimable {
        claim: DrawClaim,
    },
    InvalidFen {
        text: String,
        reason: String,
    },
    InvalidLevel {
        level: u8,
    },
    InvalidTimeControl {
        base_ms: u64,
        increment_ms: u64,
    },
    InvalidSave {
        problem: SaveProblem,
        detail: String,
    },
    InvalidPgn {
        kind: PgnErrorKind,
        ply: u32,
        text: String,
    },
    /// Not six digits (spaces and dashes between them are fine).
    InvalidPairingCode {
        code: String,
        problem: CodeProblem,
    },
    /// A typed address that cannot be a host's.
    InvalidAddress {
        text: String,
        problem: AddressProblem,
    },
    /// The network refused (a port taken, a host that does not resolve).
    Network {
        detail: String,
    },
    /// The device's storage refused (full, or not writable).
    Storage {
        detail: String,
    },
    /// No link to another device: not a Wi-Fi game, or the link has ended.
    NotConnected,
    /// A Wi-Fi game that has not begun: not paired yet, or the host's game
    /// has not arrived.
    NotStarted,
    /// A rematch needs a finished game.
    GameNotOver,
    NoRematchRequest,
    /// The players stopped the clock; start it again first.
    ClockPaused,
    /// Only a timed game on one phone, in progress, has a clock to pause.
    NoClockToPause,
    /// Only the host, waiting for the other device, draws a new code.
    NotPairing,
}

impl RokadaError {
    /// The core's own error behind this one, for its words.
    fn game_error(&self) -> Option<GameError> {
        Some(match self.clone() {
            RokadaError::IllegalMove { from, to, reason } => GameError::IllegalMove {
                from: from.into(),
                to: to.into(),
                reason,
            },
            RokadaError::UnparsableMove { text } => GameError::UnparsableMove { text },
            RokadaError::IllegalNotation { text } => GameError::IllegalNotation { text },
            RokadaError::AmbiguousNotation { text } => GameError::AmbiguousNotation { text },
            RokadaError::GameOver => GameError::GameOver,
            RokadaError::NotYourTurn => GameError::NotYourTurn,
            RokadaError::NotAllowedInMode { restriction } => {
                GameError::NotAllowedInMode(restriction)
            }
            RokadaError::NothingToUndo => GameError::NothingToUndo,
            RokadaError::NothingToRedo => GameError::NothingToRedo,
            RokadaError::NoDrawOffer => GameError::NoDrawOffer,
            RokadaError::DrawAlreadyOffered => GameError::DrawAlreadyOffered,
            RokadaError::DrawNotClaimable { claim } => GameError::DrawNotClaimable(claim),
            RokadaError::InvalidFen { text, reason } => GameError::InvalidFen { text, reason },
            RokadaError::InvalidLevel { level } => GameError::InvalidLevel(level),
            _ => return None,
        })
    }
}

impl fmt::Display for RokadaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RokadaError::InvalidTimeControl {
                base_ms,
                increment_ms,
            } => write!(
                f,
                "time control {base_ms} ms + {increment_ms} ms: {}",
                crate::clock::TimeControlError::OutOfRange
            ),
            RokadaError::InvalidSave { detail, .. }
            | RokadaError::Network { detail }
            | RokadaError::Storage { detail } => f.write_str(detail),
            RokadaError::InvalidPgn { kind, ply, text } => PgnError {
                kind: *kind,
                ply: *ply as usize,
                text: text.clone(),
            }
            .fmt(f),
            RokadaError::InvalidPairingCode { code, problem } => {
                write!(
                    f,
                    "{code:?} is not a pairing code of six digits: {problem:?}"
                )
            }
            RokadaError::InvalidAddress { text, problem } => write!(f, "{text:?}: {problem}"),
            RokadaError::NotConnected => LiveError::NotConnected.fmt(f),
            RokadaError::NotStarted => LiveError::NotStarted.fmt(f),
            RokadaError::GameNotOver => LiveError::GameNotOver.fmt(f),
            RokadaError::NoRematchRequest => LiveError::NoRematchRequest.fmt(f),
            RokadaError::ClockPaused => LiveError::ClockPaused.fmt(f),
            RokadaError::NoClockToPause => LiveError::NoClockToPause.fmt(f),
            RokadaError::NotPairing => LiveError::NotPairing.fmt(f),
            other => match other.game_error() {
                Some(e) => e.fmt(f),
                None => write!(f, "{other:?}"),
            },
        }
    }
}

impl std::error::Error for RokadaError {}

impl From<GameError> for RokadaError {
    fn from(e: GameError) -> RokadaError {
        match e {
            GameError::IllegalMove { from, to, reason } => RokadaError::IllegalMove {
                from: from.into(),
                to: to.into(),
                reason,
            },
            GameError::UnparsableMove { text } => RokadaError::UnparsableMove { text },
            GameError::IllegalNotation { text } => RokadaError::IllegalNotation { text },
            GameError::AmbiguousNotation { text } => RokadaError::AmbiguousNotation { text },
            GameError::GameOver => RokadaError::GameOver,
            GameError::NotYourTurn => RokadaError::NotYourTurn,
            GameError::NotAllowedInMode(restriction) => {
                RokadaError::NotAllowedInMode { restriction }
            }
            GameError::NothingToUndo => RokadaError::NothingToUndo,
            GameError::NothingToRedo => RokadaError::NothingToRedo,
            GameError::NoDrawOffer => RokadaError::NoDrawOffer,
            GameError::DrawAlreadyOffered => RokadaError::DrawAlreadyOffered,
            GameError::DrawNotClaimable(claim) => RokadaError::DrawNotClaimable { claim },
            GameError::InvalidFen { text, reason } => RokadaError::InvalidFen { text, reason },
            GameError::InvalidLevel(level) => RokadaError::InvalidLevel { level },
        }
    }
}

impl From<LiveError> for RokadaError {
    fn from(e: LiveError) -> RokadaError {
        match e {
            LiveError::Game(e) => e.into(),
            LiveError::NotStarted => RokadaError::NotStarted,
            LiveError::NotConnected | LiveError::NeedsLink => RokadaError::NotConnected,
            LiveError::GameNotOver => RokadaError::GameNotOver,
            LiveError::NoRematchRequest => RokadaError::NoRematchRequest,
            LiveError::ClockPaused => RokadaError::ClockPaused,
            LiveError::NoClockToPause => RokadaError::NoClockToPause,
            LiveError::NotHost | LiveError::NotPairing => RokadaError::NotPairing,
        }
    }
}

impl From<SaveError> for RokadaError {
    fn from(e: SaveError) -> RokadaError {
        let problem = match &e {
            SaveError::Malformed(_) => SaveProblem::Malformed,
            SaveError::NotASaveFile => SaveProblem::NotASaveFile,
            SaveError::UnsupportedVersion(_) => SaveProblem::UnsupportedVersion,
            SaveError::TooLarge => SaveProblem::TooLarge,
            SaveError::BadSetup(_) => SaveProblem::BadSetup,
            SaveError::IllegalMove { .. } => SaveProblem::IllegalMove,
            SaveError::MoveAfterEnd { .. } => SaveProblem::MoveAfterEnd,
            SaveError::InconsistentEnd => SaveProblem::InconsistentEnd,
            SaveError::InconsistentClock => SaveProblem::InconsistentClock,
            SaveError::InconsistentOffer => SaveProblem::InconsistentOffer,
        };
        RokadaError::InvalidSave {
            problem,
            detail: e.to_string(),
        }
    }
}

/// A damaged save stays a save error, whichever way it was to be resumed.
impl From<HostError> for RokadaError {
    fn from(e: HostError) -> RokadaError {
        match e {
            HostError::Game(e) => e.into(),
            HostError::Save(e) => e.into(),
            HostError::NotWifiGame => RokadaError::InvalidSave {
                problem: SaveProblem::WrongMode,
                detail: e.to_string(),
            },
        }
    }
}

impl From<PgnError> for RokadaError {
    fn from(e: PgnError) -> RokadaError {
        RokadaError::InvalidPgn {
            kind: e.kind,
            ply: u32::try_from(e.ply).unwrap_or(u32::MAX),
            text: e.text,
        }
    }
}
