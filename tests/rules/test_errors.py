"""`rokada replay` on bad input: exit status 2, nothing on standard output,
one line on standard error naming the half-move and the offending text; and
python-chess must reject the same move."""

import random
import re

import chess
import pytest

from harness import movetext, run

FLAGS = [[], ["--every-ply"], ["--pgn"]]

# (name, PGN, half-move number, offending text, python-chess rejects it).
CASES = [
    ("illegal move", "1. e4 e5 2. Ke3 Nc6", 3, "Ke3", True),
    ("ambiguous SAN", '[FEN "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"]\n\n1. Rd1 Kd7', 1, "Rd1", True),
    ("unreadable move", "1. e4 e5 2. xyz Nc6", 3, "xyz", True),
    ("garbage token", "1. e4 @@ 2. Nf3", 2, "@@", False),
    ("no such square", "1. e9", 1, "e9", True),
    ("castling through check", '[FEN "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1"]\n\n1. O-O', 1, "O-O", True),
    ("move after checkmate", "1. f3 e5 2. g4 Qh4# 3. a3", 5, "a3", False),
    ("move after bare kings", '[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. Kd2', 1, "Kd2", False),
    (
        "bad FEN",
        '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"]\n\n1. e4',
        0,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        False,
    ),
    ("FEN without kings", '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*', 0, "8/8/8/8/8/8/8/8 w - - 0 1", False),
    ("unterminated comment", "1. e4 e5 2. Nf3 {never closed", 3, "{never closed", False),
    ("unterminated variation", "1. e4 (1. d4 d5 2. c4", 1, "(", False),
    ("malformed tag", '[Event "no end\n\n1. e4', 0, '[Event "no end', False),
]


def assert_refused(pgn, ply, text, flags):
    code, out, err = run(["replay", *flags, "-"], stdin=pgn)
    assert code == 2, out
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"half-move {ply}: "), lines[0]
    assert text in lines[0]


@pytest.mark.parametrize("flags", FLAGS, ids=["final", "every-ply", "pgn"])
@pytest.mark.parametrize(("pgn", "ply", "text", "python_rejects"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_is_refused(pgn, ply, text, python_rejects, flags):
    assert_refused(pgn, ply, text, flags)
    if python_rejects:
        board = chess.Board()
        if "[FEN" in pgn:
            board = chess.Board(pgn.split('[FEN "')[1].split('"')[0])
        tokens = [t for t in pgn.split("\n\n")[-1].split() if not t[0].isdigit()]
        for san in tokens[: ply - 1]:
            board.push_san(san)
        with pytest.raises(ValueError):
            board.parse_san(tokens[ply - 1])


def random_prefix(rng):
    """A random legal game prefix that is not over, by python-chess."""
    board = chess.Board()
    sans = []
    for _ in range(rng.randint(0, 60)):
        moves = list(board.legal_moves)
        if board.is_game_over() or not moves:
            break
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    return board, sans


ILLEGAL_CANDIDATES = ["Qh5", "Ke2", "Nf3", "e4", "O-O", "O-O-O", "Rxa8", "exd6", "b8=Q", "Bb5+", "Kxe7", "h1=N"]


def test_corrupted_random_games_fail_at_the_corrupted_move():
    rng = random.Random(7)
    checked = 0
    while checked < 150:
        board, sans = random_prefix(rng)
        if board.is_game_over():
            continue
        bad = rng.choice(ILLEGAL_CANDIDATES)
        try:
            board.parse_san(bad)
            continue
        except ValueError:
            pass
        pgn = movetext(chess.Board(), sans + [bad]) + " *\n"
        assert_refused(pgn, len(sans) + 1, bad, rng.choice(FLAGS))
        checked += 1


def test_moves_after_a_finished_random_game_are_refused():
    rng = random.Random(11)
    checked = 0
    while checked < 40:
        board = chess.Board()
        sans = []
        while not board.is_game_over() and len(sans) < 400:
            move = rng.choice(list(board.legal_moves))
            sans.append(board.san(move))
            board.push(move)
        # Only endings python-chess and Rokada share without a claim.
        if board.outcome() is None:
            continue
        # Rokada may have ended it earlier, in a dead position: the first
        # move after that end is the one refused.
        code, _, err = run(["replay", "-"], stdin=movetext(chess.Board(), sans) + " *\n")
        ended = re.match(r"half-move (\d+): ", err)
        ply, text = (int(ended.group(1)), sans[int(ended.group(1)) - 1]) if code else (len(sans) + 1, "Kd2")
        pgn = movetext(chess.Board(), sans + ["Kd2"]) + " *\n"
        assert_refused(pgn, ply, text, [])
        checked += 1
