#!/usr/bin/env bash
# Runs every test of Rokada on a fresh machine, installing what the tests
# need first. Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "Rust formatting"
cargo fmt --all -- --check

step "Clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "Rust tests"
cargo test --workspace --locked

step "Python test dependencies"
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r tests/requirements.txt

step "Generated strings are current"
scripts/gen-strings --check

step "Strings, rules page and diagrams"
python3 -m pytest -q tests/i18n
