//! Behaviour of the computer opponent. Positions with known answers were
//! checked with Stockfish; node budgets are kept small so that the tests run
//! in seconds even without optimisation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rokada_core::engine::{Engine, Level, Limits, Score, SearchError, SearchResult};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("valid FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal position")
}

fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

fn search(pos: &Chess, history: &[u64], limits: &Limits, level: Level, seed: u64) -> SearchResult {
    let mut engine = Engine::new(4);
    engine.set_use_book(false);
    let stop = AtomicBool::new(false);
    engine
        .search(pos, history, limits, level, seed, &stop, |_| {})
        .expect("position has moves")
}

fn clearly_winning(score: Option<Score>) -> bool {
    matches!(score, Some(Score::Centipawns(cp)) if cp > 500)
        || matches!(score, Some(Score::Mate(n)) if n > 0)
}

/// Deterministic pseudo-random numbers for building test positions.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

/// Positions reached by random play from the start, many of them odd.
fn random_positions(count: usize) -> Vec<Chess> {
    let mut rng = Lcg(0x5eed);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut pos = Chess::default();
        let plies = rng.next() % 160;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
        }
        if !pos.legal_moves().is_empty() {
            positions.push(pos);
        }
    }
    positions
}

#[test]
fn never_returns_an_illegal_move() {
    let positions = random_positions(2000);
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    for (i, pos) in positions.iter().enumerate() {
        for level in Level::all().filter(|l| usize::from(l.get()) % 5 == i % 5) {
            let result = engine
                .search(pos, &[], &Limits::nodes(40), level, i as u64, &stop, |_| {})
                .expect("moves exist");
            assert!(
                pos.is_legal(result.best_move),
                "level {level} chose illegal {} in {}",
                uci(result.best_move),
                Fen::from_position(pos, EnPassantMode::Legal)
            );
            for (ply, m) in result
                .pv
                .iter()
                .scan(pos.clone(), |p, &m| {
                    let legal = p.is_legal(m);
                    p.play_unchecked(m);
                    Some(legal.then_some(m))
                })
                .enumerate()
            {
                assert!(m.is_some(), "pv move {ply} is illegal");
            }
        }
    }
}

#[test]
fn no_legal_moves_is_an_error() {
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    let mated = position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let result = engine.search(&mated, &[], &Limits::depth(3), Level::MAX, 0, &stop, |_| {});
    assert_eq!(result, Err(SearchError::NoLegalMoves));
}

fn assert_solves(fen: &str, best: &str, mate_in: Option<i32>) {
    let pos = position(fen);
    let result = search(&pos, &[], &Limits::nodes(150_000), Level::MAX, 0);
    assert_eq!(uci(result.best_move), best, "in {fen}");
    if let Some(n) = mate_in {
        assert_eq!(result.score, Some(Score::Mate(n)), "in {fen}");
    }
}

#[test]
fn finds_mates_in_one_two_and_three() {
    assert_solves("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", Some(1));
    assert_solves(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "h5f7",
        Some(1),
    );
    assert_solves(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10",
        "d5f6",
        Some(2),
    );
    assert_solves(
        "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
        "b1g6",
        Some(3),
    );
    assert_solves("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", Some(3));
}

#[test]
fn solves_simple_tactics() {
    // Knight fork of king and rook.
    assert_solves(
        "r3k2r/ppp2ppp/2n5/3N4/8/8/PPP2PPP/R3K2R w KQkq - 0 1",
        "d5c7",
        None,
    );
    // The queen is simply hanging.
    assert_solves(
        "r1b1kbnr/pppp1ppp/2n5/4p3/2B1P2q/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
        "f3h4",
        None,
    );
}

#[test]
fn promotes_to_a_knight_when_only_that_mates() {
    assert_solves("6bq/5Ppk/6pp/8/8/8/8/1K6 w - - 0 1", "f7f8n", Some(1));
}

#[test]
fn promotes_to_a_queen_otherwise() {
    let pos = position("8/4P3/8/8/8/2k5/8/K7 w - - 0 1");
    for level in Level::all() {
        let result = search(&pos, &[], &Limits::nodes(3000), level, 1);
        assert_eq!(uci(result.best_move), "e7e8q", "level {level}");
    }
}

#[test]
fn answers_at_once_with_one_legal_move() {
    let pos = position("8/8/8/8/8/2k5/4q3/R3K3 w - - 0 1");
    assert_eq!(pos.legal_moves().len(), 1);
    let result = search(&pos, &[], &Limits::default(), Level::MAX, 0);
    assert_eq!(uci(result.best_move), "e1e2");
    assert_eq!(result.nodes, 0);
    assert_eq!(result.score, None);
}

#[test]
fn avoids_a_repetition_when_winning() {
    let pos = position("4k3/8/8/8/8/8/3Q4/4K3 w - - 10 40");
    let first = search(&pos, &[], &Limits::depth(6), Level::MAX, 0).best_move;
    let mut after = pos.clone();
    after.play_unchecked(first);
    // The position after the preferred move already occurred in the game.
    let history = [hash(&after), 1, 2];
    let second = search(&pos, &history, &Limits::depth(6), Level::MAX, 0);
    assert_ne!(second.best_move, first);
    assert!(clearly_winning(second.score));
}

#[test]
fn seeks_a_repetition_when_losing() {
    let pos = position("4k3/8/8/8/8/8/3Q4/4K3 b - - 10 40");
    let moves = pos.legal_moves();
    let draw_move = *moves.last().expect("black can move");
    let mut after = pos.clone();
    after.play_unchecked(draw_move);
    let history = [hash(&after), 1, 2];
    let result = search(&pos, &history, &Limits::depth(6), Level::MAX, 0);
    assert_eq!(result.best_move, draw_move);
    assert_eq!(result.score, Some(Score::Centipawns(0)));
}

#[test]
fn knows_the_fifty_move_rule() {
    let lost = position("4k3/8/8/8/8/8/3Q4/4K3 b - - 99 90");
    assert_eq!(
        search(&lost, &[], &Limits::depth(6), Level::MAX, 0).score,
        Some(Score::Centipawns(0))
    );
    // With the clock reset by a capture the same material wins.
    let winning = position("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 90");
    let score = search(&winning, &[], &Limits::depth(6), Level::MAX, 0).score;
    assert!(clearly_winning(score));
}

/// Plays the engine against itself and returns the final position.
fn play_out(fen: &str, plies: usize, nodes: u64) -> Chess {
    let mut pos = position(fen);
    let mut history = Vec::new();
    let mut engine = Engine::new(4);
    let stop = AtomicBool::new(false);
    for ply in 0..plies {
        let Ok(result) = engine.search(
            &pos,
            &history,
            &Limits::nodes(nodes),
            Level::MAX,
            ply as u64,
            &stop,
            |_| {},
        ) else {
            break;
        };
        history.push(hash(&pos));
        pos.play_unchecked(result.best_move);
    }
    pos
}

#[test]
fn mates_with_queen_against_king() {
    let end = play_out("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1", 40, 4000);
    assert!(
        end.is_checkmate(),
        "{}",
        Fen::from_position(&end, EnPassantMode::Legal)
    );
}

#[test]
fn mates_with_rook_against_king() {
    let end = play_out("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", 64, 4000);
    assert!(
        end.is_checkmate(),
        "{}",
        Fen::from_position(&end, EnPassantMode::Legal)
    );
}

#[test]
fn searches_are_deterministic_for_a_seed() {
    let pos = position("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8");
    for level in [Level::new(3).unwrap(), Level::new(6).unwrap(), Level::MAX] {
        let a = search(&pos, &[], &Limits::nodes(5000), level, 42);
        let b = search(&pos, &[], &Limits::nodes(5000), level, 42);
        assert_eq!(a, b, "level {level}");
    }
}

#[test]
fn weak_levels_vary_with_the_seed_but_strong_ones_do_not() {
    let pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let choices = |level: u8| {
        let level = Level::new(level).unwrap();
        (0..12)
            .map(|seed| search(&pos, &[], &Limits::nodes(3000), level, seed).best_move)
            .collect::<std::collections::HashSet<_>>()
    };
    assert!(choices(1).len() > 1);
    assert_eq!(choices(10).len(), 1);
}

#[test]
fn weak_levels_still_take_a_free_queen() {
    // Human beginners rarely miss a queen left en prise; nor should level 1.
    let pos = position("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
    for seed in 0..8 {
        let result = search(&pos, &[], &Limits::nodes(3000), Level::MIN, seed);
        assert_eq!(uci(result.best_move), "f3h4", "seed {seed}");
    }
}

#[test]
fn stop_ends_an_infinite_search() {
    // How fast a stop is obeyed is measured by `rokada bench`; this checks
    // that it is obeyed at all, once the search is under way.
    let pos = position("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8");
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (progress, searching) = std::sync::mpsc::channel();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut engine = Engine::new(4);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let result = engine.search(&pos, &[], &limits, Level::MAX, 0, &flag, |_| {
            let _ = progress.send(());
        });
        sender.send(result).expect("receiver waits");
    });
    // The limits only keep a broken stop from hanging the suite.
    searching
        .recv_timeout(Duration::from_secs(60))
        .expect("the search reports a finished depth");
    stop.store(true, Ordering::SeqCst);
    let result = receiver
        .recv_timeout(Duration::from_secs(60))
        .expect("the search stopped");
    assert!(result.is_ok());
}

#[test]
fn a_search_bounded_by_nodes_or_depth_ignores_extra_threads() {
    // Helper threads would make the result depend on timing, so only
    // searches that time bounds use them.
    let pos = position("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8");
    let stop = AtomicBool::new(false);
    for limits in [Limits::nodes(20_000), Limits::depth(6)] {
        let results: Vec<SearchResult> = [1, 3]
            .into_iter()
            .map(|threads| {
                let mut engine = Engine::new(4);
                engine.set_use_book(false);
                engine.set_threads(threads);
                engine
                    .search(&pos, &[], &limits, Level::MAX, 0, &stop, |_| {})
                    .expect("position has moves")
            })
            .collect();
        assert_eq!(results[0], results[1], "{limits:?}");
    }
}

#[test]
fn stop_ends_a_search_on_several_threads() {
    let pos = position("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8");
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (progress, searching) = std::sync::mpsc::channel();
    let (sender, receiver) = std::sync::mpsc::channel();
    let searched = pos.clone();
    std::thread::spawn(move || {
        let mut engine = Engine::new(4);
        engine.set_use_book(false);
        engine.set_threads(3);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let mut reported = 0;
        let result = engine.search(&searched, &[], &limits, Level::MAX, 0, &flag, |info| {
            reported = info.nodes;
            let _ = progress.send(());
        });
        sender.send((result, reported)).expect("receiver waits");
    });
    // The limits only keep a broken stop from hanging the suite.
    searching
        .recv_timeout(Duration::from_secs(60))
        .expect("the search reports a finished depth");
    stop.store(true, Ordering::SeqCst);
    let (result, reported) = receiver
        .recv_timeout(Duration::from_secs(60))
        .expect("the search stopped");
    let result = result.expect("position has moves");
    assert!(pos.is_legal(result.best_move));
    // The total counts every thread's nodes, so it is never below what
    // the last progress report counted.
    assert!(result.nodes >= reported);
}

#[test]
fn the_book_gives_variety_and_legal_moves() {
    let pos = Chess::default();
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    let firsts: std::collections::HashSet<String> = (0..16)
        .map(|seed| {
            let r = engine
                .search(
                    &pos,
                    &[],
                    &Limits::nodes(100),
                    Level::MAX,
                    seed,
                    &stop,
                    |_| {},
                )
                .unwrap();
            assert!(pos.is_legal(r.best_move));
            uci(r.best_move)
        })
        .collect();
    assert!(firsts.len() > 1);
}

#[test]
fn levels_have_rising_targets() {
    let targets: Vec<u32> = Level::all().map(Level::target_rating).collect();
    assert_eq!(targets.first(), Some(&600));
    assert!(targets.windows(2).all(|w| w[1] - w[0] == 200));
    assert!(Level::new(0).is_err() && Level::new(11).is_err());
}
