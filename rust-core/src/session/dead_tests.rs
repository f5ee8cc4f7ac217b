//! Dead positions and flag falls in a whole game: the end, PGN, save files
//! of this version and of version 1.

use std::sync::Arc;

use shakmaty::Color;

use super::*;
use crate::clock::ManualTime;

/// One move from the locked pawn wall of the rules page.
const BEFORE_THE_WALL: &str = "8/8/8/4k3/p1p1p1p1/2P1P1P1/P7/4K3 w - - 0 1";
/// Black's bishop can never mate behind its pawns; White could
/// (lichess.org/ijyj0mHa).
const ONLY_WHITE_CAN_MATE: &str = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1";

fn game(fen: &str, control: Option<&str>) -> (GameSession, Arc<ManualTime>) {
    let time = ManualTime::new();
    let mut config = GameConfig::new(Mode::SamePhone);
    config.start_fen = Some(fen.to_owned());
    config.time_control = control.map(|c| c.parse().unwrap());
    (GameSession::new(config, time.clone()).unwrap(), time)
}

#[test]
fn the_move_that_locks_the_wall_ends_the_game() {
    let (mut game, _) = game(BEFORE_THE_WALL, None);
    assert!(!game.is_over());
    game.play_text("a3").unwrap();
    assert_eq!(
        game.end(),
        Some(GameEnd::new(GameResult::Draw, EndReason::DeadPosition))
    );
    assert!(game.to_pgn().contains("[Termination \"dead position\"]"));
    assert!(game.to_pgn().contains("[Result \"1/2-1/2\"]"));
    let restored = GameSession::restore(&game.save(), ManualTime::new()).unwrap();
    assert_eq!(restored.end(), game.end());
    // Like every end the position makes, it can be taken back on one phone.
    game.undo().unwrap();
    assert!(!game.is_over());
}

#[test]
fn a_flag_fall_where_the_opponent_cannot_mate_is_a_draw() {
    let (mut game, time) = game(ONLY_WHITE_CAN_MATE, Some("1+0"));
    game.play_text("Kf2").unwrap();
    game.play_text("Ke7").unwrap();
    time.advance(60_000);
    let end = GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate);
    assert_eq!(game.poll_clock(), Some(end));
    assert!(game.to_pgn().contains("[Termination \"time forfeit\"]"));
    assert!(game.to_pgn().contains("[Result \"1/2-1/2\"]"));
    let restored = GameSession::restore(&game.save(), ManualTime::new()).unwrap();
    assert_eq!(restored.end(), Some(end));
}

#[test]
fn an_imported_loss_on_time_is_judged_by_the_laws() {
    let pgn = format!(
        "[SetUp \"1\"]\n[FEN \"{ONLY_WHITE_CAN_MATE}\"]\n[Result \"0-1\"]\n\
         [Termination \"time forfeit\"]\n\n0-1\n"
    );
    let games = crate::pgn::parse_games(&pgn).unwrap();
    let imported = GameSession::from_pgn(
        &games[0],
        Mode::SamePhone,
        crate::pgn::RecordedResult::Apply,
        ManualTime::new(),
    )
    .unwrap();
    assert_eq!(
        imported.end(),
        Some(GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate))
    );
}

#[test]
fn version_1_files_keep_the_rules_they_were_saved_with() {
    // Under version 1 the game went on past the locked wall.
    let (mut game, _) = game(BEFORE_THE_WALL, None);
    game.play_text("a3").unwrap();
    let saved = game.save();
    let cut = saved.find("\"end\":").unwrap();
    let v1 = format!(
        "{}\"end\":null,\"draw_offer\":null}}",
        &saved[..cut].replace("\"version\":2", "\"version\":1")
    )
    .replace(
        "{\"uci\":\"a2a3\",\"clock_after\":null}",
        "{\"uci\":\"a2a3\",\"clock_after\":null},{\"uci\":\"e5d6\",\"clock_after\":null}",
    );
    let mut restored = GameSession::restore(&v1, ManualTime::new()).unwrap();
    assert!(!restored.is_over());
    assert_eq!(restored.turn(), Color::White);
    // From its next move on, the dead position ends it.
    restored.play_text("Kd2").unwrap();
    assert_eq!(
        restored.end().map(|e| e.reason),
        Some(EndReason::DeadPosition)
    );
    // Version 2 files are replayed by the rules of today.
    let v2 = v1.replace("\"version\":1", "\"version\":2");
    assert_eq!(
        GameSession::restore(&v2, ManualTime::new()).err(),
        Some(SaveError::MoveAfterEnd { ply: 2 })
    );
}

#[test]
fn version_1_flag_falls_keep_their_verdicts_and_names() {
    let (mut game, time) = game(ONLY_WHITE_CAN_MATE, Some("1+0"));
    game.play_text("Kf2").unwrap();
    game.play_text("Ke7").unwrap();
    time.advance(60_000);
    assert_eq!(
        game.poll_clock().map(|e| e.reason),
        Some(EndReason::TimeoutCannotMate)
    );
    let saved = game.save();
    // Version 1 judged by material: Black has a bishop, so White lost.
    let loss = saved.replace(
        "{\"result\":\"draw\",\"reason\":\"timeout_cannot_mate\"}",
        "{\"result\":\"black_wins\",\"reason\":\"timeout\"}",
    );
    assert_ne!(loss, saved);
    let v1_loss = loss.replace("\"version\":2", "\"version\":1");
    assert_eq!(
        GameSession::restore(&v1_loss, ManualTime::new())
            .unwrap()
            .end(),
        Some(GameEnd::new(GameResult::BlackWins, EndReason::Timeout))
    );
    assert_eq!(
        GameSession::restore(&loss, ManualTime::new()).err(),
        Some(SaveError::InconsistentEnd),
        "today the loss no longer follows"
    );
    // The draw's old name still reads.
    let old_name = saved
        .replace("timeout_cannot_mate", "timeout_vs_insufficient_material")
        .replace("\"version\":2", "\"version\":1");
    assert_eq!(
        GameSession::restore(&old_name, ManualTime::new())
            .unwrap()
            .end(),
        Some(GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate))
    );
}
