//! What a search evaluates with: the hand-written evaluation alone or
//! corrected by the network (the levels `LevelParams::network` names), whose
//! accumulators it keeps for every ply of the search path.

use shakmaty::{Chess, Color, Move, Position, Role};

use super::eval::{PIECE_VALUE, evaluate, non_pawn_material};
use super::nnue::{Accumulator, Network};
use super::ordering::MAX_PLY;

pub(super) struct Evaluator<'a> {
    network: Option<&'a Network>,
    /// The network's accumulators of the position at each ply.
    accumulators: Vec<Accumulator>,
}

impl<'a> Evaluator<'a> {
    /// An evaluator for a search from `root`.
    pub fn new(network: Option<&'a Network>, root: &Chess) -> Evaluator<'a> {
        let accumulators = network.map_or_else(Vec::new, |network| {
            vec![Accumulator::new(network, root.board()); MAX_PLY + 1]
        });
        Evaluator {
            network,
            accumulators,
        }
    }

    /// The evaluation of `pos`, the position at `ply`, for the side to move.
    pub fn evaluate(&self, pos: &Chess, ply: usize) -> i32 {
        match self.network {
            Some(network) => evaluate_with(network, &self.accumulators[ply], pos),
            None => evaluate(pos),
        }
    }

    /// Follows `us` playing `m` in the position at `ply`.
    pub fn play(&mut self, ply: usize, us: Color, m: Move) {
        if let Some(network) = self.network {
            let (parent, child) = self.accumulators.split_at_mut(ply + 1);
            child[0].play(network, &parent[ply], us, m);
        }
    }

    /// Follows a null move (the turn passes, the pieces stay) at `ply`.
    pub fn pass(&mut self, ply: usize) {
        if self.network.is_some() {
            let (parent, child) = self.accumulators.split_at_mut(ply + 1);
            child[0].clone_from(&parent[ply]);
        }
    }
}

/// Scores beyond this are left to the search: the network's output is
/// kept inside the range of ordinary scores.
const NETWORK_LIMIT: i32 = 10_000;

/// Evaluation of `pos` for the side to move: the hand-written evaluation
/// corrected by `network`, whose accumulators of `pos` are `accumulator`.
/// The hand-written evaluation alone decides drawn material and a bare
/// king against mating material, which the network seldom saw (such games
/// are decided long before) and which needs the mop-up's guidance to the
/// edge. The score shrinks as the fifty-move rule draws near, so that the
/// search prefers progress to shuffling.
pub(super) fn evaluate_with(network: &Network, accumulator: &Accumulator, pos: &Chess) -> i32 {
    let board = pos.board();
    if board.occupied().count() <= 4 && pos.is_insufficient_material() {
        return 0;
    }
    let bare_king = |color: Color| board.by_color(color).count() == 1;
    let mating = |color: Color| non_pawn_material(board, color) >= PIECE_VALUE[Role::Rook as usize];
    if (bare_king(Color::White) && mating(Color::Black))
        || (bare_king(Color::Black) && mating(Color::White))
    {
        return evaluate(pos);
    }
    let score = (evaluate(pos) + network.evaluate(accumulator, pos.turn()))
        .clamp(-NETWORK_LIMIT, NETWORK_LIMIT);
    let halfmoves = pos.halfmoves().min(100) as i32;
    score * (200 - halfmoves) / 200
}
