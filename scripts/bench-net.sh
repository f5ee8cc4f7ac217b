#!/bin/sh
# Wi-Fi protocol benchmarks on 127.0.0.1 (optimised build): pairing
# handshake, move round trip, resume after a cut link. Prints median and p99.
set -eu
cd "$(dirname "$0")/.."
exec cargo bench -p rokada-core --bench net "$@"
