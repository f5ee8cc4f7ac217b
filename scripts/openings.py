#!/usr/bin/env python3
"""Generates the fixed opening set of the engine tests (scripts/openings.epd).

Each opening is 8 plies from the start position. At every ply one move is
drawn, with a fixed seed, among the moves Stockfish finds within 40
centipawns of its best at a shallow depth, so the lines are varied yet
sound; an opening is kept when Stockfish judges the final position within
60 centipawns of equal. Rerunning with the same Stockfish gives the same set.

    python3 scripts/openings.py [--stockfish PATH] [--count 200] [--output scripts/openings.epd]
"""

import argparse
import os
import random

import chess
import chess.engine

PLIES = 8
CHOICE_DEPTH = 8
CHOICE_MARGIN = 40
CHOICE_WIDTH = 6
FINAL_DEPTH = 12
FINAL_MARGIN = 60


def cp(info):
    return info["score"].pov(chess.WHITE).score(mate_score=10_000)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--output", default="scripts/openings.epd")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci([args.stockfish], stderr=open(os.devnull, "w"))
    engine.configure({"Threads": 1, "Hash": 16})
    seen = set()
    lines = []
    try:
        while len(lines) < args.count:
            board = chess.Board()
            for _ in range(PLIES):
                infos = engine.analyse(board, chess.engine.Limit(depth=CHOICE_DEPTH), multipv=CHOICE_WIDTH)
                best = max(cp(i) if board.turn == chess.WHITE else -cp(i) for i in infos)
                good = [i["pv"][0] for i in infos
                        if (cp(i) if board.turn == chess.WHITE else -cp(i)) >= best - CHOICE_MARGIN]
                board.push(rng.choice(sorted(good, key=lambda m: m.uci())))
            epd = board.epd()
            if epd in seen or board.is_game_over():
                continue
            final = engine.analyse(board, chess.engine.Limit(depth=FINAL_DEPTH))
            if abs(cp(final)) > FINAL_MARGIN:
                continue
            seen.add(epd)
            lines.append(epd)
    finally:
        engine.quit()
    with open(args.output, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} openings to {args.output}")


if __name__ == "__main__":
    main()
