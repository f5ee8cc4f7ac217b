//! Static evaluation in centipawns from the side to move's point of view:
//! material and piece-square tables tapered between middlegame and endgame,
//! mobility, threats, pawn structure, king safety and endgame knowledge.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square, attacks};

use super::weights::{
    BISHOP_PAIR, DOUBLED_PAWN, HANGING, ISOLATED_PAWN, KING_ADVANCED, MOBILITY,
    PASSED_KING_DISTANCE, PASSED_PAWN, PST, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE, SHELTER,
    SHELTER_OPEN_FILE, TEMPO, THREAT_BY_MINOR, THREAT_BY_PAWN, THREAT_BY_ROOK,
};

const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// Plain material values, used by move ordering and pruning margins.
pub const PIECE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20_000];

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The number of squares (knight, bishop, rook, queen) from which mobility
/// counts as a bonus, and the weight of each one's attacks on the squares
/// around the enemy king.
const MOBILITY_CENTRE: [i32; 4] = [4, 6, 7, 14];
const KING_ATTACK_WEIGHT: [i32; 4] = [2, 2, 3, 5];

/// Squares in front of a pawn on its own and neighbouring files, per colour.
const fn build_passed_masks() -> [[u64; 64]; 2] {
    let mut masks = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let mut other = 0;
        while other < 64 {
            let of = other % 8;
            let or = other / 8;
            let near = of - f <= 1 && f - of <= 1;
            if near && or > r {
                masks[0][sq] |= 1u64 << other;
            }
            if near && or < r {
                masks[1][sq] |= 1u64 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    masks
}

static PASSED_MASK: [[u64; 64]; 2] = build_passed_masks();

fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn relative_sq(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.to_usize(),
        Color::Black => sq.flip_vertical().to_usize(),
    }
}

fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

#[derive(Default, Clone, Copy)]
struct Terms {
    mg: i32,
    eg: i32,
}

/// The squares one side attacks, by the kind of attacker, for the threats.
#[derive(Default, Clone, Copy)]
struct Attacks {
    pawns: u64,
    minors: u64,
    rooks: u64,
    all: u64,
}

impl Terms {
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }

    fn add_times(&mut self, (mg, eg): (i32, i32), times: i32) {
        self.mg += mg * times;
        self.eg += eg * times;
    }
}

/// Evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    if board.occupied().count() <= 4 && pos.is_insufficient_material() {
        return 0;
    }
    let (mut white, white_attacks) = side_terms(board, Color::White);
    let (mut black, black_attacks) = side_terms(board, Color::Black);
    threats(
        board,
        Color::White,
        &white_attacks,
        &black_attacks,
        &mut white,
    );
    threats(
        board,
        Color::Black,
        &black_attacks,
        &white_attacks,
        &mut black,
    );
    let phase = phase(board);
    let mg = white.mg - black.mg;
    let eg = white.eg - black.eg;
    let mut score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    score = endgame_adjust(board, score);
    let tempo = (TEMPO.0 * phase + TEMPO.1 * (MAX_PHASE - phase)) / MAX_PHASE;
    match pos.turn() {
        Color::White => score + tempo,
        Color::Black => -score + tempo,
    }
}

fn phase(board: &Board) -> i32 {
    let mut phase = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        phase += PHASE_WEIGHT[role as usize - 1] * board.by_role(role).count() as i32;
    }
    phase.min(MAX_PHASE)
}

/// Bonus for `us` for the opponent's pieces that `ours` threatens.
fn threats(board: &Board, us: Color, ours: &Attacks, theirs: &Attacks, t: &mut Terms) {
    let their_pieces = board.by_color(!us).0 & !board.kings().0;
    let non_pawns = their_pieces & !board.pawns().0;
    let majors = (board.rooks() | board.queens()).0 & their_pieces;
    let queens = board.queens().0 & their_pieces;
    let mut add = |targets: u64, weight: (i32, i32)| {
        t.add_times(weight, targets.count_ones() as i32);
    };
    add(non_pawns & ours.pawns, THREAT_BY_PAWN);
    add(majors & ours.minors, THREAT_BY_MINOR);
    add(queens & ours.rooks, THREAT_BY_ROOK);
    add(their_pieces & ours.all & !theirs.all, HANGING);
}

fn side_terms(board: &Board, us: Color) -> (Terms, Attacks) {
    let them = !us;
    let mut t = Terms::default();
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let our_pawns = (board.pawns() & ours).0;
    let their_pawns = (board.pawns() & board.by_color(them)).0;
    let their_pawn_attacks = pawn_attacks(them, their_pawns);
    let mobility_area = !(ours.0 | their_pawn_attacks);
    let their_king = board.king_of(them);
    let king_zone = their_king.map_or(0, |k| {
        let ring = attacks::king_attacks(k).0 | (1u64 << k.to_usize());
        ring | match them {
            Color::White => ring << 8,
            Color::Black => ring >> 8,
        }
    });
    let mut attack_units = 0;
    let mut attackers = 0;
    let mut attacks = Attacks {
        pawns: pawn_attacks(us, our_pawns),
        ..Attacks::default()
    };
    attacks.all = attacks.pawns | board.king_of(us).map_or(0, |k| attacks::king_attacks(k).0);

    // Role by role, one bitboard each: no lookup of every square's piece.
    for role in Role::ALL {
        for sq in board.by_role(role) & ours {
            t.add_times(PST[role as usize - 1][relative_sq(us, sq)], 1);
            let reach = match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, occupied),
                Role::Rook => attacks::rook_attacks(sq, occupied),
                Role::Queen => attacks::queen_attacks(sq, occupied),
                Role::Pawn | Role::King => continue,
            }
            .0;
            attacks.all |= reach;
            match role {
                Role::Knight | Role::Bishop => attacks.minors |= reach,
                Role::Rook => attacks.rooks |= reach,
                _ => {}
            }
            let k = role as usize - 2;
            let mobility = (reach & mobility_area).count_ones() as i32;
            t.add_times(MOBILITY[k], mobility - MOBILITY_CENTRE[k]);
            let hits = (reach & king_zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                attack_units += KING_ATTACK_WEIGHT[k] * hits;
            }
            if role == Role::Rook {
                let file = Bitboard::from_file(sq.file()).0;
                if file & our_pawns == 0 {
                    if file & their_pawns == 0 {
                        t.add_times(ROOK_OPEN_FILE, 1);
                    } else {
                        t.add_times(ROOK_SEMI_OPEN_FILE, 1);
                    }
                }
            }
        }
    }

    if (board.bishops() & ours).count() >= 2 {
        t.add_times(BISHOP_PAIR, 1);
    }

    if attackers >= 2 && (board.queens() & ours).any() {
        t.add((attack_units * attack_units / 4).min(500), 0);
    }

    pawn_structure(board, us, our_pawns, their_pawns, &mut t);
    if let Some(king) = board.king_of(us) {
        t.add(king_shelter(us, king, our_pawns, their_pawns), 0);
    }
    (t, attacks)
}

fn pawn_structure(board: &Board, us: Color, our_pawns: u64, their_pawns: u64, t: &mut Terms) {
    let our_king = board.king_of(us);
    let their_king = board.king_of(!us);
    for sq in Bitboard(our_pawns) {
        let file = sq.file().to_usize();
        let file_mask = FILE_A << file;
        let neighbours = (if file > 0 { FILE_A << (file - 1) } else { 0 })
            | (if file < 7 { FILE_A << (file + 1) } else { 0 });
        if (our_pawns & file_mask).count_ones() > 1 {
            // Counted once per pawn, so each extra pawn costs twice this.
            t.add_times(DOUBLED_PAWN, 1);
        }
        if our_pawns & neighbours == 0 {
            t.add_times(ISOLATED_PAWN, 1);
        }
        if PASSED_MASK[color_index(us)][sq.to_usize()] & their_pawns == 0 {
            let rank = relative_sq(us, sq) / 8;
            let (mg, mut eg) = PASSED_PAWN[rank];
            let stop = match us {
                Color::White => sq.offset(8),
                Color::Black => sq.offset(-8),
            };
            if let Some(stop) = stop {
                if board.occupied().contains(stop) {
                    eg /= 2;
                }
                if let (Some(ok), Some(tk)) = (our_king, their_king) {
                    let (own, theirs) = PASSED_KING_DISTANCE;
                    let distances =
                        own * ok.distance(stop) as i32 + theirs * tk.distance(stop) as i32;
                    eg += rank as i32 * distances;
                }
            }
            t.add(mg, eg);
        }
    }
}

fn king_shelter(us: Color, king: Square, our_pawns: u64, their_pawns: u64) -> i32 {
    let rel_rank = relative_sq(us, king) / 8;
    if rel_rank > 1 {
        return KING_ADVANCED;
    }
    let centre_file = king.file().to_usize().clamp(1, 6);
    let mut score = 0;
    for file in centre_file - 1..=centre_file + 1 {
        let file_mask = FILE_A << file;
        let ours = our_pawns & file_mask;
        let shield = Bitboard(ours)
            .into_iter()
            .map(|sq| relative_sq(us, sq) / 8)
            .min();
        score += match shield.map(|r| r as i32 - rel_rank as i32) {
            Some(1) => SHELTER[0],
            Some(2) => SHELTER[1],
            Some(_) => SHELTER[2],
            None => SHELTER[3],
        };
        if ours == 0 && their_pawns & file_mask == 0 {
            score += SHELTER_OPEN_FILE;
        }
    }
    score
}

pub(super) fn non_pawn_material(board: &Board, color: Color) -> i32 {
    let side = board.by_color(color);
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|role| PIECE_VALUE[role as usize] * (board.by_role(role) & side).count() as i32)
        .sum()
}

/// Knowledge the general terms lack: material that cannot win, and how to
/// mate a bare king.
fn endgame_adjust(board: &Board, score: i32) -> i32 {
    let strong = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    let weak = !strong;
    let strong_side = board.by_color(strong);
    let strong_pawns = (board.pawns() & strong_side).count();
    let strong_material = non_pawn_material(board, strong);
    let weak_material = non_pawn_material(board, weak);
    let weak_pawns = (board.pawns() & board.by_color(weak)).count();

    if strong_pawns == 0 {
        // A lone minor piece, or two knights, cannot force mate.
        let knights = (board.knights() & strong_side).count();
        if strong_material <= PIECE_VALUE[Role::Bishop as usize]
            || (strong_material == 2 * PIECE_VALUE[Role::Knight as usize] && knights == 2)
        {
            return if weak_pawns > 0 { score / 8 } else { 0 };
        }
        if strong_material - weak_material < PIECE_VALUE[Role::Rook as usize] && weak_material > 0 {
            return score / 4;
        }
    }

    let weak_side = board.by_color(weak);
    if weak_side.count() == 1
        && strong_material >= PIECE_VALUE[Role::Rook as usize]
        && let (Some(wk), Some(sk)) = (board.king_of(weak), board.king_of(strong))
    {
        let bonus = mop_up(board, strong_side, wk, sk);
        return score
            + if strong == Color::White {
                bonus
            } else {
                -bonus
            };
    }

    let bishops = board.bishops();
    if board.knights().is_empty()
        && board.rooks().is_empty()
        && board.queens().is_empty()
        && (bishops & board.white()).count() == 1
        && (bishops & board.black()).count() == 1
        && (bishops & Bitboard::LIGHT_SQUARES).count() == 1
    {
        return score / 2;
    }
    score
}

/// Drives a bare king to the edge (to the bishop's corner with bishop and
/// knight) and brings the attacking king close.
fn mop_up(board: &Board, strong_side: Bitboard, weak_king: Square, strong_king: Square) -> i32 {
    let f = weak_king.file().to_u32() as i32;
    let r = weak_king.rank().to_u32() as i32;
    let bishops = board.bishops() & strong_side;
    let only_minor_mate = (board.rooks() | board.queens())
        .intersect(strong_side)
        .is_empty()
        && bishops.count() == 1
        && (board.knights() & strong_side).count() == 1;
    let drive = if only_minor_mate {
        let light = bishops.intersects(Bitboard::LIGHT_SQUARES);
        let corners: [(i32, i32); 2] = if light {
            [(7, 0), (0, 7)]
        } else {
            [(0, 0), (7, 7)]
        };
        let nearest = corners
            .iter()
            .map(|&(cf, cr)| (f - cf).abs().max((r - cr).abs()))
            .min()
            .unwrap_or(0);
        10 * (7 - nearest)
    } else {
        let centre_distance = (2 * f - 7).abs() / 2 + (2 * r - 7).abs() / 2;
        10 * centre_distance
    };
    let closeness = 14
        - (f - strong_king.file().to_u32() as i32).abs()
        - (r - strong_king.rank().to_u32() as i32).abs();
    200 + drive + 4 * closeness
}
