use std::sync::Arc;

use shakmaty::{Color, Role, Square};

use super::*;
use crate::clock::ManualTime;

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
fn knights_example_threefold_after_8_and_fivefold_after_16_half_moves() {
    let mut game = session(Mode::SamePhone);
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.occurrences(), 2);
    assert!(game.claimable_draws().is_empty());
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.moves().len(), 8);
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.claimable_draws(), vec![DrawClaim::ThreefoldRepetition]);
    assert_eq!(
        game.status(),
        Status::Ongoing,
        "the third occurrence only allows a claim"
    );
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.occurrences(), 4);
    assert!(!game.is_over());
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.moves().len(), 16);
    assert_eq!(
        game.status(),
        Status::Over(GameEnd::new(
            GameResult::Draw,
            EndReason::FivefoldRepetition
        ))
    );
    assert!(game.claimable_draws().is_empty());
    assert_eq!(
        game.play_text("e4"),
        Err(GameError::GameOver),
        "no move after the end"
    );
}

#[test]
fn threefold_claim_ends_the_game_and_only_the_player_to_move_claims() {
    let mut game = session(Mode::SamePhone);
    assert_eq!(
        game.claim_draw(Controller::Local, DrawClaim::ThreefoldRepetition),
        Err(GameError::DrawNotClaimable(DrawClaim::ThreefoldRepetition))
    );
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(
        game.claim_draw(Controller::Local, DrawClaim::FiftyMoveRule),
        Err(GameError::DrawNotClaimable(DrawClaim::FiftyMoveRule))
    );
    let end = game
        .claim_draw(Controller::Local, DrawClaim::ThreefoldRepetition)
        .unwrap();
    assert_eq!(
        end,
        GameEnd::new(GameResult::Draw, EndReason::ThreefoldRepetition)
    );
    assert_eq!(game.end(), Some(end));
}

#[test]
fn fifty_moves_claimable_and_seventy_five_automatic_unless_mate() {
    let mut game = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 98 80");
    play(&mut game, "Rb1");
    assert!(game.claimable_draws().is_empty());
    play(&mut game, "Kg8");
    assert_eq!(game.claimable_draws(), vec![DrawClaim::FiftyMoveRule]);

    let mut quiet = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    play(&mut quiet, "Rb1");
    assert_eq!(
        quiet.end().map(|e| e.reason),
        Some(EndReason::SeventyFiveMoveRule)
    );

    // The 150th half-move mates: the mate counts.
    let mut mating = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    play(&mut mating, "Ra8#");
    assert_eq!(
        mating.end(),
        Some(GameEnd::new(GameResult::WhiteWins, EndReason::Checkmate))
    );
}

#[test]
fn insufficient_material_ends_the_game_at_once() {
    let mut game = from_fen("8/8/4k3/8/8/3K4/8/4r3 w - - 0 1");
    assert!(!game.is_over());
    let mut near = from_fen("8/8/8/8/1k6/8/3r4/3K4 w - - 0 1");
    play(&mut near, "Kxd2");
    assert_eq!(
        near.end(),
        Some(GameEnd::new(
            GameResult::Draw,
            EndReason::InsufficientMaterial
        ))
    );
    assert!(game.play_text("Kd4").is_ok());
}

#[test]
fn a_start_position_that_is_already_over_is_over() {
    let mate = from_fen("rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(
        mate.end(),
        Some(GameEnd::new(GameResult::BlackWins, EndReason::Checkmate))
    );
    assert!(mate.legal_destinations(Square::E1).is_empty());
}

#[test]
fn promotion_by_squares_asks_for_the_piece_and_changes_nothing_until_chosen() {
    let (mut game, time) = {
        let time = ManualTime::new();
        let mut config = GameConfig::new(Mode::SamePhone);
        config.start_fen = Some("8/1P6/8/8/8/8/p5k1/4K3 b - - 0 1".to_owned());
        config.time_control = Some("1+0".parse().unwrap());
        (GameSession::new(config, time.clone()).unwrap(), time)
    };
    play(&mut game, "Kg3");
    let before = game.fen();
    time.advance(4_000);
    assert_eq!(
        game.play_squares(Square::B7, Square::B8, None),
        Ok(MoveOutcome::NeedsPromotion {
            from: Square::B7,
            to: Square::B8
        })
    );
    assert_eq!(game.fen(), before);
    assert_eq!(
        game.clock().unwrap().running,
        Some(Color::White),
        "the clock waits for the choice"
    );
    time.advance(2_000);
    let Ok(MoveOutcome::Played(played)) =
        game.play_squares(Square::B7, Square::B8, Some(Role::Knight))
    else {
        panic!("under-promotion refused");
    };
    assert_eq!(played.san, "b8=N");
    assert_eq!(played.uci, "b7b8n");
    let clock = game.clock().unwrap();
    assert_eq!(
        (clock.white_ms, clock.running),
        (54_000, Some(Color::Black))
    );
    assert_eq!(
        game.position().board().piece_at(Square::B8),
        Some(shakmaty::Piece {
            color: Color::White,
            role: Role::Knight
        })
    );
}

#[test]
fn bad_promotions_and_illegal_squares_are_typed_errors() {
    let mut game = from_fen("8/1P6/8/8/8/8/6k1/4K3 w - - 0 1");
    let before = game.save();
    let err = |from, to, reason| Err(GameError::IllegalMove { from, to, reason });
    assert_eq!(
        game.play_squares(Square::B7, Square::B8, Some(Role::King)),
        err(Square::B7, Square::B8, IllegalMoveReason::BadPromotion)
    );
    assert_eq!(
        game.play_squares(Square::E1, Square::E2, Some(Role::Queen)),
        err(Square::E1, Square::E2, IllegalMoveReason::BadPromotion)
    );
    assert_eq!(
        game.play_squares(Square::A1, Square::A2, None),
        err(Square::A1, Square::A2, IllegalMoveReason::EmptySquare)
    );
    assert_eq!(
        game.play_squares(Square::G2, Square::G3, None),
        err(Square::G2, Square::G3, IllegalMoveReason::NotYourPiece)
    );
    assert_eq!(
        game.play_squares(Square::E1, Square::E3, None),
        err(Square::E1, Square::E3, IllegalMoveReason::NotLegal)
    );
    assert_eq!(
        game.play_squares(Square::E1, Square::F2, None),
        err(Square::E1, Square::F2, IllegalMoveReason::NotLegal),
        "into check"
    );
    assert_eq!(game.save(), before, "refused moves change nothing");
}

#[test]
fn castling_by_king_destination_or_onto_the_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut short = from_fen(fen);
    assert!(short.legal_destinations(Square::E1).contains(&Square::G1));
    assert!(short.legal_destinations(Square::E1).contains(&Square::C1));
    let Ok(MoveOutcome::Played(m)) = short.play_squares(Square::E1, Square::G1, None) else {
        panic!()
    };
    assert_eq!(
        (m.san.as_str(), m.uci.as_str(), m.from, m.to),
        ("O-O", "e1g1", Square::E1, Square::G1)
    );
    assert_eq!(short.last_move(), Some((Square::E1, Square::G1)));

    let mut onto_rook = from_fen(fen);
    let Ok(MoveOutcome::Played(m)) = onto_rook.play_squares(Square::E1, Square::A1, None) else {
        panic!()
    };
    assert_eq!(m.san, "O-O-O");

    let mut zeros = from_fen(fen);
    assert_eq!(zeros.play_text("0-0-0").unwrap().san, "O-O-O");
    // f1 attacked by a rook: short castling is illegal.
    let attacked = from_fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(
        !attacked
            .legal_destinations(Square::E1)
            .contains(&Square::G1)
    );
    assert!(
        attacked
            .legal_destinations(Square::E1)
            .contains(&Square::C1)
    );
}

#[test]
fn en_passant_and_notation_errors() {
    let mut game = session(Mode::SamePhone);
    play(&mut game, "e4 a6 e5 d5");
    assert!(game.legal_destinations(Square::E5).contains(&Square::D6));
    assert_eq!(game.play_text("exd6").unwrap().san, "exd6");
    let before = game.save();
    assert_eq!(
        game.play_text("Qxh9"),
        Err(GameError::UnparsableMove {
            text: "Qxh9".into()
        })
    );
    assert_eq!(
        game.play_text("Ke3"),
        Err(GameError::IllegalNotation { text: "Ke3".into() })
    );
    assert_eq!(
        game.play_text("e2e5"),
        Err(GameError::IllegalNotation {
            text: "e2e5".into()
        })
    );
    assert_eq!(game.save(), before);
    let mut knights = from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(
        knights.play_text("Nd2"),
        Err(GameError::AmbiguousNotation { text: "Nd2".into() })
    );
    assert_eq!(knights.play_text("Nbd2").unwrap().san, "Nbd2");
}

#[test]
fn san_has_check_and_mate_suffixes() {
    let mut game = session(Mode::SamePhone);
    play(&mut game, "f3 e5 g4");
    let mate = game.play_text("d8h4").unwrap();
    assert_eq!(mate.san, "Qh4#");
    assert_eq!(game.checked_king(), Some(Square::E1));
    assert_eq!(
        game.end(),
        Some(GameEnd::new(GameResult::BlackWins, EndReason::Checkmate))
    );
    assert_eq!(game.moves_san(), vec!["f3", "e5", "g4", "Qh4#"]);
}

#[test]
fn same_phone_undo_redo_and_agreement() {
    let mut game = session(Mode::SamePhone);
    assert_eq!(game.undo(), Err(GameError::NothingToUndo));
    play(&mut game, "e4 e5 Nf3");
    game.undo().unwrap();
    game.undo().unwrap();
    assert_eq!(game.moves_san(), vec!["e4"]);
    assert!(game.can_redo());
    assert_eq!(game.redo().unwrap().san, "e5");
    assert_eq!(game.moves_san(), vec!["e4", "e5"]);
    assert_eq!(game.redo().unwrap().san, "Nf3");
    assert_eq!(game.redo(), Err(GameError::NothingToRedo));
    game.undo().unwrap();
    play(&mut game, "Nc3");
    assert!(!game.can_redo(), "a new move drops the taken-back line");
    assert_eq!(
        game.offer_draw(Controller::Local),
        Err(GameError::NotAllowedInMode(
            ModeRestriction::DrawOfferProtocol
        ))
    );
    assert_eq!(
        game.agree_draw(),
        Ok(GameEnd::new(GameResult::Draw, EndReason::Agreement))
    );
    assert_eq!(
        game.undo(),
        Err(GameError::GameOver),
        "an agreed draw stands"
    );
}

#[test]
fn undo_after_mate_reopens_the_game() {
    let mut game = session(Mode::SamePhone);
    play(&mut game, "f3 e5 g4 Qh4#");
    assert!(game.is_over());
    game.undo().unwrap();
    assert!(!game.is_over());
    assert_eq!(game.redo().unwrap().san, "Qh4#");
    assert!(game.is_over());
}

#[test]
fn against_the_computer_undo_takes_back_the_reply_too_and_no_agreement() {
    let mut game = session(Mode::Computer {
        human: Color::White,
        level: 3,
    });
    play(&mut game, "e4");
    assert_eq!(
        game.play_text("e5"),
        Err(GameError::NotYourTurn),
        "the computer's move"
    );
    game.play_text_as(Controller::Computer, "e5").unwrap();
    play(&mut game, "Nf3");
    game.play_text_as(Controller::Computer, "Nc6").unwrap();
    game.undo().unwrap();
    assert_eq!(game.moves_san(), vec!["e4", "e5"]);
    assert_eq!(
        game.redo(),
        Err(GameError::NotAllowedInMode(ModeRestriction::Redo))
    );
    play(&mut game, "Nf3");
    // While the computer thinks, undo takes back the player's move alone.
    game.undo().unwrap();
    assert_eq!(game.moves_san(), vec!["e4", "e5"]);
    assert_eq!(
        game.agree_draw(),
        Err(GameError::NotAllowedInMode(ModeRestriction::Agreement))
    );
    assert_eq!(
        game.offer_draw(Controller::Local),
        Err(GameError::NotAllowedInMode(ModeRestriction::Agreement))
    );
    assert_eq!(
        game.resign(Controller::Local, Color::Black),
        Err(GameError::NotYourTurn)
    );

    let mut as_black = session(Mode::Computer {
        human: Color::Black,
        level: 1,
    });
    as_black.play_text_as(Controller::Computer, "d4").unwrap();
    assert_eq!(
        as_black.undo(),
        Err(GameError::NothingToUndo),
        "the computer's opening move stays"
    );
    assert_eq!(
        GameSession::new(
            GameConfig::new(Mode::Computer {
                human: Color::Black,
                level: 11
            }),
            ManualTime::new()
        )
        .err(),
        Some(GameError::InvalidLevel(11))
    );
}

#[test]
fn wifi_offers_are_answered_by_the_other_side_and_a_move_declines() {
    let mut game = session(Mode::WifiPeer {
        local: Color::White,
    });
    assert_eq!(
        game.undo(),
        Err(GameError::NotAllowedInMode(ModeRestriction::Undo))
    );
    assert_eq!(
        game.agree_draw(),
        Err(GameError::NotAllowedInMode(
            ModeRestriction::DrawOfferProtocol
        ))
    );
    play(&mut game, "e4");
    assert_eq!(game.play_text("e5"), Err(GameError::NotYourTurn));
    game.offer_draw(Controller::Local).unwrap();
    assert_eq!(game.draw_offer(), Some(Color::White));
    assert_eq!(
        game.offer_draw(Controller::Remote),
        Err(GameError::DrawAlreadyOffered)
    );
    assert_eq!(
        game.accept_draw(Controller::Local),
        Err(GameError::NoDrawOffer),
        "not one's own offer"
    );
    game.play_text_as(Controller::Remote, "e5").unwrap();
    assert_eq!(game.draw_offer(), None, "moving declines the offer");
    game.offer_draw(Controller::Remote).unwrap();
    game.decline_draw(Controller::Local).unwrap();
    assert_eq!(game.draw_offer(), None);
    game.offer_draw(Controller::Remote).unwrap();
    assert_eq!(
        game.accept_draw(Controller::Local),
        Ok(GameEnd::new(GameResult::Draw, EndReason::Agreement))
    );
}

#[test]
fn resignation_by_either_player_on_one_phone() {
    let mut game = session(Mode::SamePhone);
    assert_eq!(
        game.resign(Controller::Local, Color::Black),
        Ok(GameEnd::new(GameResult::WhiteWins, EndReason::Resignation))
    );
    assert_eq!(
        game.resign(Controller::Local, Color::White),
        Err(GameError::GameOver)
    );
    let mut wifi = session(Mode::WifiPeer {
        local: Color::Black,
    });
    assert_eq!(
        wifi.resign(Controller::Local, Color::White),
        Err(GameError::NotYourTurn)
    );
    assert_eq!(
        wifi.resign(Controller::Remote, Color::White),
        Ok(GameEnd::new(GameResult::BlackWins, EndReason::Resignation))
    );
}

#[test]
fn flag_fall_ends_the_game_and_refuses_the_late_move() {
    let (mut game, time) = timed(Mode::SamePhone, "1+0");
    time.advance(30_000);
    play(&mut game, "e4");
    assert_eq!(
        game.clock().unwrap().white_ms,
        60_000,
        "White's first move is free"
    );
    time.advance(60_000);
    assert_eq!(game.play_text("e5"), Err(GameError::GameOver));
    assert_eq!(
        game.end(),
        Some(GameEnd::new(GameResult::WhiteWins, EndReason::Timeout))
    );
}

#[test]
fn flag_fall_against_a_lone_king_is_a_draw() {
    let time = ManualTime::new();
    let mut config = GameConfig::new(Mode::SamePhone);
    config.start_fen = Some("8/8/4k3/8/8/3K4/5R2/8 w - - 0 1".to_owned());
    config.time_control = Some("1+0".parse().unwrap());
    let mut game = GameSession::new(config, time.clone()).unwrap();
    play(&mut game, "Rf3");
    time.advance(5_000);
    play(&mut game, "Ke5");
    time.advance(60_000);
    assert_eq!(
        game.poll_clock(),
        Some(GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate))
    );
}

#[test]
fn legal_destinations_and_local_turn() {
    let game = session(Mode::WifiPeer {
        local: Color::Black,
    });
    assert_eq!(
        game.legal_destinations(Square::G1),
        vec![Square::F3, Square::H3]
    );
    assert!(
        game.legal_destinations(Square::G8).is_empty(),
        "not the side to move"
    );
    assert!(
        game.legal_destinations(Square::E4).is_empty(),
        "empty square"
    );
    assert!(!game.is_local_turn());
}

#[test]
fn a_final_end_drops_the_taken_back_moves() {
    let mut game = session(Mode::SamePhone);
    play(&mut game, "e4 e5");
    game.undo().unwrap();
    game.resign(Controller::Local, Color::Black).unwrap();
    assert!(!game.can_redo());
    let restored = GameSession::restore(&game.save(), ManualTime::new()).unwrap();
    assert_eq!(restored.end(), game.end());
}

#[test]
fn pause_stops_the_clock_and_a_move_or_resume_starts_it() {
    let (mut game, time) = timed(
        Mode::Computer {
            human: Color::White,
            level: 5,
        },
        "1+0",
    );
    play(&mut game, "e4");
    time.advance(1_000);
    game.pause();
    time.advance(30_000);
    assert_eq!(game.clock().unwrap().black_ms, 59_000);
    assert_eq!(game.clock().unwrap().running, None);
    let saved = GameSession::restore(&game.save(), ManualTime::new()).unwrap();
    assert_eq!(
        saved.clock().unwrap().running,
        Some(Color::Black),
        "a restored game goes on"
    );
    game.resume();
    time.advance(1_000);
    assert_eq!(game.clock().unwrap().black_ms, 58_000);
    game.pause();
    game.play_text_as(Controller::Computer, "e5").unwrap();
    assert_eq!(game.clock().unwrap().running, Some(Color::White));

    let mut wifi = session(Mode::WifiPeer {
        local: Color::White,
    });
    wifi.pause();
    assert!(!wifi.is_paused(), "over Wi-Fi the clock never stops");
}
