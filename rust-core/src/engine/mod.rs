//! Rokada's computer opponent: an alpha-beta searcher on shakmaty's move
//! generation with a hand-written evaluation, played at ten strength levels.
//!
//! [`Engine`] owns the transposition table and is reused across the moves of
//! a game. A search is driven by [`Limits`] (depth, nodes, fixed move time or
//! a game clock) and a [`Level`]; it can be stopped from another thread
//! through an [`AtomicBool`]. With a fixed seed, searches limited by depth
//! or nodes are fully deterministic.

mod book;
mod deepening;
mod eval;
mod evaluator;
mod human;
mod levels;
pub mod nnue;
mod ordering;
pub mod rng;
mod search;
mod time;
mod tt;
mod weights;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use shakmaty::{Chess, Move, Position};

pub use levels::{InvalidLevel, Level};

/// Time left on the game clock when the engine is asked to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockBudget {
    /// Time left on the engine's clock.
    pub our_time: Duration,
    /// Increment the engine gains per move.
    pub our_increment: Duration,
    /// Time left on the opponent's clock.
    pub their_time: Duration,
    /// Increment the opponent gains per move.
    pub their_increment: Duration,
    /// Moves until the next time control, if the clock has one.
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. Every bound that is set applies; the search ends at
/// the first one reached. With no bound at all (and not `infinite`) the
/// search uses [`Limits::DEFAULT_MOVE_TIME`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum nominal depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub move_time: Option<Duration>,
    /// The game clock, from which the engine budgets its own time.
    pub clock: Option<ClockBudget>,
    /// Search until stopped (depth and node bounds still apply).
    pub infinite: bool,
}

impl Limits {
    /// Think time used when nothing else bounds the search.
    pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

    /// Limits that stop at the given depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Limits that stop after about the given number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Limits that stop after the given time.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            move_time: Some(time),
            ..Limits::default()
        }
    }
}

/// A search score from the point of view of the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Advantage in centipawns.
    Centipawns(i32),
    /// Forced mate in this many moves: positive when the side to move mates,
    /// negative when it is mated.
    Mate(i32),
}

/// Progress report sent after every completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Transposition table occupancy in permille.
    pub hashfull: u32,
}

/// The move the engine chose and how it got there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; always legal in the searched position.
    pub best_move: Move,
    /// Score of the searched best move (a weaker level may have chosen
    /// another); `None` when nothing was searched: a book move, or the only
    /// legal move.
    pub score: Option<Score>,
    /// Deepest completed iteration (0 when the move came from the book or
    /// was the only legal one).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation of the search, starting with the searched best
    /// move (which a weaker level may not have chosen).
    pub pv: Vec<Move>,
}

/// Why the engine could not produce a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchError {
    /// The position is checkmate or stalemate.
    NoLegalMoves,
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::NoLegalMoves => f.write_str("the position has no legal moves"),
        }
    }
}

impl std::error::Error for SearchError {}

/// A reusable engine: owns the transposition table and learning tables that
/// carry over from one move of a game to the next.
pub struct Engine {
    tt: tt::TranspositionTable,
    heuristics: ordering::Heuristics,
    /// The history tables of the helper threads, kept from move to move as
    /// the main thread's are.
    helpers: Vec<ordering::Heuristics>,
    threads: usize,
    use_book: bool,
    /// The network in place of the shipped one.
    network: Option<Box<nnue::Network>>,
    /// Whether the table's evaluations are the network's (levels 9, 10) or
    /// the hand-written evaluation's.
    table_by_network: bool,
}

impl Engine {
    /// Hash size used on phones unless the app chooses otherwise.
    pub const DEFAULT_HASH_MB: usize = 16;

    /// An engine with a transposition table of about `hash_mb` megabytes
    /// (at least one).
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: tt::TranspositionTable::new(hash_mb),
            heuristics: ordering::Heuristics::new(),
            helpers: Vec::new(),
            threads: 1,
            use_book: true,
            network: None,
            table_by_network: false,
        }
    }

    /// The network the strongest levels evaluate with; `None` for the shipped one.
    /// The table is cleared: its evaluations are the old network's.
    pub fn set_network(&mut self, network: Option<nnue::Network>) {
        self.network = network.map(Box::new);
        self.tt.clear();
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.tt = tt::TranspositionTable::new(hash_mb);
    }

    /// How many threads a search may use (default one, at least one).
    ///
    /// Only searches that time bounds use more than one: a search bounded
    /// by depth or nodes, as the weaker levels' are, stays on one thread
    /// and so stays reproducible.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        self.helpers.truncate(self.threads - 1);
    }

    /// The threads a phone's full-strength search should use: the cores
    /// there are, up to four.
    pub fn recommended_threads() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
    }

    /// Whether moves may come from the built-in opening book (default on).
    pub fn set_use_book(&mut self, use_book: bool) {
        self.use_book = use_book;
    }

    /// Full strength's static evaluation of `position` in centipawns for
    /// the side to move: the hand-written evaluation corrected by the
    /// network.
    pub fn network_eval(&self, position: &Chess) -> i32 {
        let network = chosen_network(&self.network);
        let accumulator = nnue::Accumulator::new(network, position.board());
        evaluator::evaluate_with(network, &accumulator, position)
    }

    /// Forgets everything learnt, for a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heuristics = ordering::Heuristics::new();
        self.helpers.clear();
    }

    /// Chooses a move in `position`.
    ///
    /// `history` holds the Zobrist hashes ([`shakmaty::zobrist::Zobrist64`],
    /// [`shakmaty::EnPassantMode::Legal`]) of the earlier positions of the
    /// game, oldest first, so that the search sees repetitions. `seed` makes
    /// the weaker levels' choices and the book reproducible. Setting `stop`
    /// ends the search within a few milliseconds; `on_info` receives progress.
    #[allow(
        clippy::too_many_arguments,
        reason = "each argument is an independent input of one search"
    )]
    pub fn search(
        &mut self,
        position: &Chess,
        history: &[u64],
        limits: &Limits,
        level: Level,
        seed: u64,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        let moves = position.legal_moves();
        let Some(&first) = moves.first() else {
            return Err(SearchError::NoLegalMoves);
        };
        if moves.len() == 1 {
            return Ok(SearchResult {
                best_move: first,
                score: None,
                depth: 0,
                nodes: 0,
                pv: vec![first],
            });
        }
        if self.use_book
            && let Some(m) = book::pick(position, seed)
        {
            return Ok(SearchResult {
                best_move: m,
                score: None,
                depth: 0,
                nodes: 0,
                pv: vec![m],
            });
        }
        let params = level.params();
        let deadline = time::plan(limits, &params, position);
        if params.network != self.table_by_network {
            // A level that evaluates otherwise would read the other
            // evaluation's scores from the table.
            self.tt.clear();
            self.table_by_network = params.network;
        }
        let network = params.network.then(|| chosen_network(&self.network));
        let request = search::Request {
            network,
            position,
            history,
            limits,
            params: &params,
            deadline,
            seed,
            stop,
        };
        let timed = limits.depth.is_none()
            && limits.nodes.is_none()
            && params.max_depth.is_none()
            && params.max_nodes.is_none();
        let helpers = if timed { self.threads - 1 } else { 0 };
        self.helpers
            .resize_with(helpers.max(self.helpers.len()), ordering::Heuristics::new);
        Ok(deepening::run(
            &mut self.tt,
            &mut self.heuristics,
            &mut self.helpers[..helpers],
            &request,
            &mut on_info,
        ))
    }
}

/// The hand-written static evaluation of `position` in centipawns for the
/// side to move, without any search: what the search of levels 1 to 9 sees
/// in a quiet position. For tools (the UCI `eval` command, the evaluation's
/// tuning script).
pub fn static_eval(position: &Chess) -> i32 {
    eval::evaluate(position)
}

/// The network the strongest levels evaluate with: the one set, or the shipped
/// one.
/// A function of the field alone, so that the search may borrow the engine's
/// other fields mutably beside it.
fn chosen_network(set: &Option<Box<nnue::Network>>) -> &nnue::Network {
    match set {
        Some(network) => network,
        None => nnue::Network::embedded(),
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Engine::DEFAULT_HASH_MB)
    }
}
