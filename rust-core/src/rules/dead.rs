//! Whether a side can still checkmate by any series of legal moves, decided by
//! chasolver (Miguel Ambrona's helpmate solver, FUN 2022).
//!
//! chasolver works on the `chess` crate's board, so positions cross over as
//! FEN here and nowhere else. Every search is deterministic: both devices of a
//! Wi-Fi game reach the same verdict on the same position.

use std::str::FromStr;

use chasolver::Winnability;
use shakmaty::{Chess, Color, EnPassantMode, fen::Fen};

/// What the full helpmate search found out about one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mating {
    /// A helpmate exists: the side can checkmate with the opponent's help.
    Possible,
    /// No series of legal moves ends in this side checkmating.
    Impossible,
    /// The search hit its node limit before it could tell.
    Unknown,
}

/// The position on the `chess` crate's board. `None` only if that crate
/// refuses a position shakmaty accepted; callers then decide as if nothing
/// were proven.
fn board(position: &Chess) -> Option<chess::Board> {
    let fen = Fen::from_position(position, EnPassantMode::Legal).to_string();
    chess::Board::from_str(&fen).ok()
}

fn color(color: Color) -> chess::Color {
    match color {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// The full search for a helpmate by `winner` (the verdict a flag fall needs).
/// chasolver bounds it by its own node limit (2^24 nodes in its last phase)
/// and answers `Unknown` when that runs out.
pub fn mating(position: &Chess, winner: Color) -> Mating {
    match board(position).and_then(|b| chasolver::winnability(&b, color(winner))) {
        Some(Winnability::Winnable { .. }) => Mating::Possible,
        Some(Winnability::Unwinnable) => Mating::Impossible,
        None => Mating::Unknown,
    }
}

/// Whether the position is dead: neither side can ever checkmate (FIDE
/// 5.2.2). Uses chasolver's fast check, which is sound (it never calls a
/// winnable position dead) and cheap enough to run after every move.
pub fn is_dead_position(position: &Chess) -> bool {
    board(position).is_some_and(|b| {
        chasolver::is_unwinnable_fast(&b, chess::Color::White)
            && chasolver::is_unwinnable_fast(&b, chess::Color::Black)
    })
}
