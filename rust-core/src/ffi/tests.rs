//! The apps' API as Kotlin and Swift call it: constructors, the view, the
//! actions, errors, and a Wi-Fi game between two `Game`s over loopback.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::*;

use crate::clock::TimeControl;
use crate::live::{EventKind, LiveEvent, TouchOutcome};
use crate::net::address::{AddressProblem, DEFAULT_PORT, HostAddress};
use crate::rules::{EndReason, GameEnd, GameResult};
use crate::session::{Controller, IllegalMoveReason};
use crate::view::{
    GameAction, GameMode, LinkState, PeerEvent, PeerRole, PieceKind, PlayerLabel, Prompt, Side,
    Square,
};

/// Guards a test against a broken game: events normally arrive at once.
const PATIENCE: Duration = Duration::from_secs(60);

struct Recorder(Mutex<mpsc::Sender<LiveEvent>>);

impl GameListener for Recorder {
    fn on_event(&self, event: LiveEvent) {
        let _ = self.0.lock().unwrap().send(event);
    }
}

fn listen(game: &Game) -> mpsc::Receiver<LiveEvent> {
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(Recorder(Mutex::new(tx)))));
    rx
}

fn wait_for(rx: &mpsc::Receiver<LiveEvent>, wanted: impl Fn(&EventKind) -> bool) -> EventKind {
    loop {
        let event = rx.recv_timeout(PATIENCE).expect("the event arrives");
        if wanted(&event.kind) {
            return event.kind;
        }
    }
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

fn done(outcome: Result<ActionOutcome, RokadaError>) -> crate::view::GameView {
    match outcome {
        Ok(ActionOutcome::Done { view }) => view,
        other => panic!("{other:?}"),
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
fn a_move_returns_the_whole_view_once() {
    let game = Game::new(setup(GameMode::SamePhone)).unwrap();
    let events = listen(&game);
    let MoveResult::Played { played, view } = game.play(Square::F2, Square::F3, None).unwrap()
    else {
        panic!()
    };
    assert_eq!(played.san, "f3");
    assert_eq!(view, game.view());
    assert_eq!(
        view.board.pieces[Square::F3 as usize].map(|p| p.kind),
        Some(PieceKind::Pawn)
    );
    // The echo of the app's own move carries the revision it already drew.
    let event = events.recv_timeout(PATIENCE).unwrap();
    assert_eq!(event.revision, view.revision);
    assert!(matches!(
        event.kind,
        EventKind::MovePlayed {
            by: Controller::Local,
            ..
        }
    ));
    assert_eq!(
        game.play(Square::D8, Square::D6, None),
        Err(RokadaError::IllegalMove {
            from: Square::D8,
            to: Square::D6,
            reason: IllegalMoveReason::NotLegal
        })
    );
    let touched = game.tap(Square::E7);
    assert!(matches!(touched.outcome, TouchOutcome::Selected { .. }));
    assert_eq!(touched.view.board.hints.len(), 2);
}

#[test]
fn errors_are_typed_and_say_what_was_wrong() {
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
    let error = Game::new(s.clone()).err().unwrap();
    assert_eq!(
        error,
        RokadaError::InvalidTimeControl {
            base_ms: 0,
            increment_ms: 0
        }
    );
    assert!(error.to_string().contains("base above zero"), "{error}");
    s.time_control = None;
    s.start_fen = Some("nonsense".into());
    let error = Game::new(s).err().unwrap();
    assert!(matches!(error, RokadaError::InvalidFen { .. }));
    assert!(error.to_string().contains("\"nonsense\""), "{error}");
    let error = Game::restore("{}".into()).err().unwrap();
    assert!(
        matches!(
            error,
            RokadaError::InvalidSave {
                problem: SaveProblem::Malformed,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("damaged"), "{error}");
    let error = Game::from_pgn("1. e4 e5 2. Ke3".into(), GameMode::SamePhone, 0)
        .err()
        .unwrap();
    assert!(
        matches!(error, RokadaError::InvalidPgn { ply: 3, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("Ke3"), "{error}");
    assert_eq!(
        RokadaError::from(crate::session::GameError::NotYourTurn).to_string(),
        crate::session::GameError::NotYourTurn.to_string()
    );
}

#[test]
fn a_damaged_save_stays_a_save_error_when_hosted() {
    let error = Game::resume_wifi("not a save".into(), Some(0), None)
        .err()
        .unwrap();
    assert!(
        matches!(
            error,
            RokadaError::InvalidSave {
                problem: SaveProblem::Malformed,
                ..
            }
        ),
        "{error:?}"
    );
    let local = Game::new(setup(GameMode::SamePhone)).unwrap().save();
    assert!(matches!(
        Game::resume_wifi(local, Some(0), None).err(),
        Some(RokadaError::InvalidSave {
            problem: SaveProblem::WrongMode,
            ..
        })
    ));
}

#[test]
fn addresses_and_codes_as_typed() {
    assert_eq!(
        parse_host_address("192.168.1.7".into()),
        Ok(HostAddress {
            host: "192.168.1.7".into(),
            port: DEFAULT_PORT
        })
    );
    assert_eq!(
        parse_host_address("192.168.1.7:70000".into()),
        Err(RokadaError::InvalidAddress {
            text: "192.168.1.7:70000".into(),
            problem: AddressProblem::BadPort
        })
    );
    for typed in [
        "192.168.1.7",
        "192.168.1.7:40123",
        "[fe80::1]:40123",
        "phone.local",
    ] {
        let address = parse_host_address(typed.into()).unwrap();
        assert_eq!(
            parse_host_address(host_address_text(address.clone())),
            Ok(address),
            "{typed} shown as it is typed back"
        );
    }
    assert_eq!(
        host_address_text(HostAddress {
            host: "fe80::1".into(),
            port: 41641
        }),
        "[fe80::1]:41641"
    );
    assert_eq!(parse_pairing_code(" 123-456 ".into()), Ok("123456".into()));
    assert_eq!(
        parse_pairing_code("12345".into()),
        Err(RokadaError::InvalidPairingCode {
            code: "12345".into(),
            problem: CodeProblem::TooShort
        })
    );
    assert!(matches!(
        parse_pairing_code("12a456".into()),
        Err(RokadaError::InvalidPairingCode {
            problem: CodeProblem::NotADigit,
            ..
        })
    ));
    assert_eq!(service_name("  ".into()), "Rokada");
    let cyrillic = "Телефонът на Мария Иванова от Пловдив".to_owned();
    let cut = service_name(cyrillic.clone());
    assert!(cut.len() <= 63 && cyrillic.starts_with(&cut) && cut.len() > 50);
    assert_eq!(checked_player_name(" Ada ".into()), Some("Ada".into()));
    assert_eq!(checked_player_name("a\u{202E}b".into()), None);
    assert_eq!(max_player_name_chars(), 40);
    let presets = time_presets();
    assert!(presets.iter().any(|p| p.label == "5+3"));
}

#[test]
fn a_file_of_games_is_listed_and_one_continued_from_any_move() {
    let file = "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
                [White \"Cy\"]\n\n1. d4 *\n";
    let games = pgn_games(file.into()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        (
            games[0].white.as_deref(),
            games[0].plies,
            games[0].result.as_deref()
        ),
        (Some("Ann"), 4, Some("1-0"))
    );
    assert_eq!(games[1].black, None);
    assert!(matches!(
        pgn_games("no game here )".into()),
        Err(RokadaError::InvalidPgn { .. })
    ));
    assert!(matches!(
        Game::from_pgn(file.into(), GameMode::SamePhone, 2),
        Err(RokadaError::InvalidPgn {
            kind: crate::pgn::PgnErrorKind::NoGame,
            ..
        })
    ));
    let game = Game::from_pgn(file.into(), GameMode::SamePhone, 0).unwrap();
    assert!(game.view().status.end.is_some(), "the recorded result");
    let browsed = game.show_ply(2);
    assert!(
        browsed
            .actions
            .menu
            .iter()
            .any(|i| i.action == GameAction::ContinueFromHere && i.confirm)
    );
    let view = done(game.perform(GameAction::ContinueFromHere));
    assert_eq!(view.browse.plies, 2);
    assert_eq!(view.status.end, None);
    assert!(view.board.interactive);
    game.play_text("Bc4".into()).unwrap();
}

#[test]
fn the_flag_falls_by_itself_on_the_clock_thread() {
    let mut s = setup(GameMode::SamePhone);
    s.time_control = Some(TimeControl {
        base_ms: 150,
        increment_ms: 0,
    });
    let game = Game::new(s).unwrap();
    game.play_text("e4".into()).unwrap();
    let caller = std::thread::current().id();
    let (tx, rx) = mpsc::channel();
    game.set_listener(Some(Arc::new(ThreadRecorder(Mutex::new(tx)))));
    let over = loop {
        let (event, thread) = rx.recv_timeout(PATIENCE).expect("the flag falls");
        assert_ne!(thread, caller, "events come from the game's event thread");
        if let EventKind::GameOver { end } = event.kind {
            break end;
        }
    };
    assert_eq!(
        over,
        GameEnd::new(GameResult::WhiteWins, EndReason::Timeout)
    );
}

struct ThreadRecorder(Mutex<mpsc::Sender<(LiveEvent, std::thread::ThreadId)>>);

impl GameListener for ThreadRecorder {
    fn on_event(&self, event: LiveEvent) {
        let _ = self
            .0
            .lock()
            .unwrap()
            .send((event, std::thread::current().id()));
    }
}

#[test]
fn a_listener_may_call_back_into_the_game() {
    struct Reentrant(Mutex<Option<Arc<Game>>>, mpsc::SyncSender<u64>);
    impl GameListener for Reentrant {
        fn on_event(&self, event: LiveEvent) {
            if let Some(game) = self.0.lock().unwrap().as_ref() {
                assert!(game.view().revision >= event.revision);
                let _ = self.1.send(event.revision);
            }
        }
    }
    let game = Game::new(setup(GameMode::SamePhone)).unwrap();
    let (tx, rx) = mpsc::sync_channel(8);
    let listener = Arc::new(Reentrant(Mutex::new(Some(game.clone())), tx));
    game.set_listener(Some(listener.clone()));
    let MoveResult::Played { view, .. } = game.play_text("d4".into()).unwrap() else {
        panic!()
    };
    assert_eq!(rx.recv_timeout(PATIENCE), Ok(view.revision));
    *listener.0.lock().unwrap() = None;
}

#[test]
fn save_restore_and_pgn_through_the_api() {
    let game = Game::new(setup(GameMode::SamePhone)).unwrap();
    game.play_text("e4".into()).unwrap();
    let restored = Game::restore(game.save()).unwrap();
    assert_eq!(restored.view().moves, game.view().moves);
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
    let from_pgn = Game::from_pgn(game.pgn(), GameMode::SamePhone, 0).unwrap();
    assert_eq!(from_pgn.view().moves, game.view().moves);
    assert!(matches!(
        game.perform(GameAction::SharePgn),
        Ok(ActionOutcome::Share { pgn }) if pgn.contains("1. e4")
    ));
    assert_eq!(
        game.perform(GameAction::NewGame),
        Ok(ActionOutcome::NewGame)
    );
    assert_eq!(format_clock(61_000), "1:01");
    assert!(!core_version().is_empty());
}

#[test]
fn the_computer_answers_and_undo_takes_both_back() {
    let game = Game::new(setup(GameMode::Computer {
        human: Side::White,
        level: 1,
    }))
    .unwrap();
    let events = listen(&game);
    game.play_text("e4".into()).unwrap();
    wait_for(&events, |e| {
        matches!(
            e,
            EventKind::MovePlayed {
                by: Controller::Computer,
                ..
            }
        )
    });
    let view = game.view();
    assert!(!view.status.computer_thinking);
    assert_eq!(view.browse.plies, 2);
    game.play_text("Nf3".into()).unwrap();
    wait_for(&events, |e| {
        matches!(
            e,
            EventKind::MovePlayed {
                by: Controller::Computer,
                ..
            }
        )
    });
    let view = done(game.perform(GameAction::Undo));
    assert_eq!(view.browse.plies, 2, "the player's move and the reply");
    assert!(
        !view
            .actions
            .bar
            .iter()
            .any(|i| i.action == GameAction::AgreeDraw)
    );
}

#[test]
fn pause_cancels_the_computers_search() {
    // Out of the book, a top-level search thinks long enough to be paused.
    let mut middlegame = setup(GameMode::Computer {
        human: Side::Black,
        level: 10,
    });
    middlegame.start_fen =
        Some("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8".into());
    let strong = Game::new(middlegame).unwrap();
    let events = listen(&strong);
    strong.pause();
    let view = strong.view();
    if view.browse.plies == 0 {
        assert!(!view.status.computer_thinking);
        strong.resume();
        assert!(strong.view().status.computer_thinking);
    }
    wait_for(&events, |e| {
        matches!(
            e,
            EventKind::MovePlayed {
                by: Controller::Computer,
                ..
            }
        )
    });
    assert_eq!(strong.view().browse.plies, 1);
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
    struct Failing(mpsc::SyncSender<()>);
    impl GameListener for Failing {
        fn on_event(&self, _: LiveEvent) {
            let _ = self.0.send(());
            panic!("the app's listener failed");
        }
    }
    let mut s = setup(GameMode::SamePhone);
    s.start_fen = Some("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1".into());
    let game = Game::new(s).unwrap();
    let (tx, rx) = mpsc::sync_channel(8);
    game.set_listener(Some(Arc::new(Failing(tx))));
    let MoveResult::Played { played, view } = game.play_text("Qb8#".into()).unwrap() else {
        panic!()
    };
    assert_eq!(played.san, "Qb8#");
    assert!(view.status.end.is_some());
    for _ in 0..2 {
        rx.recv_timeout(PATIENCE)
            .expect("the move and the game over");
    }
}

#[test]
fn a_wifi_game_between_two_games_over_loopback() {
    let host =
        Game::host_wifi(SideChoice::White, None, Some(0), Some("Ada's phone".into())).unwrap();
    let host_events = listen(&host);
    let peer = host.view().peer.expect("a Wi-Fi game has a peer status");
    assert_eq!((peer.role, peer.link), (PeerRole::Host, LinkState::Pairing));
    assert!(!peer.started);
    assert_eq!(
        host.play_text("e4".into()),
        Err(RokadaError::NotStarted),
        "no moves before pairing"
    );
    assert_eq!(host.tap(Square::E2).outcome, TouchOutcome::Ignored);
    let code = peer.code.expect("the host shows a code");
    assert_eq!(code.len(), 6);
    let port = peer.port.expect("the host tells its port");
    let address = HostAddress {
        host: "127.0.0.1".into(),
        port,
    };
    assert!(matches!(
        Game::join_wifi(address.clone(), "12".into(), None).err(),
        Some(RokadaError::InvalidPairingCode { .. })
    ));
    let joiner = Game::join_wifi(address, code, Some("\u{202E}evil".into())).unwrap();
    let joiner_events = listen(&joiner);
    let started = |e: &EventKind| {
        matches!(
            e,
            EventKind::Peer {
                event: PeerEvent::GameStarted { .. }
            }
        )
    };
    wait_for(&joiner_events, started);
    wait_for(&host_events, started);
    assert_eq!(
        joiner.view().mode,
        GameMode::WifiPeer { local: Side::Black }
    );
    assert_eq!(joiner.play_text("e5".into()), Err(RokadaError::NotYourTurn));

    assert!(matches!(
        host.tap(Square::E2).outcome,
        TouchOutcome::Selected { .. }
    ));
    assert!(matches!(
        host.tap(Square::E4).outcome,
        TouchOutcome::Played { .. }
    ));
    let remote_move = |e: &EventKind| {
        matches!(
            e,
            EventKind::MovePlayed {
                by: Controller::Remote,
                ..
            }
        )
    };
    wait_for(&joiner_events, remote_move);
    assert_eq!(joiner.view().browse.plies, 1);
    joiner.play_text("e5".into()).unwrap();
    wait_for(&host_events, remote_move);
    assert_eq!(host.view().browse.plies, 2);
    assert!(
        host.perform(GameAction::Undo).is_err(),
        "no undo over Wi-Fi"
    );

    done(host.perform(GameAction::OfferDraw));
    wait_for(&joiner_events, |e| {
        matches!(e, EventKind::DrawOffered { by: Side::White })
    });
    assert_eq!(
        joiner.view().prompt,
        Some(Prompt::DrawOffered { by: Side::White })
    );
    done(joiner.perform(GameAction::DeclineDraw));
    wait_for(&host_events, |e| {
        matches!(e, EventKind::DrawDeclined { .. })
    });

    done(joiner.perform(GameAction::Resign));
    let over = wait_for(&host_events, |e| matches!(e, EventKind::GameOver { .. }));
    assert_eq!(
        over,
        EventKind::GameOver {
            end: GameEnd::new(GameResult::WhiteWins, EndReason::Resignation)
        }
    );
    wait_for(&joiner_events, |e| matches!(e, EventKind::GameOver { .. }));
    assert_eq!(joiner.view().status.end, host.view().status.end);

    done(joiner.perform(GameAction::Rematch));
    wait_for(&host_events, |e| {
        matches!(
            e,
            EventKind::Peer {
                event: PeerEvent::RematchOffered { by: Side::Black }
            }
        )
    });
    assert_eq!(
        host.view().prompt,
        Some(Prompt::RematchOffered { by: Side::Black })
    );
    done(host.perform(GameAction::Rematch));
    wait_for(&joiner_events, started);
    assert_eq!(
        joiner.view().mode,
        GameMode::WifiPeer { local: Side::White }
    );

    done(joiner.perform(GameAction::Leave));
    wait_for(&host_events, |e| {
        matches!(
            e,
            EventKind::Peer {
                event: PeerEvent::PeerLeft
            }
        )
    });
    assert_eq!(
        Game::new(setup(GameMode::WifiPeer { local: Side::White })).err(),
        Some(RokadaError::NotConnected)
    );
}

#[test]
fn a_stopped_game_has_written_its_last_save_and_writes_no_more() {
    let dir = std::env::temp_dir().join(format!("rokada-ffi-stop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = SaveStore::new(dir.to_string_lossy().into_owned());
    let old = Game::new(setup(GameMode::SamePhone)).unwrap();
    old.keep_saved(store.clone());
    old.play_text("e4".into()).unwrap();
    old.stop();
    assert_eq!(
        store.saved()[0].plies,
        1,
        "the last save is written on return"
    );
    assert!(
        old.view().status.end.is_none(),
        "a stopped game can be read"
    );

    // A new game in the same slot replaces it; the old one stays silent.
    let new = Game::new(setup(GameMode::SamePhone)).unwrap();
    new.keep_saved(store.clone());
    new.play_text("d4".into()).unwrap();
    new.play_text("d5".into()).unwrap();
    new.stop();
    drop(old);
    let saved = store.saved();
    assert_eq!((saved.len(), saved[0].plies), (1, 2));
    let restored = store
        .resume(crate::store::SaveSlot::SamePhone, None)
        .unwrap()
        .unwrap();
    assert_eq!(restored.view().moves[0].white.as_ref().unwrap().san, "d4");
    // A resumed game keeps itself saved from its own thread until stopped.
    restored.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_device_hears_of_the_others_name() {
    let host =
        Game::host_wifi(SideChoice::White, None, Some(0), Some("Ada's phone".into())).unwrap();
    let host_events = listen(&host);
    let peer = host.view().peer.unwrap();
    let address = HostAddress {
        host: "127.0.0.1".into(),
        port: peer.port.unwrap(),
    };
    let joiner = Game::join_wifi(address, peer.code.unwrap(), Some(" Bo ".into())).unwrap();
    let joiner_events = listen(&joiner);
    // The name comes after the game began: the host's screen is told, so
    // that it draws the player bar again.
    wait_for(&host_events, |e| {
        matches!(
            e,
            EventKind::Peer {
                event: PeerEvent::PlayerNamed { side: Side::Black }
            }
        )
    });
    assert_eq!(
        host.view().top.label,
        PlayerLabel::Peer {
            name: Some("Bo".into())
        }
    );
    wait_for(&joiner_events, |e| {
        matches!(
            e,
            EventKind::Peer {
                event: PeerEvent::GameStarted { .. }
            }
        )
    });
    assert_eq!(
        joiner.view().top.label,
        PlayerLabel::Peer {
            name: Some("Ada's phone".into())
        },
        "the host's name comes with its game"
    );
}

#[test]
fn the_apps_language_comes_from_the_devices_list() {
    use crate::text::Language;
    assert_eq!(languages(), Language::ALL);
    assert_eq!(
        preferred_language(vec!["fr-FR".into(), "nb-NO".into(), "en".into()]),
        Language::NorwegianBokmal
    );
    assert_eq!(preferred_language(vec!["iw_IL".into()]), Language::Hebrew);
    assert_eq!(preferred_language(vec!["fr".into()]), Language::English);
    assert_eq!(preferred_language(Vec::new()), Language::English);
    assert_eq!(
        languages()
            .into_iter()
            .map(language_code)
            .collect::<Vec<_>>(),
        ["en", "he", "nb", "pl", "bg"]
    );
    assert!(is_right_to_left(Language::Hebrew));
    assert!(!is_right_to_left(Language::Bulgarian));
}

#[test]
fn only_the_player_at_this_device_is_played_here() {
    use crate::view::Side;
    for side in [Side::White, Side::Black] {
        assert!(is_played_here(GameMode::SamePhone, side));
    }
    let computer = GameMode::Computer {
        human: Side::Black,
        level: 3,
    };
    assert!(is_played_here(computer, Side::Black));
    assert!(!is_played_here(computer, Side::White));
    let wifi = GameMode::WifiPeer { local: Side::White };
    assert!(is_played_here(wifi, Side::White));
    assert!(!is_played_here(wifi, Side::Black));
}
