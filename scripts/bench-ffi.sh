#!/usr/bin/env bash
# Measures the FFI round trip from Kotlin on the host JVM: play a move through
# the generated bindings and get everything the screen draws back in the same
# call (and, separately, the same move made by two taps). Prints the median
# and 99th percentile per move in microseconds; the target for a move and its
# view is a median under 25 µs. First it prints the bindings' own floor: a
# method that does nothing, and the view read without a move.
#
# Usage: scripts/bench-ffi.sh [--moves N] [--warm-up N] [--offline]
# Uses the release core library and the bindings in build/bindings/kotlin
# (generated first when missing). Runs FfiBench.kt from the bindings module's
# test sources (jvm/bindings) through Maven.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

moves=20000
warm_up=10000
mvn_args=()
while (($#)); do
    case $1 in
        --moves) moves=${2:?--moves needs a number}; shift 2 ;;
        --warm-up) warm_up=${2:?--warm-up needs a number}; shift 2 ;;
        --offline) mvn_args+=(--offline); shift ;;
        *) echo "bench-ffi: unknown argument: $1" >&2; exit 2 ;;
    esac
done

command -v mvn >/dev/null || { echo "bench-ffi: mvn not found: install Maven" >&2; exit 1; }

cargo build --release --locked -p rokada-core --manifest-path "$root/Cargo.toml"
bindings=$root/build/bindings/kotlin
[[ -f $bindings/app/rokada/core/rokada_core.kt ]] || "$root/scripts/gen-bindings.sh"

# Maven's Guava uses sun.misc.Unsafe, which JDK 24+ warns about on every run.
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
feature=$("$java" -XshowSettings:properties -version 2>&1 |
    awk -F' = ' '/java.specification.version/ { split($2, v, "."); print (v[1] == 1 ? v[2] : v[1]) }')
if ((feature >= 24)); then
    export MAVEN_OPTS="${MAVEN_OPTS:+$MAVEN_OPTS }--sun-misc-unsafe-memory-access=allow"
fi

mvn --batch-mode --no-transfer-progress --quiet -f "$root/jvm/pom.xml" -pl bindings \
    "-Dbindings.dir=$bindings" "-Dcore.lib.dir=$root/target/release" \
    "-Dbench.moves=$moves" "-Dbench.warmup=$warm_up" \
    "${mvn_args[@]}" test-compile exec:exec@ffi-bench
