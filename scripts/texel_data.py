#!/usr/bin/env python3
"""Generates positions labelled by game results for tuning the evaluation.

Stockfish plays itself at a fixed node count from the openings of
scripts/openings.epd, each game varied by a few random plies after the
opening. Every quiet position of a game (not in check, and Stockfish's
move in it neither a capture nor a promotion) past its first plies is
written with the game's result from White's point of view:

    FEN;1.0    (White won)   FEN;0.5    (draw)   FEN;0.0    (Black won)

Games that Stockfish's own evaluation has settled are adjudicated to save
time. Nothing is downloaded: the data is made here.

    python3 scripts/texel_data.py --games 2000 --output positions.txt
                                  [--nodes 2000] [--seed 1] [--stockfish PATH]
"""

import argparse
import os
import random

import chess
import chess.engine

MAX_PLIES = 400
RANDOM_PLIES = 4
# Positions this close to the opening say little about the result.
SKIP_PLIES = 8
WIN_SCORE = 1000
WIN_PLIES = 6


def play(engine, epd, rng, nodes):
    """The quiet positions of one game (FENs) and White's result."""
    board = chess.Board()
    board.set_epd(epd)
    for _ in range(RANDOM_PLIES):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    engine.configure({"Clear Hash": None})
    quiet = []
    scores = []
    plies = 0
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        result = engine.play(board, chess.engine.Limit(nodes=nodes), info=chess.engine.INFO_SCORE)
        move = result.move
        if plies >= SKIP_PLIES and not board.is_check() and not board.is_capture(move) \
                and move.promotion is None:
            quiet.append(board.fen())
        board.push(move)
        plies += 1
        score = result.info.get("score")
        scores.append(None if score is None else score.white().score(mate_score=100_000))
        last = scores[-WIN_PLIES:]
        if len(last) == WIN_PLIES and None not in last:
            if min(last) >= WIN_SCORE:
                return quiet, 1.0
            if max(last) <= -WIN_SCORE:
                return quiet, 0.0
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return quiet, 0.5
    return quiet, 1.0 if outcome.winner == chess.WHITE else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--nodes", type=int, default=2000, help="Stockfish's nodes per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stockfish", default="stockfish")
    parser.add_argument("--output", required=True)
    parser.add_argument("--openings", default=os.path.join(os.path.dirname(__file__), "openings.epd"))
    args = parser.parse_args()

    with open(args.openings) as f:
        openings = [line.strip() for line in f if line.strip()]
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci([args.stockfish], stderr=open(os.devnull, "w"))
    engine.configure({"Threads": 1, "Hash": 16})
    results = {1.0: 0, 0.5: 0, 0.0: 0}
    positions = 0
    try:
        with open(args.output, "a") as out:
            for game in range(args.games):
                fens, result = play(engine, rng.choice(openings), rng, args.nodes)
                results[result] += 1
                positions += len(fens)
                out.writelines(f"{fen};{result:.1f}\n" for fen in fens)
                out.flush()
                if (game + 1) % 50 == 0:
                    print(f"games {game + 1}: +{results[1.0]} ={results[0.5]} -{results[0.0]}, "
                          f"positions {positions}", flush=True)
    finally:
        engine.quit()
    print(f"{args.games} games: +{results[1.0]} ={results[0.5]} -{results[0.0]}, positions {positions}")


if __name__ == "__main__":
    main()
