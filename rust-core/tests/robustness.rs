//! No input from outside makes the core panic, and a refused action never
//! changes the game. (The cargo-fuzz targets in `rust-core/fuzz` push the same
//! entry points much harder; this is the part that runs on stable in CI.)

use std::sync::Arc;

use proptest::prelude::*;
use rokada_core::clock::{ManualTime, TimeSource};
use rokada_core::pgn::{RecordedResult, parse_games};
use rokada_core::rules::{Color, DrawClaim, Position, Role, Square};
use rokada_core::session::{Controller, GameConfig, GameSession, Mode, parse_fen, parse_move};

fn time() -> Arc<dyn TimeSource> {
    ManualTime::new()
}

/// Text built from the characters that matter to the parsers, so that
/// generated inputs get deep into them instead of failing on the first byte.
fn chess_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("1. ".to_owned()),
            Just("e4 ".to_owned()),
            Just("Nf3 ".to_owned()),
            Just("O-O ".to_owned()),
            Just("exd8=Q+ ".to_owned()),
            Just("{".to_owned()),
            Just("}".to_owned()),
            Just("(".to_owned()),
            Just(")".to_owned()),
            Just("[FEN \"".to_owned()),
            Just("\"]\n".to_owned()),
            Just("$12 ".to_owned()),
            Just("; x\n".to_owned()),
            Just("%\n".to_owned()),
            Just("1-0 ".to_owned()),
            Just("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned()),
            "[ -~]{0,6}",
            "\\PC{0,3}",
        ],
        0..24,
    )
    .prop_map(|parts| parts.concat())
}

/// One thing a user or peer can do to a session.
#[derive(Debug, Clone)]
enum Action {
    Squares(u8, u8, Option<u8>),
    Text(String),
    LegalMove(usize),
    Undo,
    Redo,
    Claim(bool),
    Agree,
    Offer(bool),
    Accept(bool),
    Decline(bool),
    Resign(bool),
    Wait(u32),
    SaveRestore,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..64, 0u8..64, prop::option::of(0u8..6)).prop_map(|(a, b, p)| Action::Squares(a, b, p)),
        "[a-hKQRBNOx1-8=+#-]{1,7}".prop_map(Action::Text),
        (0usize..256).prop_map(Action::LegalMove),
        (0usize..256).prop_map(Action::LegalMove),
        (0usize..256).prop_map(Action::LegalMove),
        Just(Action::Undo),
        Just(Action::Redo),
        any::<bool>().prop_map(Action::Claim),
        Just(Action::Agree),
        any::<bool>().prop_map(Action::Offer),
        any::<bool>().prop_map(Action::Accept),
        any::<bool>().prop_map(Action::Decline),
        any::<bool>().prop_map(Action::Resign),
        (0u32..120_000).prop_map(Action::Wait),
        Just(Action::SaveRestore),
    ]
}

fn mode() -> impl Strategy<Value = Mode> {
    prop_oneof![
        Just(Mode::SamePhone),
        any::<bool>().prop_map(|w| Mode::Computer {
            human: Color::from_white(w),
            level: 5
        }),
        any::<bool>().prop_map(|w| Mode::WifiPeer {
            local: Color::from_white(w)
        }),
    ]
}

fn by(remote: bool, mode: Mode, session: &GameSession) -> Controller {
    if remote {
        session.controller(!session.turn())
    } else {
        match mode {
            Mode::SamePhone => Controller::Local,
            _ => session.controller(session.turn()),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fen_text_never_panics(text in chess_text()) {
        let _ = parse_fen(&text);
    }

    #[test]
    fn move_text_never_panics(text in "[ -~]{0,12}", moves in prop::collection::vec(0usize..64, 0..12)) {
        let mut position = rokada_core::rules::Chess::default();
        for i in moves {
            let legal = position.legal_moves();
            if legal.is_empty() { break; }
            position.play_unchecked(legal[i % legal.len()]);
        }
        let _ = parse_move(&position, &text);
    }

    #[test]
    fn pgn_text_never_panics(text in chess_text()) {
        if let Ok(games) = parse_games(&text) {
            for game in &games {
                let _ = GameSession::from_pgn(game, Mode::SamePhone, RecordedResult::Apply, time());
            }
        }
    }

    #[test]
    fn save_files_never_panic(flips in prop::collection::vec((0usize..4096, any::<u8>()), 1..6), moves in 0usize..40) {
        let mut config = GameConfig::new(Mode::SamePhone);
        config.time_control = Some("3+2".parse().unwrap());
        let mut session = GameSession::new(config, time()).unwrap();
        for i in 0..moves {
            let legal = session.position().legal_moves();
            if session.is_over() || legal.is_empty() { break; }
            let _ = session.play_move_as(Controller::Local, legal[(i * 7) % legal.len()]);
        }
        let mut bytes = session.save().into_bytes();
        for (at, byte) in flips {
            let len = bytes.len();
            bytes[at % len] = byte;
        }
        if let Ok(text) = String::from_utf8(bytes)
            && let Ok(restored) = GameSession::restore(&text, time())
        {
            // Whatever is accepted is a consistent game that saves again.
            let again = GameSession::restore(&restored.save(), time()).unwrap();
            prop_assert_eq!(again.fen(), restored.fen());
        }
    }

    #[test]
    fn any_sequence_of_actions_keeps_the_session_consistent(
        mode in mode(),
        actions in prop::collection::vec(action(), 0..80),
        timed in any::<bool>(),
    ) {
        let clock = ManualTime::new();
        let mut config = GameConfig::new(mode);
        if timed { config.time_control = Some("1+1".parse().unwrap()); }
        let mut session = GameSession::new(config, clock.clone()).unwrap();
        for action in actions {
            let before = session.save();
            let refused = match action {
                Action::Squares(from, to, promotion) => {
                    let role = promotion.map(|p| [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King][p as usize]);
                    session.play_squares(Square::new(from.into()), Square::new(to.into()), role).is_err()
                }
                Action::Text(text) => session.play_text(&text).is_err(),
                Action::LegalMove(i) => {
                    let legal = session.position().legal_moves();
                    if legal.is_empty() { continue; }
                    let who = session.controller(session.turn());
                    session.play_move_as(who, legal[i % legal.len()]).is_err()
                }
                Action::Undo => session.undo().is_err(),
                Action::Redo => session.redo().is_err(),
                Action::Claim(fifty) => {
                    let claim = if fifty { DrawClaim::FiftyMoveRule } else { DrawClaim::ThreefoldRepetition };
                    let who = session.controller(session.turn());
                    session.claim_draw(who, claim).is_err()
                }
                Action::Agree => session.agree_draw().is_err(),
                Action::Offer(remote) => session.offer_draw(by(remote, mode, &session)).is_err(),
                Action::Accept(remote) => session.accept_draw(by(remote, mode, &session)).is_err(),
                Action::Decline(remote) => session.decline_draw(by(remote, mode, &session)).is_err(),
                Action::Resign(remote) => {
                    let color = if remote { !session.turn() } else { session.turn() };
                    let who = session.controller(color);
                    session.resign(who, color).is_err()
                }
                Action::Wait(ms) => { clock.advance(ms.into()); continue; }
                Action::SaveRestore => {
                    let restored = GameSession::restore(&before, clock.clone()).unwrap();
                    prop_assert_eq!(restored.save(), before);
                    session = restored;
                    continue;
                }
            };
            // A refused action changes nothing, except that a fallen flag is
            // noticed first.
            if refused && !session.end().is_some_and(|e| e.reason.as_str().starts_with("timeout")) {
                prop_assert_eq!(session.save(), before);
            }
            prop_assert_eq!(session.moves().len() + 1, session.position_keys().len());
            if session.is_over() {
                prop_assert!(session.claimable_draws().is_empty());
                prop_assert!(session.legal_destinations(Square::E2).is_empty());
            }
            GameSession::restore(&session.save(), clock.clone()).unwrap();
        }
    }
}
