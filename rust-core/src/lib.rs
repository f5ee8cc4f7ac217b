//! Rokada's core: everything of the chess app that is not pixels.
//!
//! - [`rules`]: the Laws of Chess as the app enforces them, on shakmaty.
//! - [`clock`]: the chess clock and its time source.
//! - [`session`]: one game, in any of the three modes.
//! - [`pgn`]: Portable Game Notation in and out.
//! - [`engine`] and [`computer`]: the computer opponent, ten levels, and
//!   how it plays a session.
//! - [`board_input`] and [`actions`]: touch and menu logic shared by the apps.
//! - [`ffi`]: the API of the Android and iOS apps, exported through UniFFI.
//! - [`rules_page`]: the diagrams of the app's rules page, each one checked.
//! - [`net`]: Wi-Fi play between two devices.

pub mod actions;
pub mod board_input;
pub mod clock;
pub mod computer;
pub mod engine;
pub mod ffi;
pub mod net;
pub mod pgn;
pub mod rules;
pub mod rules_page;
pub mod session;

mod serde_color;

uniffi::setup_scaffolding!();
