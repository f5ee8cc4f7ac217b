"""PGN both ways: python-chess writes games with comments, NAGs, variations,
custom starts and several games to a file, and Rokada must read them to the
same final position; Rokada's own PGN (`replay --pgn`) must read back in
python-chess to the same moves and tags.

python-chess neither escapes nor unescapes `"` and `\\` in tag values, so the
player names used here avoid those two characters (Rokada escapes them as the
PGN standard says; its own tests cover that)."""

import io
import random

import chess
import chess.pgn
import pytest

import games
from harness import expected_result, expected_status, replay, run

SEVEN_TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
NAMES = ["Ana", "Šćepan Đurić", "Carlsen, Magnus", "Müller-Lüdenscheidt", "李 小龙", "?", ""]
COMMENTS = ["good", "a (parenthesis", "closing ) too", "semicolon ; inside", "[%clk 0:01:00]", "tag [like] this"]
GAME_COUNT = 150


def random_game(rng):
    """A python-chess game with a random start, moves, comments, NAGs and
    variations, and the board after its main line."""
    roll = rng.random()
    if roll < 0.4:
        board = chess.Board()
    elif roll < 0.6:
        board = chess.Board(rng.choice(games.CASTLING_STARTS + games.EN_PASSANT_STARTS))
    else:
        board = chess.Board(games.random_sparse_fen(rng, rng.choice(list(games.POOLS)), rng.randint(2, 6), (0, 60)))
    game = chess.pgn.Game()
    if board.fen() != chess.STARTING_FEN:
        game.setup(board)
    for color in ("White", "Black"):
        name = rng.choice(NAMES)
        if name:
            game.headers[color] = name
    if rng.random() < 0.3:
        game.comment = rng.choice(COMMENTS)
    node = game
    for _ in range(rng.randint(0, 80)):
        if expected_status(board) != "ongoing":
            break
        moves = list(board.legal_moves)
        move = rng.choice(moves)
        child = node.add_variation(move)
        if rng.random() < 0.15:
            child.comment = rng.choice(COMMENTS)
        if rng.random() < 0.1:
            child.nags.add(rng.randint(1, 20))
        if rng.random() < 0.1 and len(moves) > 1:
            alternative = node.add_variation(rng.choice([m for m in moves if m != move]))
            alternative.comment = rng.choice(COMMENTS)
            if rng.random() < 0.5:
                after = alternative.board()
                reply = next(iter(after.legal_moves), None)
                if reply is not None:
                    alternative.add_variation(reply)
        board.push(move)
        node = child
    status = expected_status(board)
    if status != "ongoing":
        game.headers["Result"] = expected_result(board, status)
    else:
        game.headers["Result"] = rng.choice(["*", "1-0", "0-1", "1/2-1/2"])
    return game, board


@pytest.fixture(scope="module")
def sample():
    rng = random.Random(2024)
    return [random_game(rng) for _ in range(GAME_COUNT)]


def test_rokada_reads_python_chess_pgn(sample):
    for game, board in sample:
        text = str(game)
        [final] = replay(text)
        assert final["fen"] == board.fen(), text
        assert final["plies"] == len(board.move_stack), text


def test_rokada_reads_the_first_of_several_games(sample):
    for start in range(0, len(sample) - 5, 5):
        chunk = sample[start : start + 5]
        text = "\n\n".join(str(game) for game, _ in chunk)
        [final] = replay(text)
        assert final["fen"] == chunk[0][1].fen(), text


def test_python_chess_reads_rokada_pgn(sample):
    for game, board in sample:
        code, out, err = run(["replay", "--pgn", "-"], stdin=str(game))
        assert code == 0, err
        back = chess.pgn.read_game(io.StringIO(out))
        assert back is not None and not back.errors, out
        assert list(back.headers)[:7] == SEVEN_TAG_ROSTER, out
        assert [m.uci() for m in back.mainline_moves()] == [m.uci() for m in board.move_stack], out
        assert back.end().board().fen() == board.fen(), out
        status = expected_status(board)
        recorded = game.headers["Result"]
        assert back.headers["Result"] == (expected_result(board, status) if status != "ongoing" else recorded), out
        custom = game.board().fen() != chess.STARTING_FEN
        assert ("FEN" in back.headers) == custom, out
        if custom:
            assert back.headers["FEN"] == game.board().fen(), out
            assert back.headers["SetUp"] == "1", out
        for color in ("White", "Black"):
            name = game.headers.get(color, "?")
            if name not in ("", "?"):
                assert back.headers[color] == name, out


def test_rokada_pgn_reads_back_in_rokada(sample):
    for game, board in sample[:50]:
        code, out, err = run(["replay", "--pgn", "-"], stdin=str(game))
        assert code == 0, err
        [final] = replay(out)
        assert final["fen"] == board.fen(), out
        code, again, err = run(["replay", "--pgn", "-"], stdin=out)
        assert code == 0, err
        # The Date tag is the day of the export.
        assert without_date(again) == without_date(out)


def without_date(pgn):
    return "\n".join(line for line in pgn.splitlines() if not line.startswith("[Date "))
