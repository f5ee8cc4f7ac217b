"""Runs the `rokada` binary and states what python-chess says it must answer.

python-chess is the second, separately written program: every expectation
here is computed from its predicates, never from Rokada's own output.
"""

import json
import os
import subprocess

import chess

def rokada_bin():
    return os.environ["ROKADA_BIN"]


def run(args, stdin=None):
    """Runs rokada with `args`; returns (exit code, stdout, stderr)."""
    proc = subprocess.run(
        [rokada_bin(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return proc.returncode, proc.stdout, proc.stderr


def replay(pgn, *flags):
    """`rokada replay -`: the parsed JSON lines, or an AssertionError with
    Rokada's complaint."""
    code, out, err = run(["replay", *flags, "-"], stdin=pgn)
    assert code == 0, f"rokada replay failed ({code}): {err.strip()}\n{pgn}"
    return [json.loads(line) for line in out.splitlines()]


def expected_status(board):
    """The game's status by Rokada's precedence, from python-chess's facts.

    python-chess's `outcome()` orders checkmate > insufficient material >
    stalemate > 75-move rule > fivefold repetition. Rokada orders no legal
    moves (checkmate, stalemate) > insufficient material > fivefold
    repetition > 75-move rule: a stalemate with bare kings is reported as
    stalemate, and a fifth occurrence on the 150th quiet half-move as
    fivefold repetition. Both are draws either way; only the stated reason
    differs, so the comparison is made on each predicate, not on `outcome()`.
    """
    if not any(board.generate_legal_moves()):
        return "checkmate" if board.is_check() else "stalemate"
    if board.is_insufficient_material():
        return "insufficient_material"
    if board.is_fivefold_repetition():
        return "fivefold_repetition"
    if board.is_seventyfive_moves():
        return "seventy_five_move_rule"
    return "ongoing"


def proven_dead(board, limit=20_000):
    """Whether no checkmate can ever arise from `board`, shown by visiting
    every reachable position (python-chess has no dead-position rule);
    positions with insufficient material by python-chess's rule need no
    visit. None when there are more than `limit` positions to visit."""
    seen = {board._transposition_key()}
    frontier = [board]
    while frontier:
        current = frontier.pop()
        if current.is_checkmate():
            return False
        if current.is_insufficient_material():
            continue
        for move in current.legal_moves:
            child = current.copy(stack=False)
            child.push(move)
            key = child._transposition_key()
            if key not in seen:
                seen.add(key)
                frontier.append(child)
        if len(seen) > limit:
            return None
    return True


def dead_record(board, plies):
    """The record of a position Rokada ends as dead, once `proven_dead`
    has shown it is."""
    return {
        "fen": board.fen(en_passant="legal"),
        "turn": "white" if board.turn == chess.WHITE else "black",
        "status": "dead_position",
        "result": "1/2-1/2",
        "claimable_draws": [],
        "legal_moves": [],
        "plies": plies,
        "check": board.is_check(),
    }


def expected_result(board, status):
    if status == "ongoing":
        return "*"
    if status == "checkmate":
        return "0-1" if board.turn == chess.WHITE else "1-0"
    return "1/2-1/2"


def expected_claims(board, status):
    """Draws the player to move may claim, as Rokada defines them.

    Rokada lets a player claim only what holds in the current position:
    threefold is `is_repetition(3)` (the current position's occurrences, with
    en passant counted only when legal, as python-chess's transposition key
    does), and the 50-move rule is a halfmove clock of at least 100.
    python-chess's `can_claim_threefold_repetition()` and
    `can_claim_fifty_moves()` also accept a claim announced with a move that
    would reach the condition (FIDE 9.2.1 and 9.3.1); the app has no such
    announced move, so those two predicates are deliberately not used.
    """
    if status != "ongoing":
        return []
    claims = []
    if board.is_repetition(3):
        claims.append("threefold_repetition")
    if board.halfmove_clock >= 100:
        claims.append("fifty_move_rule")
    return claims


def expected_record(board, plies, legal_moves=None):
    """What `rokada replay --every-ply` must print for `board`.

    `legal_moves`, when given, are the board's legal moves (saves generating
    them twice)."""
    status = expected_status(board)
    if status == "ongoing":
        moves = board.legal_moves if legal_moves is None else legal_moves
        sans = sorted(board.san(m) for m in moves)
    else:
        sans = []
    return {
        "fen": board.fen(en_passant="legal"),
        "turn": "white" if board.turn == chess.WHITE else "black",
        "status": status,
        "result": expected_result(board, status),
        "claimable_draws": expected_claims(board, status),
        "legal_moves": sans,
        "plies": plies,
        "check": board.is_check(),
    }


def movetext(start, sans):
    """Move text for SAN moves played from `start` (a python-chess board)."""
    words = []
    number = start.fullmove_number
    white = start.turn == chess.WHITE
    for i, san in enumerate(sans):
        if white:
            words.append(f"{number}.")
        elif i == 0:
            words.append(f"{number}...")
        words.append(san)
        if not white:
            number += 1
        white = not white
    return " ".join(words)


def pgn_text(start_fen, sans, result="*"):
    """A minimal PGN game: FEN tags only for a non-standard start."""
    start = chess.Board(start_fen)
    tags = ""
    if start_fen != chess.STARTING_FEN:
        tags = f'[SetUp "1"]\n[FEN "{start_fen}"]\n\n'
    return f"{tags}{movetext(start, sans)} {result}\n"


def compare_records(actual, expected):
    """The first differing field between two ply records, or None."""
    for key in expected:
        a, e = actual.get(key), expected[key]
        if key == "claimable_draws" and a is not None:
            a, e = sorted(a), sorted(e)
        if a != e:
            if isinstance(e, list) and isinstance(a, list):
                return (
                    f"{key}: rokada only {sorted(set(a) - set(e))}, "
                    f"python-chess only {sorted(set(e) - set(a))}"
                )
            return f"{key}: rokada {a!r}, python-chess {e!r}"
    extra = set(actual) - set(expected)
    if extra:
        return f"unexpected fields {sorted(extra)}"
    return None
