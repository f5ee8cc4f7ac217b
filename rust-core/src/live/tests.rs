//! The live game without a network: events in order, the computer's
//! thread, the clock, browsing, actions.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use shakmaty::{Color, Position};

use super::*;
use crate::clock::{ManualTime, TimeControl};
use crate::rules::{DrawClaim, EndReason, GameEnd, GameResult};
use crate::session::{Controller, GameConfig, IllegalMoveReason};
use crate::view::{GameAction, Mover, Prompt, Seating, Side, Square};

/// Guards a test against a broken game: events normally arrive at once.
const PATIENCE: Duration = Duration::from_secs(60);

pub(super) struct Recorder(Mutex<mpsc::Sender<LiveEvent>>);

impl Listener for Recorder {
    fn on_event(&self, event: LiveEvent) {
        let _ = self.0.lock().unwrap().send(event);
    }
}

pub(super) fn listen(game: &LiveGame) -> Receiver<LiveEvent> {
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(Recorder(Mutex::new(tx)))));
    rx
}

/// Every event up to the first that `last` picks, in order.
fn events_until(events: &Receiver<LiveEvent>, last: impl Fn(&EventKind) -> bool) -> Vec<EventKind> {
    let mut seen = Vec::new();
    loop {
        let event = events.recv_timeout(PATIENCE).expect("the event arrives");
        let done = last(&event.kind);
        seen.push(event.kind);
        if done {
            return seen;
        }
    }
}

fn is_move(san_wanted: &'static str) -> impl Fn(&EventKind) -> bool {
    move |kind| san(kind) == Some(san_wanted)
}

fn is_over(kind: &EventKind) -> bool {
    matches!(kind, EventKind::GameOver { .. })
}

fn session(mode: Mode, fen: Option<&str>, time_control: Option<TimeControl>) -> GameSession {
    let mut config = GameConfig::new(mode);
    config.start_fen = fen.map(str::to_owned);
    config.time_control = time_control;
    GameSession::new(config, ManualTime::new()).unwrap()
}

fn same_phone() -> LiveGame {
    LiveGame::start(session(Mode::SamePhone, None, None)).unwrap()
}

fn san(kind: &EventKind) -> Option<&str> {
    match kind {
        EventKind::MovePlayed { played, .. } => Some(&played.san),
        _ => None,
    }
}

#[test]
fn moves_by_touch_and_their_events_in_order() {
    let game = same_phone();
    let events = listen(&game);
    let touched = game.touch(Touch::Tap(Square::F2));
    assert_eq!(
        touched.outcome,
        TouchOutcome::Selected {
            square: Square::F2,
            hints: vec![Square::F3, Square::F4]
        }
    );
    assert_eq!(touched.view.board.selected, Some(Square::F2));
    let touched = game.touch(Touch::Tap(Square::F3));
    assert!(matches!(touched.outcome, TouchOutcome::Played { ref played } if played.san == "f3"));
    let seen = events_until(&events, is_move("f3"));
    assert_eq!(seen.iter().filter_map(san).collect::<Vec<_>>(), ["f3"]);
    game.play_text("e5").unwrap();
    game.touch(Touch::DragStart(Square::G2));
    let dropped = game.touch(Touch::Drop {
        from: Square::G2,
        to: Square::G5,
    });
    assert_eq!(
        dropped.outcome,
        TouchOutcome::Rejected {
            from: Square::G2,
            to: Square::G5,
            reason: IllegalMoveReason::NotLegal
        }
    );
    game.play_text("g4").unwrap();
    let mate = game.play(Square::D8, Square::H4, None).unwrap();
    let seen = events_until(&events, is_over);
    assert_eq!(
        seen.iter().filter_map(san).collect::<Vec<_>>(),
        ["e5", "g4", "Qh4#"]
    );
    assert_eq!(
        seen.last(),
        Some(&EventKind::GameOver {
            end: GameEnd::new(GameResult::BlackWins, EndReason::Checkmate)
        })
    );
    let view = game.view();
    assert_eq!(view.revision, mate.view.revision);
    assert_eq!(view.board.checked_king, Some(Square::E1));
    assert_eq!(
        view.status.end.map(|e| e.reason),
        Some(EndReason::Checkmate)
    );
    assert_eq!(view.moves.len(), 2);
    assert_eq!(
        game.play_text("a3"),
        Err(LiveError::Game(crate::session::GameError::GameOver))
    );
}

#[test]
fn events_wait_for_a_listener() {
    let game = same_phone();
    game.play_text("e4").unwrap();
    let events = listen(&game);
    let seen = events_until(&events, is_move("e4"));
    assert_eq!(seen.iter().filter_map(san).collect::<Vec<_>>(), ["e4"]);
}

#[test]
fn a_game_from_a_fen_numbers_its_rows_from_the_fen() {
    let game = LiveGame::start(session(
        Mode::SamePhone,
        Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"),
        None,
    ))
    .unwrap();
    game.play_text("Kd7").unwrap();
    let view = game.play_text("e4").unwrap().view;
    assert_eq!(view.moves[0].number, 40);
    assert_eq!(view.moves[0].white, None);
    assert_eq!(view.moves[1].number, 41);
    assert_eq!(view.moves[1].white.as_ref().unwrap().san, "e4");
}

#[test]
fn browsing_never_changes_the_game() {
    let game = same_phone();
    for m in ["e4", "e5", "Nf3"] {
        game.play_text(m).unwrap();
    }
    let view = game.show_ply(1);
    assert!(!view.browse.live);
    assert_eq!(view.browse.shown, 1);
    assert!(!view.board.interactive);
    assert_eq!(
        view.board.last_move.map(|m| (m.from, m.to)),
        Some((Square::E2, Square::E4))
    );
    assert_eq!(
        view.board.pieces[Square::E7 as usize].map(|p| p.side),
        Some(Side::Black),
        "e5 not yet played"
    );
    let view = game.step(-5);
    assert_eq!(view.browse.shown, 0);
    assert_eq!(view.board.last_move, None);
    let view = game.step(1);
    assert_eq!(view.browse.shown, 1);
    assert_eq!(game.read(|s| s.moves().len()), 3);
    // The first touch while browsing shows the game again, and does nothing.
    let touched = game.touch(Touch::Tap(Square::E7));
    assert_eq!(touched.outcome, TouchOutcome::Ignored);
    assert!(touched.view.browse.live);
    assert_eq!(touched.view.board.selected, None);
    assert!(game.step(3).browse.live);
    assert!(game.show_ply(2).browse.shown == 2 && game.show_live().browse.live);
}

#[test]
fn flip_seating_and_hints() {
    let game = same_phone();
    assert!(!game.view().board.flipped);
    let flipped = game.perform(GameAction::FlipBoard).unwrap();
    let ActionOutcome::Done(view) = flipped else {
        panic!("{flipped:?}")
    };
    assert!(view.board.flipped);
    assert_eq!(view.bottom.side, Side::Black);
    game.perform(GameAction::FlipBoard).unwrap();
    let view = game.set_options(ViewOptions {
        seating: Seating::FollowTurn,
        move_hints: false,
    });
    assert!(!view.board.flipped);
    game.play_text("e4").unwrap();
    assert!(game.view().board.flipped, "Black to move faces the board");
    let touched = game.touch(Touch::Tap(Square::E7));
    assert!(touched.view.board.hints.is_empty(), "hints off");
    let view = game.set_options(ViewOptions {
        seating: Seating::FaceToFace,
        move_hints: true,
    });
    assert!(!view.board.flipped);
    assert_eq!(view.board.rotated_side, Some(Side::Black));
    assert!(view.top.rotated && !view.bottom.rotated);
    assert_eq!(view.board.hints.len(), 2);
}

#[test]
fn the_players_pause_the_clock_and_nobody_moves_meanwhile() {
    let time = ManualTime::new();
    let mut config = GameConfig::new(Mode::SamePhone);
    config.time_control = Some(TimeControl::new(60_000, 0).unwrap());
    let game = LiveGame::start(GameSession::new(config, time.clone()).unwrap()).unwrap();
    game.play_text("e4").unwrap();
    time.advance(1_000);
    let ActionOutcome::Done(view) = game.perform(GameAction::PauseClock).unwrap() else {
        panic!()
    };
    assert!(view.status.clock_paused && !view.board.interactive);
    assert!(
        view.actions
            .menu
            .iter()
            .any(|i| i.action == GameAction::ResumeClock)
    );
    time.advance(30_000);
    assert_eq!(game.clock().unwrap().black.ms, 59_000);
    assert_eq!(game.play_text("e5"), Err(LiveError::ClockPaused));
    assert_eq!(
        game.touch(Touch::Tap(Square::E7)).outcome,
        TouchOutcome::Ignored
    );
    game.perform(GameAction::ResumeClock).unwrap();
    time.advance(1_000);
    assert_eq!(game.clock().unwrap().black.ms, 58_000);
    game.play_text("e5").unwrap();
}

#[test]
fn a_flag_falls_and_low_time_is_told_once() {
    let time = ManualTime::new();
    let mut config = GameConfig::new(Mode::SamePhone);
    config.time_control = Some(TimeControl::new(60_000, 0).unwrap());
    let game = LiveGame::start(GameSession::new(config, time.clone()).unwrap()).unwrap();
    let events = listen(&game);
    game.play_text("e4").unwrap();
    time.advance(50_001);
    game.poll_clock();
    game.poll_clock();
    let low = |e: &EventKind| matches!(e, EventKind::LowTime { .. });
    assert_eq!(
        events_until(&events, low).last(),
        Some(&EventKind::LowTime { side: Side::Black })
    );
    assert!(game.view().bottom.clock.is_some_and(|c| !c.low));
    assert!(game.view().top.clock.is_some_and(|c| c.low));
    time.advance(10_000);
    let view = game.poll_clock();
    assert_eq!(
        view.status.end,
        Some(GameEnd::new(GameResult::WhiteWins, EndReason::Timeout))
    );
    let seen = events_until(&events, is_over);
    assert!(
        !seen.iter().any(low),
        "low time is told once until the time rises again"
    );
    assert_eq!(
        seen.last(),
        Some(&EventKind::GameOver {
            end: GameEnd::new(GameResult::WhiteWins, EndReason::Timeout)
        })
    );
}

#[test]
fn local_rematch_swaps_colours() {
    let game = LiveGame::start(session(
        Mode::Computer {
            human: Color::White,
            level: 1,
        },
        Some("k7/8/8/8/8/8/8/K6R w - - 0 1"),
        None,
    ))
    .unwrap();
    let events = listen(&game);
    assert_eq!(
        game.perform(GameAction::Rematch),
        Err(LiveError::GameNotOver)
    );
    game.perform(GameAction::Resign).unwrap();
    let ActionOutcome::Done(view) = game.perform(GameAction::Rematch).unwrap() else {
        panic!()
    };
    assert_eq!(
        view.mode,
        crate::view::GameMode::Computer {
            human: Side::Black,
            level: 1
        }
    );
    assert!(view.board.flipped, "the player's colour at the bottom");
    // The computer, now White, moves first.
    loop {
        let event = events.recv_timeout(PATIENCE).unwrap();
        if let EventKind::MovePlayed { by, .. } = event.kind {
            assert_eq!(by, Controller::Computer);
            break;
        }
    }
}

#[test]
fn wifi_actions_need_a_link() {
    let game = same_phone();
    assert_eq!(
        game.perform(GameAction::Leave),
        Err(LiveError::NotConnected)
    );
    assert_eq!(
        game.perform(GameAction::OfferDraw),
        Err(LiveError::Game(
            crate::session::GameError::NotAllowedInMode(
                crate::session::ModeRestriction::DrawOfferProtocol
            )
        ))
    );
    assert_eq!(
        LiveGame::start(session(
            Mode::WifiPeer {
                local: Color::White
            },
            None,
            None
        ))
        .err(),
        Some(LiveError::NeedsLink)
    );
}

#[test]
fn a_claim_is_a_button_and_then_a_draw() {
    let game = same_phone();
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        game.play_text(m).unwrap();
    }
    let view = game.view();
    assert_eq!(view.status.claimable, [DrawClaim::ThreefoldRepetition]);
    assert_eq!(view.status.mover, Mover::Colour { side: Side::White });
    let ActionOutcome::Done(view) = game
        .perform(GameAction::ClaimDraw {
            claim: DrawClaim::ThreefoldRepetition,
        })
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(
        view.status.end,
        Some(GameEnd::new(
            GameResult::Draw,
            EndReason::ThreefoldRepetition
        ))
    );
}

#[test]
fn promotion_is_a_prompt_until_answered() {
    let game = LiveGame::start(session(
        Mode::SamePhone,
        Some("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
        None,
    ))
    .unwrap();
    game.touch(Touch::Tap(Square::A7));
    let touched = game.touch(Touch::Tap(Square::B8));
    assert_eq!(
        touched.view.prompt,
        Some(Prompt::Promotion {
            from: Square::A7,
            to: Square::B8
        })
    );
    assert!(touched.view.board.hints.iter().any(|h| h.capture));
    let cancelled = game.touch(Touch::CancelPromotion);
    assert_eq!(cancelled.view.prompt, None);
    game.touch(Touch::Tap(Square::B8));
    let touched = game.touch(Touch::ChoosePromotion(crate::view::PieceKind::Knight));
    assert!(
        matches!(touched.outcome, TouchOutcome::Played { ref played } if played.san == "axb8=N")
    );
    assert_eq!(touched.view.bottom.material.advantage, 3);
}

/// Plays quick games against the computer at level 1 with the listener's
/// events read on another thread: each computer move is announced between
/// a `thinking: true` and a `thinking: false`, no move follows the end,
/// and the moves told are the moves of the game.
#[test]
fn events_arrive_in_order_under_stress() {
    for game_number in 0..12u64 {
        let human = if game_number % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let game = Arc::new(
            LiveGame::start(session(Mode::Computer { human, level: 1 }, None, None)).unwrap(),
        );
        let events = listen(&game);
        let mut thinking = false;
        let mut told = 0usize;
        let mut over = false;
        let mut rng = game_number.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        loop {
            // The player moves whenever it is their turn.
            let mover = game.read(|s| {
                (!s.is_over() && s.controller(s.turn()) == Controller::Local)
                    .then(|| s.position().legal_moves())
            });
            if let Some(moves) = mover {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let m = moves[(rng % moves.len() as u64) as usize];
                let uci = shakmaty::uci::UciMove::from_standard(m).to_string();
                game.play_text(&uci).unwrap();
            }
            let event = match events.recv_timeout(PATIENCE) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => panic!("no event in game {game_number}"),
                Err(RecvTimeoutError::Disconnected) => unreachable!(),
            };
            match event.kind {
                EventKind::ComputerThinking { thinking: now } => {
                    assert_ne!(now, thinking, "thinking told twice");
                    thinking = now;
                }
                EventKind::MovePlayed { by, .. } => {
                    assert!(!over, "a move after the end");
                    if by == Controller::Computer {
                        assert!(thinking, "a computer move while not thinking");
                    }
                    told += 1;
                }
                EventKind::GameOver { .. } => over = true,
                _ => {}
            }
            let plies = game.read(|s| s.moves().len());
            if over && !thinking && told == plies {
                break;
            }
            assert!(plies < 400, "game {game_number} runs on");
        }
        assert_eq!(told, game.view().browse.plies as usize);
    }
}

#[test]
fn the_game_keeps_itself_saved_and_saves_once_more_when_it_stops() {
    let dir = std::env::temp_dir().join(format!("rokada-live-saved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = SaveStore::new(&dir);
    let game = same_phone();
    let events = listen(&game);
    game.keep_saved(&store);
    game.play_text("e4").unwrap();
    events_until(&events, is_move("e4"));
    let saved = || {
        store
            .load(SaveSlot::SamePhone, ManualTime::new())
            .unwrap()
            .map(|s| s.moves_san())
    };
    game.play_text("e5").unwrap();
    // The last save is written as the game stops.
    game.finish();
    assert_eq!(saved(), Some(vec!["e4".to_owned(), "e5".to_owned()]));
    std::fs::remove_dir_all(dir).unwrap();
}
