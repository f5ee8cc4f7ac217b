use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Position};

use super::*;

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn dead(fen: &str) -> bool {
    is_dead_by_insufficient_material(position(fen).board())
}

#[test]
fn insufficient_material_is_exactly_the_listed_cases() {
    // K v K; K + one minor piece v K.
    assert!(dead("8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
    assert!(dead("8/8/4k3/8/8/3K4/5N2/8 w - - 0 1"));
    assert!(dead("8/8/4k3/8/8/3K4/5B2/8 b - - 0 1"));
    assert!(dead("8/8/4k3/2n5/8/3K4/8/8 w - - 0 1"));
    // Only bishops, all on one colour (both sides, several of them).
    assert!(dead("8/8/4k3/2b5/8/3K4/5B2/8 w - - 0 1"));
    assert!(dead("8/8/4k3/8/8/B2K4/5B2/8 w - - 0 1"));
    // These play on.
    assert!(!dead("8/8/4k3/2n5/8/3K4/5N2/8 w - - 0 1"), "K+N v K+N");
    assert!(!dead("8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1"), "K+2N v K");
    assert!(
        !dead("8/8/4k3/8/8/3K4/4BB2/8 w - - 0 1"),
        "bishops on both colours"
    );
    assert!(
        !dead("8/8/4k3/3b4/8/3K4/5B2/8 w - - 0 1"),
        "opposite-coloured bishops"
    );
    assert!(!dead("8/8/4k3/2n5/8/3K4/5B2/8 w - - 0 1"), "K+B v K+N");
    assert!(!dead("8/8/4k3/8/8/3K4/5P2/8 w - - 0 1"), "a pawn");
    assert!(!dead("8/8/4k3/8/8/3K4/5R2/8 w - - 0 1"), "a rook");
    assert!(!dead("8/8/4k3/8/8/3K4/5Q2/8 w - - 0 1"), "a queen");
}

#[test]
fn app_rule_agrees_with_shakmaty_on_small_material_sets() {
    // Up to three extra pieces of any kind but kings, on squares of both colours.
    let squares = ["c3", "d3", "f5"];
    let pieces = [
        None,
        Some('N'),
        Some('B'),
        Some('n'),
        Some('b'),
        Some('R'),
        Some('p'),
    ];
    for a in pieces {
        for b in pieces {
            for c in pieces {
                let fen: Fen = "4k3/8/8/8/8/8/8/K7 w - - 0 1".parse().unwrap();
                let mut setup = fen.into_setup();
                for (piece, square) in [a, b, c].into_iter().zip(squares) {
                    if let Some(piece) = piece.and_then(shakmaty::Piece::from_char) {
                        setup.board.set_piece_at(square.parse().unwrap(), piece);
                    }
                }
                let pos: Chess = setup.position(CastlingMode::Standard).unwrap();
                assert_eq!(
                    is_dead_by_insufficient_material(pos.board()),
                    pos.is_insufficient_material(),
                    "{a:?} {b:?} {c:?}"
                );
            }
        }
    }
}

#[test]
fn automatic_ends_in_order_of_precedence() {
    let mate = position("rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(
        automatic_end(&mate, 1),
        Some(GameEnd::new(GameResult::BlackWins, EndReason::Checkmate))
    );
    let stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        automatic_end(&stalemate, 1),
        Some(GameEnd::new(GameResult::Draw, EndReason::Stalemate))
    );
    // Checkmate on the move that reaches 150 half-moves takes precedence.
    let mate_at_75 = position("7k/6Q1/6K1/8/8/8/8/8 b - - 150 120");
    assert_eq!(
        automatic_end(&mate_at_75, 1).map(|e| e.reason),
        Some(EndReason::Checkmate)
    );
    let at_75 = position("7k/8/6K1/8/8/8/8/6R1 b - - 150 120");
    assert_eq!(
        automatic_end(&at_75, 1).map(|e| e.reason),
        Some(EndReason::SeventyFiveMoveRule)
    );
    let at_74 = position("7k/8/6K1/8/8/8/8/6R1 b - - 149 120");
    assert_eq!(automatic_end(&at_74, 1), None);
    assert_eq!(
        automatic_end(&at_74, 5).map(|e| e.reason),
        Some(EndReason::FivefoldRepetition)
    );
    assert_eq!(automatic_end(&at_74, 4), None);
}

#[test]
fn claims_at_three_occurrences_and_fifty_moves() {
    let quiet = position("7k/8/6K1/8/8/8/8/6R1 b - - 99 120");
    assert!(claimable_draws(&quiet, 2).is_empty());
    assert_eq!(
        claimable_draws(&quiet, 3),
        vec![DrawClaim::ThreefoldRepetition]
    );
    let fifty = position("7k/8/6K1/8/8/8/8/6R1 b - - 100 120");
    assert_eq!(claimable_draws(&fifty, 1), vec![DrawClaim::FiftyMoveRule]);
    assert_eq!(
        claimable_draws(&fifty, 3),
        vec![DrawClaim::ThreefoldRepetition, DrawClaim::FiftyMoveRule]
    );
}

#[test]
fn en_passant_counts_for_identity_only_when_the_capture_is_possible() {
    // After 1. e4 no black pawn can take en passant: same key as without the
    // en passant square.
    let with_square = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(position_key(&with_square), position_key(&without));
    // With a black pawn on d4 the capture is possible: a different position.
    let capturable = position("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    let no_ep = position("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    assert_ne!(position_key(&capturable), position_key(&no_ep));
    // Castling rights are part of it too.
    let no_castling = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Kkq - 0 1");
    assert_ne!(position_key(&without), position_key(&no_castling));
}

#[test]
fn checked_king_is_the_side_to_move_in_check() {
    let mate = position("rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(checked_king(&mate), Some(shakmaty::Square::E1));
    assert_eq!(checked_king(&Chess::default()), None);
}

/// The locked pawn wall of the rules page: no king can ever cross it.
const LOCKED_WALL: &str = "8/8/8/4k3/p1p1p1p1/P1P1P1P1/8/4K3 w - - 0 1";

#[test]
fn a_locked_pawn_wall_is_a_dead_position() {
    assert_eq!(
        automatic_end(&position(LOCKED_WALL), 1),
        Some(GameEnd::new(GameResult::Draw, EndReason::DeadPosition))
    );
    // One pawn that can still move opens the position.
    let open = position("8/8/8/4k3/p1p1p1p1/2P1P1P1/P7/4K3 w - - 0 1");
    assert!(!is_dead_position(&open));
    assert_eq!(automatic_end(&Chess::default(), 1), None);
}

#[test]
fn insufficient_material_keeps_its_own_name() {
    let kings = position("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
    assert!(is_dead_position(&kings), "dead in the wider sense too");
    assert_eq!(
        automatic_end(&kings, 1).map(|e| e.reason),
        Some(EndReason::InsufficientMaterial)
    );
}

#[test]
fn flag_fall_loses_unless_the_opponent_cannot_mate() {
    let rook = position("8/8/4k3/8/8/3K4/5R2/8 b - - 0 1");
    assert_eq!(
        flag_fall(&rook, Color::Black),
        GameEnd::new(GameResult::WhiteWins, EndReason::Timeout)
    );
    let rook = position("8/8/4k3/8/8/3K4/5R2/8 w - - 0 1");
    assert_eq!(
        flag_fall(&rook, Color::White),
        GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate),
        "Black has only a king and cannot mate"
    );
    // A lone knight can mate when the opponent has a piece to block its own king.
    let knight_v_pawn = position("8/8/4k3/2n5/8/3K4/5P2/8 w - - 0 1");
    assert_eq!(
        flag_fall(&knight_v_pawn, Color::White),
        GameEnd::new(GameResult::BlackWins, EndReason::Timeout)
    );
}

#[test]
fn flag_fall_with_mating_material_can_still_be_a_draw() {
    // lichess.org/ijyj0mHa: White's flag fell and White was scored a loss,
    // but behind the locked pawns Black's bishop can never mate. White could.
    let white_to_move = position("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1");
    assert_eq!(
        automatic_end(&white_to_move, 1),
        None,
        "not dead: White can mate"
    );
    assert_eq!(
        flag_fall(&white_to_move, Color::White),
        GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate)
    );
    let black_to_move = position("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 b - - 0 1");
    assert_eq!(
        flag_fall(&black_to_move, Color::Black),
        GameEnd::new(GameResult::WhiteWins, EndReason::Timeout)
    );
}

#[test]
fn an_unfinished_search_leaves_the_loss() {
    for flagged in [Color::White, Color::Black] {
        assert_eq!(
            flag_fall_verdict(flagged, Mating::Unknown),
            GameEnd::new(GameResult::win_for(!flagged), EndReason::Timeout)
        );
        assert_eq!(
            flag_fall_verdict(flagged, Mating::Possible),
            GameEnd::new(GameResult::win_for(!flagged), EndReason::Timeout)
        );
        assert_eq!(
            flag_fall_verdict(flagged, Mating::Impossible),
            GameEnd::new(GameResult::Draw, EndReason::TimeoutCannotMate)
        );
    }
}

/// Positions from chasolver's published test sets (in `testdata/`, MIT), each
/// marked with who can mate: `W`/`-` for White, `B`/`-` for Black.
fn published_positions(data: &str) -> Vec<(bool, bool, Chess)> {
    data.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (marks, fen) = line.split_once(' ').expect("marks and FEN");
            let fen = if fen.split(' ').count() == 4 {
                format!("{fen} 0 1")
            } else {
                fen.to_owned()
            };
            let setup = fen.parse::<Fen>().expect("FEN").into_setup();
            // A few positions cannot arise from the start (impossible checks,
            // more than nine queens); they still test the solver and the FEN
            // bridge.
            let pos = match Chess::from_setup(setup, CastlingMode::Standard) {
                Ok(pos) => pos,
                Err(e) => match e.ignore_impossible_check() {
                    Ok(pos) => pos,
                    Err(e) => e.ignore_too_much_material().expect("legal position"),
                },
            };
            (marks.starts_with('W'), marks.ends_with('B'), pos)
        })
        .collect()
}

fn judged_as_published(data: &str) -> usize {
    let positions = published_positions(data);
    for (white_can_mate, black_can_mate, pos) in &positions {
        let fen = Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
        for (color, can_mate) in [
            (Color::White, white_can_mate),
            (Color::Black, black_can_mate),
        ] {
            let expected = if *can_mate {
                Mating::Possible
            } else {
                Mating::Impossible
            };
            assert_eq!(mating(pos, color), expected, "{fen} {color}");
        }
        // The check after every move may miss a dead position, never invent one.
        if is_dead_position(pos) {
            assert!(!white_can_mate && !black_can_mate, "{fen} called dead");
        }
    }
    positions.len()
}

#[test]
fn the_published_hard_positions_are_judged_as_published() {
    let count = judged_as_published(include_str!("testdata/chasolver-positions.txt"));
    assert_eq!(count, 2_797);
}

#[test]
fn the_published_lichess_timeouts_are_judged_as_published() {
    let count = judged_as_published(include_str!("testdata/chasolver-lichess.txt"));
    assert_eq!(count, 2_048);
}
