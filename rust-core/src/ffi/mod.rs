//! The apps' API: everything Kotlin and Swift call, exported through UniFFI.
//!
//! The surface is small on purpose. A [`Game`] object per game screen; plain
//! records and enums for what the screen draws; one error type; events pushed
//! through [`GameListener`]. Rules, touch handling, menus and clock faces are
//! decided here, once, so the apps only draw and forward touches.

mod diagrams;
mod game;
mod logging;
mod rules_page;
mod types;
mod wifi;

pub use diagrams::{RulesDiagram, rules_diagrams};
pub use game::{Game, GameEvent, GameListener};
pub use logging::init_logging;
pub use rules_page::{
    RulesCell, RulesLanguage, RulesListMarker, RulesPageBlock, RulesSpan, rules_page,
};
pub use types::*;
pub use wifi::{LinkState, PeerEvent, PeerRole, PeerStatus, Refusal, SideChoice};

use crate::clock::Millis;

/// The version of the core, for "about" screens and peer handshakes.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// A square's name in notation (`e4`), the same in every language.
#[uniffi::export]
pub fn square_name(square: Square) -> String {
    shakmaty::Square::from(square).to_string()
}

/// The square named `name` (`e4`), if there is one.
#[uniffi::export]
pub fn parse_square(name: String) -> Option<Square> {
    name.trim()
        .parse::<shakmaty::Square>()
        .ok()
        .map(Square::from)
}

/// Whether a square is light (the colour of h1).
#[uniffi::export]
pub fn is_light_square(square: Square) -> bool {
    shakmaty::Square::from(square).is_light()
}

/// A square's column and row on screen, counted from the top left corner:
/// White at the bottom unless `flipped`. Files a-h always run left to right
/// from White's side, whatever the language's writing direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct ScreenCell {
    pub column: u8,
    pub row: u8,
}

#[uniffi::export]
pub fn screen_cell(square: Square, flipped: bool) -> ScreenCell {
    let sq = shakmaty::Square::from(square);
    let (file, rank) = (u8::from(sq.file()), u8::from(sq.rank()));
    if flipped {
        ScreenCell {
            column: 7 - file,
            row: rank,
        }
    } else {
        ScreenCell {
            column: file,
            row: 7 - rank,
        }
    }
}

/// The square drawn at a screen cell; `None` outside the board.
#[uniffi::export]
pub fn square_at_cell(column: u8, row: u8, flipped: bool) -> Option<Square> {
    if column > 7 || row > 7 {
        return None;
    }
    let (file, rank) = if flipped {
        (7 - column, row)
    } else {
        (column, 7 - row)
    };
    Some(Square::ALL[usize::from(rank * 8 + file)])
}

/// A computer level as the level picker shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct ComputerLevel {
    pub level: u8,
    /// The rating the level is tuned to play at (measured results are in
    /// docs/strength.md).
    pub target_rating: u32,
}

/// Levels 1 (a beginner can win) to 10 (full strength).
#[uniffi::export]
pub fn computer_levels() -> Vec<ComputerLevel> {
    crate::engine::Level::all()
        .map(|l| ComputerLevel {
            level: l.get(),
            target_rating: l.target_rating(),
        })
        .collect()
}

/// A clock face (`4:59`, `1:02:03`, `0:09.7`).
#[uniffi::export]
pub fn format_clock(ms: Millis) -> String {
    crate::clock::clock_text(ms)
}

#[cfg(test)]
mod tests;
