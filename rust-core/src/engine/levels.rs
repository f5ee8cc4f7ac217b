//! The ten playing levels and what each one may do.
//!
//! Weaker levels are made weaker the way people are weaker: they look less
//! far ahead (depth and node limits, no quiescence at the very bottom) and
//! choose among the moves that look good enough to them, preferring natural
//! moves (captures, checks, castling) over quiet ones. They never play a
//! random move that their own search rejected by a wide margin.

use std::fmt;

/// A playing strength from 1 (beginner) to 10 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level number outside 1..=10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidLevel(pub u8);

impl fmt::Display for InvalidLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {} is outside 1..=10", self.0)
    }
}

impl std::error::Error for InvalidLevel {}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// The level with this number, if it is in 1..=10.
    pub const fn new(number: u8) -> Result<Level, InvalidLevel> {
        if number >= 1 && number <= 10 {
            Ok(Level(number))
        } else {
            Err(InvalidLevel(number))
        }
    }

    /// The level's number, 1..=10.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=10).map(Level)
    }

    /// The published target rating (Elo on the scale of Stockfish's
    /// `UCI_Elo`): 600 at level 1, rising by 200 per level to 2400 at level 10.
    pub const fn target_rating(self) -> u32 {
        600 + 200 * (self.0 as u32 - 1)
    }

    pub(crate) fn params(self) -> LevelParams {
        // Measured against Stockfish and each other; see docs/strength.md.
        let (max_depth, max_nodes, quiescence, temperature, margin, lapse) = match self.0 {
            1 => (Some(1), Some(5_000), true, 100, 300, 0.15),
            2 => (Some(1), Some(5_000), true, 80, 250, 0.0),
            3 => (Some(2), Some(10_000), true, 60, 200, 0.9),
            4 => (Some(2), Some(10_000), true, 50, 150, 0.75),
            5 => (Some(3), Some(20_000), true, 85, 240, 0.0),
            6 => (Some(3), Some(20_000), true, 50, 140, 0.0),
            7 => (Some(5), Some(30_000), true, 40, 110, 0.0),
            8 => (Some(7), Some(40_000), true, 20, 50, 0.0),
            9 => (None, Some(80_000), true, 8, 20, 0.0),
            _ => (None, None, true, 0, 0, 0.0),
        };
        LevelParams {
            // Levels 8 and 9 with the hand-written evaluation alone fell about
            // 100 and 190 short of their targets at their limits; see
            // docs/strength.md.
            network: self.0 >= 8,
            max_depth,
            max_nodes,
            quiescence,
            temperature,
            margin,
            lapse,
        }
    }
}

impl TryFrom<u8> for Level {
    type Error = InvalidLevel;

    fn try_from(number: u8) -> Result<Level, InvalidLevel> {
        Level::new(number)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a level allows the search to do.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LevelParams {
    /// Whether the network corrects the evaluation (levels 8-10) rather
    /// than the hand-written evaluation alone (levels 1-7).
    pub network: bool,
    /// Depth cap, on top of the caller's limits.
    pub max_depth: Option<u32>,
    /// Node cap, on top of the caller's limits.
    pub max_nodes: Option<u64>,
    /// Whether leaf positions are resolved by a capture search.
    pub quiescence: bool,
    /// Softness of the choice among good-enough moves, in centipawns
    /// (0: always the best move).
    pub temperature: i32,
    /// How far below the best score a move may be and still be chosen.
    pub margin: i32,
    /// Chance that a move is searched one step shallower (one ply less, or
    /// without the capture search at depth one).
    pub lapse: f64,
}
