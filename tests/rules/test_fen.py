"""Start positions: Rokada must accept exactly the FENs python-chess calls
valid (kings, pawns on the back rank, the side not to move in check, castling
rights without king and rook, impossible en passant squares, too many
checkers) and print them back as python-chess does."""

import random

import chess

from harness import run


def random_fen(rng):
    board = chess.Board(None)
    for square in rng.sample(chess.SQUARES, rng.randint(1, 8)):
        board.set_piece_at(square, chess.Piece.from_symbol(rng.choice("QqRrBbNnPpPp" if rng.random() < 0.9 else "Kk")))
    if rng.random() < 0.9:
        for color in chess.COLORS:
            board.set_piece_at(rng.choice(chess.SQUARES), chess.Piece(chess.KING, color))
    board.turn = rng.random() < 0.5
    board.castling_rights = rng.choice([0, 0, 0, chess.BB_A1 | chess.BB_H8, chess.BB_H1, chess.BB_CORNERS])
    fields = board.fen(en_passant="fen").split()
    if rng.random() < 0.25:
        fields[3] = rng.choice(["e3", "d6", "a6", "h3", "e4"])
    fields[4] = str(rng.randint(0, 200))
    fields[5] = str(rng.randint(1, 300))
    return " ".join(fields)


def test_accepts_exactly_the_fens_python_chess_calls_valid():
    rng = random.Random(3)
    verdicts = {True: 0, False: 0}
    for _ in range(600):
        fen = random_fen(rng)
        try:
            board = chess.Board(fen)
            valid = board.is_valid()
        except ValueError:
            valid = False
        code, out, err = run(["replay", "-"], stdin=f'[SetUp "1"]\n[FEN "{fen}"]\n\n*\n')
        assert (code == 0) == valid, f"{fen}: python-chess valid={valid}, rokada: {err.strip()}"
        if valid:
            assert f'"fen":"{board.fen()}"' in out, (fen, out)
        verdicts[valid] += 1
    assert min(verdicts.values()) > 100, verdicts
