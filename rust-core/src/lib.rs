//! Rokada's core: everything of the chess app that is not pixels.
//!
//! - [`rules`]: the Laws of Chess as the app enforces them, on shakmaty.
//! - [`clock`]: the chess clock and its time source.
//! - [`session`]: one game, in any of the three modes.
//! - [`store`]: saved games on the device, one slot per way to play.
//! - [`pgn`]: Portable Game Notation in and out.
//! - [`engine`] and [`computer`]: the computer opponent, ten levels, and
//!   how it plays a session.
//! - [`board_input`]: touches on the board: select, move, promote.
//! - [`view`]: what a game screen draws, computed once for both apps.
//! - [`live`]: a game being played: the session with the computer's thread,
//!   the clock's watcher, the Wi-Fi link and one ordered event stream.
//! - [`ffi`]: the API of the Android and iOS apps, exported through UniFFI.
//! - [`logging`]: the core's records, to the platform's log.
//! - [`rules_page`]: the diagrams of the app's rules page, each one checked.
//! - [`net`]: Wi-Fi play between two devices.
//! - [`text`]: the core's words in five languages (the terminal's, spoken
//!   moves).

pub mod board_input;
pub mod clock;
pub mod computer;
pub mod engine;
pub mod ffi;
pub mod live;
pub mod logging;
pub mod net;
pub mod pgn;
pub mod rules;
pub mod rules_page;
pub mod session;
pub mod store;
pub mod text;
pub mod view;

mod serde_color;

uniffi::setup_scaffolding!();
