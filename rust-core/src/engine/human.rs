//! How the weaker levels choose among the moves the search scored near
//! the best: the nearer a move's score and the more natural it looks to a
//! human player, the likelier it is played.

use shakmaty::{Chess, Move, Position, Role};

use super::levels::LevelParams;
use super::rng::Rng;
use super::search::{MATE_BOUND, RootMove};

/// How natural a move looks to a human player: captures and checks catch
/// the eye, castling is a habit, aimless king walks and underpromotions are
/// rarely considered.
fn plausibility(pos: &Chess, m: Move) -> f64 {
    if matches!(m.promotion(), Some(r) if r != Role::Queen) {
        return 0.0;
    }
    let mut weight = 1.0;
    if m.is_capture() {
        weight *= 1.6;
    }
    if m.is_castle() {
        weight *= 1.4;
    }
    if m.role() == Role::King && !m.is_castle() && pos.board().queens().any() {
        weight *= 0.6;
    }
    let mut child = pos.clone();
    child.play_unchecked(m);
    if child.is_check() {
        weight *= 1.3;
    }
    weight
}

pub(super) fn choose_human_like(
    pos: &Chess,
    root_moves: &[RootMove],
    params: &LevelParams,
    seed: u64,
) -> Move {
    let Some(best) = root_moves.first() else {
        unreachable!("the search only runs with legal moves");
    };
    if best.score.abs() >= MATE_BOUND || !best.exact {
        return best.mv;
    }
    let candidates: Vec<(Move, f64)> = root_moves
        .iter()
        .filter(|rm| rm.exact && rm.score >= best.score - params.margin)
        .map(|rm| {
            let drop = f64::from(best.score - rm.score);
            let weight = (-drop / f64::from(params.temperature)).exp() * plausibility(pos, rm.mv);
            (rm.mv, weight)
        })
        .filter(|&(_, w)| w > 0.0)
        .collect();
    let total: f64 = candidates.iter().map(|&(_, w)| w).sum();
    if candidates.is_empty() || total <= 0.0 {
        return best.mv;
    }
    let mut target = Rng::new(seed).next_f64() * total;
    for &(m, w) in &candidates {
        if target < w {
            return m;
        }
        target -= w;
    }
    best.mv
}
