//! The apps' API: everything Kotlin and Swift call, exported through UniFFI.
//!
//! The surface is small on purpose: constructors, records and error mapping.
//! A [`Game`] object per game screen is a handle on the core's live game
//! ([`crate::live`]); what a screen draws is the core's view
//! ([`crate::view::GameView`]); events arrive in order through
//! [`GameListener`]; everything refused is one [`RokadaError`]. Rules, touch
//! handling, menus, move lists, clock faces and labels are decided in the
//! core, once, so the apps only draw and forward touches.

mod diagrams;
mod game;
mod rules_page;
mod store;
mod types;
mod wifi;

pub use diagrams::{RulesDiagram, rules_diagrams};
pub use game::{ActionOutcome, Game, GameListener, pgn_games};
pub use rules_page::{RulesCell, RulesListMarker, RulesPageBlock, RulesSpan, rules_page};
pub use store::SaveStore;
pub use types::*;
pub use wifi::{
    SideChoice, checked_player_name, host_address_text, max_player_name_chars, parse_host_address,
    parse_pairing_code, service_name,
};

use crate::clock::Millis;
use crate::text::Language;
use crate::view::{BoardColors, BoardTheme, GameMode, MoveInfo, Side, Square, TimePreset};

/// Routes the core's log to the platform's (logcat, the unified log).
/// Making any game or store does it too; calling it again does nothing.
#[uniffi::export]
pub fn init_logging() {
    crate::logging::ensure();
}

/// The last warnings and errors the core logged, for a problem report.
#[uniffi::export]
pub fn recent_log() -> Vec<String> {
    crate::logging::recent()
}

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

/// White or Black at random (the player who lets the app choose).
#[uniffi::export]
pub fn random_side() -> Side {
    if crate::net::crypto::random_bytes::<1>()[0] & 1 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// Whether the player of `side` sits at this device: both sides on one
/// phone, the human's against the computer, the local one over Wi-Fi. For
/// what only that player is told: a low-time warning, "You win".
#[uniffi::export]
pub fn is_played_here(mode: GameMode, side: Side) -> bool {
    crate::session::Mode::from(mode).controller(side.into()) == crate::session::Controller::Local
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

/// The board's colour themes, in the order the settings list them.
#[uniffi::export]
pub fn board_themes() -> Vec<BoardTheme> {
    crate::view::BOARD_THEMES.to_vec()
}

/// What the board paints in `theme`.
#[uniffi::export]
pub fn board_colors(theme: BoardTheme) -> BoardColors {
    crate::view::board_colors(theme)
}

/// A move as a screen reader says it in `language` ("Knight takes e5,
/// check"), for TalkBack and VoiceOver.
#[uniffi::export]
pub fn spoken_move(played: MoveInfo, language: Language) -> String {
    crate::text::speech::spoken_move(&played, language)
}

/// The languages of the app, in the order the settings list them.
#[uniffi::export]
pub fn languages() -> Vec<Language> {
    Language::ALL.to_vec()
}

/// The app's language for a device whose preferred languages are `locales`
/// (locale names such as `he-IL` or `nb_NO`, best first): the first the app
/// speaks, else English.
#[uniffi::export]
pub fn preferred_language(locales: Vec<String>) -> Language {
    locales
        .iter()
        .find_map(|l| Language::from_locale(l))
        .unwrap_or(Language::English)
}

/// The language's code (`he`): its resources' folder and locale name.
#[uniffi::export]
pub fn language_code(language: Language) -> String {
    language.code().to_owned()
}

/// Whether the interface runs right to left in `language` (the board and
/// notation never do).
#[uniffi::export]
pub fn is_right_to_left(language: Language) -> bool {
    language.is_rtl()
}

/// The time controls a new game offers, fastest first.
#[uniffi::export]
pub fn time_presets() -> Vec<TimePreset> {
    crate::view::time_presets()
}

#[cfg(test)]
mod tests;
