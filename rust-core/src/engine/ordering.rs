//! Move ordering: transposition-table move first, then winning and equal
//! captures by MVV-LVA, killer moves, the counter move, quiet moves by
//! their histories, and losing captures last. Also the static exchange
//! evaluator used for pruning.

use shakmaty::{Bitboard, Board, Chess, Color, Move, MoveList, Position, Role};

use super::eval::PIECE_VALUE;

pub const MAX_PLY: usize = 128;
/// Capacity of shakmaty's `MoveList`.
const MOVE_CAPACITY: usize = 270;

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = KILLER - 2;
/// A quiet move whose history is not looked up yet: above every history
/// score (at most three times `HISTORY_MAX` either way), below the counter
/// move.
const QUIET: i32 = 1 << 20;
const BAD_CAPTURE: i32 = -(1 << 28);
const UNDER_PROMOTION: i32 = -(1 << 29);
pub const HISTORY_MAX: i32 = 16_384;

/// Compact move code for tables: from, to and promotion (0 means none).
/// Castling is coded king square to rook square, as shakmaty represents it.
pub fn encode(m: Move) -> u16 {
    let from = m.from().map_or(0, |sq| sq.to_u32() as u16);
    let to = m.to().to_u32() as u16;
    let promotion = m.promotion().map_or(0, |r| r as u16);
    from | (to << 6) | (promotion << 12)
}

fn value(role: Role) -> i32 {
    PIECE_VALUE[role as usize]
}

fn captured(m: Move) -> Option<Role> {
    if m.is_en_passant() {
        Some(Role::Pawn)
    } else {
        m.capture()
    }
}

/// Material balance of the exchange that `m` starts on its target square,
/// for the side making it, assuming both sides recapture with their least
/// valuable piece while it pays.
pub fn see(board: &Board, us: Color, m: Move) -> i32 {
    let (Some(from), Move::Normal { .. } | Move::EnPassant { .. }) = (m.from(), m) else {
        return 0;
    };
    let to = m.to();
    let mut occupied = board.occupied() ^ Bitboard::from(from);
    if m.is_en_passant() {
        let captured_sq = shakmaty::Square::from_coords(to.file(), from.rank());
        occupied ^= Bitboard::from(captured_sq);
    }
    let mut gain = [0i32; 34];
    gain[0] = captured(m).map_or(0, value);
    let mut on_square = match m.promotion() {
        Some(promotion) => {
            gain[0] += value(promotion) - value(Role::Pawn);
            value(promotion)
        }
        None => value(m.role()),
    };
    let mut side = !us;
    let mut d = 0;
    loop {
        let attackers = board.attacks_to(to, side, occupied) & occupied;
        let Some((sq, role)) = least_valuable(board, attackers) else {
            break;
        };
        if role == Role::King && (board.attacks_to(to, !side, occupied) & occupied).any() {
            break;
        }
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 || d == gain.len() - 1 {
            break;
        }
        occupied ^= Bitboard::from(sq);
        on_square = value(role);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

fn least_valuable(board: &Board, attackers: Bitboard) -> Option<(shakmaty::Square, Role)> {
    Role::ALL.into_iter().find_map(|role| {
        (attackers & board.by_role(role))
            .first()
            .map(|sq| (sq, role))
    })
}

/// Pieces (by colour and role) times target squares: the key of a move in
/// the counter-move and continuation tables.
const PIECE_TO: usize = 12 * 64;

/// The piece-and-target key of a move by `color`.
pub fn piece_to(color: Color, m: Move) -> usize {
    (color_index(color) * 6 + m.role() as usize - 1) * 64 + m.to().to_usize()
}

/// The moves that led to a node: the piece-to keys of the last move and of
/// the one before (`None` after a null move or at the root).
#[derive(Clone, Copy, Default)]
pub struct Context {
    pub ply: usize,
    pub previous: [Option<usize>; 2],
}

/// Killer moves, counter moves and history scores. The butterfly history
/// (by colour, from and to) is halved between searches; the continuation
/// histories (by the previous move's piece-to and this move's, one and two
/// plies back) and counter moves last for the game.
pub struct Heuristics {
    killers: [[u16; 2]; MAX_PLY],
    history: Box<[[i32; 64 * 64]; 2]>,
    counters: Box<[u16; PIECE_TO]>,
    continuation: [Vec<i16>; 2],
}

fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn history_index(m: Move) -> usize {
    let from = m.from().map_or(0, |sq| sq.to_usize());
    from * 64 + m.to().to_usize()
}

/// Moves an entry towards `delta`'s sign, saturating at `HISTORY_MAX`.
fn gravity(value: i32, delta: i32) -> i32 {
    value + delta - value * delta.abs() / HISTORY_MAX
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            killers: [[0; 2]; MAX_PLY],
            history: Box::new([[0; 64 * 64]; 2]),
            counters: Box::new([0; PIECE_TO]),
            continuation: [vec![0; PIECE_TO * PIECE_TO], vec![0; PIECE_TO * PIECE_TO]],
        }
    }

    /// Keeps history as a hint for the next search while dropping stale killers.
    pub fn age(&mut self) {
        self.killers = [[0; 2]; MAX_PLY];
        for table in self.history.iter_mut() {
            for h in table.iter_mut() {
                *h /= 2;
            }
        }
    }

    pub fn is_killer(&self, ply: usize, code: u16) -> bool {
        self.killers[ply].contains(&code)
    }

    fn is_counter(&self, context: &Context, code: u16) -> bool {
        context.previous[0].is_some_and(|p| self.counters[p] == code)
    }

    /// How well a quiet move did before: its butterfly history plus its
    /// continuation histories after the last two moves (each at most
    /// `HISTORY_MAX` in size).
    pub fn quiet_score(&self, color: Color, m: Move, context: &Context) -> i32 {
        let key = piece_to(color, m);
        let mut score = self.history[color_index(color)][history_index(m)];
        for (table, previous) in self.continuation.iter().zip(context.previous) {
            if let Some(p) = previous {
                score += i32::from(table[p * PIECE_TO + key]);
            }
        }
        score
    }

    /// Rewards the quiet move that caused a cutoff and punishes the quiet
    /// moves tried before it.
    pub fn reward(
        &mut self,
        color: Color,
        context: &Context,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let ply = context.ply;
        let code = encode(best);
        if self.killers[ply][0] != code {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = code;
        }
        if let Some(p) = context.previous[0] {
            self.counters[p] = code;
        }
        let bonus = (depth * depth).min(400);
        let mut update = |m: Move, delta: i32| {
            let h = &mut self.history[color_index(color)][history_index(m)];
            *h = gravity(*h, delta);
            let key = piece_to(color, m);
            for (table, previous) in self.continuation.iter_mut().zip(context.previous) {
                if let Some(p) = previous {
                    let entry = &mut table[p * PIECE_TO + key];
                    *entry = gravity(i32::from(*entry), delta) as i16;
                }
            }
        };
        update(best, bonus);
        for &m in tried {
            update(m, -bonus);
        }
    }
}

/// The moves of a node of the main search: the transposition table's move
/// first, before the others are generated (it often cuts off alone), then
/// the rest from a [`Picker`].
pub struct Staged {
    first: Option<Move>,
    table: Option<Move>,
    tt_move: u16,
    picker: Option<Picker>,
}

impl Staged {
    /// The moves of `pos`, or `None` when it has none (mate or stalemate).
    pub fn new(
        pos: &Chess,
        tt_move: u16,
        context: &Context,
        heuristics: &Heuristics,
    ) -> Option<Staged> {
        let table = Picker::table_move(pos, tt_move);
        let picker = match table {
            Some(_) => None,
            None => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    return None;
                }
                Some(Picker::new(pos, moves, tt_move, context, heuristics))
            }
        };
        Some(Staged {
            first: table,
            table,
            tt_move,
            picker,
        })
    }

    pub fn next_move(
        &mut self,
        pos: &Chess,
        context: &Context,
        heuristics: &Heuristics,
    ) -> Option<Move> {
        if let Some(m) = self.first.take() {
            return Some(m);
        }
        let tt_move = self.tt_move;
        let picker = self.picker.get_or_insert_with(|| {
            Picker::new(pos, pos.legal_moves(), tt_move, context, heuristics)
        });
        let m = picker.next_move(heuristics)?;
        if Some(m) == self.table {
            // Searched already, before the moves were generated.
            self.table = None;
            return picker.next_move(heuristics);
        }
        Some(m)
    }
}

/// Moves with their ordering scores, handed out best first. Quiet moves
/// are scored by their histories only once the captures, killers and
/// counter move are used up: most nodes cut off before.
pub struct Picker {
    moves: MoveList,
    scores: [i32; MOVE_CAPACITY],
    next: usize,
    /// The quiet moves' history scores, still to be looked up.
    quiets: Option<(Color, Context)>,
}

impl Picker {
    pub fn new(
        pos: &Chess,
        moves: MoveList,
        tt_move: u16,
        context: &Context,
        heuristics: &Heuristics,
    ) -> Picker {
        let ply = context.ply;
        let mut scores = [0; MOVE_CAPACITY];
        let board = pos.board();
        let us = pos.turn();
        for (score, &m) in scores.iter_mut().zip(moves.iter()) {
            *score = if tt_move != 0 && encode(m) == tt_move {
                TT_MOVE
            } else if matches!(m.promotion(), Some(r) if r != Role::Queen) {
                UNDER_PROMOTION + value(m.promotion().unwrap_or(Role::Pawn))
            } else if m.is_capture() || m.is_promotion() {
                let mvv_lva = 16 * captured(m).map_or(0, value) + m.promotion().map_or(0, value)
                    - value(m.role()) / 16;
                if see(board, us, m) >= 0 {
                    GOOD_CAPTURE + mvv_lva
                } else {
                    BAD_CAPTURE + mvv_lva
                }
            } else if heuristics.is_killer(ply, encode(m)) {
                KILLER + i32::from(heuristics.killers[ply][0] == encode(m))
            } else if heuristics.is_counter(context, encode(m)) {
                COUNTER
            } else {
                QUIET
            };
        }
        Picker {
            moves,
            scores,
            next: 0,
            quiets: Some((us, *context)),
        }
    }

    /// The move that the transposition table suggests, if it is legal here,
    /// to be searched before the other moves are generated.
    pub fn table_move(pos: &Chess, code: u16) -> Option<Move> {
        if code == 0 {
            return None;
        }
        let from = shakmaty::Square::new(u32::from(code & 63));
        let to = shakmaty::Square::new(u32::from((code >> 6) & 63));
        let promotion = match code >> 12 {
            0 => None,
            role => Some(Role::try_from(role).ok()?),
        };
        let board = pos.board();
        let piece = board.piece_at(from)?;
        if piece.color != pos.turn() {
            return None;
        }
        let m = if piece.role == Role::King && board.by_color(pos.turn()).contains(to) {
            Move::Castle {
                king: from,
                rook: to,
            }
        } else if piece.role == Role::Pawn
            && from.file() != to.file()
            && !board.occupied().contains(to)
        {
            Move::EnPassant { from, to }
        } else {
            Move::Normal {
                role: piece.role,
                from,
                capture: board.role_at(to),
                to,
                promotion,
            }
        };
        pos.is_legal(m).then_some(m)
    }

    /// Captures (and queen promotions) only, by MVV-LVA, for the quiescence search.
    pub fn captures(moves: MoveList) -> Picker {
        let mut scores = [0; MOVE_CAPACITY];
        for (score, &m) in scores.iter_mut().zip(moves.iter()) {
            *score = 16 * captured(m).map_or(0, value) + m.promotion().map_or(0, value)
                - value(m.role()) / 16;
        }
        Picker {
            moves,
            scores,
            next: 0,
            quiets: None,
        }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The next move by score (selection sort: most nodes need only the first few).
    pub fn next_move(&mut self, heuristics: &Heuristics) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.best_from(self.next);
        if self.scores[best] <= QUIET
            && let Some((us, context)) = self.quiets.take()
        {
            for i in self.next..n {
                if self.scores[i] == QUIET {
                    self.scores[i] = heuristics.quiet_score(us, self.moves[i], &context);
                }
            }
            best = self.best_from(self.next);
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = self.moves[self.next];
        self.next += 1;
        Some(m)
    }

    /// The first index from `start` on with the highest score.
    fn best_from(&self, start: usize) -> usize {
        // Over a slice and without branches: this scan is the picker's
        // whole cost at nodes that try every move.
        let scores = &self.scores[start..self.moves.len()];
        let mut best = 0;
        let mut best_score = scores[0];
        for (i, &score) in scores.iter().enumerate().skip(1) {
            let better = score > best_score;
            best = if better { i } else { best };
            best_score = if better { score } else { best_score };
        }
        start + best
    }
}
