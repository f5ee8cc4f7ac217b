//! `rokada perft DEPTH [--fen FEN]`: counts the leaf nodes of the legal move
//! tree, the standard test of a move generator.

use std::thread;

use rokada_core::session::parse_fen;
use shakmaty::{Chess, Position};

use crate::args::{ArgError, Args};

pub fn run(mut args: Args) -> Result<(), ArgError> {
    let mut depth = None;
    let mut fen = None;
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("fen") => fen = Some(args.value_string()?),
            lexopt::Arg::Value(v) if depth.is_none() => {
                depth = Some(Args::parse_value::<u32>(v, "DEPTH")?);
            }
            other => return Err(Args::unexpected(other)),
        }
    }
    let depth = depth.ok_or_else(|| ArgError::usage("perft needs a DEPTH"))?;
    let position = match fen {
        Some(text) => parse_fen(&text).map_err(|e| ArgError::usage(e.to_string()))?,
        None => Chess::default(),
    };
    println!("{}", perft(&position, depth));
    Ok(())
}

/// Leaf nodes at `depth`, the root moves shared out over the machine's cores.
pub fn perft(position: &Chess, depth: u32) -> u64 {
    if depth <= 2 {
        return shakmaty::perft(position, depth);
    }
    let moves = position.legal_moves();
    let workers = thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(moves.len().max(1));
    let chunks: Vec<Vec<_>> = (0..workers)
        .map(|w| moves.iter().skip(w).step_by(workers).copied().collect())
        .collect();
    thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .into_iter()
                        .map(|m| {
                            let mut child = position.clone();
                            child.play_unchecked(m);
                            shakmaty::perft(&child, depth - 1)
                        })
                        .sum::<u64>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("perft worker panicked"))
            .sum()
    })
}
