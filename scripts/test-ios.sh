#!/usr/bin/env bash
# Builds and tests the iOS app's Swift on this machine, in the Swift 6 root of
# scripts/swift-env.sh:
#   - RokadaCore (the generated bindings) and RokadaKit, built with SwiftPM
#     and tested against the host-built core (`swift build`, `swift test`),
#     including a Wi-Fi game against the terminal client (`rokada host`)
#     over loopback;
#   - every Swift file of the SwiftUI app (ios/Rokada), checked with
#     `swiftc -parse`: SwiftUI and Network.framework exist only on Apple
#     platforms, so Xcode compiles these files and this catches syntax errors;
#     and none of them imports RokadaCore (the app sees the core through
#     RokadaKit, which exports it).
# When the machine cannot host the Swift root (exit 77 from swift-env.sh) it
# says why and exits 0.
#
# Usage: scripts/test-ios.sh [--no-build]
#   --no-build  use the core and bindings already generated (target/debug)
set -euo pipefail
cd "$(dirname "$0")/.."
project=$(pwd -P)

# shellcheck source=swift-env.sh
source "$project/scripts/swift-env.sh"

build=1
case "${1:-}" in
    "") ;;
    --no-build) build=0 ;;
    *) echo "test-ios: unknown option $1" >&2; exit 2 ;;
esac

status=0
swift_env_ensure || status=$?
if [ "$status" -eq "$SWIFT_ENV_SKIP" ]; then
    echo "test-ios: skipped: this machine cannot host the Swift toolchain (see the reason above)"
    exit 0
elif [ "$status" -ne 0 ]; then
    echo "test-ios: the Swift toolchain could not be set up" >&2
    exit "$status"
fi

if [ "$build" = 1 ]; then
    scripts/gen-bindings.sh
fi
# The terminal client is the Wi-Fi opponent of the tests.
cargo build --locked -p rokada
cli="$project/target/debug/rokada"
libdir="$project/target/debug"
[ -f "$libdir/librokada_core.so" ] || { echo "test-ios: no $libdir/librokada_core.so" >&2; exit 1; }
[ -f ios/Sources/RokadaCore/RokadaCore.swift ] || { echo "test-ios: no bindings: run scripts/gen-bindings.sh" >&2; exit 1; }

# Debian's libswiftObservation.so (swiftlang 6.0) names a symbol of the
# runtime's threading library that no library of the package exports: the
# linker is told to allow it, as nothing calls it unless a lock fails.
link=(-Xlinker "-L$libdir" -Xlinker -rpath -Xlinker "$libdir" -Xlinker -lrokada_core
    -Xlinker --allow-shlib-undefined)

echo "==> swift build (RokadaCore, RokadaKit)"
(cd ios && swift_env_run swift build "${link[@]}")

echo "==> swift test (RokadaKitTests against the core)"
# The tests are XCTest; without this flag swift-testing would add a
# "0 tests" summary of its own.
(cd ios && swift_env_run env ROKADA_CLI="$cli" swift test --disable-swift-testing "${link[@]}")

mapfile -t app_files < <(find ios/Rokada -name '*.swift' | sort)
[ "${#app_files[@]}" -gt 0 ] || { echo "test-ios: no Swift files under ios/Rokada" >&2; exit 1; }
# The app sees the core only through the RokadaKit product.
if grep -l '^import RokadaCore' "${app_files[@]}"; then
    echo "test-ios: the files above import RokadaCore: import RokadaKit, which exports it" >&2
    exit 1
fi
echo "==> swiftc -parse: ${#app_files[@]} files of the SwiftUI app"
swift_env_run swiftc -parse "${app_files[@]}"
echo "test-ios: ok"
