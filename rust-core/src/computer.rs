//! The computer as a player of a session: what it may spend and what it
//! must know of the game's past, for the apps and the terminal alike.

use std::time::Duration;

use crate::engine::{ClockBudget, Limits};
use crate::session::GameSession;

/// How long the computer may think for the side to move: from its clock in
/// a timed game; in an untimed one its level's own limits decide.
pub fn limits(session: &GameSession) -> Limits {
    let Some(clock) = session.clock() else {
        return Limits::default();
    };
    let us = session.turn();
    let increment = Duration::from_millis(clock.control.increment_ms);
    Limits {
        clock: Some(ClockBudget {
            our_time: Duration::from_millis(clock.remaining(us)),
            our_increment: increment,
            their_time: Duration::from_millis(clock.remaining(!us)),
            their_increment: increment,
            moves_to_go: None,
        }),
        ..Limits::default()
    }
}

/// Repetition keys of the positions before the current one, oldest first,
/// as the search wants them.
pub fn history(session: &GameSession) -> Vec<u64> {
    let keys = session.position_keys();
    keys[..keys.len() - 1].to_vec()
}
