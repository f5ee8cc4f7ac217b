"""Thousands of seeded random games: at every ply Rokada's legal moves (SAN
with + and #), FEN, side to move, check, status, result and claimable draws
must equal what python-chess computes. ROKADA_RULES_GAMES_SCALE multiplies
the number of games (for a longer run)."""

import collections
import os
from concurrent.futures import ProcessPoolExecutor

import chess
import pytest

import games

GAMES_PER_STRATEGY = {
    "uniform": 250,
    "aggressive": 300,
    "shuffle": 450,
    "quiet": 450,
    "promote": 300,
    "castle_ep": 250,
}

# Every ending, every claim and every rare move must occur in the sample, or
# the comparison proves nothing about it.
REQUIRED = {
    "ongoing",
    "checkmate",
    "stalemate",
    "insufficient_material",
    "dead_position",
    "fivefold_repetition",
    "seventy_five_move_rule",
    "threefold_repetition",
    "fifty_move_rule",
    "castling kingside",
    "castling queenside",
    "en passant",
    "en passant square without legal capture",
    "promotion",
    "underpromotion",
    "check sign",
    "mate sign",
}


def scaled_counts():
    scale = float(os.environ.get("ROKADA_RULES_GAMES_SCALE", "1"))
    return {s: max(1, round(n * scale)) for s, n in GAMES_PER_STRATEGY.items()}


@pytest.fixture(scope="module")
def outcomes(rokada_bin):
    specs = [(seed, s) for s, n in scaled_counts().items() for seed in range(n)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(games.check_game, specs, chunksize=8))


def test_fixed_starts_are_valid():
    for fen in games.CASTLING_STARTS + games.EN_PASSANT_STARTS:
        assert chess.Board(fen).is_valid(), fen


def test_every_ply_agrees_with_python_chess(outcomes):
    failures = [f"{strategy} game {seed}: {error}" for (seed, strategy), error, _ in outcomes if error]
    assert not failures, f"{len(failures)} of {len(outcomes)} games differ; first:\n{failures[0]}"


def test_sample_covers_every_rule(outcomes):
    seen = collections.Counter()
    for _, _, features in outcomes:
        seen.update(features)
    missing = REQUIRED - set(seen)
    assert not missing, f"never occurred: {sorted(missing)}; seen: {dict(seen)}"
