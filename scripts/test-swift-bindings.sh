#!/usr/bin/env bash
# Proves the Swift bindings: generates them (scripts/gen-bindings.sh), then,
# where a Swift toolchain can be had (scripts/swift-env.sh), compiles
# RokadaCore.swift as a module in Swift 6 language mode, builds the smoke test
# ios/BindingsSmokeTest/main.swift against it and the host-built core library,
# and runs it. Without a toolchain it says that the compile step was skipped
# and why, and succeeds: generation alone was still proven.
#
# Usage: scripts/test-swift-bindings.sh [--release]
#   --release   use the release core library (default: debug)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"

profile=debug
gen_args=()
while (($#)); do
    case $1 in
        --release) profile=release; shift ;;
        *) echo "test-swift-bindings: unknown argument: $1" >&2; exit 2 ;;
    esac
done

scripts/gen-bindings.sh "${gen_args[@]}"
for generated in ios/Sources/RokadaCore/RokadaCore.swift ios/Sources/rokada_coreFFI/module.modulemap; do
    [[ -s $generated ]] || { echo "test-swift-bindings: $generated was not generated" >&2; exit 1; }
done
echo "test-swift-bindings: Swift bindings generated"

out=$root/build/swift-bindings
rm -rf "$out"
mkdir -p "$out"

# shellcheck source=scripts/swift-env.sh
source scripts/swift-env.sh
status=0
swift_env_ensure 2> >(tee "$out/swift-env.log" >&2) || status=$?
# Let tee finish writing the log before it is read.
wait "${!:-}" 2>/dev/null || true
if ((status == SWIFT_ENV_SKIP)); then
    why=$(sed -n 's/^swift-env: skipped: //p' "$out/swift-env.log" | tail -n 1)
    echo "test-swift-bindings: Swift compile step skipped: ${why:-no Swift toolchain on this machine}"
    exit 0
elif ((status != 0)); then
    echo "test-swift-bindings: FAILED: the Swift root could not be prepared (status $status)" >&2
    exit "$status"
fi

lib_dir=$root/target/$profile
ffi=$root/ios/Sources/rokada_coreFFI
swift_env_run swiftc --version

echo "test-swift-bindings: compiling RokadaCore (Swift 6 mode) against $lib_dir/librokada_core.so"
swift_env_run swiftc -swift-version 6 -parse-as-library -module-name RokadaCore \
    -emit-library -static -emit-module -emit-module-path "$out/RokadaCore.swiftmodule" \
    -I "$ffi" -o "$out/libRokadaCore.a" ios/Sources/RokadaCore/RokadaCore.swift
swift_env_run swiftc -swift-version 6 -module-name BindingsSmokeTest \
    -I "$out" -I "$ffi" ios/BindingsSmokeTest/main.swift \
    -L "$out" -lRokadaCore -L "$lib_dir" -lrokada_core -Xlinker -rpath -Xlinker "$lib_dir" \
    -o "$out/bindings-smoke-test"

# The program prints its own closing count: "swift bindings: N passed, M failed".
swift_env_run "$out/bindings-smoke-test"
