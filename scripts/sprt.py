#!/usr/bin/env python3
"""Sequential probability ratio test of a new Rokada engine against an old one.

Both binaries play level 10 without their own book, in colour-swapped game
pairs from the fixed openings of scripts/openings.epd, until the test
accepts H1 (the new engine is at least elo1 stronger) or H0 (it is at most
elo0 stronger), or the game limit is reached. The log-likelihood ratio is
the generalised SPRT on game pairs (pentanomial results, as fishtest does),
with logistic Elo bounds; no verdict is taken before 30 pairs. Games that
both engines' evaluations have settled are adjudicated.

    python3 scripts/sprt.py --new NEW --old OLD [--tc 2+0.02 | --movetime 0.1 | --nodes N]
                            [--elo0 0] [--elo1 10] [--alpha 0.05] [--beta 0.05]
                            [--max-games 4000] [--concurrency 1]
                            [--new-option NAME=VALUE ...] [--old-option NAME=VALUE ...]

--new-option and --old-option set a UCI option of one side only, for
example `--new-option EvalFile=candidate.nnue` to play a network that is
not built in yet.

Prints the running result; the last line is the summary to record.
"""

import argparse
import concurrent.futures
import math
import os
import random
import time

import chess
import chess.engine

MAX_PLIES = 400
# Adjudication, as engine testers do to save time: a game is won when both
# engines have agreed for WIN_PLIES plies that one side leads by WIN_SCORE
# centipawns, drawn from move DRAW_MOVE when both have seen equality within
# DRAW_SCORE for DRAW_PLIES plies.
WIN_SCORE = 700
WIN_PLIES = 6
DRAW_MOVE = 40
DRAW_SCORE = 10
DRAW_PLIES = 8
# The normal approximation of the likelihood ratio needs a fair sample:
# with a handful of pairs the variance estimate can be tiny and the ratio
# cross a bound by chance.
MIN_PAIRS = 30


def load_openings(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def limit_for(args, clock, turn):
    if args.nodes:
        return chess.engine.Limit(nodes=args.nodes)
    if args.movetime:
        return chess.engine.Limit(time=args.movetime)
    return chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                              white_inc=args.inc, black_inc=args.inc)


def play_game(args, white_cmd, black_cmd, epd, seed):
    """White's score in one game (1, 0.5, 0) and whether a flag fell."""
    engines = {}
    try:
        for color, (command, options) in ((chess.WHITE, white_cmd), (chess.BLACK, black_cmd)):
            engine = chess.engine.SimpleEngine.popen_uci(command, stderr=open(os.devnull, "w"))
            engine.configure({"Level": 10, "OwnBook": False, "Hash": args.hash, "Seed": seed,
                              **options})
            engines[color] = engine
        board = chess.Board()
        board.set_epd(epd)
        clock = {chess.WHITE: args.base, chess.BLACK: args.base}
        scores = []
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            mover = board.turn
            started = time.monotonic()
            result = engines[mover].play(board, limit_for(args, clock, mover), info=chess.engine.INFO_SCORE)
            spent = time.monotonic() - started
            if args.tc:
                clock[mover] -= spent
                if clock[mover] < 0:
                    if board.has_insufficient_material(not mover):
                        return 0.5, True
                    return (0.0 if mover == chess.WHITE else 1.0), True
                clock[mover] += args.inc
            if result.move is None or result.move not in board.legal_moves:
                raise RuntimeError(f"illegal move {result.move} in {board.fen()}")
            board.push(result.move)
            score = result.info.get("score")
            scores.append(None if score is None else score.white().score(mate_score=100_000))
            verdict = adjudicate(scores, board.fullmove_number)
            if verdict is not None:
                return verdict, False
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.winner is None:
            return 0.5, False
        return (1.0 if outcome.winner == chess.WHITE else 0.0), False
    finally:
        for engine in engines.values():
            engine.quit()


def adjudicate(scores, fullmove):
    """White's score if the engines' recent evaluations settle the game."""
    last = scores[-WIN_PLIES:]
    if len(last) == WIN_PLIES and None not in last:
        if min(last) >= WIN_SCORE:
            return 1.0
        if max(last) <= -WIN_SCORE:
            return 0.0
    last = scores[-DRAW_PLIES:]
    if fullmove >= DRAW_MOVE and len(last) == DRAW_PLIES and None not in last:
        if max(abs(x) for x in last) <= DRAW_SCORE:
            return 0.5
    return None


def play_pair(args, epd, seed):
    """The new engine's score in a pair of games from one opening (0..2)."""
    new, old = args.new_cmd, args.old_cmd
    first, flag1 = play_game(args, new, old, epd, seed)
    second, flag2 = play_game(args, old, new, epd, seed + 1)
    return first + (1 - second), int(flag1) + int(flag2)


def expected_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def stats(pairs):
    """Mean score per game and variance of the per-game mean over pairs."""
    n = len(pairs)
    scores = [p / 2 for p in pairs]
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    return mean, var


def llr(pairs, elo0, elo1):
    """Generalised SPRT log-likelihood ratio (normal approximation)."""
    if len(pairs) < 2:
        return 0.0
    mean, var = stats(pairs)
    if var <= 0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return len(pairs) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def elo_estimate(pairs):
    """Elo difference and its 95% half-width from the pair results."""
    mean, var = stats(pairs)
    mean = min(max(mean, 1e-3), 1 - 1e-3)
    elo = -400 * math.log10(1 / mean - 1)
    sd = math.sqrt(max(var, 1e-9) / len(pairs))
    slope = 400 / math.log(10) / (mean * (1 - mean))
    return elo, 1.96 * sd * slope


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--new", required=True, help="the candidate rokada binary")
    parser.add_argument("--old", required=True, help="the reference rokada binary")
    parser.add_argument("--tc", help="clock per side, base+increment in seconds (default 2+0.02)")
    parser.add_argument("--movetime", type=float, help="fixed seconds per move instead of a clock")
    parser.add_argument("--nodes", type=int, help="fixed nodes per move instead of a clock")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--new-option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--old-option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--max-games", type=int, default=4000)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--openings", default=os.path.join(os.path.dirname(__file__), "openings.epd"))
    args = parser.parse_args()
    if not (args.tc or args.movetime or args.nodes):
        args.tc = "2+0.02"
    args.base, args.inc = (float(x) for x in args.tc.split("+")) if args.tc else (0.0, 0.0)
    args.new_cmd = ([args.new, "uci"], dict(o.split("=", 1) for o in args.new_option))
    args.old_cmd = ([args.old, "uci"], dict(o.split("=", 1) for o in args.old_option))

    openings = load_openings(args.openings)
    random.Random(args.seed).shuffle(openings)
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    condition = (f"tc {args.tc}" if args.tc else
                 f"movetime {args.movetime}" if args.movetime else f"nodes {args.nodes}")
    print(f"SPRT [{args.elo0}, {args.elo1}] alpha {args.alpha} beta {args.beta}, {condition}, "
          f"bounds [{lower:.2f}, {upper:.2f}]", flush=True)

    pairs = []
    flags = 0
    verdict = "inconclusive (game limit)"
    loads = []
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        pending = set()
        submitted = 0

        def submit():
            nonlocal submitted
            epd = openings[submitted % len(openings)]
            pending.add(pool.submit(play_pair, args, epd, args.seed * 100_000 + 2 * submitted))
            submitted += 1

        for _ in range(args.concurrency * 2):
            submit()
        while pending:
            done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                pending.remove(future)
                score, flagged = future.result()
                pairs.append(score)
                flags += flagged
                loads.append(os.getloadavg()[0])
            value = llr(pairs, args.elo0, args.elo1)
            if len(pairs) < MIN_PAIRS:
                pass
            elif value >= upper:
                verdict = "H1 accepted"
            elif value <= lower:
                verdict = "H0 accepted"
            finished = (len(pairs) >= MIN_PAIRS and (value >= upper or value <= lower)) \
                or 2 * len(pairs) >= args.max_games
            if not finished:
                while len(pending) < args.concurrency * 2 and 2 * (len(pairs) + len(pending)) < args.max_games:
                    submit()
            else:
                for future in pending:
                    future.cancel()
                pending = {f for f in pending if not f.cancelled()}
                for future in concurrent.futures.as_completed(pending):
                    future.result()
                pending = set()
            if len(pairs) % 10 == 0 or finished:
                elo, err = elo_estimate(pairs)
                print(f"pairs {len(pairs)}: score {sum(pairs) / (2 * len(pairs)):.3f}, "
                      f"elo {elo:+.1f} ± {err:.1f}, LLR {value:.2f}, flag falls {flags}", flush=True)
    elo, err = elo_estimate(pairs)
    load = sum(loads) / max(len(loads), 1)
    minutes = (time.monotonic() - started) / 60
    print(f"RESULT {verdict}: {2 * len(pairs)} games, score {sum(pairs):g}/{2 * len(pairs)}, "
          f"Elo {elo:+.1f} ± {err:.1f} (95%), LLR {llr(pairs, args.elo0, args.elo1):.2f} "
          f"[{lower:.2f}, {upper:.2f}], SPRT [{args.elo0:g}, {args.elo1:g}], {condition}, "
          f"flag falls {flags}, mean load {load:.1f}, {minutes:.0f} min", flush=True)


if __name__ == "__main__":
    main()
