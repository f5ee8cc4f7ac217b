//! How long to think: from a fixed move time, or budgeted from the clock.

use std::time::{Duration, Instant};

use shakmaty::{Chess, Position};

use super::Limits;
use super::levels::LevelParams;

/// Time kept in reserve for the transmission and processing of each move.
const OVERHEAD: Duration = Duration::from_millis(20);
const MIN_THINK: Duration = Duration::from_millis(5);

/// When to stop: `soft` is checked between iterations (no new iteration is
/// started once about half of it is used), `hard` during the search.
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

    /// Whether another iteration would likely overrun the budget.
    pub fn soft_reached(&self) -> bool {
        self.soft
            .is_some_and(|soft| self.start.elapsed() >= soft / 2)
    }
}

pub fn plan(limits: &Limits, params: &LevelParams, pos: &Chess) -> Deadline {
    let start = Instant::now();
    let mut soft = None;
    let mut hard = None;
    if let Some(move_time) = limits.move_time {
        hard = Some(move_time.saturating_sub(OVERHEAD).max(MIN_THINK));
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
