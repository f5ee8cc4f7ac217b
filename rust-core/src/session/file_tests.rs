//! Saving and restoring a session, and PGN in and out.

use std::sync::Arc;

use shakmaty::Color;

use super::*;
use crate::clock::ManualTime;
use crate::pgn::{RecordedResult, parse_games};

fn session(mode: Mode) -> GameSession {
    GameSession::new(GameConfig::new(mode), ManualTime::new()).unwrap()
}

fn from_fen(fen: &str) -> GameSession {
    let mut config = GameConfig::new(Mode::SamePhone);
    config.start_fen = Some(fen.to_owned());
    GameSession::new(config, ManualTime::new()).unwrap()
}

fn timed(mode: Mode, control: &str) -> (GameSession, Arc<ManualTime>) {
    let time = ManualTime::new();
    let mut config = GameConfig::new(mode);
    config.time_control = Some(control.parse().unwrap());
    (GameSession::new(config, time.clone()).unwrap(), time)
}

fn play(session: &mut GameSession, moves: &str) {
    for m in moves.split_whitespace() {
        session.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

const KNIGHTS_OUT_AND_BACK: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn save_and_restore_keep_everything() {
    let (mut game, time) = timed(Mode::SamePhone, "3+2");
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    time.advance(7_000);
    play(&mut game, "Nf3 Nf6 Ng1");
    time.advance(1_500);
    play(&mut game, "Ng8 e4 e5");
    game.undo().unwrap();
    game.undo().unwrap();
    time.advance(2_000);
    let saved = game.save();

    let later = ManualTime::new();
    later.advance(1_000_000);
    let restored = GameSession::restore(&saved, later.clone()).unwrap();
    assert_eq!(restored.fen(), game.fen());
    assert_eq!(restored.moves_san(), game.moves_san());
    assert_eq!(
        restored.occurrences(),
        game.occurrences(),
        "repetition history survives"
    );
    assert_eq!(
        restored.claimable_draws(),
        vec![DrawClaim::ThreefoldRepetition]
    );
    assert_eq!(
        restored.clock(),
        game.clock(),
        "the clock resumes where it was"
    );
    assert_eq!(restored.date(), game.date());
    assert!(restored.can_redo());
    assert_eq!(restored.save(), saved);
    later.advance(10_000);
    assert_eq!(
        restored.clock().unwrap().white_ms,
        game.clock().unwrap().white_ms - 10_000
    );
}

#[test]
fn save_of_a_finished_game_restores_finished() {
    let mut game = session(Mode::WifiPeer {
        local: Color::White,
    });
    play(&mut game, "e4");
    game.offer_draw(Controller::Local).unwrap();
    let pending = GameSession::restore(&game.save(), ManualTime::new()).unwrap();
    assert_eq!(pending.draw_offer(), Some(Color::White));
    game.resign(Controller::Local, Color::White).unwrap();
    let restored = GameSession::restore(&game.save(), ManualTime::new()).unwrap();
    assert_eq!(restored.end(), game.end());

    let (mut flagged, time) = timed(Mode::SamePhone, "1+0");
    play(&mut flagged, "e4");
    time.advance(60_000);
    flagged.poll_clock();
    let restored = GameSession::restore(&flagged.save(), ManualTime::new()).unwrap();
    assert_eq!(
        restored.end(),
        Some(GameEnd::new(GameResult::WhiteWins, EndReason::Timeout))
    );
}

#[test]
fn damaged_or_edited_save_files_are_refused() {
    let mut game = session(Mode::SamePhone);
    play(&mut game, "e4 e5 Nf3");
    let saved = game.save();
    let restore = |text: &str| GameSession::restore(text, ManualTime::new()).err();
    assert!(matches!(restore("not json"), Some(SaveError::Malformed(_))));
    assert!(matches!(restore("{}"), Some(SaveError::Malformed(_))));
    assert_eq!(
        restore(&saved.replace("rokada-game", "other")),
        Some(SaveError::NotASaveFile)
    );
    assert_eq!(
        restore(&saved.replace("\"version\":2", "\"version\":9")),
        Some(SaveError::UnsupportedVersion(9))
    );
    assert_eq!(
        restore(&saved.replace("g1f3", "g1g3")),
        Some(SaveError::IllegalMove {
            ply: 3,
            text: "g1g3".into()
        })
    );
    let resigned_as_draw = saved.replace(
        "\"end\":null",
        "\"end\":{\"result\":\"draw\",\"reason\":\"resignation\"}",
    );
    assert_eq!(restore(&resigned_as_draw), Some(SaveError::InconsistentEnd));
    let fake_mate = saved.replace(
        "\"end\":null",
        "\"end\":{\"result\":\"white_wins\",\"reason\":\"checkmate\"}",
    );
    assert_eq!(restore(&fake_mate), Some(SaveError::InconsistentEnd));
    let fake_claim = saved.replace(
        "\"end\":null",
        "\"end\":{\"result\":\"draw\",\"reason\":\"threefold_repetition\"}",
    );
    assert_eq!(restore(&fake_claim), Some(SaveError::InconsistentEnd));
    let offer_on_one_phone = saved.replace("\"draw_offer\":null", "\"draw_offer\":\"white\"");
    assert_eq!(
        restore(&offer_on_one_phone),
        Some(SaveError::InconsistentOffer)
    );
    let bad_fen = saved.replace(
        "\"start_fen\":null",
        "\"start_fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\"",
    );
    assert!(matches!(
        restore(&bad_fen),
        Some(SaveError::BadSetup(GameError::InvalidFen { .. }))
    ));
    let clock_without_control = saved.replace(
        "\"clock\":null",
        "\"clock\":{\"control\":{\"base_ms\":60000,\"increment_ms\":0},\"white_ms\":1,\"black_ms\":1,\"running\":\"black\"}",
    );
    assert_eq!(
        restore(&clock_without_control),
        Some(SaveError::InconsistentClock)
    );
    assert_eq!(game.save(), saved);
}

#[test]
fn pgn_export_has_the_roster_and_what_the_game_needs() {
    let (mut game, time) = timed(
        Mode::Computer {
            human: Color::Black,
            level: 4,
        },
        "5+3",
    );
    game.play_text_as(Controller::Computer, "e4").unwrap();
    time.advance(12_000);
    play(&mut game, "c5");
    game.resign(Controller::Local, Color::Black).unwrap();
    let pgn = game.to_pgn();
    let tags: Vec<&str> = pgn.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        tags[..7],
        [
            "[Event \"Casual game\"]",
            "[Site \"Rokada\"]",
            &format!("[Date \"{}\"]", game.date()),
            "[Round \"-\"]",
            "[White \"Rokada level 4\"]",
            "[Black \"Black\"]",
            "[Result \"1-0\"]",
        ]
    );
    assert!(tags.contains(&"[Termination \"normal\"]"));
    assert!(tags.contains(&"[TimeControl \"300+3\"]"));
    assert!(!pgn.contains("[FEN"));
    assert!(
        pgn.contains("1. e4 {[%clk 0:05:00]} c5 {[%clk 0:04:51]} 1-0"),
        "{pgn}"
    );

    let mut custom = from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30");
    play(&mut custom, "Kd7 e4");
    let pgn = custom.to_pgn();
    assert!(
        pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("30... Kd7 31. e4 *"), "{pgn}");
}

#[test]
fn pgn_import_skips_comments_nags_and_variations_and_reads_several_games() {
    let text = r#"
[Event "First"]
[White "A \"quoted\" name"]
[Result "1-0"]

% an escaped line
1. e4 {a comment (with parentheses)} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5) 3. Nf3) Nc6 ; rest of line
3. Bb5 a6 1-0

[Event "Second"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]

30... Kd7 31. e4 *
"#;
    let games = parse_games(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("A \"quoted\" name"));
    let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    let first = GameSession::from_pgn(
        &games[0],
        Mode::SamePhone,
        RecordedResult::Apply,
        ManualTime::new(),
    )
    .unwrap();
    assert_eq!(
        first.end(),
        Some(GameEnd::new(GameResult::WhiteWins, EndReason::Resignation))
    );
    assert_eq!(
        first.config().white_name.as_deref(),
        Some("A \"quoted\" name")
    );
    let second = GameSession::from_pgn(
        &games[1],
        Mode::SamePhone,
        RecordedResult::Ignore,
        ManualTime::new(),
    )
    .unwrap();
    assert_eq!(second.fen(), "8/3k4/8/8/4P3/8/8/4K3 b - - 0 31");
    assert!(!second.is_over());

    // Round trip through our own writer.
    let again = parse_games(&first.to_pgn()).unwrap();
    let back = GameSession::from_pgn(
        &again[0],
        Mode::SamePhone,
        RecordedResult::Apply,
        ManualTime::new(),
    )
    .unwrap();
    assert_eq!(back.moves_san(), first.moves_san());
    assert_eq!(back.end(), first.end());
}

#[test]
fn pgn_errors_name_the_half_move_and_the_text() {
    let error = |text: &str| {
        let games = parse_games(text)?;
        GameSession::from_pgn(
            &games[0],
            Mode::SamePhone,
            RecordedResult::Ignore,
            ManualTime::new(),
        )
        .map(drop)
    };
    let e = error("1. e4 e5 2. Ke3 *").unwrap_err();
    assert_eq!(
        (e.kind, e.ply, e.text.as_str()),
        (crate::pgn::PgnErrorKind::IllegalMove, 3, "Ke3")
    );
    let e = error("1. f3 e5 2. g4 Qh4# 3. a3").unwrap_err();
    assert_eq!((e.kind, e.ply), (crate::pgn::PgnErrorKind::MoveAfterEnd, 5));
    let e = error("[FEN \"8/8/8 w - - 0 1\"]\n1. e4").unwrap_err();
    assert_eq!(e.kind, crate::pgn::PgnErrorKind::BadFen);
    let e = error("1. e4 {never closed").unwrap_err();
    assert_eq!(e.kind, crate::pgn::PgnErrorKind::UnterminatedComment);
    let e = error("1. e4 (1. d4").unwrap_err();
    assert_eq!(e.kind, crate::pgn::PgnErrorKind::UnterminatedVariation);
    let e = error("1. e4 ) e5").unwrap_err();
    assert_eq!(e.kind, crate::pgn::PgnErrorKind::UnmatchedParenthesis);
    let e = error("[Event \"x]\n1. e4").unwrap_err();
    assert_eq!(e.kind, crate::pgn::PgnErrorKind::BadTag);
    let e = error("1. e4 @@ e5").unwrap_err();
    assert_eq!(
        (e.kind, e.ply, e.text.as_str()),
        (crate::pgn::PgnErrorKind::UnexpectedToken, 2, "@@")
    );
}
