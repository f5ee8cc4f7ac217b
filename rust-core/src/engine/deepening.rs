//! Iterative deepening with aspiration windows, on the calling thread and on
//! helper threads that search the same position beside it (lazy SMP): the
//! threads share only the transposition table, where each finds what the
//! others have already searched.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;

use shakmaty::{Chess, Position};

use super::human::choose_human_like;
use super::ordering::{Context, Heuristics, MAX_PLY, Picker};
use super::rng::Rng;
use super::search::{INFINITY, MATE, MATE_BOUND, Request, RootMove, Searcher, hash, public_score};
use super::tt::TranspositionTable;
use super::{SearchInfo, SearchResult};

/// Searches `request` on this thread and on one helper thread per entry of
/// `helpers` (their history tables), and returns this thread's choice.
pub fn run(
    tt: &mut TranspositionTable,
    heuristics: &mut Heuristics,
    helpers: &mut [Heuristics],
    request: &Request<'_>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    tt.new_search();
    let tt = &*tt;
    if helpers.is_empty() {
        return deepen(
            tt,
            heuristics,
            request,
            Role::Main(&AtomicU64::new(0)),
            on_info,
        );
    }
    let done = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let mut result = thread::scope(|scope| {
        for (index, history) in helpers.iter_mut().enumerate() {
            let helper = Request {
                stop: &done,
                ..*request
            };
            let helper_nodes = &helper_nodes;
            let spawned = thread::Builder::new()
                .name("rokada-search".into())
                .spawn_scoped(scope, move || {
                    let role = Role::Helper {
                        nodes: helper_nodes,
                        offset: (index as i32 + 1) % 2,
                    };
                    deepen(tt, history, &helper, role, &mut |_| {});
                });
            if spawned.is_err() {
                // A thread the system refuses costs strength, not the move.
                break;
            }
        }
        let result = deepen(tt, heuristics, request, Role::Main(&helper_nodes), on_info);
        done.store(true, Ordering::Relaxed);
        result
    });
    result.nodes += helper_nodes.load(Ordering::Relaxed);
    result
}

#[derive(Clone, Copy)]
enum Role<'a> {
    /// The thread whose move is played; it reports progress, counting the
    /// helpers' nodes published so far.
    Main(&'a AtomicU64),
    /// A helper: it publishes its nodes after every iteration and searches
    /// `offset` plies deeper than the main thread would, so that the two do
    /// less of the same work.
    Helper { nodes: &'a AtomicU64, offset: i32 },
}

fn deepen(
    tt: &TranspositionTable,
    heuristics: &mut Heuristics,
    request: &Request<'_>,
    role: Role<'_>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let pos = request.position;
    let limits = request.limits;
    let params = request.params;
    heuristics.age();
    let root_hash = hash(pos);
    // A lapse of attention: this move is searched one step shallower.
    let lapse = Rng::new(request.seed ^ root_hash ^ 0x1a95e).next_f64() < params.lapse;
    let level_depth = params.max_depth.map(|d| if lapse { d - 1 } else { d });
    let quiescence = params.quiescence && level_depth != Some(0);
    let max_depth = match (limits.depth, level_depth) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(MAX_PLY as u32 - 8),
    }
    .clamp(1, MAX_PLY as u32 - 8) as i32;
    let offset = match role {
        Role::Main(_) => 0,
        Role::Helper { offset, .. } => offset,
    };

    let mut s = Searcher::new(tt, heuristics, request, quiescence);
    let mut root_moves = order_root_moves(&mut s, pos, root_hash);
    let mut completed: Vec<RootMove> = root_moves.clone();
    let mut best_move = root_moves[0].mv;
    let mut best_score = -INFINITY;
    let mut best_pv = vec![best_move];
    let mut completed_depth = 0;
    // Iterations in a row that completed with the same best move.
    let mut stable = 0;
    let mut settled_move = None;
    let mut published = 0;

    for iteration in 1..=max_depth {
        let depth = (iteration + offset).min(max_depth);
        s.can_abort = iteration > 1;
        s.root_depth = depth;
        s.seldepth = 0;
        let use_window = depth >= 5 && s.margin == 0 && best_score.abs() < MATE_BOUND;
        let mut delta = 25;
        let (mut alpha, mut beta) = if use_window {
            (best_score - delta, best_score + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        let mut score;
        loop {
            let (iteration_best, improved) =
                s.root(pos, root_hash, &mut root_moves, depth, alpha, beta);
            score = iteration_best;
            if s.aborted {
                // A move that beat the previous best in a completed comparison is kept.
                if let Some(m) = improved
                    && m != best_move
                    && s.pv[0].first() == Some(&m)
                {
                    best_move = m;
                    best_pv = s.pv[0].clone();
                }
                break;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                if let Some(m) = improved {
                    best_move = m;
                    best_pv = s.pv[0].clone();
                }
            } else {
                break;
            }
            delta *= 2;
            root_moves.sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        if let Role::Helper { nodes, .. } = role {
            nodes.fetch_add(s.nodes - published, Ordering::Relaxed);
            published = s.nodes;
        }
        if s.aborted {
            break;
        }
        // Stable sort keeps the previous order among moves with equal bounds.
        root_moves.sort_by_key(|rm| std::cmp::Reverse(rm.score));
        completed.clone_from(&root_moves);
        stable = if settled_move == Some(root_moves[0].mv) {
            stable + 1
        } else {
            0
        };
        settled_move = Some(root_moves[0].mv);
        best_move = root_moves[0].mv;
        best_score = score;
        best_pv = if s.pv[0].first() == Some(&best_move) {
            s.pv[0].clone()
        } else {
            vec![best_move]
        };
        completed_depth = depth as u32;
        if let Role::Main(helper_nodes) = role {
            on_info(&SearchInfo {
                depth: depth as u32,
                seldepth: s.seldepth as u32,
                score: public_score(best_score),
                nodes: s.nodes + helper_nodes.load(Ordering::Relaxed),
                elapsed: s.deadline.start.elapsed(),
                pv: best_pv.clone(),
                hashfull: s.tt.hashfull(),
            });
        }
        if best_score.abs() >= MATE_BOUND && (MATE - best_score.abs()) < depth {
            // A mate found with this much depth to spare cannot get shorter.
            if !limits.infinite && limits.depth.is_none() {
                break;
            }
        }
        if depth == max_depth
            || s.deadline.soft_reached(stable)
            || request.stop.load(Ordering::Relaxed)
        {
            break;
        }
    }

    let chosen = if params.temperature > 0 {
        choose_human_like(pos, &completed, params, request.seed ^ root_hash)
    } else {
        best_move
    };
    SearchResult {
        best_move: chosen,
        score: Some(public_score(best_score)),
        depth: completed_depth,
        nodes: s.nodes,
        pv: best_pv,
    }
}

/// The root's legal moves, the table's move first and the rest as the
/// move picker orders them.
fn order_root_moves(s: &mut Searcher<'_>, pos: &Chess, root_hash: u64) -> Vec<RootMove> {
    let tt_move = s.tt.probe(root_hash).map_or(0, |e| e.mv);
    let mut picker = Picker::new(
        pos,
        pos.legal_moves(),
        tt_move,
        &Context::default(),
        s.heuristics,
    );
    let mut root_moves = Vec::with_capacity(picker.len());
    while let Some(mv) = picker.next_move(s.heuristics) {
        root_moves.push(RootMove {
            mv,
            score: -INFINITY,
            exact: false,
        });
    }
    root_moves
}
