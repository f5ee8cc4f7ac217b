#!/usr/bin/env bash
# Runs every test of Rokada on a fresh machine, installing what the tests
# need first (Python packages with pip, Maven dependencies, a Swift root).
# Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

steps=0
step() {
    printf '\n==> %s\n' "$*"
    steps=$((steps + 1))
}

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

step "The rules proven against python-chess"
scripts/test-rules.sh

step "Python tests: strings, rules page, diagrams, Android resources"
python3 -m pytest -q tests/i18n tests/android_r

step "Kotlin and Swift bindings"
scripts/gen-bindings.sh

step "Kotlin on the JVM: bindings and the Android app's code"
scripts/test-jvm.sh --lib-dir target/debug

step "Swift bindings compiled and run"
scripts/test-swift-bindings.sh

step "Swift: RokadaKit against the core and the iOS app's code"
scripts/test-ios.sh --no-build

# Every step stops the script on failure, so reaching here means all passed.
printf '\nsteps: %d passed, 0 failed\n' "$steps"
