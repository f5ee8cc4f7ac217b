"""`rokada perft` against python-chess's move generator at modest depths and
against the published reference counts (Chess Programming Wiki "Perft
Results" and Martin Sedlak's edge-case suite) at deeper ones."""

import chess
import pytest

from harness import run

START = chess.STARTING_FEN
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_4_MIRRORED = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
POSITION_6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"

# (name, FEN, depth python-chess also counts, {depth: published count}).
# The published counts were also confirmed with Stockfish's `go perft`.
SUITE = [
    ("start", START, 4, {1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609, 6: 119060324}),
    ("kiwipete", KIWIPETE, 3, {1: 48, 2: 2039, 3: 97862, 4: 4085603, 5: 193690690}),
    ("position 3", POSITION_3, 4, {4: 43238, 5: 674624, 6: 11030083}),
    ("position 4", POSITION_4, 3, {3: 9467, 4: 422333, 5: 15833292}),
    ("position 4 mirrored", POSITION_4_MIRRORED, 3, {3: 9467, 4: 422333, 5: 15833292}),
    ("position 5", POSITION_5, 3, {3: 62379, 4: 2103487, 5: 89941194}),
    ("position 6", POSITION_6, 3, {3: 89890, 4: 3894594, 5: 164075551}),
    # En passant that would expose the own king.
    ("illegal en passant 1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 4, {6: 1134888}),
    ("illegal en passant 2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 4, {6: 1015133}),
    ("en passant gives check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4, {6: 1440467}),
    ("short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 4, {6: 661072}),
    ("long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 4, {6: 803711}),
    ("castling rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 3, {4: 1274206}),
    ("castling prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 3, {4: 1720476}),
    ("promote out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 4, {6: 3821001}),
    ("discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 3, {5: 1004658}),
    ("promote to give check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 5, {6: 217342}),
    ("underpromote to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 5, {6: 92683}),
    ("self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, {6: 2217}),
    ("stalemate and checkmate 1", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 5, {7: 567584}),
    ("stalemate and checkmate 2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 3, {4: 23527}),
]


def python_perft(board, depth):
    """Leaf nodes by python-chess, counting the last ply's moves in bulk."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += python_perft(board, depth - 1)
        board.pop()
    return total


def rokada_perft(fen, depth, *flags):
    code, out, err = run(["perft", str(depth), "--fen", fen, *flags])
    assert code == 0, err
    return int(out.splitlines()[-1])


@pytest.mark.parametrize(
    ("fen", "depth"), [(fen, depth) for _, fen, depth, _ in SUITE], ids=[s[0] for s in SUITE]
)
def test_perft_matches_python_chess(fen, depth):
    for d in range(1, depth + 1):
        assert rokada_perft(fen, d) == python_perft(chess.Board(fen), d), f"depth {d}"


@pytest.mark.parametrize("flags", [[], ["--no-hash"]], ids=["hash", "no hash"])
@pytest.mark.parametrize(
    ("fen", "counts"), [(fen, counts) for _, fen, _, counts in SUITE], ids=[s[0] for s in SUITE]
)
def test_perft_matches_published_counts(fen, counts, flags):
    for depth, count in counts.items():
        assert rokada_perft(fen, depth, *flags) == count, f"depth {depth}"


def test_perft_without_fen_is_the_start_position():
    code, out, _ = run(["perft", "3"])
    assert code == 0
    assert out.splitlines()[-1] == "8902"


def test_perft_depth_zero_counts_the_root():
    assert rokada_perft(KIWIPETE, 0) == 1


@pytest.mark.parametrize(
    "args",
    [[], ["x"], ["3", "--fen", "not a fen"], ["3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]],
    ids=["no depth", "bad depth", "garbage fen", "no kings"],
)
def test_perft_rejects_bad_input(args):
    code, out, err = run(["perft", *args])
    assert code == 2
    assert out == ""
    assert err.strip()
