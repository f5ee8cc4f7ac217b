#!/usr/bin/env bash
# Rokada's benchmarks on this machine, in one run: `rokada perft` beside
# Stockfish's `go perft`, the Criterion medians of the calls a game screen
# makes, the size of the phone library, the computer's nodes per second, the
# FFI round trip from Kotlin and the Wi-Fi protocol on loopback.
# Prints numbers; asserts only that both programs count the same nodes.
set -euo pipefail

cd "$(dirname "$0")/.."

if command -v stockfish >/dev/null; then
    stockfish=$(command -v stockfish)
elif [[ -x /usr/games/stockfish ]]; then
    stockfish=/usr/games/stockfish
else
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo=sudo
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq stockfish >/dev/null
    stockfish=/usr/games/stockfish
fi

target="${CARGO_TARGET_DIR:-target}"
[[ "$target" == /* ]] || target="$PWD/$target"
cargo build --release --quiet --bin rokada
rokada="$target/release/rokada"

now_ns() { date +%s%N; }

# Best wall time in ns of three runs of "$@"; the output of the last run is
# left in $out.
best_of_3() {
    local best="" start elapsed
    for _ in 1 2 3; do
        start=$(now_ns)
        out=$("$@")
        elapsed=$(($(now_ns) - start))
        if [[ -z "$best" || $elapsed -lt $best ]]; then best=$elapsed; fi
    done
    best_ns=$best
}

stockfish_perft() {
    printf 'position %s\ngo perft %s\nquit\n' "$1" "$2" | "$stockfish"
}

# Stockfish's start-up (loading its network) is not perft time.
best_of_3 stockfish_perft startpos 1
startup_ns=$best_ns

mnps() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / (t / 1e9) / 1e6 }'; }

cores=$(nproc)
printf '\nperft on %s cores, %s on one thread\n' "$cores" "$("$stockfish" <<<quit | head -n1 | cut -d' ' -f1-2)"
printf '%-9s %5s %11s | %13s %13s %13s | %9s | %s\n' position depth nodes \
    "rokada" "--no-hash" "--no-hash 1c" "stockfish" "rokada / stockfish (Mnps ratio)"

# Best time of rokada perft in $best_ns: rokada_perft FEN DEPTH [--no-hash]
# [one-core].
rokada_perft() {
    local fen=$1 depth=$2 command=("$rokada" perft "$2")
    [[ "$fen" == startpos ]] || command+=(--fen "$fen")
    [[ "${3:-}" == --no-hash ]] && command+=(--no-hash)
    [[ "${4:-}" == one-core ]] && command=(taskset -c 0 "${command[@]}")
    best_of_3 "${command[@]}"
}

run_position() {
    local name=$1 fen=$2 depth=$3 uci_position=startpos
    [[ "$fen" == startpos ]] || uci_position="fen $fen"
    rokada_perft "$fen" "$depth"
    local nodes=${out##*$'\n'} hashed_ns=$best_ns
    rokada_perft "$fen" "$depth" --no-hash
    local plain_ns=$best_ns single_ns=""
    if command -v taskset >/dev/null; then
        rokada_perft "$fen" "$depth" --no-hash one-core
        single_ns=$best_ns
    fi
    best_of_3 stockfish_perft "$uci_position" "$depth"
    local sf_nodes
    sf_nodes=$(sed -n 's/^Nodes searched: //p' <<<"$out")
    if [[ "$sf_nodes" != "$nodes" ]]; then
        echo "node counts differ: rokada $nodes, stockfish $sf_nodes" >&2
        exit 1
    fi
    local sf_ns=$((best_ns - startup_ns))
    ratio() { [[ -n "$1" ]] && awk -v a="$1" -v b="$sf_ns" 'BEGIN { printf "%.2f", b / a }' || printf -- -; }
    rate() { [[ -n "$1" ]] && mnps "$nodes" "$1" || printf -- -; }
    printf '%-9s %5s %11s | %13s %13s %13s | %9s | %s, no hash %s, 1 core %s\n' "$name" "$depth" "$nodes" \
        "$(rate "$hashed_ns")" "$(rate "$plain_ns")" "$(rate "$single_ns")" "$(rate "$sf_ns")" \
        "$(ratio "$hashed_ns")" "$(ratio "$plain_ns")" "$(ratio "$single_ns")"
}

run_position start startpos 6
run_position kiwipete "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 5
printf '(million nodes per second; ratio above 1: rokada faster)\n'

printf '\nCriterion, rust-core/benches/session.rs\n'
marker=$(mktemp)
trap 'rm -f "$marker"' EXIT
log="$target/bench-session.log"
if ! cargo bench --quiet -p rokada-core --bench session >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
python3 - "$target/criterion/session" "$marker" <<'PY'
import json, pathlib, sys

# Only this run's benchmarks, not older ones left in the target directory.
since = pathlib.Path(sys.argv[2]).stat().st_mtime
rows = []
for bench in sorted(pathlib.Path(sys.argv[1]).glob("*/new/benchmark.json")):
    if bench.stat().st_mtime < since:
        continue
    name = json.loads(bench.read_text())["full_id"]
    median = json.loads((bench.parent / "estimates.json").read_text())["median"]["point_estimate"]
    rows.append((name, median))
for name, ns in rows:
    text = f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.1f} ns"
    print(f"  {name:<50} median {text:>10}")
PY

printf '\nSize of the release library the phones load (target: under 4 MB)\n'
cargo build --release --quiet -p rokada-core
size=$(stat -c %s "$target/release/librokada_core.so")
awk -v s="$size" 'BEGIN { printf "  librokada_core.so  %.2f MB (%d bytes)\n", s / 1048576, s }'

printf '\nThe computer: rokada bench (fixed positions and depth)\n'
"$rokada" bench | sed 's/^/  /'

printf '\nFFI round trip from Kotlin (play a move, read the board back; target under 50 µs)\n'
scripts/bench-ffi.sh | sed 's/^/  /'

if [[ -x scripts/bench-net.sh ]]; then
    printf '\nWi-Fi protocol on loopback\n'
    scripts/bench-net.sh | sed 's/^/  /'
fi
