#![no_main]

use libfuzzer_sys::fuzz_target;
use rokada_core::clock::ManualTime;
use rokada_core::pgn::{RecordedResult, parse_games};
use rokada_core::session::{GameSession, Mode};

fuzz_target!(|text: &str| {
    if let Ok(games) = parse_games(text) {
        for game in &games {
            if let Ok(session) = GameSession::from_pgn(game, Mode::SamePhone, RecordedResult::Apply, ManualTime::new()) {
                let _ = session.to_pgn();
            }
        }
    }
});
