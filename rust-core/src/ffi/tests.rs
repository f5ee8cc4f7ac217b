use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::*;

use crate::actions::GameAction;
use crate::clock::TimeControl;
use crate::rules::{DrawClaim, EndReason, GameEnd, GameResult};
use crate::session::{Controller, IllegalMoveReason};

struct Recorder(Mutex<mpsc::Sender<GameEvent>>);

impl GameListener for Recorder {
    fn on_event(&self, event: GameEvent) {
        let _ = self.0.lock().unwrap().send(event);
    }
}

fn listen(game: &Game) -> mpsc::Receiver<GameEvent> {
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(Recorder(Mutex::new(tx)))));
    rx
}

fn setup(mode: GameMode) -> GameSetup {
    GameSetup {
        mode,
        start_fen: None,
        time_control: None,
        white_name: None,
        black_name: None,
    }
}

#[test]
fn squares_map_one_to_one_and_the_board_never_mirrors() {
    for (i, &sq) in Square::ALL.iter().enumerate() {
        assert_eq!(usize::from(shakmaty::Square::from(sq)), i);
        assert_eq!(Square::from(shakmaty::Square::from(sq)), sq);
        for flipped in [false, true] {
            let cell = screen_cell(sq, flipped);
            assert_eq!(square_at_cell(cell.column, cell.row, flipped), Some(sq));
        }
    }
    assert_eq!(
        screen_cell(Square::A1, false),
        ScreenCell { column: 0, row: 7 }
    );
    assert_eq!(
        screen_cell(Square::H1, true),
        ScreenCell { column: 0, row: 0 },
        "flipped: h1 top left"
    );
    assert_eq!(square_at_cell(8, 0, false), None);
    assert_eq!(square_name(Square::E4), "e4");
    assert_eq!(parse_square("e4".into()), Some(Square::E4));
    assert_eq!(parse_square("i9".into()), None);
    assert!(is_light_square(Square::H1) && !is_light_square(Square::A1));
}

#[test]
fn a_game_through_the_api_with_events() {
    let game = Game::new(setup(GameMode::SamePhone)).unwrap();
    let events = listen(&game);
    assert_eq!(
        game.board()[usize::from(shakmaty::Square::E1)],
        Some(Piece {
            side: Side::White,
            kind: PieceKind::King
        })
    );
    assert_eq!(
        game.legal_destinations(Square::G1),
        vec![Square::F3, Square::H3]
    );
    let played = game.play(Square::F2, Square::F3, None).unwrap();
    assert!(matches!(played, MoveResult::Played { ref played } if played.san == "f3"));
    assert_eq!(
        events.try_recv().unwrap(),
        GameEvent::MovePlayed {
            played: game_move(&game, 0),
            by: Controller::Local
        }
    );
    game.play_text("e5".into()).unwrap();
    game.play_text("g4".into()).unwrap();
    assert_eq!(
        game.play(Square::D8, Square::D6, None),
        Err(RokadaError::IllegalMove {
            from: Square::D8,
            to: Square::D6,
            reason: IllegalMoveReason::NotLegal
        })
    );
    game.play_text("Qh4#".into()).unwrap();
    let received: Vec<GameEvent> = events.try_iter().collect();
    assert_eq!(
        received.last(),
        Some(&GameEvent::GameOver {
            end: GameEnd::new(GameResult::BlackWins, EndReason::Checkmate)
        })
    );
    let state = game.state();
    assert_eq!(state.checked_king, Some(Square::E1));
    assert_eq!(
        state.last_move,
        Some(SquarePair {
            from: Square::D8,
            to: Square::H4
        })
    );
    assert_eq!(state.moves, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        state.actions,
        [
            GameAction::Undo,
            GameAction::FlipBoard,
            GameAction::SharePgn,
            GameAction::NewGame
        ]
    );
    assert_eq!(game.play_text("a3".into()), Err(RokadaError::GameOver));
}

fn game_move(game: &Game, i: usize) -> MoveInfo {
    let save = game.save();
    let session =
        crate::session::GameSession::restore(&save, crate::clock::ManualTime::new()).unwrap();
    (&session.moves()[i]).into()
}

#[test]
fn touch_promotion_and_captures_through_the_api() {
    let mut s = setup(GameMode::SamePhone);
    s.start_fen = Some("1n2k3/P7/8/8/8/8/p7/4K3 w - - 0 1".into());
    let game = Game::new(s).unwrap();
    assert_eq!(
        game.tap(Square::A7),
        InputResult::Selected {
            square: Square::A7,
            hints: vec![Square::A8, Square::B8]
        }
    );
    assert_eq!(game.state().hints, vec![Square::A8, Square::B8]);
    assert_eq!(
        game.tap(Square::B8),
        InputResult::PromotionNeeded {
            from: Square::A7,
            to: Square::B8
        }
    );
    assert_eq!(
        game.state().pending_promotion,
        Some(SquarePair {
            from: Square::A7,
            to: Square::B8
        })
    );
    let InputResult::Played { played } = game.choose_promotion(PieceKind::Knight) else {
        panic!()
    };
    assert_eq!(played.san, "axb8=N");
    assert_eq!(game.state().captured_by_white, vec![PieceKind::Knight]);
    assert_eq!(
        game.drop_piece(Square::E8, Square::E6),
        InputResult::Rejected {
            from: Square::E8,
            to: Square::E6,
            reason: IllegalMoveReason::NotLegal
        }
    );
}

#[test]
fn errors_are_typed() {
    let mut s = setup(GameMode::Computer {
        human: Side::White,
        level: 0,
    });
    assert_eq!(
        Game::new(s.clone()).err(),
        Some(RokadaError::InvalidLevel { level: 0 })
    );
    s.mode = GameMode::SamePhone;
    s.time_control = Some(TimeControl {
        base_ms: 0,
        increment_ms: 0,
    });
    assert_eq!(
        Game::new(s.clone()).err(),
        Some(RokadaError::InvalidTimeControl {
            base_ms: 0,
            increment_ms: 0
        })
    );
    s.time_control = None;
    s.start_fen = Some("nonsense".into());
    assert!(matches!(
        Game::new(s).err(),
        Some(RokadaError::InvalidFen { .. })
    ));
    assert!(matches!(
        Game::restore("{}".into()).err(),
        Some(RokadaError::InvalidSave {
            problem: SaveProblem::Malformed,
            ..
        })
    ));
    assert!(matches!(
        Game::from_pgn("1. e4 e5 2. Ke3".into(), GameMode::SamePhone).err(),
        Some(RokadaError::InvalidPgn { ply: 3, .. })
    ));
    let game = Game::new(setup(GameMode::Computer {
        human: Side::White,
        level: 3,
    }))
    .unwrap();
    assert_eq!(
        game.agree_draw(),
        Err(RokadaError::NotAllowedInMode {
            restriction: crate::session::ModeRestriction::Agreement
        })
    );
    assert_eq!(
        game.claim_draw(DrawClaim::FiftyMoveRule),
        Err(RokadaError::DrawNotClaimable {
            claim: DrawClaim::FiftyMoveRule
        })
    );
}

#[test]
fn the_flag_falls_by_itself_and_the_event_comes_from_the_clock_thread() {
    let mut s = setup(GameMode::SamePhone);
    s.time_control = Some(TimeControl {
        base_ms: 150,
        increment_ms: 0,
    });
    let game = Game::new(s).unwrap();
    let events = listen(&game);
    game.play_text("e4".into()).unwrap();
    let caller = std::thread::current().id();
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(ThreadRecorder(Mutex::new(tx)))));
    drop(events);
    let (event, thread) = rx.recv_timeout(Duration::from_secs(5)).expect("flag event");
    assert_eq!(
        event,
        GameEvent::ClockChanged {
            clock: game.state().clock.unwrap()
        }
    );
    let (event, _) = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    assert_eq!(
        event,
        GameEvent::GameOver {
            end: GameEnd::new(GameResult::WhiteWins, EndReason::Timeout)
        }
    );
    assert_ne!(thread, caller);
}

struct ThreadRecorder(Mutex<mpsc::Sender<(GameEvent, std::thread::ThreadId)>>);

impl GameListener for ThreadRecorder {
    fn on_event(&self, event: GameEvent) {
        let _ = self
            .0
            .lock()
            .unwrap()
            .send((event, std::thread::current().id()));
    }
}

#[test]
fn a_listener_may_call_back_into_the_game() {
    struct Reentrant(Mutex<Option<Arc<Game>>>, Mutex<Vec<String>>);
    impl GameListener for Reentrant {
        fn on_event(&self, _: GameEvent) {
            if let Some(game) = self.0.lock().unwrap().as_ref() {
                self.1.lock().unwrap().push(game.state().fen);
            }
        }
    }
    let game = Game::new(setup(GameMode::SamePhone)).unwrap();
    let listener = Arc::new(Reentrant(
        Mutex::new(Some(game.clone())),
        Mutex::new(Vec::new()),
    ));
    game.set_listener(Some(listener.clone()));
    game.play_text("d4".into()).unwrap();
    assert_eq!(listener.1.lock().unwrap().len(), 1);
    *listener.0.lock().unwrap() = None;
}

#[test]
fn save_restore_and_pgn_through_the_api() {
    let game = Game::new(setup(GameMode::SamePhone)).unwrap();
    game.play_text("e4".into()).unwrap();
    game.tap(Square::E7);
    let restored = Game::restore(game.save()).unwrap();
    restored.tap(Square::E7);
    assert_eq!(restored.state(), game.state());
    let wifi = crate::session::GameSession::new(
        crate::session::GameConfig::new(crate::session::Mode::WifiPeer {
            local: shakmaty::Color::White,
        }),
        crate::clock::ManualTime::new(),
    )
    .unwrap();
    assert_eq!(
        Game::restore(wifi.save()).err(),
        Some(RokadaError::NotConnected),
        "a Wi-Fi game resumes with its link"
    );
    let from_pgn = Game::from_pgn(game.pgn(), GameMode::SamePhone).unwrap();
    assert_eq!(from_pgn.state().moves, ["e4"]);
    assert_eq!(format_clock(61_000), "1:01");
    assert!(!core_version().is_empty());
}

fn wait_for(rx: &mpsc::Receiver<GameEvent>, wanted: impl Fn(&GameEvent) -> bool) -> GameEvent {
    loop {
        let event = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("event in time");
        if wanted(&event) {
            return event;
        }
    }
}

#[test]
fn the_computer_answers_on_its_own_thread_and_undo_takes_both_back() {
    let game = Game::new(setup(GameMode::Computer {
        human: Side::White,
        level: 1,
    }))
    .unwrap();
    let events = listen(&game);
    assert!(!game.state().computer_thinking);
    game.play_text("e4".into()).unwrap();
    let reply = wait_for(&events, |e| {
        matches!(
            e,
            GameEvent::MovePlayed {
                by: Controller::Computer,
                ..
            }
        )
    });
    let GameEvent::MovePlayed { played, .. } = reply else {
        unreachable!()
    };
    assert_eq!(played.side, Side::Black);
    assert!(!game.state().computer_thinking);
    assert_eq!(game.state().moves.len(), 2);
    game.play_text("Nf3".into()).unwrap();
    wait_for(&events, |e| {
        matches!(
            e,
            GameEvent::MovePlayed {
                by: Controller::Computer,
                ..
            }
        )
    });
    game.undo().unwrap();
    assert_eq!(
        game.state().moves.len(),
        2,
        "the player's move and the reply"
    );
    assert!(!game.state().actions.contains(&GameAction::AgreeDraw));
}

#[test]
fn the_computer_opens_as_white_and_pause_cancels_its_search() {
    let game = Game::new(setup(GameMode::Computer {
        human: Side::Black,
        level: 2,
    }))
    .unwrap();
    let events = listen(&game);
    let state = game.state();
    if state.moves.is_empty() {
        assert!(state.computer_thinking);
        wait_for(&events, |e| {
            matches!(
                e,
                GameEvent::MovePlayed {
                    by: Controller::Computer,
                    ..
                }
            )
        });
    }
    assert_eq!(game.state().moves.len(), 1);
    assert_eq!(game.undo(), Err(RokadaError::NothingToUndo));

    // Out of the book, a top-level search thinks long enough to be paused.
    let mut middlegame = setup(GameMode::Computer {
        human: Side::Black,
        level: 10,
    });
    middlegame.start_fen =
        Some("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8".into());
    let strong = Game::new(middlegame).unwrap();
    let events = listen(&strong);
    assert!(strong.state().computer_thinking);
    strong.pause();
    assert_eq!(
        wait_for(&events, |e| *e
            == GameEvent::ComputerThinking { thinking: false }),
        GameEvent::ComputerThinking { thinking: false }
    );
    let state = strong.state();
    assert!(!state.computer_thinking);
    assert!(state.moves.is_empty(), "a cancelled search plays nothing");
    strong.resume();
    assert!(strong.state().computer_thinking);
    wait_for(&events, |e| {
        matches!(
            e,
            GameEvent::MovePlayed {
                by: Controller::Computer,
                ..
            }
        )
    });
    assert_eq!(strong.state().moves.len(), 1);
    let levels = computer_levels();
    assert_eq!(levels.len(), 10);
    assert_eq!(
        (levels[0].target_rating, levels[9].target_rating),
        (600, 2400)
    );
}

#[test]
fn rules_diagrams_come_ready_to_draw() {
    let diagrams = rules_diagrams();
    assert_eq!(diagrams.len(), crate::rules_page::diagrams().len());
    for d in &diagrams {
        assert_eq!(d.board.len(), 64, "{}", d.id);
        let kings = d
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind == PieceKind::King)
            .count();
        assert_eq!(kings, 2, "{}", d.id);
    }
    assert!(diagrams.iter().any(|d| !d.marked.is_empty()));
}

#[test]
fn a_failing_listener_neither_fails_the_move_nor_stops_later_events() {
    struct Failing(Mutex<usize>);
    impl GameListener for Failing {
        fn on_event(&self, _: GameEvent) {
            *self.0.lock().unwrap() += 1;
            panic!("the app's listener failed");
        }
    }
    let mut s = setup(GameMode::SamePhone);
    s.start_fen = Some("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1".into());
    let game = Game::new(s).unwrap();
    let listener = Arc::new(Failing(Mutex::new(0)));
    game.set_listener(Some(listener.clone()));
    let played = game.play_text("Qb8#".into()).unwrap();
    assert_eq!(played.san, "Qb8#");
    assert!(game.state().end.is_some());
    assert_eq!(*listener.0.lock().unwrap(), 2, "the move and the game over");
}

#[test]
fn a_wifi_game_between_two_games_over_loopback() {
    let host = Game::host_wifi(SideChoice::White, None, 0).unwrap();
    let host_events = listen(&host);
    let peer = host.state().peer.expect("a Wi-Fi game has a peer status");
    assert_eq!((peer.role, peer.link), (PeerRole::Host, LinkState::Pairing));
    assert!(!peer.started);
    assert_eq!(
        host.play_text("e4".into()),
        Err(RokadaError::NotConnected),
        "no moves before pairing"
    );
    assert_eq!(host.tap(Square::E2), InputResult::Ignored);
    let code = peer.code.expect("the host shows a code");
    assert_eq!(code.len(), 6);
    let port = peer.port.expect("the host tells its port");
    assert!(matches!(
        Game::join_wifi("127.0.0.1".into(), port, "12".into()).err(),
        Some(RokadaError::InvalidPairingCode { .. })
    ));
    let joiner = Game::join_wifi("127.0.0.1".into(), port, code).unwrap();
    let joiner_events = listen(&joiner);
    wait_for(&joiner_events, |e| {
        matches!(
            e,
            GameEvent::Peer {
                event: PeerEvent::GameStarted { .. }
            }
        )
    });
    wait_for(&host_events, |e| {
        matches!(
            e,
            GameEvent::Peer {
                event: PeerEvent::GameStarted { .. }
            }
        )
    });
    assert_eq!(
        joiner.state().mode,
        GameMode::WifiPeer { local: Side::Black }
    );
    assert_eq!(joiner.play_text("e5".into()), Err(RokadaError::NotYourTurn));

    let InputResult::Selected { .. } = host.tap(Square::E2) else {
        panic!("select e2")
    };
    assert!(matches!(host.tap(Square::E4), InputResult::Played { .. }));
    wait_for(&joiner_events, |e| {
        matches!(
            e,
            GameEvent::MovePlayed {
                by: Controller::Remote,
                ..
            }
        )
    });
    assert_eq!(joiner.state().moves, ["e4"]);
    joiner.play_text("e5".into()).unwrap();
    wait_for(&host_events, |e| {
        matches!(
            e,
            GameEvent::MovePlayed {
                by: Controller::Remote,
                ..
            }
        )
    });
    assert_eq!(host.state().moves, ["e4", "e5"]);
    assert!(host.undo().is_err(), "no undo over Wi-Fi");

    host.offer_draw().unwrap();
    wait_for(&joiner_events, |e| {
        matches!(e, GameEvent::DrawOffered { by: Side::White })
    });
    assert!(joiner.state().actions.contains(&GameAction::AcceptDraw));
    joiner.decline_draw().unwrap();
    wait_for(&host_events, |e| {
        matches!(e, GameEvent::DrawDeclined { .. })
    });

    joiner.resign().unwrap();
    let over = wait_for(&host_events, |e| matches!(e, GameEvent::GameOver { .. }));
    assert_eq!(
        over,
        GameEvent::GameOver {
            end: GameEnd::new(GameResult::WhiteWins, EndReason::Resignation)
        }
    );
    assert_eq!(joiner.state().end, host.state().end);
    joiner.leave().unwrap();
    wait_for(&host_events, |e| {
        matches!(
            e,
            GameEvent::Peer {
                event: PeerEvent::PeerLeft | PeerEvent::Closed
            }
        )
    });
    assert_eq!(
        Game::new(setup(GameMode::WifiPeer { local: Side::White })).err(),
        Some(RokadaError::NotConnected)
    );
}
