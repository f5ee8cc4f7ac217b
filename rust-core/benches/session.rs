//! The calls a game screen makes on every tap or move: legal destinations of
//! a square, playing a move, the draw claims (repetition count included) and
//! the whole screen state, in a fresh game, after 200 half-moves, and after
//! 145 half-moves without capture or pawn move (the longest stretch the
//! repetition check looks back over in a game still going on). Every move
//! also checks for a dead position (chasolver's fast check); it is measured
//! alone too, on ordinary positions and on the slowest of the 65,536 lichess
//! timeout positions in chasolver's test set, and so is the full search a flag
//! fall runs.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rokada_core::clock::{MonotonicTime, TimeSource};
use rokada_core::ffi::Game;
use rokada_core::rules;
use rokada_core::session::{GameConfig, GameSession, Mode, MoveOutcome};
use rokada_core::view::{GameMode, Square as FfiSquare};
use shakmaty::{CastlingMode, Chess, Color, Position, Square, fen::Fen};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Pieces without pawns: every move but a capture keeps the halfmove clock
/// running.
const PIECES_ONLY: &str = "r1bqkb1r/8/2n2n2/8/8/2N2N2/8/R1BQKB1R w KQkq - 0 1";

/// Positions for the dead-position check: ordinary ones, a dead one, and
/// the real-game position it took longest on (0.5 ms, lichess set).
const DEAD_CHECK: [(&str, &str); 5] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    ("kiwipete", KIWIPETE),
    ("pawn_endgame", "8/5pk1/6p1/7p/7P/6P1/5PK1/8 w - - 0 40"),
    ("locked_wall", "8/8/8/4k3/p1p1p1p1/P1P1P1P1/8/4K3 w - - 0 1"),
    (
        "slowest_lichess",
        "5rk1/2rbRpb1/3p1qp1/2pP3p/p1P1N2P/P4NP1/4QPK1/4R3 b - - 2 36",
    ),
];

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("benchmark FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal")
}

fn time() -> Arc<dyn TimeSource> {
    Arc::new(MonotonicTime::new())
}

fn session(fen: Option<&str>) -> GameSession {
    let mut config = GameConfig::new(Mode::SamePhone);
    config.start_fen = fen.map(str::to_owned);
    GameSession::new(config, time()).expect("the benchmark positions are valid")
}

/// A game of `plies` half-moves that is still going on, the moves picked by
/// a fixed rule so every run measures the same game; `quiet` plays neither
/// captures nor checks.
fn long_game(fen: Option<&str>, plies: usize, quiet: bool) -> GameSession {
    let mut game = session(fen);
    let mut pick = 0usize;
    while game.moves().len() < plies {
        let position = game.position().clone();
        // Without checks a quiet reply always exists.
        let keeps_quiet = |m: &shakmaty::Move| {
            let mut after = position.clone();
            after.play_unchecked(*m);
            !m.is_capture() && !after.is_check()
        };
        let uci: Vec<String> = position
            .legal_moves()
            .iter()
            .filter(|m| !quiet || keeps_quiet(m))
            .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
            .collect();
        assert!(!uci.is_empty(), "no move for the fixed game");
        for offset in 0..uci.len() {
            pick = pick.wrapping_mul(31).wrapping_add(7);
            let text = &uci[(pick + offset) % uci.len()];
            game.play_text(text).expect("a legal move");
            if !game.is_over() {
                break;
            }
            game.undo().expect("the move just played");
        }
        assert!(!game.is_over(), "the fixed game ended early");
    }
    game
}

/// A legal move in `game` from a square holding a piece of the side to move.
fn some_move(game: &GameSession) -> (Square, Square) {
    let turn = game.turn();
    Square::ALL
        .into_iter()
        .filter(|&sq| game.position().board().color_at(sq) == Some(turn))
        .find_map(|from| game.legal_destinations(from).first().map(|&to| (from, to)))
        .expect("the game is not over")
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("session");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));

    let start = session(None);
    group.bench_function("legal_destinations/start_g1", |b| {
        b.iter(|| black_box(start.legal_destinations(black_box(Square::G1))))
    });
    let kiwipete = session(Some(KIWIPETE));
    group.bench_function("legal_destinations/kiwipete_f3", |b| {
        b.iter(|| black_box(kiwipete.legal_destinations(black_box(Square::F3))))
    });

    group.bench_function("play_squares/start_e2e4", |b| {
        b.iter_batched(
            || session(None),
            |mut game| black_box(game.play_squares(Square::E2, Square::E4, None)),
            BatchSize::SmallInput,
        )
    });

    let mut long = long_game(None, 200, false);
    let (from, to) = some_move(&long);
    group.bench_function("play_squares_and_undo/200_plies", |b| {
        b.iter(|| {
            let outcome = long.play_squares(from, to, None).expect("legal");
            assert!(matches!(outcome, MoveOutcome::Played(_)));
            long.undo().expect("the move just played");
        })
    });
    let mut quiet = long_game(Some(PIECES_ONLY), 145, true);
    assert_eq!(quiet.position().halfmoves(), 145);
    let (from_q, to_q) = some_move(&quiet);
    group.bench_function("play_squares_and_undo/145_quiet_plies", |b| {
        b.iter(|| {
            let outcome = quiet.play_squares(from_q, to_q, None).expect("legal");
            assert!(matches!(outcome, MoveOutcome::Played(_)));
            quiet.undo().expect("the move just played");
        })
    });
    group.bench_function("claimable_draws/145_quiet_plies", |b| {
        b.iter(|| black_box(quiet.claimable_draws()))
    });
    group.bench_function("occurrences/145_quiet_plies", |b| {
        b.iter(|| black_box(quiet.occurrences()))
    });

    for (name, fen) in DEAD_CHECK {
        let pos = position(fen);
        group.bench_function(format!("dead_position/{name}"), |b| {
            b.iter(|| black_box(rules::is_dead_position(black_box(&pos))))
        });
    }
    // lichess.org/ijyj0mHa: Black cannot mate behind the locked pawns.
    let flagged = position("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1");
    group.bench_function("flag_fall/black_cannot_mate", |b| {
        b.iter(|| black_box(rules::flag_fall(black_box(&flagged), Color::White)))
    });
    group.bench_function("flag_fall/start", |b| {
        let start = Chess::default();
        b.iter(|| black_box(rules::flag_fall(black_box(&start), Color::White)))
    });

    // The same through the app's API: the whole view a screen draws, and a
    // tap that selects a piece (with its hints) and one that deselects it.
    let app = Game::from_pgn(long.to_pgn(), GameMode::SamePhone, 0).expect("Rokada's own PGN");
    group.bench_function("ffi_view/200_plies", |b| b.iter(|| black_box(app.view())));
    let from = FfiSquare::ALL[from as usize];
    group.bench_function("ffi_tap_select_and_deselect/200_plies", |b| {
        b.iter(|| {
            black_box(app.tap(black_box(from)));
            black_box(app.tap(black_box(from)))
        })
    });
    group.finish();
}

criterion_group!(session_benches, benches);
criterion_main!(session_benches);
