use std::fmt::Write as _;

use shakmaty::Color;

use crate::clock::Millis;
use crate::rules::EndReason;
use crate::session::{GameSession, Mode};

/// Lines of move text are wrapped before this width, as the PGN standard asks.
const LINE_WIDTH: usize = 79;

impl GameSession {
    /// The game in PGN: the Seven Tag Roster, then Termination, TimeControl,
    /// and SetUp/FEN when the game did not start from the standard position;
    /// each move's clock as a `[%clk]` comment in timed games.
    pub fn to_pgn(&self) -> String {
        let result = self.end().map_or("*", |end| end.result.as_pgn());
        let (white, black) = self.player_names();
        let mut tags: Vec<(&str, String)> = vec![
            ("Event", "Casual game".to_owned()),
            ("Site", "Rokada".to_owned()),
            ("Date", self.date().to_owned()),
            ("Round", "-".to_owned()),
            ("White", white),
            ("Black", black),
            ("Result", result.to_owned()),
        ];
        if self.has_custom_start() {
            tags.push(("SetUp", "1".to_owned()));
            tags.push(("FEN", self.start_fen()));
        }
        // A reader sees mate, stalemate, material and repetitions in the
        // moves themselves, but a dead position only with a solver: it is
        // named.
        let termination = match self.end().map(|e| e.reason) {
            None => "unterminated",
            Some(EndReason::Timeout | EndReason::TimeoutCannotMate) => "time forfeit",
            Some(EndReason::DeadPosition) => "dead position",
            Some(_) => "normal",
        };
        tags.push(("Termination", termination.to_owned()));
        let time_control = self
            .config()
            .time_control
            .map_or_else(|| "-".to_owned(), |tc| tc.to_pgn());
        tags.push(("TimeControl", time_control));

        let mut out = String::new();
        for (name, value) in tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{escaped}\"]");
        }
        out.push('\n');

        let mut words = Vec::with_capacity(self.moves().len() * 2 + 1);
        for (i, m) in self.moves().iter().enumerate() {
            match m.color {
                Color::White => words.push(format!("{}.", m.number)),
                Color::Black if i == 0 => words.push(format!("{}...", m.number)),
                Color::Black => {}
            }
            words.push(m.san.clone());
            if let Some(ms) = m.clock_after {
                words.push(format!("{{[%clk {}]}}", clock_comment(ms)));
            }
        }
        words.push(result.to_owned());
        let mut line_len = 0;
        for word in words {
            if line_len > 0 && line_len + 1 + word.len() > LINE_WIDTH {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(&word);
            line_len += word.len();
        }
        out.push('\n');
        out
    }

    fn player_names(&self) -> (String, String) {
        let config = self.config();
        let default = |color: Color| match config.mode {
            Mode::Computer { human, level } if human != color => format!("Rokada level {level}"),
            _ => match color {
                Color::White => "White".to_owned(),
                Color::Black => "Black".to_owned(),
            },
        };
        (
            config
                .white_name
                .clone()
                .unwrap_or_else(|| default(Color::White)),
            config
                .black_name
                .clone()
                .unwrap_or_else(|| default(Color::Black)),
        )
    }
}

/// `H:MM:SS` as lichess and other tools write `%clk`.
fn clock_comment(ms: Millis) -> String {
    let seconds = ms / 1000;
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// The calendar date (`YYYY.MM.DD`, as PGN writes it) of a Unix time.
pub fn civil_date(unix_seconds: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let days = (unix_seconds / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}
