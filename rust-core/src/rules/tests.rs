use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

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
fn flag_fall_loses_unless_the_opponent_cannot_mate() {
    let rook = position("8/8/4k3/8/8/3K4/5R2/8 b - - 0 1");
    assert_eq!(
        flag_fall(&rook, Color::Black),
        GameEnd::new(GameResult::WhiteWins, EndReason::Timeout)
    );
    assert_eq!(
        flag_fall(&rook, Color::White),
        GameEnd::new(GameResult::Draw, EndReason::TimeoutVsInsufficientMaterial),
        "Black has only a king and cannot mate"
    );
    // A lone knight can mate when the opponent has a piece to block its own king.
    let knight_v_pawn = position("8/8/4k3/2n5/8/3K4/5P2/8 w - - 0 1");
    assert_eq!(
        flag_fall(&knight_v_pawn, Color::White),
        GameEnd::new(GameResult::BlackWins, EndReason::Timeout)
    );
    let knight_v_queen = position("8/8/4k3/2n5/8/3K4/5Q2/8 w - - 0 1");
    assert_eq!(
        flag_fall(&knight_v_queen, Color::White),
        GameEnd::new(GameResult::Draw, EndReason::TimeoutVsInsufficientMaterial)
    );
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
