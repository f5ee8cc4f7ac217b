//! Rokada's core: everything of the chess app that is not pixels.
//!
//! - [`rules`]: the Laws of Chess as the app enforces them, on shakmaty.
//! - [`clock`]: the chess clock and its time source.
//! - [`session`]: one game, in any of the three modes.
//! - [`pgn`]: Portable Game Notation in and out.

pub mod clock;
pub mod pgn;
pub mod rules;
pub mod session;

mod serde_color;
