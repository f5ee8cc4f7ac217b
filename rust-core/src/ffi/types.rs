//! The plain data that crosses to Kotlin and Swift: records and enums the
//! apps read, and the one error type they catch.

use std::fmt;

use shakmaty::{Color, Role};

use super::wifi::PeerStatus;
use crate::actions::GameAction;
use crate::board_input::InputOutcome;
use crate::clock::{ClockSnapshot, TimeControl, clock_text};
use crate::pgn::{PgnError, PgnErrorKind};
use crate::rules::{DrawClaim, GameEnd};
use crate::session::{GameError, IllegalMoveReason, Mode, ModeRestriction, PlayedMove, SaveError};

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl From<Role> for PieceKind {
    fn from(role: Role) -> PieceKind {
        match role {
            Role::Pawn => PieceKind::Pawn,
            Role::Knight => PieceKind::Knight,
            Role::Bishop => PieceKind::Bishop,
            Role::Rook => PieceKind::Rook,
            Role::Queen => PieceKind::Queen,
            Role::King => PieceKind::King,
        }
    }
}

impl From<PieceKind> for Role {
    fn from(kind: PieceKind) -> Role {
        match kind {
            PieceKind::Pawn => Role::Pawn,
            PieceKind::Knight => Role::Knight,
            PieceKind::Bishop => Role::Bishop,
            PieceKind::Rook => Role::Rook,
            PieceKind::Queen => Role::Queen,
            PieceKind::King => Role::King,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Piece {
    pub side: Side,
    pub kind: PieceKind,
}

impl From<shakmaty::Piece> for Piece {
    fn from(piece: shakmaty::Piece) -> Piece {
        Piece {
            side: piece.color.into(),
            kind: piece.role.into(),
        }
    }
}

macro_rules! squares {
    ($($name:ident),* $(,)?) => {
        /// A square of the board, `A1` to `H8` in shakmaty's order (a1, b1,
        /// ..., h1, a2, ...), so the apps can never name a square that
        /// does not exist.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
        #[repr(u8)]
        pub enum Square {
            $($name),*
        }

        impl Square {
            pub const ALL: [Square; 64] = [$(Square::$name),*];
        }
    };
}

squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
);

impl From<Square> for shakmaty::Square {
    fn from(square: Square) -> shakmaty::Square {
        shakmaty::Square::new(u32::from(square as u8))
    }
}

impl From<shakmaty::Square> for Square {
    fn from(square: shakmaty::Square) -> Square {
        Square::ALL[usize::from(square)]
    }
}

pub(crate) fn squares(list: Vec<shakmaty::Square>) -> Vec<Square> {
    list.into_iter().map(Square::from).collect()
}

/// The three ways to play, as the apps set them up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameMode {
    SamePhone,
    Computer { human: Side, level: u8 },
    WifiPeer { local: Side },
}

impl From<GameMode> for Mode {
    fn from(mode: GameMode) -> Mode {
        match mode {
            GameMode::SamePhone => Mode::SamePhone,
            GameMode::Computer { human, level } => Mode::Computer {
                human: human.into(),
                level,
            },
            GameMode::WifiPeer { local } => Mode::WifiPeer {
                local: local.into(),
            },
        }
    }
}

impl From<Mode> for GameMode {
    fn from(mode: Mode) -> GameMode {
        match mode {
            Mode::SamePhone => GameMode::SamePhone,
            Mode::Computer { human, level } => GameMode::Computer {
                human: human.into(),
                level,
            },
            Mode::WifiPeer { local } => GameMode::WifiPeer {
                local: local.into(),
            },
        }
    }
}

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

/// A move as the move list and the board show it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveInfo {
    /// Half-move number, from 1.
    pub ply: u32,
    /// The move number as written (`12.` / `12...`).
    pub number: u32,
    pub side: Side,
    /// SAN with `+` or `#`; always left-to-right, even inside RTL text.
    pub san: String,
    pub uci: String,
    /// For castling, the king's squares.
    pub from: Square,
    pub to: Square,
    /// The mover's time left after the move, in timed games.
    pub clock_after_ms: Option<u64>,
}

impl From<&PlayedMove> for MoveInfo {
    fn from(m: &PlayedMove) -> MoveInfo {
        MoveInfo {
            ply: u32::try_from(m.ply).unwrap_or(u32::MAX),
            number: m.number,
            side: m.color.into(),
            san: m.san.clone(),
            uci: m.uci.clone(),
            from: m.from.into(),
            to: m.to.into(),
            clock_after_ms: m.clock_after,
        }
    }
}

/// The answer to a move by squares.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum MoveResult {
    Played {
        played: MoveInfo,
    },
    /// Ask for queen, rook, bishop or knight and play again with it.
    NeedsPromotion {
        from: Square,
        to: Square,
    },
}

/// Both clocks as the UI shows them.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClockState {
    pub control: TimeControl,
    pub white_ms: u64,
    pub black_ms: u64,
    /// Whose time is running; `None` before White's first move and after
    /// the end.
    pub running: Option<Side>,
    /// The clock faces, formatted the same way in every app (`4:59`,
    /// `0:09.7`).
    pub white_text: String,
    pub black_text: String,
}

impl From<ClockSnapshot> for ClockState {
    fn from(c: ClockSnapshot) -> ClockState {
        ClockState {
            control: c.control,
            white_ms: c.white_ms,
            black_ms: c.black_ms,
            running: c.running.map(Side::from),
            white_text: clock_text(c.white_ms),
            black_text: clock_text(c.black_ms),
        }
    }
}

/// A from/to pair of squares (last move, pending promotion).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct SquarePair {
    pub from: Square,
    pub to: Square,
}

/// Everything a game screen draws, read in one call.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameState {
    pub mode: GameMode,
    pub fen: String,
    pub turn: Side,
    /// `None` while the game goes on.
    pub end: Option<GameEnd>,
    pub last_move: Option<SquarePair>,
    pub checked_king: Option<Square>,
    /// The moves so far in SAN.
    pub moves: Vec<String>,
    /// Draws the player at this device may claim now.
    pub claimable_draws: Vec<DrawClaim>,
    /// Who has a draw offer pending (Wi-Fi).
    pub draw_offer: Option<Side>,
    pub clock: Option<ClockState>,
    /// Whether a person at this device may move now.
    pub is_local_turn: bool,
    /// The game menu, in display order.
    pub actions: Vec<GameAction>,
    /// Pieces each side has taken, in the order they were taken.
    pub captured_by_white: Vec<PieceKind>,
    pub captured_by_black: Vec<PieceKind>,
    /// The selected square and its legal destinations (for move hints).
    pub selected: Option<Square>,
    pub hints: Vec<Square>,
    /// An open promotion dialog's move.
    pub pending_promotion: Option<SquarePair>,
    /// Whether the computer is searching for its move.
    pub computer_thinking: bool,
    /// The Wi-Fi link, in Wi-Fi games.
    pub peer: Option<PeerStatus>,
}

/// What a touch on the board did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum InputResult {
    Selected {
        square: Square,
        hints: Vec<Square>,
    },
    Deselected,
    Played {
        played: MoveInfo,
    },
    /// Open the promotion dialog for this move.
    PromotionNeeded {
        from: Square,
        to: Square,
    },
    /// Illegal: animate the piece back to `from`.
    Rejected {
        from: Square,
        to: Square,
        reason: IllegalMoveReason,
    },
    Ignored,
}

impl From<InputOutcome> for InputResult {
    fn from(outcome: InputOutcome) -> InputResult {
        match outcome {
            InputOutcome::Selected { square, hints } => InputResult::Selected {
                square: square.into(),
                hints: squares(hints),
            },
            InputOutcome::Deselected => InputResult::Deselected,
            InputOutcome::Played(m) => InputResult::Played {
                played: (&m).into(),
            },
            InputOutcome::PromotionNeeded { from, to } => InputResult::PromotionNeeded {
                from: from.into(),
                to: to.into(),
            },
            InputOutcome::Rejected {
                from,
                to,
                error: GameError::IllegalMove { reason, .. },
            } => InputResult::Rejected {
                from: from.into(),
                to: to.into(),
                reason,
            },
            // Refused for another reason (the flag fell as the piece moved):
            // the game-over event tells the rest.
            InputOutcome::Rejected { from, to, .. } => InputResult::Rejected {
                from: from.into(),
                to: to.into(),
                reason: IllegalMoveReason::NotLegal,
            },
            InputOutcome::Ignored => InputResult::Ignored,
        }
    }
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
}

/// Everything the core can refuse, as Kotlin exceptions and Swift errors.
/// The UIs localize by variant; `Display` is for logs.
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
    /// Not six digits.
    InvalidPairingCode {
        code: String,
    },
    /// A host name or address that does not resolve.
    InvalidAddress {
        host: String,
        port: u16,
    },
    /// The network refused (e.g. the port is taken).
    Network {
        detail: String,
    },
    /// No link to another device: not a Wi-Fi game, or the link has ended.
    NotConnected,
    /// A rematch needs a finished game.
    GameNotOver,
    NoRematchRequest,
}

impl fmt::Display for RokadaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
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

impl From<PgnError> for RokadaError {
    fn from(e: PgnError) -> RokadaError {
        RokadaError::InvalidPgn {
            kind: e.kind,
            ply: u32::try_from(e.ply).unwrap_or(u32::MAX),
            text: e.text,
        }
    }
}
