#!/bin/sh
# Measures the strength of every level against Stockfish and neighbouring
# levels and writes a report, target/strength-report.md, from which
# docs/strength.md is kept. Matches are slow: choose the size.
#
#   scripts/strength.sh [--games N] [--tc BASE+INC|SECONDS] [--goal-games N] [--goal ELO@TC]...
#                       [--levels A-B] [--concurrency N] [--output FILE]
#
# A time control is a clock (10+0.1) or seconds per move (0.1). Defaults: 20
# games per pairing, Rokada at 10+0.1, levels 1-10, no goal match, one game
# at a time, the report in target/strength-report.md.
set -eu
cd "$(dirname "$0")/.."

if ! command -v stockfish >/dev/null 2>&1 && [ ! -x /usr/games/stockfish ]; then
    apt-get update && apt-get install -y stockfish
fi
if ! python3 -c 'import chess.engine' 2>/dev/null; then
    pip install chess
fi
STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)

cargo build --release -p rokada
exec python3 scripts/strength.py --rokada target/release/rokada --stockfish "$STOCKFISH" \
    --command "scripts/strength.sh $*" "$@"
