#!/usr/bin/env python3
"""Tunes the evaluation's weights on positions labelled by game results
(Texel's method) and writes them to rust-core/src/engine/weights.rs.

The evaluation of rust-core/src/engine/eval.rs is linear in the weights of
weights.rs, apart from a few terms that stay fixed (the attack on the king,
mating a bare king, the scaling of drawish endgames). This script computes,
for every position, how often each weight counts for White minus for Black
(the same terms as eval.rs, here on python-chess), then fits the weights so
that a logistic curve of the evaluation predicts the game results with the
least squared error:

    result ≈ 1 / (1 + 10^(-K · eval / 400))

with K fitted first to the current weights. The positions come from
scripts/texel_data.py (FEN;result lines).

    python3 scripts/texel_tune.py --data positions.txt [--data more.txt]
                                  [--iterations 2000] [--check-with target/release/rokada]

--check-with compares this script's evaluation at the current weights with
the engine's own (the UCI command `eval`) on a sample of positions, which
shows that both compute the same terms. Needs numpy (pip install numpy).
"""

import argparse
import collections
import os
import random
import re
import subprocess

import chess
import numpy as np

WEIGHTS = os.path.join(os.path.dirname(__file__), "..", "rust-core", "src", "engine", "weights.rs")
MAX_PHASE = 24
PHASE_WEIGHT = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}
PIECE_VALUE = {chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 950}
# Mobility counted from this many squares (knight, bishop, rook, queen), and
# the weight of each piece's attacks on the enemy king's zone: fixed.
MOBILITY_CENTRE = [4, 6, 7, 14]
KING_ATTACK_WEIGHT = [2, 2, 3, 5]
FULL = (1 << 64) - 1
FILE_A = chess.BB_FILE_A
FILE_H = chess.BB_FILE_H

# name: (shape, phases, description). The phase of each number is "mg" or
# "eg"; a last axis of 2 under "both" is (middlegame, endgame).
SPEC = collections.OrderedDict([
    ("PST", ((6, 64, 2), "both",
             "Piece value plus square bonus by role (pawn to king) and square (a1 to h8) for White;\n"
             "/// Black uses the vertically mirrored square.")),
    ("MOBILITY", ((4, 2), "both",
                  "Per square a knight, bishop, rook or queen reaches beyond its usual number\n"
                  "/// (outside own pieces and squares attacked by enemy pawns).")),
    ("THREAT_BY_PAWN", ((2,), "both", "A piece other than a pawn attacked by a pawn.")),
    ("THREAT_BY_MINOR", ((2,), "both", "A rook or queen attacked by a knight or bishop.")),
    ("THREAT_BY_ROOK", ((2,), "both", "A queen attacked by a rook.")),
    ("HANGING", ((2,), "both", "A piece attacked and not defended.")),
    ("ROOK_OPEN_FILE", ((2,), "both", "A rook on a file without pawns.")),
    ("ROOK_SEMI_OPEN_FILE", ((2,), "both", "A rook on a file without its own pawns.")),
    ("BISHOP_PAIR", ((2,), "both", "Two bishops or more.")),
    ("DOUBLED_PAWN", ((2,), "both", "Per pawn on a file with another of its side's pawns.")),
    ("ISOLATED_PAWN", ((2,), "both", "A pawn without its side's pawns on the neighbouring files.")),
    ("PASSED_PAWN", ((8, 2), "both",
                     "A passed pawn by its rank from its side's point of view; the endgame\n"
                     "/// part is halved when the square in front of it is occupied.")),
    ("PASSED_KING_DISTANCE", ((2,), "eg",
                              "Endgame bonus of a passed pawn per rank and square of distance from\n"
                              "/// the square in front of it: (own king, enemy king).")),
    ("SHELTER", ((4,), "mg",
                 "Middlegame bonus per file around a king on its first two ranks by its\n"
                 "/// nearest own pawn there: one rank ahead, two ranks ahead, elsewhere, none.")),
    ("SHELTER_OPEN_FILE", ((), "mg", "A file around the king without any pawn.")),
    ("KING_ADVANCED", ((), "mg", "A king beyond its second rank in the middlegame.")),
    ("TEMPO", ((2,), "both", "The side to move's bonus.")),
])


def layout():
    """Offset and phase ("mg"/"eg") of every number in the flat weight vector."""
    offsets, phases, at = {}, [], 0
    for name, (shape, phase, _) in SPEC.items():
        offsets[name] = at
        size = int(np.prod(shape)) if shape else 1
        for i in range(size):
            if phase == "both":
                phases.append("mg" if i % 2 == 0 else "eg")
            else:
                phases.append(phase)
        at += size
    return offsets, phases, at


OFFSETS, PHASES, SIZE = layout()


def read_weights(path):
    text = open(path).read()
    flat = []
    for name, (shape, _, _) in SPEC.items():
        match = re.search(r"pub const " + name + r":[^=]*=(.*?);", text, re.S)
        if match is None:
            raise SystemExit(f"{path} has no weight {name}")
        numbers = [int(x) for x in re.findall(r"-?\d+", match.group(1))]
        size = int(np.prod(shape)) if shape else 1
        if len(numbers) != size:
            raise SystemExit(f"{name} in {path} has {len(numbers)} numbers, not {size}")
        flat.extend(numbers)
    return np.array(flat, dtype=np.float64)


def rust_type(shape):
    if shape == ():
        return "i32"
    if shape[-1] == 2:
        inner = "(i32, i32)"
        rest = shape[:-1]
    else:
        inner, rest = "i32", shape
    for n in reversed(rest):
        inner = f"[{inner}; {n}]"
    return inner


def rust_value(values, shape, indent):
    if shape == ():
        return str(values[0])
    if shape == (2,):
        return f"({values[0]}, {values[1]})"
    if len(shape) == 1:
        return "[" + ", ".join(str(v) for v in values) + "]"
    step = len(values) // shape[0]
    parts = [rust_value(values[i * step:(i + 1) * step], shape[1:], indent + "    ")
             for i in range(shape[0])]
    if shape[1:] == (2,):
        rows = [", ".join(parts[i:i + 8]) for i in range(0, len(parts), 8)]
        return "[\n" + "".join(f"{indent}    {row},\n" for row in rows) + indent + "]"
    return "[\n" + "".join(f"{indent}    {p},\n" for p in parts) + indent + "]"


def write_weights(path, flat, note):
    flat = [int(round(x)) for x in flat]
    lines = [
        "//! The evaluation's weights in centipawns, (middlegame, endgame) where a",
        "//! pair, from White's point of view. Written by `scripts/texel_tune.py`",
        "//! (Texel tuning on positions labelled by game results); edit them there.",
        f"//! {note}",
        "",
    ]
    for name, (shape, _, doc) in SPEC.items():
        size = int(np.prod(shape)) if shape else 1
        at = OFFSETS[name]
        lines.append(f"/// {doc}")
        if len(shape) > 1:
            # Eight squares to a line, as on the board.
            lines.append("#[rustfmt::skip]")
        lines.append(f"pub const {name}: {rust_type(shape)} = {rust_value(flat[at:at + size], shape, '')};")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    subprocess.run(["rustfmt", "--edition", "2024", path], check=True)


def pawn_attacks(color, pawns):
    if color == chess.WHITE:
        return (((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)) & FULL
    return ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7)


def popcount(bb):
    return bin(bb).count("1")


def relative(color, square):
    return square if color == chess.WHITE else square ^ 56


def passed_mask(color, square):
    f, r = chess.square_file(square), chess.square_rank(square)
    mask = 0
    for other in range(64):
        of, orank = chess.square_file(other), chess.square_rank(other)
        if abs(of - f) <= 1 and ((orank > r) if color == chess.WHITE else (orank < r)):
            mask |= 1 << other
    return mask


PASSED_MASK = {c: [passed_mask(c, sq) for sq in range(64)] for c in (chess.WHITE, chess.BLACK)}


class Terms:
    """How often each weight counts (White minus Black) and the fixed part."""

    def __init__(self):
        self.counts = collections.defaultdict(float)
        self.fixed_mg = 0

    def add(self, name, index, sign, amount=1.0):
        self.counts[OFFSETS[name] + index] += sign * amount

    def pair(self, name, base, sign, amount=1.0):
        self.add(name, base, sign, amount)
        self.add(name, base + 1, sign, amount)


def side_terms(board, us, t):
    sign = 1 if us == chess.WHITE else -1
    them = not us
    occupied = board.occupied
    ours = board.occupied_co[us]
    our_pawns = board.pawns & ours
    their_pawns = board.pawns & board.occupied_co[them]
    mobility_area = ~(ours | pawn_attacks(them, their_pawns)) & FULL
    their_king = board.king(them)
    zone = 0
    if their_king is not None:
        ring = chess.BB_KING_ATTACKS[their_king] | (1 << their_king)
        zone = ring | (((ring << 8) & FULL) if them == chess.WHITE else ring >> 8)
    attacks = {"pawns": pawn_attacks(us, our_pawns), "minors": 0, "rooks": 0}
    our_king = board.king(us)
    attacks["all"] = attacks["pawns"] | (chess.BB_KING_ATTACKS[our_king] if our_king is not None else 0)
    units = attackers = 0
    for role in range(1, 7):
        for sq in chess.scan_forward(board.pieces_mask(role, us)):
            t.pair("PST", ((role - 1) * 64 + relative(us, sq)) * 2, sign)
            if role in (chess.PAWN, chess.KING):
                continue
            reach = board.attacks_mask(sq)
            attacks["all"] |= reach
            if role in (chess.KNIGHT, chess.BISHOP):
                attacks["minors"] |= reach
            elif role == chess.ROOK:
                attacks["rooks"] |= reach
            k = role - 2
            mobility = popcount(reach & mobility_area)
            t.pair("MOBILITY", 2 * k, sign, mobility - MOBILITY_CENTRE[k])
            hits = popcount(reach & zone)
            if hits:
                attackers += 1
                units += KING_ATTACK_WEIGHT[k] * hits
            if role == chess.ROOK:
                file = chess.BB_FILES[chess.square_file(sq)]
                if not file & our_pawns:
                    t.pair("ROOK_OPEN_FILE" if not file & their_pawns else "ROOK_SEMI_OPEN_FILE", 0, sign)
    if popcount(board.bishops & ours) >= 2:
        t.pair("BISHOP_PAIR", 0, sign)
    if attackers >= 2 and board.queens & ours:
        t.fixed_mg += sign * min(units * units // 4, 500)
    pawn_structure(board, us, our_pawns, their_pawns, t, sign)
    if our_king is not None:
        king_shelter(us, our_king, our_pawns, their_pawns, t, sign)
    return attacks


def threats(board, us, ours, theirs, t):
    sign = 1 if us == chess.WHITE else -1
    their_pieces = board.occupied_co[not us] & ~board.kings
    non_pawns = their_pieces & ~board.pawns
    majors = (board.rooks | board.queens) & their_pieces
    queens = board.queens & their_pieces
    t.pair("THREAT_BY_PAWN", 0, sign, popcount(non_pawns & ours["pawns"]))
    t.pair("THREAT_BY_MINOR", 0, sign, popcount(majors & ours["minors"]))
    t.pair("THREAT_BY_ROOK", 0, sign, popcount(queens & ours["rooks"]))
    t.pair("HANGING", 0, sign, popcount(their_pieces & ours["all"] & ~theirs["all"]))


def pawn_structure(board, us, our_pawns, their_pawns, t, sign):
    our_king, their_king = board.king(us), board.king(not us)
    for sq in chess.scan_forward(our_pawns):
        file = chess.square_file(sq)
        neighbours = (chess.BB_FILES[file - 1] if file > 0 else 0) | (chess.BB_FILES[file + 1] if file < 7 else 0)
        if popcount(our_pawns & chess.BB_FILES[file]) > 1:
            t.pair("DOUBLED_PAWN", 0, sign)
        if not our_pawns & neighbours:
            t.pair("ISOLATED_PAWN", 0, sign)
        if not PASSED_MASK[us][sq] & their_pawns:
            rank = relative(us, sq) // 8
            stop = sq + 8 if us == chess.WHITE else sq - 8
            t.add("PASSED_PAWN", 2 * rank, sign)
            t.add("PASSED_PAWN", 2 * rank + 1, sign, 0.5 if board.occupied & (1 << stop) else 1.0)
            if our_king is not None and their_king is not None:
                t.add("PASSED_KING_DISTANCE", 0, sign, rank * chess.square_distance(our_king, stop))
                t.add("PASSED_KING_DISTANCE", 1, sign, rank * chess.square_distance(their_king, stop))


def king_shelter(us, king, our_pawns, their_pawns, t, sign):
    rank = relative(us, king) // 8
    if rank > 1:
        t.add("KING_ADVANCED", 0, sign)
        return
    centre = min(max(chess.square_file(king), 1), 6)
    for file in range(centre - 1, centre + 2):
        mask = chess.BB_FILES[file]
        ours = our_pawns & mask
        ranks = [relative(us, sq) // 8 for sq in chess.scan_forward(ours)]
        if not ranks:
            t.add("SHELTER", 3, sign)
        else:
            gap = min(ranks) - rank
            t.add("SHELTER", 0 if gap == 1 else 1 if gap == 2 else 2, sign)
        if not ours and not their_pawns & mask:
            t.add("SHELTER_OPEN_FILE", 0, sign)


def phase(board):
    total = sum(w * popcount(board.pieces_mask(role, chess.WHITE) | board.pieces_mask(role, chess.BLACK))
                for role, w in PHASE_WEIGHT.items())
    return min(total, MAX_PHASE)


def non_pawn_material(board, color):
    return sum(v * popcount(board.pieces_mask(role, color)) for role, v in PIECE_VALUE.items())


def endgame_scale(board, score):
    """The factor eval.rs applies to a White-relative score in drawish
    endgames, or None for positions the tuning leaves out (a bare king
    mated by the mop-up term)."""
    strong = chess.WHITE if score > 0 else chess.BLACK
    weak = not strong
    strong_pawns = popcount(board.pawns & board.occupied_co[strong])
    strong_material = non_pawn_material(board, strong)
    weak_material = non_pawn_material(board, weak)
    weak_pawns = popcount(board.pawns & board.occupied_co[weak])
    if strong_pawns == 0:
        knights = popcount(board.knights & board.occupied_co[strong])
        if strong_material <= PIECE_VALUE[chess.BISHOP] or (strong_material == 2 * PIECE_VALUE[chess.KNIGHT]
                                                            and knights == 2):
            return 1 / 8 if weak_pawns > 0 else 0.0
        if strong_material - weak_material < PIECE_VALUE[chess.ROOK] and weak_material > 0:
            return 1 / 4
    if popcount(board.occupied_co[weak]) == 1 and strong_material >= PIECE_VALUE[chess.ROOK]:
        return None
    bishops = board.bishops
    if not (board.knights | board.rooks | board.queens) \
            and popcount(bishops & board.occupied_co[chess.WHITE]) == 1 \
            and popcount(bishops & board.occupied_co[chess.BLACK]) == 1 \
            and popcount(bishops & chess.BB_LIGHT_SQUARES) == 1:
        return 1 / 2
    return 1.0


def features(board, weights):
    """Sparse features of a position (indices, values) and its fixed part,
    White-relative, with the taper and endgame scale applied; None for
    positions left out."""
    if popcount(board.occupied) <= 4 and board.is_insufficient_material():
        return None
    t = Terms()
    white = side_terms(board, chess.WHITE, t)
    black = side_terms(board, chess.BLACK, t)
    threats(board, chess.WHITE, white, black, t)
    threats(board, chess.BLACK, black, white, t)
    p = phase(board)
    taper = {"mg": p / MAX_PHASE, "eg": (MAX_PHASE - p) / MAX_PHASE}
    tempo = (OFFSETS["TEMPO"], OFFSETS["TEMPO"] + 1)
    unscaled = sum(weights[i] * c * taper[PHASES[i]] for i, c in t.counts.items()) + t.fixed_mg * taper["mg"]
    scale = endgame_scale(board, unscaled)
    if scale is None or scale == 0:
        return None
    indices, values = [], []
    for i, c in t.counts.items():
        if c:
            indices.append(i)
            values.append(c * taper[PHASES[i]] * scale)
    stm = 1 if board.turn == chess.WHITE else -1
    for i in tempo:
        indices.append(i)
        values.append(stm * taper[PHASES[i]])
    return indices, values, t.fixed_mg * taper["mg"] * scale


def load(paths, weights, limit, seed):
    lines = []
    for path in paths:
        with open(path) as f:
            lines.extend(line.strip() for line in f if ";" in line)
    random.Random(seed).shuffle(lines)
    if limit:
        lines = lines[:limit]
    rows, cols, vals, fixed, results, fens = [], [], [], [], [], []
    for line in lines:
        fen, result = line.rsplit(";", 1)
        board = chess.Board(fen)
        f = features(board, weights)
        if f is None:
            continue
        row = len(results)
        rows.extend([row] * len(f[0]))
        cols.extend(f[0])
        vals.extend(f[1])
        fixed.append(f[2])
        results.append(float(result))
        fens.append(fen)
    return (np.array(rows), np.array(cols), np.array(vals), np.array(fixed), np.array(results), fens)


class Model:
    def __init__(self, data):
        self.rows, self.cols, self.vals, self.fixed, self.results, self.fens = data
        self.n = len(self.results)

    def evaluate(self, w):
        return np.bincount(self.rows, weights=self.vals * w[self.cols], minlength=self.n) + self.fixed

    def error(self, w, k):
        p = 1 / (1 + 10 ** (-k * self.evaluate(w) / 400))
        return float(np.mean((self.results - p) ** 2))

    def gradient(self, w, k):
        p = 1 / (1 + 10 ** (-k * self.evaluate(w) / 400))
        # d/d eval of (r - p)^2, with dp/d eval = p (1 - p) k ln10 / 400.
        g_eval = -2 * (self.results - p) * p * (1 - p) * k * np.log(10) / 400 / self.n
        return np.bincount(self.cols, weights=self.vals * g_eval[self.rows], minlength=SIZE)


def square_deviation(change):
    """The part of a change of the weights that the pull towards the start
    applies to: the piece-square entries' changes less their piece's mean
    change (a piece's value moves freely, one square's bonus only with
    evidence); the other weights are used by most positions and move
    freely."""
    result = np.zeros(SIZE)
    pst = change[:6 * 64 * 2].reshape(6, 64, 2)
    out = result[:6 * 64 * 2].reshape(6, 64, 2)
    for role in range(6):
        squares = slice(8, 56) if role == 0 else slice(0, 64)
        part = pst[role, squares]
        out[role, squares] = part - part.mean(axis=0)
    return result


def fit_k(model, w):
    best = (model.error(w, 1.0), 1.0)
    for k in np.arange(0.5, 2.01, 0.05):
        best = min(best, (model.error(w, k), k))
    return best[1]


def check(binary, model, w, sample):
    """Largest difference between this script's evaluation and the engine's."""
    engine = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ours = model.evaluate(w)
    worst = 0.0
    exact = 0
    for i in range(min(sample, model.n)):
        fen = model.fens[i]
        engine.stdin.write(f"position fen {fen}\neval\n")
        engine.stdin.flush()
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("the engine has no eval command")
            if line.startswith("Evaluation"):
                break
        theirs = int(line.split()[1])
        white = theirs if chess.Board(fen).turn == chess.WHITE else -theirs
        diff = abs(white - ours[i])
        worst = max(worst, diff)
        exact += diff < 1.5
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    return worst, exact, min(sample, model.n)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", action="append", required=True)
    parser.add_argument("--weights", default=WEIGHTS)
    parser.add_argument("--limit", type=int, default=0, help="use at most this many positions")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=1.0, help="Adam step in centipawns")
    parser.add_argument("--l2", type=float, default=1e-8,
                        help="pull of the piece-square bonuses towards their start, per squared "
                             "centipawn: a square that few positions use moves little")
    parser.add_argument("--validation", type=float, default=0.1, help="share of positions held out")
    parser.add_argument("--check-with", help="a rokada binary to compare evaluations with")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    w0 = read_weights(args.weights)
    data = load(args.data, w0, args.limit, args.seed)
    n = len(data[4])
    held = int(n * args.validation)
    split = np.array(data[0]) >= held
    train = Model((data[0][split] - held, data[1][split], data[2][split], data[3][held:], data[4][held:],
                   data[5][held:]))
    test = Model((data[0][~split], data[1][~split], data[2][~split], data[3][:held], data[4][:held],
                  data[5][:held]))
    print(f"{n} positions: {train.n} to tune on, {test.n} held out", flush=True)
    if args.check_with:
        worst, exact, total = check(args.check_with, test, w0, 2000)
        print(f"evaluation check against {args.check_with}: {exact}/{total} within 1 cp, "
              f"largest difference {worst:.1f} cp", flush=True)
    k = fit_k(train, w0)
    print(f"K {k:.2f}: error {train.error(w0, k):.6f} (held out {test.error(w0, k):.6f})", flush=True)

    # Adam on the mean squared error plus the pull towards the starting
    # weights (Adam's steps are as large for a rare feature as for a common
    # one); the pawns' impossible squares never occur and stay at zero.
    w = w0.copy()
    m = np.zeros(SIZE)
    v = np.zeros(SIZE)
    b1, b2 = 0.9, 0.999
    best = (test.error(w, k), w.copy(), 0)
    for step in range(1, args.iterations + 1):
        g = train.gradient(w, k) + 2 * args.l2 * square_deviation(w - w0)
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w -= args.rate * (m / (1 - b1 ** step)) / (np.sqrt(v / (1 - b2 ** step)) + 1e-12)
        if step % 100 == 0:
            held_error = test.error(np.round(w), k)
            if held_error < best[0]:
                best = (held_error, np.round(w), step)
            print(f"step {step}: error {train.error(w, k):.6f}, held out {held_error:.6f}", flush=True)
    held_error, w, step = best
    print(f"best held-out error {held_error:.6f} at step {step} (was {test.error(w0, k):.6f})")
    write_weights(args.weights, w,
                  f"Tuned on {train.n} positions of Stockfish games from scripts/texel_data.py, K {k:.2f}.")
    print(f"wrote {args.weights}")


if __name__ == "__main__":
    main()
