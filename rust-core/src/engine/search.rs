//! Principal-variation alpha-beta search of one iteration, with a
//! transposition table, quiescence search, null-move pruning, late-move
//! reductions, and check and singular extensions.

use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, MoveList, Position, Rank, Role};

use super::eval::PIECE_VALUE;
use super::evaluator::Evaluator;
use super::levels::LevelParams;
use super::nnue::Network;
use super::ordering::{
    Context, HISTORY_MAX, Heuristics, MAX_PLY, Picker, Staged, encode, piece_to, see,
};
use super::time::Deadline;
use super::tt::{Bound, Entry, TranspositionTable, score_from_tt, score_to_tt};
use super::{Limits, Score};

pub(super) const INFINITY: i32 = 32_000;
pub(super) const MATE: i32 = 31_000;
/// Scores beyond this are forced mates.
pub(super) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

#[derive(Clone, Copy)]
pub struct Request<'a> {
    /// The network that evaluates, if the level uses one.
    pub network: Option<&'a Network>,
    pub position: &'a Chess,
    pub history: &'a [u64],
    pub limits: &'a Limits,
    pub params: &'a LevelParams,
    pub deadline: Deadline,
    pub seed: u64,
    /// Ends the search: the caller's flag, or on a helper thread the main
    /// thread's signal that it is done.
    pub stop: &'a AtomicBool,
}

pub fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn child_hash(pos: &Chess, hash: u64, m: Move, child: &Chess) -> u64 {
    pos.update_zobrist_hash(Zobrist64(hash), m, EnPassantMode::Legal)
        .map_or_else(|| self::hash(child), |z| z.0)
}

pub fn public_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Centipawns(score)
    }
}

fn has_non_pawn_material(pos: &Chess) -> bool {
    let board = pos.board();
    let pieces = board.knights() | board.bishops() | board.rooks() | board.queens();
    (pieces & board.by_color(pos.turn())).any()
}

/// Late-move reduction in plies for a depth and move number.
fn reduction(depth: i32, moves_searched: usize) -> i32 {
    let d = f64::from(depth.max(1)).ln();
    let m = (moves_searched.max(1) as f64).ln();
    (0.75 + d * m / 2.25) as i32
}

#[derive(Clone, Copy)]
pub(super) struct RootMove {
    pub(super) mv: Move,
    pub(super) score: i32,
    /// Whether `score` is exact rather than an upper bound.
    pub(super) exact: bool,
}

pub(super) struct Searcher<'a> {
    pub(super) tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    pub(super) deadline: Deadline,
    node_limit: Option<u64>,
    quiescence: bool,
    pub(super) margin: i32,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) aborted: bool,
    pub(super) can_abort: bool,
    pub(super) heuristics: &'a mut Heuristics,
    /// Hashes of the game's positions followed by the current search path.
    path: Vec<u64>,
    evals: [i32; MAX_PLY + 1],
    /// Piece-to keys of the moves on the search path, by ply (`None` for a null move).
    keys: [Option<usize>; MAX_PLY + 1],
    /// The move a singularity test leaves out at each ply (0 for none).
    excluded: [u16; MAX_PLY + 1],
    /// The iteration's depth, which bounds how far extensions may reach.
    pub(super) root_depth: i32,
    pub(super) pv: Vec<Vec<Move>>,
    evaluator: Evaluator<'a>,
}

impl Searcher<'_> {
    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.can_abort {
            return false;
        }
        let out_of_nodes = self.node_limit.is_some_and(|limit| self.nodes >= limit);
        // The stop flag costs one relaxed load, so every node looks at it;
        // the clock is read every 64 nodes.
        let stopped = self.stop.load(Ordering::Relaxed)
            || (self.nodes & 63 == 0 && self.deadline.hard_reached());
        self.aborted = out_of_nodes || stopped;
        self.aborted
    }

    fn context(&self, ply: usize) -> Context {
        Context {
            ply,
            previous: [
                ply.checked_sub(1).and_then(|p| self.keys[p]),
                ply.checked_sub(2).and_then(|p| self.keys[p]),
            ],
        }
    }

    fn is_repetition(&self, hash: u64, halfmoves: u32) -> bool {
        let n = self.path.len();
        let reach = (halfmoves as usize).min(n.saturating_sub(1));
        let mut back = 4;
        while back <= reach {
            if self.path[n - 1 - back] == hash {
                return true;
            }
            back += 2;
        }
        false
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "the node's state in the usual negamax form"
    )]
    fn search(
        &mut self,
        pos: &Chess,
        hash: u64,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if self.check_abort() {
            return 0;
        }
        let in_check = pos.is_check();
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, hash, ply, alpha, beta);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        let halfmoves = pos.halfmoves();
        if ply > 0 {
            if self.is_repetition(hash, halfmoves) {
                return 0;
            }
            if halfmoves >= 100 && !(in_check && pos.legal_moves().is_empty()) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluator.evaluate(pos, ply);
            }
        }

        let excluded = self.excluded[ply];
        let entry = self.tt.probe(hash);
        let tt_move = entry.map_or(0, |e| e.mv);
        if let Some(e) = entry
            && !pv_node
            && excluded == 0
            && ply > 0
            && e.depth >= depth
        {
            let score = score_from_tt(e.score, ply);
            if e.bound.cuts(score, alpha, beta) {
                return score;
            }
        }

        let static_eval = if in_check {
            -INFINITY
        } else {
            entry.map_or_else(|| self.evaluator.evaluate(pos, ply), |e| e.eval)
        };
        self.evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        // A stored search result bounds the position better than the static
        // evaluation when it lies on the bound's side of it.
        let eval = match entry {
            Some(e) if !in_check && e.score.abs() < MATE_BOUND => {
                let refined = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score > static_eval,
                    Bound::Upper => e.score < static_eval,
                };
                if refined { e.score } else { static_eval }
            }
            _ => static_eval,
        };

        if !pv_node && !in_check && ply > 0 && excluded == 0 && beta.abs() < MATE_BOUND {
            let margin = 80 * depth - if improving { 40 } else { 0 };
            if depth <= 6 && eval - margin >= beta {
                return eval;
            }
            if allow_null
                && depth >= 3
                && eval >= beta
                && has_non_pawn_material(pos)
                && let Ok(null) = pos.clone().swap_turn()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let null_hash = self::hash(&null);
                self.evaluator.pass(ply);
                self.path.push(null_hash);
                self.keys[ply] = None;
                let score = -self.search(
                    &null,
                    null_hash,
                    depth - r,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                );
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        if depth >= 4 && tt_move == 0 {
            depth -= 1;
        }

        let context = self.context(ply);
        let Some(mut picker) = Staged::new(pos, tt_move, &context, self.heuristics) else {
            return if in_check { -MATE + ply as i32 } else { 0 };
        };
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move: Option<Move> = None;
        let mut moves_searched = 0usize;
        let mut quiets_tried: MoveList = MoveList::new();
        let us = pos.turn();

        while let Some(m) = picker.next_move(pos, &context, self.heuristics) {
            if excluded != 0 && encode(m) == excluded {
                continue;
            }
            let quiet = !m.is_capture() && !m.is_promotion();
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.is_check();

            if ply > 0 && best > -MATE_BOUND && !in_check && !gives_check {
                if quiet && !pv_node {
                    let late = 3 + (depth * depth) as usize / if improving { 1 } else { 2 };
                    if depth <= 4 && quiets_tried.len() >= late {
                        continue;
                    }
                    if depth <= 3 && eval + 60 + 120 * depth <= alpha {
                        continue;
                    }
                    // A quiet move that loses material to the exchanges on
                    // its square is not worth a shallow search.
                    if depth <= 8 && see(pos.board(), us, m) < -50 * depth {
                        continue;
                    }
                } else if !quiet && depth <= 4 && see(pos.board(), us, m) < -100 * depth {
                    continue;
                }
            }

            let mut extension = 0;
            // Singular extension: when the table's move is better than every
            // other move by a margin, it is searched a ply deeper; when even
            // without it the position holds above beta, this node is cut.
            if let Some(e) = entry
                && ply > 0
                && (ply as i32) < 2 * self.root_depth
                && depth >= 6
                && excluded == 0
                && encode(m) == tt_move
                && e.depth >= depth - 3
                && e.bound != Bound::Upper
                && e.score.abs() < MATE_BOUND
            {
                let singular_beta = e.score - 2 * depth;
                self.excluded[ply] = tt_move;
                let score = self.search(
                    pos,
                    hash,
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    false,
                );
                self.excluded[ply] = 0;
                if self.aborted {
                    return 0;
                }
                if score < singular_beta {
                    extension = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if e.score >= beta {
                    // Another move also holds near beta: the table's move
                    // is not the only one, so it is searched a ply shallower.
                    extension = -1;
                }
            }

            let hash_after = child_hash(pos, hash, m, &child);
            self.tt.prefetch(hash_after);
            self.evaluator.play(ply, us, m);
            self.path.push(hash_after);
            self.keys[ply] = Some(piece_to(us, m));
            let new_depth = depth - 1 + extension;
            let mut score;
            if moves_searched == 0 {
                score = -self.search(&child, hash_after, new_depth, ply + 1, -beta, -alpha, true);
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && !gives_check && !in_check {
                    r = reduction(depth, moves_searched);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if self.heuristics.is_killer(ply, encode(m)) {
                        r -= 1;
                    }
                    r -= self.heuristics.quiet_score(us, m, &context) * 2 / (3 * HISTORY_MAX);
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.search(
                    &child,
                    hash_after,
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    true,
                );
                if score > alpha && r > 0 {
                    score = -self.search(
                        &child,
                        hash_after,
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        true,
                    );
                }
                if score > alpha && score < beta {
                    score =
                        -self.search(&child, hash_after, new_depth, ply + 1, -beta, -alpha, true);
                }
            }
            self.path.pop();
            if self.aborted {
                return 0;
            }
            moves_searched += 1;

            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.set_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.heuristics
                                .reward(us, &context, m, &quiets_tried, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            }
        }

        if moves_searched == 0 {
            // Everything was pruned: the position is no better than alpha.
            return alpha;
        }
        if excluded != 0 {
            return best;
        }

        self.tt.store(
            hash,
            Entry {
                mv: best_move.map_or(tt_move, encode),
                score: score_to_tt(best, ply),
                eval: if in_check { 0 } else { static_eval },
                depth,
                bound: Bound::of(best, original_alpha, beta),
            },
        );
        best
    }

    fn qsearch(&mut self, pos: &Chess, hash: u64, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.check_abort() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.pv[ply].clear();
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 1 {
            return if in_check {
                0
            } else {
                self.evaluator.evaluate(pos, ply)
            };
        }

        // Capture searches share the table too (the weakest levels, which
        // skip them, do not look).
        let entry = if self.quiescence {
            self.tt.probe(hash)
        } else {
            None
        };
        if let Some(e) = entry {
            let score = score_from_tt(e.score, ply);
            if e.bound.cuts(score, alpha, beta) {
                return score;
            }
        }

        let original_alpha = alpha;
        let mut best;
        let stand_pat;
        let moves = if in_check {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            if !self.quiescence {
                return self.evaluator.evaluate(pos, ply);
            }
            best = -INFINITY;
            stand_pat = -INFINITY;
            moves
        } else {
            stand_pat = entry.map_or_else(|| self.evaluator.evaluate(pos, ply), |e| e.eval);
            if !self.quiescence || stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            let mut moves = pos.capture_moves();
            let seventh = match pos.turn() {
                Color::White => Rank::Seventh,
                Color::Black => Rank::Second,
            };
            let board = pos.board();
            if (board.pawns() & board.by_color(pos.turn()) & shakmaty::Bitboard::from_rank(seventh))
                .any()
            {
                moves.extend(
                    pos.promotion_moves()
                        .into_iter()
                        .filter(|m| !m.is_capture() && m.promotion() == Some(Role::Queen)),
                );
            }
            moves.retain(|m| matches!(m.promotion(), None | Some(Role::Queen)));
            moves
        };

        let us = pos.turn();
        let mut best_move = None;
        let mut picker = Picker::captures(moves);
        while let Some(m) = picker.next_move(self.heuristics) {
            if !in_check {
                let gain = m.capture().map_or(0, |r| PIECE_VALUE[r as usize])
                    + if m.is_promotion() { 800 } else { 0 };
                if stand_pat + gain + 200 <= alpha && !m.is_promotion() {
                    continue;
                }
                if see(pos.board(), us, m) < 0 {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let hash_after = child_hash(pos, hash, m, &child);
            self.tt.prefetch(hash_after);
            self.evaluator.play(ply, us, m);
            let score = -self.qsearch(&child, hash_after, ply + 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.set_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Deeper entries of the main search are worth more than this one.
        if best > -INFINITY && entry.is_none_or(|e| e.depth <= 0) {
            self.tt.store(
                hash,
                Entry {
                    mv: best_move.map_or(0, encode),
                    score: score_to_tt(best, ply),
                    eval: if in_check { 0 } else { stand_pat },
                    depth: 0,
                    bound: Bound::of(best, original_alpha, beta),
                },
            );
        }
        best
    }

    /// One iteration at the root. Every move scoring above `best - margin`
    /// gets an exact score, so that weaker levels can choose among them.
    pub(super) fn root(
        &mut self,
        pos: &Chess,
        hash: u64,
        root_moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let mut best = -INFINITY;
        let mut improved = None;
        self.pv[0].clear();
        for (i, root_move) in root_moves.iter_mut().enumerate() {
            let m = root_move.mv;
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_hash = child_hash(pos, hash, m, &child);
            self.evaluator.play(0, pos.turn(), m);
            self.path.push(child_hash);
            self.keys[0] = Some(piece_to(pos.turn(), m));
            let floor = if self.margin > 0 && best > -INFINITY {
                (best - self.margin).min(alpha)
            } else {
                alpha
            };
            let mut score;
            if i == 0 {
                score = -self.search(&child, child_hash, depth - 1, 1, -beta, -floor, true);
            } else {
                score = -self.search(&child, child_hash, depth - 1, 1, -floor - 1, -floor, true);
                if score > floor && score < beta {
                    score = -self.search(&child, child_hash, depth - 1, 1, -beta, -floor, true);
                }
            }
            self.path.pop();
            if self.aborted {
                break;
            }
            root_move.score = score;
            root_move.exact = score > floor && score < beta;
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                improved = Some(m);
                self.set_pv(0, m);
                if score >= beta {
                    break;
                }
            }
        }
        (best, improved)
    }
}

impl<'a> Searcher<'a> {
    /// A searcher for one thread. `stop` ends it: the caller's flag on the
    /// main thread, the main thread's signal on a helper.
    pub(super) fn new(
        tt: &'a TranspositionTable,
        heuristics: &'a mut Heuristics,
        request: &Request<'a>,
        quiescence: bool,
    ) -> Searcher<'a> {
        let pos = request.position;
        let mut path = Vec::with_capacity(request.history.len() + MAX_PLY + 2);
        path.extend_from_slice(request.history);
        path.push(hash(pos));
        let node_limit = match (request.limits.nodes, request.params.max_nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Searcher {
            tt,
            stop: request.stop,
            deadline: request.deadline,
            node_limit,
            quiescence,
            margin: request.params.margin,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            can_abort: false,
            heuristics,
            path,
            evals: [0; MAX_PLY + 1],
            keys: [None; MAX_PLY + 1],
            excluded: [0; MAX_PLY + 1],
            root_depth: 0,
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            evaluator: Evaluator::new(request.network, pos),
        }
    }
}
