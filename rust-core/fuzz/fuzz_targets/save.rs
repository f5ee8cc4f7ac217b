#![no_main]

use libfuzzer_sys::fuzz_target;
use rokada_core::clock::ManualTime;
use rokada_core::session::GameSession;

fuzz_target!(|text: &str| {
    if let Ok(session) = GameSession::restore(text, ManualTime::new()) {
        let again = GameSession::restore(&session.save(), ManualTime::new()).expect("a restored game saves again");
        assert_eq!(again.fen(), session.fen());
    }
});
