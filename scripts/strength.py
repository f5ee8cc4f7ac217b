#!/usr/bin/env python3
"""Measures the strength of Rokada's levels.

Plays matches through UCI, with python-chess as the runner:

* each level against Stockfish limited by UCI_LimitStrength/UCI_Elo, where
  the level's target rating is within (or just below) Stockfish's range;
* each level against the next level up;
* optionally the top level against Stockfish at given UCI_Elo settings,
  both under the same time control (the strength goals).

A time control is either a clock, base+increment in seconds (10+0.1), or
a fixed time per move in seconds (0.1). Rokada always plays under it. The rating anchors, Stockfish at a given
UCI_Elo, search to the depth at which Stockfish picks its weakened move
(1 + its skill level; the rest of its search never changes that choice), so
that their strength does not depend on how busy the machine is.

Ratings are fitted by maximum likelihood with the anchors fixed at their
UCI_Elo and written with 95% error bars to a Markdown report
(target/strength-report.md unless --output says otherwise).
"""

import argparse
import concurrent.futures
import datetime
import math
import os
import time

import chess
import chess.engine

OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "e2e4 c7c5 g1f3 d7d6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "d2d4 d7d5 c2c4 e7e6",
    "d2d4 g8f6 c2c4 g7g6",
    "d2d4 g8f6 c2c4 e7e6",
    "c2c4 e7e5 b1c3 g8f6",
    "g1f3 d7d5 g2g3 g8f6",
    "e2e4 e7e5 f1c4 g8f6",
    "d2d4 d7d5 c1f4 g8f6",
    "e2e4 d7d6 d2d4 g8f6",
]

MAX_PLIES = 400


def target(level):
    return 600 + 200 * (level - 1)


def skill_level(elo, version):
    """Stockfish's mapping from UCI_Elo to its fractional skill level (it
    picks its move at depth 1 + int(level)); the formula changed in 16."""
    if version >= 16:
        e = (elo - 1320) / (3190 - 1320)
        return min(max((((37.2473 * e - 40.8525) * e + 22.2943) * e - 0.311438), 0.0), 19.0)
    return min(max(((elo - 1346.6) / 143.4) ** (1 / 0.806), 0.0), 20.0)


def probe_stockfish(binary):
    """Major version and UCI_Elo range of the Stockfish binary."""
    engine = chess.engine.SimpleEngine.popen_uci([binary], stderr=open(os.devnull, "w"))
    try:
        words = engine.id.get("name", "").split()
        version = int(float(words[1])) if len(words) > 1 and words[1][0].isdigit() else 16
        option = engine.options["UCI_Elo"]
        return version, option.min, option.max
    finally:
        engine.quit()


class Player:
    """A UCI engine configuration taking part in the matches."""

    def __init__(self, name, command, options, rating=None, depth=None):
        self.name = name
        self.command = command
        self.options = options
        self.rating = rating  # fixed (anchor) rating, or None to be fitted
        self.depth = depth  # fixed depth per move instead of the clock


def rokada(binary, level, threads):
    return Player(f"Level {level}", [binary, "uci"], {"Level": level, "Threads": threads})


def stockfish(binary, elo, on_clock, version):
    options = {"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16}
    if on_clock:
        return Player(f"Stockfish {elo} on the clock", [binary], options)
    depth = 1 + int(skill_level(elo, version))
    return Player(f"Stockfish {elo}", [binary], options, rating=elo, depth=depth)


def play_game(white, black, opening, seed, tc):
    """Plays one game. Returns White's score (1, 0.5 or 0), the think times
    per player name, the name of a player who lost on time (or None), and
    the load average when the game ended."""
    times = {white.name: [], black.name: []}
    flagged = []
    score = play_moves(white, black, opening, seed, tc, times, flagged)
    return score, times, (flagged or [None])[0], os.getloadavg()[0]


def play_moves(white, black, opening, seed, tc, times, flagged):
    base, inc, movetime = tc
    players = {chess.WHITE: white, chess.BLACK: black}
    engines = {}
    try:
        for color, player in players.items():
            engine = chess.engine.SimpleEngine.popen_uci(player.command, stderr=open(os.devnull, "w"))
            options = dict(player.options)
            if "Seed" in engine.options:
                options["Seed"] = seed
            engine.configure(options)
            engines[color] = engine
        board = chess.Board()
        for uci in opening.split():
            board.push_uci(uci)
        clock = {chess.WHITE: base, chess.BLACK: base}
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            mover = board.turn
            player = players[mover]
            if player.depth is not None:
                limit = chess.engine.Limit(depth=player.depth)
            elif movetime is not None:
                limit = chess.engine.Limit(time=movetime)
            else:
                limit = chess.engine.Limit(
                    white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                    white_inc=inc, black_inc=inc)
            started = time.monotonic()
            result = engines[mover].play(board, limit)
            spent = time.monotonic() - started
            times[player.name].append(spent)
            if player.depth is None and movetime is None:
                clock[mover] -= spent
                if clock[mover] < 0:
                    flagged.append(player.name)
                    # Losing on time is a draw if the opponent cannot mate.
                    if board.has_insufficient_material(not mover):
                        return 0.5
                    return 0.0 if mover == chess.WHITE else 1.0
                clock[mover] += inc
            if result.move is None or result.move not in board.legal_moves:
                raise RuntimeError(f"{player.name} played illegal {result.move} in {board.fen()}")
            board.push(result.move)
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == chess.WHITE else 0.0
    finally:
        for engine in engines.values():
            engine.quit()


def schedule(pool, a, b, games, tc, seed_base):
    """Submits `games` games in colour-swapped pairs over the openings."""
    futures = []
    for g in range(games):
        opening = OPENINGS[(g // 2) % len(OPENINGS)]
        white, black = (a, b) if g % 2 == 0 else (b, a)
        futures.append((white, pool.submit(play_game, white, black, opening, seed_base + g, parse_tc(tc))))
    return futures


def parse_tc(text):
    """(base, increment, None) for a clock, (0, 0, seconds) per move."""
    if "+" in text:
        base, inc = (float(x) for x in text.split("+"))
        return base, inc, None
    return 0.0, 0.0, float(text)


def describe_tc(text):
    return text if "+" in text else f"{text} s/move"


def expected(diff):
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def fit(players, results):
    """Maximum-likelihood ratings of the players without a fixed rating.

    results: (a, b, score of a, games). One virtual draw is added to every
    pairing so that perfect scores give finite ratings. Returns ratings and
    95% half-widths from the inverse Fisher information."""
    free = [p for p in players if p.rating is None]
    index = {p.name: i for i, p in enumerate(free)}
    rating = {p.name: (p.rating if p.rating is not None else 1500.0) for p in players}
    k = math.log(10) / 400.0
    n = len(free)
    cov = [[0.0] * n for _ in range(n)]
    for _ in range(200):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for a, b, score, games in results:
            s, g = score + 0.5, games + 1
            e = expected(rating[a.name] - rating[b.name])
            w = g * e * (1 - e) * k * k
            da = k * (s - g * e)
            for p, sign in ((a, 1), (b, -1)):
                if p.name in index:
                    grad[index[p.name]] += sign * da
            for p in (a, b):
                for q in (a, b):
                    if p.name in index and q.name in index:
                        hess[index[p.name]][index[q.name]] += w * (1 if p is q else -1)
        cov = invert(hess)
        step = [sum(cov[i][j] * grad[j] for j in range(n)) for i in range(n)]
        for p in free:
            rating[p.name] += max(-400.0, min(400.0, step[index[p.name]]))
        if max((abs(x) for x in step), default=0) < 0.01:
            break
    errors = {p.name: 1.96 * math.sqrt(max(cov[index[p.name]][index[p.name]], 0.0)) for p in free}
    return rating, errors


def invert(m):
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        p = a[c][c]
        if abs(p) < 1e-12:
            raise RuntimeError("some ratings are not connected to an anchor")
        a[c] = [x / p for x in a[c]]
        for r in range(n):
            if r != c and a[r][c] != 0:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[n:] for row in a]


def performance(score, games, draws_and_points):
    """Elo difference implied by a match score, with a 95% half-width."""
    p = (score + 0.5) / (games + 1)
    diff = -400 * math.log10(1 / p - 1)
    mean = score / games
    var = sum((x - mean) ** 2 for x in draws_and_points) / games
    sd = math.sqrt(max(var, 1e-9) / games)
    slope = 400 / math.log(10) / (p * (1 - p))
    return diff, 1.96 * sd * slope


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rokada", required=True, help="path to the rokada binary")
    parser.add_argument("--stockfish", default="stockfish")
    parser.add_argument("--levels", default="1-10", help="range of levels, e.g. 1-10 or 7-10")
    parser.add_argument("--games", type=int, default=20, help="games per pairing")
    parser.add_argument("--tc", default="10+0.1",
                        help="Rokada's time control: base+increment, or seconds per move")
    parser.add_argument("--goal", action="append", default=[], metavar="ELO@TC",
                        help="a match of level 10 against Stockfish at UCI_Elo ELO, both at TC "
                             "(e.g. 2400@10+0.1 or 2400@0.1); repeatable")
    parser.add_argument("--goal-games", type=int, default=0, help="games per goal match")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1,
                        help="Rokada's search threads (only level 10's timed searches use more than one); "
                             "Stockfish always has one")
    # docs/strength.md is the record of every run, put together by hand;
    # a run's report goes beside the build so that it never overwrites it.
    parser.add_argument("--output", default="target/strength-report.md")
    parser.add_argument("--command", default="scripts/strength.py", help="command line recorded in the report")
    args = parser.parse_args()

    first, last = (int(x) for x in args.levels.split("-"))
    sf_version, sf_min_elo, sf_max_elo = probe_stockfish(args.stockfish)
    levels = {lv: rokada(args.rokada, lv, args.threads) for lv in range(first, last + 1)}
    anchors = {}
    pairings = []
    for lv, player in levels.items():
        t = target(lv)
        if t >= sf_min_elo - 200:
            elo = min(max(t, sf_min_elo), sf_max_elo)
            anchors.setdefault(elo, stockfish(args.stockfish, elo, False, sf_version))
            pairings.append((player, anchors[elo], args.games, args.tc))
        if lv + 1 in levels:
            pairings.append((player, levels[lv + 1], args.games, args.tc))
    goals = []
    if args.goal_games and 10 in levels:
        for spec in args.goal:
            elo, tc = spec.split("@")
            sf = stockfish(args.stockfish, int(elo), True, sf_version)
            sf.name = f"Stockfish {elo} at {describe_tc(tc)}"
            goals.append((levels[10], sf, args.goal_games, tc))
        pairings.extend(goals)

    started = time.monotonic()
    results = []
    think = {}
    flag_falls = {}
    pairing_falls = {}
    loads = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        scheduled = [(a, b, tc, schedule(pool, a, b, games, tc, 1000 * i))
                     for i, (a, b, games, tc) in enumerate(pairings)]
        for a, b, tc, futures in scheduled:
            points = []
            falls = [0, 0]
            for white, future in futures:
                s, times, flagged, load = future.result()
                points.append(s if white is a else 1 - s)
                loads.append(load)
                if flagged is not None:
                    flag_falls[flagged] = flag_falls.get(flagged, 0) + 1
                    falls[0 if flagged == a.name else 1] += 1
                for name, spent in times.items():
                    think.setdefault(name, []).extend(spent)
            results.append((a, b, sum(points), len(points), tc, points))
            pairing_falls[(a.name, b.name)] = falls
            print(f"{a.name} vs {b.name} at {tc}: {sum(points)}/{len(points)}", flush=True)

    goal_players = [g[1] for g in goals]
    rated = [r for r in results if r[1] not in goal_players]
    players = list(levels.values()) + list(anchors.values())
    rating, errors = fit(players, [(a, b, s, g) for a, b, s, g, _tc, _p in rated])
    games_of = {p.name: sum(g for a, b, _s, g, _tc, _p in rated if p in (a, b)) for p in levels.values()}

    # Direct estimate: performance against the level's Stockfish anchor, or,
    # below Stockfish's range, down the chain of neighbour matches.
    direct = {}
    for lv in sorted(levels, reverse=True):
        p = levels[lv]
        anchored = [r for r in rated if r[0] is p and r[1].rating is not None]
        upper = [r for r in rated if r[0] is p and lv + 1 in levels and r[1] is levels[lv + 1]]
        if anchored:
            a, b, score, games, _tc, points = anchored[0]
            diff, err = performance(score, games, points)
            direct[lv] = (b.rating + diff, err, f"vs {b.name}")
        elif upper and lv + 1 in direct:
            a, b, score, games, _tc, points = upper[0]
            diff, err = performance(score, games, points)
            above, above_err, _how = direct[lv + 1]
            direct[lv] = (above + diff, math.hypot(above_err, err), f"via level {lv + 1}")

    minutes = (time.monotonic() - started) / 60
    load = sum(loads) / max(len(loads), 1)
    lines = [
        "# Engine strength",
        "",
        f"Measured {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')} "
        f"on the 2-core build machine in {minutes:.0f} minutes (mean load average {load:.1f}) with:",
        "",
        f"    {args.command}",
        "",
        f"Rokada plays at {describe_tc(args.tc)} (a clock is seconds + increment per move). The anchors are "
        f"Stockfish {sf_version} (Debian package) with `UCI_LimitStrength` and `UCI_Elo` "
        f"(its range is {sf_min_elo}..{sf_max_elo}), searching to the depth at which Stockfish picks "
        "its weakened move, so that their play does not depend on machine load. Each level also "
        "plays the next level up. Games are played in colour-swapped pairs from short standard openings.",
        "",
        "Two estimates on the `UCI_Elo` scale, ± being the 95% interval:",
        "",
        "* **Against Stockfish**: the level's performance against its Stockfish anchor; for levels "
        "whose target is below Stockfish's range, the estimate of the level above minus the "
        "difference measured between the two, so errors add up down the chain.",
        "* **Joint fit**: maximum likelihood over all games with the anchors fixed at their setting "
        "(one virtual draw added per pairing). Games between neighbouring levels are self-play of one "
        "engine, which is known to exaggerate rating differences, so this fit spreads the levels "
        "further apart than the Stockfish games alone.",
        "",
        "Levels 1-9 are limited by depth and nodes, so a busy machine slows them less than level 10, "
        "which uses its clock. Think time is Rokada's time per move as seen by the match runner "
        "(mean and maximum over all its moves, including the machine's load).",
        "",
        "| Level | Target | Against Stockfish | ± (95%) | Joint fit | ± (95%) | Games | "
        "Think time mean / max (s) |",
        "|------:|-------:|------------------:|--------:|----------:|--------:|------:|:--|",
    ]
    for lv, p in levels.items():
        spent = think.get(p.name) or [0.0]
        if lv in direct:
            d_rating, d_err, how = direct[lv]
            d_text = f"{d_rating:.0f} ({how}) | {d_err:.0f}"
        else:
            d_text = "– | –"
        lines.append(f"| {lv} | {target(lv)} | {d_text} | {rating[p.name]:.0f} | {errors[p.name]:.0f} | "
                     f"{games_of[p.name]} | {sum(spent) / len(spent):.3f} / {max(spent):.3f} |")
    rokada_falls = sum(n for name, n in flag_falls.items() if name.startswith("Level"))
    lines += ["", f"Rokada lost on time in {rokada_falls} of the {sum(r[3] for r in results)} games"
              + (f"; Stockfish on its clock in {sum(flag_falls.values()) - rokada_falls}." if goals else ".")]
    if goals:
        lines += [
            "",
            "## Goals: level 10 against Stockfish under the same time control",
            "",
            "| Opponent | Time control | Score | Games | Score % | Rating difference (95%) |",
            "|:--|:--|--:|--:|--:|--:|",
        ]
        for _lv, sf, _games, _tc in goals:
            a, b, score, games, tc, points = next(r for r in results if r[1] is sf)
            diff, err = performance(score, games, points)
            lines.append(f"| Stockfish `UCI_Elo` {sf.options['UCI_Elo']} | {describe_tc(tc)} | {score:g} | "
                         f"{games} | {100 * score / games:.0f} | {diff:+.0f} ± {err:.0f} |")
    lines += ["", "## Match results", "",
              "| Player | Opponent | Score | Games | Score % | Time control | Lost on time (player / opponent) |",
              "|:--|:--|--:|--:|--:|:--|:--|"]
    for a, b, score, games, tc, _points in results:
        opponent_tc = f"depth {b.depth}" if b.depth is not None else describe_tc(tc)
        lines.append(f"| {a.name} | {b.name} | {score:g} | {games} | {100 * score / games:.0f} | "
                     f"{describe_tc(tc)} vs {opponent_tc} | {' / '.join(map(str, pairing_falls[(a.name, b.name)]))} |")
    text = "\n".join(lines) + "\n"
    os.makedirs(os.path.dirname(args.output) or ".", exist_ok=True)
    with open(args.output, "w") as out:
        out.write(text)
    print(text)


if __name__ == "__main__":
    main()
