#!/usr/bin/env bash
# Proves the rules core against python-chess: perft, random games compared at
# every ply, refused input, start positions and PGN round trips.
set -euo pipefail

cd "$(dirname "$0")/.."

PYTHON_CHESS_VERSION=1.11.2

if ! python3 -c "import chess, sys; sys.exit(chess.__version__ != '$PYTHON_CHESS_VERSION')" 2>/dev/null; then
    python3 -m pip install --quiet "chess==$PYTHON_CHESS_VERSION"
fi
if ! python3 -c "import pytest" 2>/dev/null; then
    python3 -m pip install --quiet pytest
fi

cargo build --profile checked --quiet --bin rokada
target="${CARGO_TARGET_DIR:-target}"
[[ "$target" == /* ]] || target="$PWD/$target"
export ROKADA_BIN="${ROKADA_BIN:-$target/checked/rokada}"

python3 -m pytest -q tests/rules "$@"
