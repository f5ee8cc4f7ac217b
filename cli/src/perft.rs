//! `rokada perft DEPTH [--fen FEN] [--no-hash]`: counts the leaf nodes of the
//! legal move tree, the standard test of a move generator.

use std::thread;

use rokada_core::session::parse_fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position};

use crate::args::{ArgError, Args};

pub fn run(mut args: Args) -> Result<(), ArgError> {
    let mut depth = None;
    let mut fen = None;
    let mut hash = true;
    while let Some(arg) = args.next()? {
        match arg {
            lexopt::Arg::Long("fen") => fen = Some(args.value_string()?),
            lexopt::Arg::Long("no-hash") => hash = false,
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
    println!("{}", perft(&position, depth, hash));
    Ok(())
}

/// Leaf nodes at `depth`, the root moves shared out over the machine's cores;
/// with `hash`, each worker remembers the counts of subtrees it has seen.
pub fn perft(position: &Chess, depth: u32, hash: bool) -> u64 {
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
                    let mut table = hash.then(Table::new);
                    chunk
                        .into_iter()
                        .map(|m| {
                            let mut child = position.clone();
                            child.play_unchecked(m);
                            match table.as_mut() {
                                Some(table) => hashed_perft(&child, depth - 1, table),
                                None => shakmaty::perft(&child, depth - 1),
                            }
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

/// Subtree counts by position and depth. Positions are told apart as for
/// repetition: pieces, side to move, castling rights and an en passant
/// capture that is actually possible, which together decide every move below.
struct Table {
    entries: Vec<Entry>,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// The depth in the low byte, the count above it; 0 for an empty slot.
    depth_and_nodes: u64,
}

impl Table {
    /// 2^20 entries of 16 bytes each.
    const SIZE: usize = 1 << 20;

    fn new() -> Table {
        Table {
            entries: vec![Entry::default(); Table::SIZE],
        }
    }

    fn slot(key: u64, depth: u32) -> usize {
        (key ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)) as usize & (Table::SIZE - 1)
    }

    fn get(&self, key: u64, depth: u32) -> Option<u64> {
        let entry = self.entries[Table::slot(key, depth)];
        (entry.key == key && entry.depth_and_nodes & 0xFF == u64::from(depth))
            .then_some(entry.depth_and_nodes >> 8)
    }

    fn put(&mut self, key: u64, depth: u32, nodes: u64) {
        self.entries[Table::slot(key, depth)] = Entry {
            key,
            depth_and_nodes: nodes << 8 | u64::from(depth),
        };
    }
}

fn hashed_perft(position: &Chess, depth: u32, table: &mut Table) -> u64 {
    // Below depth 3 a lookup costs about as much as the count.
    if depth <= 2 {
        return shakmaty::perft(position, depth);
    }
    let Zobrist64(key) = position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    if let Some(nodes) = table.get(key, depth) {
        return nodes;
    }
    let nodes = position
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut child = position.clone();
            child.play_unchecked(m);
            hashed_perft(&child, depth - 1, table)
        })
        .sum();
    table.put(key, depth, nodes);
    nodes
}
