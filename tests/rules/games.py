"""Seeded random games, each replayed by `rokada replay --every-ply` and
compared with python-chess at every ply.

Uniformly random moves rarely castle, take en passant, underpromote or repeat
a position five times, so most games are driven: a strategy biases the move
choice towards one kind of event, and some games start from random sparse
positions with a high halfmove clock so that the 50- and 75-move rules come
within reach.
"""

import json
import random
import re

import chess

from harness import compare_records, dead_record, expected_record, pgn_text, proven_dead, run

CASTLING_STARTS = [
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 0 1",
    "rn2k2r/8/8/1b6/8/8/8/R3K1NR w KQkq - 0 1",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
]
EN_PASSANT_STARTS = [
    # Double steps next to enemy pawns, some of them pinned.
    "4k3/p1p1p1p1/8/1P1P1P1P/1p1p1p1p/8/P1P1P1P1/4K3 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",
    "7k/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
]
# Sparse positions are built from these piece pools.
POOLS = {
    "minor": "NBNBP",
    "mixed": "QRBNPPP",
    "pawns": "PPPPPNQR",
    "heavy": "QRRBN",
}


def random_sparse_fen(rng, pool, count, halfmoves):
    """A valid random position: both kings and `count` pieces from `pool`,
    either side to move, no castling rights."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 2 + count)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for square in squares[2:]:
            symbol = rng.choice(POOLS[pool])
            if symbol == "P" and chess.square_rank(square) in (0, 7):
                continue
            piece = chess.Piece.from_symbol(symbol)
            board.set_piece_at(square, chess.Piece(piece.piece_type, rng.random() < 0.5))
        board.turn = rng.random() < 0.5
        board.halfmove_clock = rng.randint(*halfmoves)
        board.fullmove_number = rng.randint(1, 90)
        if board.is_valid():
            return board.fen()


def is_quiet(board, move):
    return not board.is_zeroing(move)


def choose(rng, board, moves, strategy):
    """The next move of a game played by `strategy`."""
    if strategy == "uniform":
        return rng.choice(moves)
    if strategy == "aggressive":
        checks = [m for m in moves if board.gives_check(m)]
        for m in checks:
            board.push(m)
            mate = board.is_checkmate()
            board.pop()
            if mate:
                return m
        captures = [m for m in moves if board.is_capture(m)]
        if captures and rng.random() < 0.6:
            return rng.choice(captures)
        if checks and rng.random() < 0.3:
            return rng.choice(checks)
        return rng.choice(moves)
    if strategy == "shuffle":
        # Move the piece the side moved last back where it came from: the
        # game walks in circles and positions recur.
        if len(board.move_stack) >= 2 and rng.random() < 0.85:
            last = board.move_stack[-2]
            back = chess.Move(last.to_square, last.from_square)
            if back in moves and is_quiet(board, back):
                return back
        quiet = [m for m in moves if is_quiet(board, m)]
        return rng.choice(quiet if quiet and rng.random() < 0.9 else moves)
    if strategy == "quiet":
        quiet = [m for m in moves if is_quiet(board, m)]
        return rng.choice(quiet if quiet and rng.random() < 0.97 else moves)
    if strategy == "promote":
        promotions = [m for m in moves if m.promotion]
        if promotions:
            return rng.choice(promotions)
        pawn_moves = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
        if pawn_moves and rng.random() < 0.7:
            return rng.choice(pawn_moves)
        return rng.choice(moves)
    if strategy == "castle_ep":
        special = [m for m in moves if board.is_castling(m) or board.is_en_passant(m)]
        if special and rng.random() < 0.9:
            return rng.choice(special)
        doubles = [
            m
            for m in moves
            if board.piece_type_at(m.from_square) == chess.PAWN
            and abs(m.to_square - m.from_square) == 16
        ]
        if doubles and rng.random() < 0.5:
            return rng.choice(doubles)
        return rng.choice(moves)
    raise ValueError(strategy)


def start_fen(rng, strategy):
    roll = rng.random()
    if strategy == "uniform":
        if roll < 0.5:
            return chess.STARTING_FEN
        return random_sparse_fen(rng, rng.choice(list(POOLS)), rng.randint(1, 6), (0, 140))
    if strategy == "aggressive":
        return chess.STARTING_FEN if roll < 0.6 else random_sparse_fen(rng, "heavy", 3, (0, 20))
    if strategy == "shuffle":
        if roll < 0.4:
            return chess.STARTING_FEN
        return random_sparse_fen(rng, "mixed", rng.randint(2, 5), (0, 145))
    if strategy == "quiet":
        if roll < 0.15:
            return chess.STARTING_FEN
        return random_sparse_fen(rng, rng.choice(list(POOLS)), rng.randint(1, 5), (60, 148))
    if strategy == "promote":
        if roll < 0.3:
            return chess.STARTING_FEN
        return random_sparse_fen(rng, "pawns", rng.randint(2, 7), (0, 40))
    if strategy == "castle_ep":
        if roll < 0.3:
            return chess.STARTING_FEN
        if roll < 0.65:
            return rng.choice(CASTLING_STARTS)
        return rng.choice(EN_PASSANT_STARTS)
    raise ValueError(strategy)


def features(board, move, san):
    """Names for the rare events a move shows, to prove the sample has them."""
    found = set()
    if board.is_castling(move):
        found.add("castling queenside" if board.is_queenside_castling(move) else "castling kingside")
    if board.is_en_passant(move):
        found.add("en passant")
    if move.promotion:
        found.add("promotion" if move.promotion == chess.QUEEN else "underpromotion")
    if san.endswith("#"):
        found.add("mate sign")
    elif san.endswith("+"):
        found.add("check sign")
    return found


# Game length caps: long enough for every ending to occur in the sample.
MAX_PLIES = {
    "uniform": 300,
    "aggressive": 300,
    "shuffle": 300,
    "quiet": 300,
    "promote": 250,
    "castle_ep": 160,
}


def play_game(seed, strategy):
    """Plays one game; returns (start FEN, SAN moves, expected ply records,
    features seen)."""
    rng = random.Random(f"{strategy}-{seed}")
    fen = start_fen(rng, strategy)
    board = chess.Board(fen)
    sans = []
    records = []
    seen = set()
    while True:
        moves = list(board.legal_moves)
        record = expected_record(board, len(sans), moves)
        records.append(record)
        seen.add(record["status"])
        seen.update(record["claimable_draws"])
        if board.ep_square is not None and not board.has_legal_en_passant():
            seen.add("en passant square without legal capture")
        if record["status"] != "ongoing" or len(sans) >= MAX_PLIES[strategy]:
            return fen, sans, records, seen
        move = choose(rng, board, moves, strategy)
        san = board.san(move)
        seen |= features(board, move, san)
        sans.append(san)
        board.push(move)


def check_game(spec):
    """Replays one seeded game through Rokada; returns (spec, mismatch or
    None, features seen).

    Rokada also ends dead positions, which python-chess plays on from: when
    Rokada refuses a move after such an end, the game is cut there, and the
    position must be shown dead by visiting all that can follow it."""
    seed, strategy = spec
    fen, sans, expected, seen = play_game(seed, strategy)
    pgn = pgn_text(fen, sans)
    code, out, err = run(["replay", "--every-ply", "-"], stdin=pgn)
    ended = re.match(r"half-move (\d+): move after the end of the game", err)
    if code == 2 and ended:
        plies = int(ended.group(1)) - 1
        board = chess.Board(fen)
        for san in sans[:plies]:
            board.push_san(san)
        dead = proven_dead(board)
        if not dead:
            return spec, f"Rokada ended ply {plies} ({board.fen()}), proven dead: {dead}\n{pgn}", seen
        sans = sans[:plies]
        expected = expected[:plies] + [dead_record(board, plies)]
        seen.add("dead_position")
        pgn = pgn_text(fen, sans)
        code, out, err = run(["replay", "--every-ply", "-"], stdin=pgn)
    if code != 0:
        return spec, f"rokada replay failed ({code}): {err.strip()}\n{pgn}", seen
    actual = [json.loads(line) for line in out.splitlines()]
    if len(actual) != len(expected):
        return spec, f"{len(actual)} records for {len(expected)} positions\n{pgn}", seen
    for ply, (a, e) in enumerate(zip(actual, expected)):
        difference = compare_records(a, e)
        if difference:
            return spec, f"ply {ply} ({e['fen']}): {difference}\n{pgn}", seen
    return spec, None, seen
