#!/bin/sh
# Wi-Fi protocol benchmarks on 127.0.0.1 (optimised build): pairing
# handshake, move round trip, resume after a cut link, and under attack
# from other 127.0.0.x addresses: codes the host checks during a flood of
# wrong guesses, pairing and resuming while jammed by idle and half-open
# connections. Prints median and p99.
set -eu
cd "$(dirname "$0")/.."
exec cargo bench -p rokada-core --bench net "$@"
