//! The Laws of Chess as Rokada enforces them, on top of shakmaty's move
//! generation: how a game ends, which draws may be claimed, and what counts as
//! "the same position".

mod dead;
mod material;
mod outcome;
mod repetition;

pub use dead::{Mating, is_dead_position, mating};
pub use material::is_dead_by_insufficient_material;
pub use outcome::{DrawClaim, EndReason, GameEnd, GameResult};
pub use repetition::{PositionKey, position_key};

pub use shakmaty::{CastlingSide, Chess, Color, Move, Piece, Position, Role, Square};

/// Half-moves without capture or pawn move after which a draw may be claimed
/// (50 moves by each side).
pub const FIFTY_MOVE_HALFMOVES: u32 = 100;

/// Half-moves without capture or pawn move after which the game is drawn
/// automatically (75 moves by each side).
pub const SEVENTY_FIVE_MOVE_HALFMOVES: u32 = 150;

/// Occurrences of a position that let the player to move claim a draw.
pub const THREEFOLD: usize = 3;

/// Occurrences of a position that end the game at once.
pub const FIVEFOLD: usize = 5;

/// The end of the game that follows from the position alone (and its
/// repetition history), checked after every move.
///
/// `occurrences` is how often the current position has occurred in the game,
/// this occurrence included. Checkmate takes precedence over the 75-move rule,
/// as the Laws say. Insufficient material is named for itself; any other
/// position in which neither side can ever checkmate is a dead position.
pub fn automatic_end(position: &Chess, occurrences: usize) -> Option<GameEnd> {
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Some(if position.is_check() {
            GameEnd::new(GameResult::win_for(!position.turn()), EndReason::Checkmate)
        } else {
            GameEnd::new(GameResult::Draw, EndReason::Stalemate)
        });
    }
    if is_dead_by_insufficient_material(position.board()) {
        return Some(GameEnd::new(
            GameResult::Draw,
            EndReason::InsufficientMaterial,
        ));
    }
    if is_dead_position(position) {
        return Some(GameEnd::new(GameResult::Draw, EndReason::DeadPosition));
    }
    if occurrences >= FIVEFOLD {
        return Some(GameEnd::new(
            GameResult::Draw,
            EndReason::FivefoldRepetition,
        ));
    }
    if position.halfmoves() >= SEVENTY_FIVE_MOVE_HALFMOVES {
        return Some(GameEnd::new(
            GameResult::Draw,
            EndReason::SeventyFiveMoveRule,
        ));
    }
    None
}

/// The draws the player to move may claim in this position.
pub fn claimable_draws(position: &Chess, occurrences: usize) -> Vec<DrawClaim> {
    let mut claims = Vec::new();
    if occurrences >= THREEFOLD {
        claims.push(DrawClaim::ThreefoldRepetition);
    }
    if position.halfmoves() >= FIFTY_MOVE_HALFMOVES {
        claims.push(DrawClaim::FiftyMoveRule);
    }
    claims
}

/// The result when `flagged`'s time runs out: a loss, unless the opponent
/// cannot checkmate by any series of legal moves (FIDE 6.9), as chasolver's
/// full helpmate search finds.
pub fn flag_fall(position: &Chess, flagged: Color) -> GameEnd {
    flag_fall_verdict(flagged, mating(position, !flagged))
}

/// A search that could not conclude leaves the Laws' default: the player
/// whose flag fell loses.
fn flag_fall_verdict(flagged: Color, opponent: Mating) -> GameEnd {
    match opponent {
        Mating::Impossible => GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate),
        Mating::Possible | Mating::Unknown => {
            GameEnd::new(GameResult::win_for(!flagged), EndReason::Timeout)
        }
    }
}

/// The square of the king of the side to move, if it is in check.
pub fn checked_king(position: &Chess) -> Option<Square> {
    if position.is_check() {
        position.board().king_of(position.turn())
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
