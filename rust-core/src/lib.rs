//! Rokada's core: everything of the chess app that is not pixels.
//!
//! - [`rules`]: the Laws of Chess as the app enforces them, on shakmaty.
//! - [`clock`]: the chess clock and its time source.
//! - [`session`]: one game, in any of the three modes.
//! - [`pgn`]: Portable Game Notation in and out.
//! - [`net`]: Wi-Fi play between two devices.

pub mod clock;
pub mod net;
pub mod pgn;
pub mod rules;
pub mod session;

mod serde_color;
