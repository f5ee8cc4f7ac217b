//! Portable Game Notation: export of a session, import of games with tags,
//! comments, NAGs and variations (variations are skipped), several games to a
//! file.

mod import;
mod read;
mod write;

pub use import::RecordedResult;
pub use read::{
    PgnError, PgnErrorKind, PgnGame, PgnGameInfo, PgnMove, parse_first_game, parse_games,
};
pub use write::civil_date;
