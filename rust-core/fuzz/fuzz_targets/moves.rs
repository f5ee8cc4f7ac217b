#![no_main]

//! Moves in any notation against positions reached by legal play: the text
//! parser and the square-based input must refuse cleanly.

use libfuzzer_sys::fuzz_target;
use rokada_core::clock::ManualTime;
use rokada_core::rules::{Position, Role, Square};
use rokada_core::session::{Controller, GameConfig, GameSession, Mode};

fuzz_target!(|data: &[u8]| {
    let Some((&count, rest)) = data.split_first() else { return };
    let mut session = GameSession::new(GameConfig::new(Mode::SamePhone), ManualTime::new()).expect("standard start");
    let mut bytes = rest.iter();
    for _ in 0..count {
        let Some(&b) = bytes.next() else { break };
        let legal = session.position().legal_moves();
        if legal.is_empty() || session.is_over() {
            break;
        }
        let _ = session.play_move_as(Controller::Local, legal[usize::from(b) % legal.len()]);
    }
    let rest: Vec<u8> = bytes.copied().collect();
    if let [from, to, promotion, text @ ..] = rest.as_slice() {
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        let role = roles.get(usize::from(*promotion)).copied();
        let before = session.save();
        if session
            .play_squares(Square::new(u32::from(from % 64)), Square::new(u32::from(to % 64)), role)
            .is_err()
        {
            assert_eq!(session.save(), before);
        }
        if let Ok(text) = std::str::from_utf8(text) {
            let before = session.save();
            if session.play_text(text).is_err() {
                assert_eq!(session.save(), before);
            }
        }
    }
});
