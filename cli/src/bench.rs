//! `rokada bench [depth]`: searches a fixed set of positions to a fixed
//! depth and reports the node count (a signature of the search) and speed,
//! then how quickly a running search obeys a stop.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rokada_core::engine::{Engine, Level, Limits};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// Searches stopped to measure the stop latency, and how long each runs first.
const STOP_SAMPLES: usize = 20;
const RUN_BEFORE_STOP: Duration = Duration::from_millis(30);

const DEFAULT_DEPTH: u32 = 10;

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/2R3K1 w - - 0 20",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
];

pub fn run(args: &[std::ffi::OsString]) -> ExitCode {
    let depth = match args
        .first()
        .map(|a| a.to_str().and_then(|s| s.parse::<u32>().ok()))
    {
        None => DEFAULT_DEPTH,
        Some(Some(depth)) if (1..=64).contains(&depth) => depth,
        Some(_) => {
            eprintln!("usage: rokada bench [depth 1..64]");
            return ExitCode::FAILURE;
        }
    };
    let mut positions = Vec::with_capacity(POSITIONS.len());
    for (index, fen) in POSITIONS.iter().enumerate() {
        let parsed = fen
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok());
        match parsed {
            Some(position) => positions.push(position),
            None => {
                eprintln!("bench position {} is invalid: {fen}", index + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (index, position) in positions.iter().enumerate() {
        let mut engine = Engine::default();
        engine.set_use_book(false);
        let limits = Limits::depth(depth);
        match engine.search(position, &[], &limits, Level::MAX, 0, &stop, |_| {}) {
            Ok(result) => {
                println!(
                    "Position {:>2}: {:>10} nodes  best {}",
                    index + 1,
                    result.nodes,
                    result.best_move.to_uci(CastlingMode::Standard)
                );
                total_nodes += result.nodes;
            }
            Err(e) => {
                eprintln!("bench position {}: {e}", index + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let millis = start.elapsed().as_millis().max(1);
    println!("===========================");
    println!("Total time (ms) : {millis}");
    println!("Nodes searched  : {total_nodes}");
    println!(
        "Nodes/second    : {}",
        u128::from(total_nodes) * 1000 / millis
    );
    let mut latencies: Vec<Duration> = (0..STOP_SAMPLES)
        .map(|i| stop_latency(positions[i % positions.len()].clone()))
        .collect();
    latencies.sort();
    println!(
        "Stop latency    : {:.3} ms median, {:.3} ms max of {STOP_SAMPLES}",
        latencies[STOP_SAMPLES / 2].as_secs_f64() * 1000.0,
        latencies[STOP_SAMPLES - 1].as_secs_f64() * 1000.0
    );
    ExitCode::SUCCESS
}

/// Time from setting the stop flag of a running infinite search until the
/// search returns its move.
fn stop_latency(position: Chess) -> Duration {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let mut engine = Engine::default();
        engine.set_use_book(false);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let result = engine.search(&position, &[], &limits, Level::MAX, 0, &flag, |_| {});
        let returned = Instant::now();
        // The receiver waits for this; the result is only timed.
        let _ = sender.send(returned);
        result.is_ok()
    });
    std::thread::sleep(RUN_BEFORE_STOP);
    let stopped = Instant::now();
    stop.store(true, Ordering::SeqCst);
    let returned = receiver.recv().unwrap_or(stopped);
    let _ = worker.join();
    returned.saturating_duration_since(stopped)
}
