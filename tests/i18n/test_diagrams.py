"""Checks every rules-page diagram with python-chess, a program written
separately from the core, on the same data file the core embeds."""

import json
from pathlib import Path

import chess
import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "rust-core" / "src" / "rules_page" / "diagrams.json"
DIAGRAMS = json.loads(DATA.read_text(encoding="utf-8"))["diagrams"]


def perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def castling_move(board: chess.Board, side: str) -> chess.Move:
    rank = 0 if board.turn == chess.WHITE else 7
    king_from = chess.square(4, rank)
    king_to = chess.square(6 if side == "king" else 2, rank)
    return chess.Move(king_from, king_to)


def king_path(board: chess.Board, side: str) -> list[int]:
    rank = 0 if board.turn == chess.WHITE else 7
    files = (5, 6) if side == "king" else (3, 2)
    return [chess.square(f, rank) for f in files]


def check_castling(board: chess.Board, side: str, attacked: int, legal: bool) -> None:
    rights = board.has_kingside_castling_rights if side == "king" else board.has_queenside_castling_rights
    assert rights(board.turn), "no castling right"
    rank = 0 if board.turn == chess.WHITE else 7
    between = range(5, 7) if side == "king" else range(1, 4)
    assert all(board.piece_at(chess.square(f, rank)) is None for f in between), "path blocked"
    assert not board.is_check(), "king in check"
    assert board.is_attacked_by(not board.turn, attacked), "square not attacked"
    assert (attacked in king_path(board, side)) != legal, "attacked square vs king path"
    assert (castling_move(board, side) in board.legal_moves) == legal


def no_checkmate_reachable(board: chess.Board, limit: int = 50_000) -> bool:
    """Whether no position reachable from `board` is checkmate, by visiting
    every one of them (a dead position). Fails the test if there are more
    than `limit`: then this is not the way to show it."""
    seen = {board._transposition_key()}
    frontier = [board]
    while frontier:
        current = frontier.pop()
        if current.is_checkmate():
            return False
        for move in current.legal_moves:
            child = current.copy(stack=False)
            child.push(move)
            key = child._transposition_key()
            if key not in seen:
                seen.add(key)
                frontier.append(child)
        assert len(seen) <= limit, "too many positions to visit"
    return True


def check(d: dict) -> None:
    board = chess.Board(d["fen"])
    assert board.is_valid(), board.status()
    checked = d.get("checked_king")
    actual = chess.square_name(board.king(board.turn)) if board.is_check() else None
    assert checked == actual, f"checked king {checked} vs {actual}"
    if "last_move" in d:
        to = chess.parse_square(d["last_move"]["to"])
        assert board.color_at(to) == (not board.turn)
        assert board.piece_at(chess.parse_square(d["last_move"]["from"])) is None
    claim = d["claim"]
    kind = claim["kind"]
    if kind == "checkmate":
        assert board.is_checkmate()
    elif kind == "stalemate":
        assert board.is_stalemate()
    elif kind in ("castling_illegal", "castling_legal"):
        check_castling(board, claim["side"], chess.parse_square(claim["attacked"]), kind == "castling_legal")
    elif kind == "en_passant_legal":
        move = chess.Move(chess.parse_square(claim["from"]), chess.parse_square(claim["to"]))
        assert move in board.legal_moves and board.is_en_passant(move)
    elif kind == "promotion":
        start, end = chess.parse_square(claim["from"]), chess.parse_square(claim["to"])
        pieces = sorted(m.promotion for m in board.legal_moves if m.from_square == start and m.to_square == end)
        assert pieces == [chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN]
    elif kind == "destinations":
        start = chess.parse_square(claim["from"])
        actual = sorted({chess.square_name(m.to_square) for m in board.legal_moves if m.from_square == start})
        assert actual == sorted(claim["to"])
    elif kind == "perft":
        for depth, nodes in enumerate(claim["nodes"], start=1):
            assert perft(board, depth) == nodes, f"perft({depth})"
    elif kind == "insufficient_material":
        assert board.is_insufficient_material()
    elif kind == "plays_on":
        assert not board.is_insufficient_material()
    elif kind == "dead_position":
        # python-chess has no rule for it: every reachable position is visited.
        assert not board.is_insufficient_material()
        assert no_checkmate_reachable(board)
    elif kind == "flag_fall":
        flagged = chess.WHITE if claim["flagged"] == "white" else chess.BLACK
        assert board.turn == flagged, "only the side to move's flag can fall"
        # python-chess judges by material, which is all these diagrams need.
        assert board.has_insufficient_material(not flagged) == (claim["result"] == "draw")
    elif kind == "repetition":
        threefold = fivefold = None
        for ply, san in enumerate(claim["line"], start=1):
            board.push_san(san)
            if threefold is None and board.is_repetition(3):
                threefold = ply
                assert board.can_claim_threefold_repetition()
                assert not board.is_fivefold_repetition()
            if fivefold is None and board.is_fivefold_repetition():
                fivefold = ply
        assert (threefold, fivefold) == (claim["threefold_after"], claim["fivefold_after"])
        assert board.is_game_over()
    else:
        pytest.fail(f"unknown claim kind {kind}")


@pytest.mark.parametrize("diagram", DIAGRAMS, ids=[d["id"] for d in DIAGRAMS])
def test_diagram_claim_holds(diagram):
    check(diagram)


def test_ids_unique():
    ids = [d["id"] for d in DIAGRAMS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    "diagram",
    [
        {"id": "x", "fen": chess.STARTING_FEN, "claim": {"kind": "checkmate"}},
        {"id": "x", "fen": chess.STARTING_FEN, "claim": {"kind": "perft", "nodes": [20, 401]}},
        {"id": "x", "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
         "claim": {"kind": "castling_illegal", "side": "king", "attacked": "f1"}},
        {"id": "x", "fen": "8/8/4k3/3n4/8/3KN3/8/8 w - - 0 1", "claim": {"kind": "insufficient_material"}},
        {"id": "x", "fen": "8/8/8/4k3/p1p1p1p1/2P1P1P1/P7/4K3 w - - 0 1", "claim": {"kind": "dead_position"}},
        {"id": "x", "fen": "8/8/4k3/8/8/3K4/8/7R b - - 0 1",
         "claim": {"kind": "flag_fall", "flagged": "black", "result": "draw"}},
    ],
)
def test_a_wrong_claim_fails(diagram):
    with pytest.raises(AssertionError):
        check(diagram)
