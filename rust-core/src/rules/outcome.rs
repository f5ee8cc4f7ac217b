use serde::{Deserialize, Serialize};
use shakmaty::Color;

/// How a finished game was scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The result as PGN writes it.
    pub fn as_pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended. Every variant has a localized sentence in the apps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    /// Neither side can checkmate by any series of legal moves, though more
    /// than the insufficient material is left (FIDE 5.2.2).
    DeadPosition,
    FivefoldRepetition,
    SeventyFiveMoveRule,
    /// Claimed by the player to move.
    ThreefoldRepetition,
    /// Claimed by the player to move.
    FiftyMoveRule,
    Agreement,
    Resignation,
    /// A flag fell and the opponent could still checkmate.
    Timeout,
    /// A flag fell, but the opponent could not checkmate by any series of
    /// legal moves: a draw. Saved games from before this name read as it.
    #[serde(alias = "timeout_vs_insufficient_material")]
    TimeoutCannotMate,
}

impl EndReason {
    /// Ends that follow from the position alone, without anyone's action.
    pub fn is_automatic(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate
                | EndReason::Stalemate
                | EndReason::InsufficientMaterial
                | EndReason::DeadPosition
                | EndReason::FivefoldRepetition
                | EndReason::SeventyFiveMoveRule
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::DeadPosition => "dead_position",
            EndReason::FivefoldRepetition => "fivefold_repetition",
            EndReason::SeventyFiveMoveRule => "seventy_five_move_rule",
            EndReason::ThreefoldRepetition => "threefold_repetition",
            EndReason::FiftyMoveRule => "fifty_move_rule",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutCannotMate => "timeout_cannot_mate",
        }
    }
}

/// A draw the player to move may claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    /// The current position has occurred for at least the third time.
    ThreefoldRepetition,
    /// 50 moves by each side without capture or pawn move.
    FiftyMoveRule,
}

impl DrawClaim {
    pub fn as_str(self) -> &'static str {
        match self {
            DrawClaim::ThreefoldRepetition => "threefold_repetition",
            DrawClaim::FiftyMoveRule => "fifty_move_rule",
        }
    }

    pub fn end_reason(self) -> EndReason {
        match self {
            DrawClaim::ThreefoldRepetition => EndReason::ThreefoldRepetition,
            DrawClaim::FiftyMoveRule => EndReason::FiftyMoveRule,
        }
    }
}

/// A finished game: its result and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, uniffi::Record)]
pub struct GameEnd {
    pub result: GameResult,
    pub reason: EndReason,
}

impl GameEnd {
    pub fn new(result: GameResult, reason: EndReason) -> GameEnd {
        GameEnd { result, reason }
    }
}
