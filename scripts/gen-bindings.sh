#!/usr/bin/env bash
# Generates the Kotlin and Swift bindings of rokada-core from a built library
# (UniFFI library mode). Generated code is a build output, never committed.
#
# Usage: scripts/gen-bindings.sh [--lib PATH]
#   --lib PATH  read this library instead of building the host's debug one.
#               It must keep its symbol table: release builds are stripped,
#               and the interface is the same on every target anyway.
#
# Writes:
#   build/bindings/kotlin/app/rokada/core/rokada_core.kt   (Android, JVM tests)
#   ios/Sources/RokadaCore/RokadaCore.swift                 (Swift package)
#   ios/Sources/rokada_coreFFI/{rokada_coreFFI.h,module.modulemap}
set -euo pipefail
cd "$(dirname "$0")/.."

lib=""
while [ $# -gt 0 ]; do
    case "$1" in
        --lib) lib="${2:?--lib needs a path}"; shift ;;
        *) echo "gen-bindings: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

# The generator is a tool: its own build profile does not matter, and the
# debug build is the one the tests already made.
cargo build --locked -p uniffi-bindgen
if [ -z "$lib" ]; then
    cargo build --locked -p rokada-core
    case "$(uname -s)" in
        Darwin) lib=target/debug/librokada_core.dylib ;;
        *) lib=target/debug/librokada_core.so ;;
    esac
fi
[ -f "$lib" ] || { echo "gen-bindings: no library at $lib" >&2; exit 1; }

bindgen=target/debug/uniffi-bindgen
format_flags=()
# Formatting needs ktlint and swiftformat; without them the code is left as
# generated (it compiles the same).
if ! command -v ktlint >/dev/null || ! command -v swiftformat >/dev/null; then
    format_flags+=(--no-format)
fi

out=build/bindings
rm -rf "$out/kotlin" "$out/swift"
"$bindgen" generate --config uniffi.toml --language kotlin --out-dir "$out/kotlin" "${format_flags[@]}" "$lib"
"$bindgen" generate --config uniffi.toml --language swift --out-dir "$out/swift" "${format_flags[@]}" "$lib"

kotlin="$out/kotlin/app/rokada/core/rokada_core.kt"
# A config section under the wrong key is ignored without a word: check
# that ours took effect.
grep -q '^package app.rokada.core$' "$kotlin" || {
    echo "gen-bindings: $kotlin is not in package app.rokada.core: uniffi.toml was not applied" >&2
    exit 1
}

swift_core=ios/Sources/RokadaCore
swift_ffi=ios/Sources/rokada_coreFFI
mkdir -p "$swift_core" "$swift_ffi"
cp "$out/swift/RokadaCore.swift" "$swift_core/RokadaCore.swift"
cp "$out/swift/rokada_coreFFI.h" "$swift_ffi/rokada_coreFFI.h"
# SwiftPM finds a system library's module map only under this name.
cp "$out/swift/rokada_coreFFI.modulemap" "$swift_ffi/module.modulemap"

echo "gen-bindings: Kotlin in $out/kotlin, Swift in $swift_core and $swift_ffi (from $lib)"
