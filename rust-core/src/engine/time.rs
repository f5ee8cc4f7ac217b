//! How long to think: from a fixed move time, or budgeted from the clock.

use std::time::{Duration, Instant};

use shakmaty::{Chess, Position};

use super::Limits;
use super::levels::LevelParams;

/// Time kept in reserve on a game clock for the transmission and processing
/// of each move.
const OVERHEAD: Duration = Duration::from_millis(20);
/// Margin kept from a fixed move time: the search polls the clock every few
/// hundred nodes, so it stops well within this.
const MOVE_TIME_MARGIN: Duration = Duration::from_millis(5);
const MIN_THINK: Duration = Duration::from_millis(5);

/// When to stop: `soft` is checked between iterations (no new iteration is
/// started once a share of it is used that depends on how settled the best
/// move is), `hard` during the search.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    pub start: Instant,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Deadline {
    pub fn hard_reached(&self) -> bool {
        self.hard.is_some_and(|hard| self.start.elapsed() >= hard)
    }

    /// Whether another iteration is not worth its time. `stable` counts
    /// the iterations in a row that kept the best move: a settled move
    /// (an obvious recapture) stops early, a changing one gets more time.
    pub fn soft_reached(&self, stable: u32) -> bool {
        let share = match stable {
            0 => 0.9,
            1 => 0.6,
            2..=3 => 0.45,
            _ => 0.3,
        };
        self.soft
            .is_some_and(|soft| self.start.elapsed().as_secs_f64() >= soft.as_secs_f64() * share)
    }
}

pub fn plan(limits: &Limits, params: &LevelParams, pos: &Chess) -> Deadline {
    let start = Instant::now();
    let mut soft = None;
    let mut hard = None;
    if let Some(move_time) = limits.move_time {
        hard = Some(move_time.saturating_sub(MOVE_TIME_MARGIN).max(MIN_THINK));
    }
    if let Some(clock) = limits.clock {
        let left = clock.our_time.saturating_sub(OVERHEAD);
        // Assume a long game is still ahead early on, fewer moves later.
        let expected_moves = clock
            .moves_to_go
            .unwrap_or_else(|| 40u32.saturating_sub(pos.fullmoves().get() / 2).max(20))
            .max(1);
        let base = left / expected_moves + clock.our_increment * 3 / 4;
        let cap = left / 3;
        let weak = params.max_nodes.is_some();
        // Levels capped by nodes do not need much time; keep them from idling on a long clock.
        let base = if weak {
            base.min(Duration::from_secs(1))
        } else {
            base
        };
        let soft_time = base.min(cap).max(MIN_THINK);
        let hard_time = (base * 4).min(cap).max(MIN_THINK);
        soft = Some(soft_time);
        hard = Some(hard.map_or(hard_time, |h: Duration| h.min(hard_time)));
    }
    let unbounded = limits.depth.is_none() && limits.nodes.is_none() && hard.is_none();
    if unbounded && !limits.infinite && params.max_nodes.is_none() && params.max_depth.is_none() {
        hard = Some(Limits::DEFAULT_MOVE_TIME);
    }
    Deadline { start, soft, hard }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deadline whose search started `elapsed` ago.
    fn started(elapsed: Duration, soft: Duration) -> Deadline {
        Deadline {
            start: Instant::now()
                .checked_sub(elapsed)
                .expect("the monotonic clock runs longer than the test's span"),
            soft: Some(soft),
            hard: None,
        }
    }

    #[test]
    fn a_settled_best_move_stops_sooner_than_a_changing_one() {
        // A third of the soft budget is used: enough for a move that has
        // stayed best for several iterations, not for one that just changed.
        let deadline = started(Duration::from_secs(10), Duration::from_secs(30));
        assert!(deadline.soft_reached(5));
        assert!(!deadline.soft_reached(0));
        assert!(!deadline.hard_reached());
    }

    #[test]
    fn a_fixed_move_time_is_used_nearly_whole() {
        let limits = Limits::move_time(Duration::from_millis(100));
        let deadline = plan(
            &limits,
            &crate::engine::Level::MAX.params(),
            &Chess::default(),
        );
        assert_eq!(deadline.hard, Some(Duration::from_millis(95)));
        assert_eq!(deadline.soft, None);
    }
}
