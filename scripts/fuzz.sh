#!/usr/bin/env bash
# Runs each cargo-fuzz target of the core for a while (libFuzzer needs a
# nightly compiler feature; RUSTC_BOOTSTRAP enables it on stable).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../rust-core/fuzz"

seconds=${1:-60}
shift || true
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
for target in "${targets[@]}"; do
    echo "fuzz: $target for ${seconds}s"
    RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" -- -max_total_time="$seconds"
done
