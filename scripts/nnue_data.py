#!/usr/bin/env python3
"""Generates positions labelled by Stockfish for training the network.

Stockfish plays itself at a fixed node count from the openings of
scripts/openings.epd, each game varied by a few random plies after the
opening. Every quiet position of a game (not in check, and Stockfish's
move in it neither a capture nor a promotion) past its first plies is
written with Stockfish's score of it and the game's result, both from
White's point of view:

    FEN;CENTIPAWNS;RESULT      RESULT: 1.0 White won, 0.5 draw, 0.0 Black won

With `--label eval` the score written is Stockfish's static evaluation of
the position instead of its search's score: about ten times as many
positions in the same time, at lower --nodes for the games themselves.
Games that Stockfish's own score has settled are adjudicated to save time.
Nothing is downloaded: the data is made here. Stockfish is spoken to over
UCI directly (not through python-chess's engine module), because at a few
thousand nodes a move the wrapper would cost as much as the search.

    python3 scripts/nnue_data.py --games 2000 --output positions.txt
                                 [--nodes 4000] [--label search|eval] [--seed 1]
                                 [--stockfish PATH]
"""

import argparse
import os
import random
import subprocess
import sys
import time

import chess

MAX_PLIES = 300
# Positions this close to the opening say little about the result.
SKIP_PLIES = 6
MATE_CP = 20_000
WIN_SCORE = 1200
WIN_PLIES = 8
DRAW_SCORE = 8
DRAW_PLIES = 16
DRAW_FROM_PLY = 120


class Stockfish:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, token):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(token):
                return line

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def search(self, fen, moves, nodes):
        """Stockfish's best move and its score for the side to move (cp)."""
        self.send(f"position fen {fen} moves {' '.join(moves)}" if moves else f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith("bestmove"):
                return line.split()[1], score
            if line.startswith("info") and " score " in line and "lowerbound" not in line \
                    and "upperbound" not in line:
                words = line.split()
                at = words.index("score")
                kind, value = words[at + 1], int(words[at + 2])
                if kind == "cp":
                    score = value
                else:
                    score = MATE_CP if value > 0 else -MATE_CP

    def evaluation(self, fen):
        """Stockfish's static evaluation from White's side (cp), None in check."""
        self.send(f"position fen {fen}")
        self.send("eval")
        line = self.wait("Final evaluation")
        words = line.split()
        if words[2] == "none":
            return None
        return round(float(words[2]) * 100)

    def quit(self):
        self.send("quit")
        self.proc.wait()


def play(engine, epd, rng, nodes, random_plies, static):
    """The labelled quiet positions of one game and White's result."""
    board = chess.Board()
    board.set_epd(epd)
    for _ in range(random_plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    if board.is_game_over():
        return [], 0.5
    start = board.fen()
    engine.new_game()
    moves = []
    positions = []
    whites = []
    while board.ply() < MAX_PLIES:
        if board.is_game_over() or board.is_repetition(3) or board.halfmove_clock >= 100:
            break
        uci, score = engine.search(start, moves, nodes)
        if uci == "(none)" or score is None:
            break
        move = chess.Move.from_uci(uci)
        white = score if board.turn == chess.WHITE else -score
        if len(moves) >= SKIP_PLIES and not board.is_check() and not board.is_capture(move) \
                and move.promotion is None and abs(white) < MATE_CP:
            fen = board.fen()
            label = engine.evaluation(fen) if static else white
            if label is not None:
                positions.append((fen, label))
        board.push(move)
        moves.append(uci)
        whites.append(white)
        last = whites[-WIN_PLIES:]
        if len(last) == WIN_PLIES:
            if min(last) >= WIN_SCORE:
                return positions, 1.0
            if max(last) <= -WIN_SCORE:
                return positions, 0.0
        calm = whites[-DRAW_PLIES:]
        if board.ply() >= DRAW_FROM_PLY and len(calm) == DRAW_PLIES \
                and max(abs(s) for s in calm) <= DRAW_SCORE:
            return positions, 0.5
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return positions, 0.5
    return positions, 1.0 if outcome.winner == chess.WHITE else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--nodes", type=int, default=4000, help="Stockfish's nodes per move")
    parser.add_argument("--random-plies", type=int, default=6,
                        help="random plies played after the opening")
    parser.add_argument("--label", choices=("search", "eval"), default="search",
                        help="score written: the search's, or the static evaluation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stockfish", default="stockfish")
    parser.add_argument("--output", required=True)
    parser.add_argument("--openings",
                        default=os.path.join(os.path.dirname(__file__), "openings.epd"))
    args = parser.parse_args()

    with open(args.openings) as f:
        openings = [line.strip() for line in f if line.strip()]
    rng = random.Random(args.seed)
    engine = Stockfish(args.stockfish)
    results = {1.0: 0, 0.5: 0, 0.0: 0}
    positions = 0
    started = time.monotonic()
    try:
        with open(args.output, "a") as out:
            for game in range(args.games):
                labelled, result = play(engine, rng.choice(openings), rng, args.nodes,
                                        args.random_plies, args.label == "eval")
                results[result] += 1
                positions += len(labelled)
                out.writelines(f"{fen};{cp};{result:.1f}\n" for fen, cp in labelled)
                out.flush()
                if (game + 1) % 50 == 0:
                    rate = positions / (time.monotonic() - started)
                    print(f"games {game + 1}: +{results[1.0]} ={results[0.5]} -{results[0.0]}, "
                          f"positions {positions} ({rate:.0f}/s)", flush=True)
    finally:
        engine.quit()
    print(f"{args.games} games: +{results[1.0]} ={results[0.5]} -{results[0.0]}, "
          f"positions {positions}", file=sys.stderr)


if __name__ == "__main__":
    main()
