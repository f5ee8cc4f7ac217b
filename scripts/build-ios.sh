#!/usr/bin/env bash
# Builds the core for iOS devices and simulators as static libraries, joins
# the two simulator architectures with lipo, wraps everything in
# ios/RokadaCoreFFI.xcframework, and generates the Swift bindings.
#
# Needs: macOS with Xcode (xcodebuild, lipo) and the Rust targets
# (rustup target add aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios).
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "build-ios: $*" >&2; exit 1; }

[ "$(uname -s)" = Darwin ] || die "iOS builds need macOS with Xcode"
for tool in xcodebuild lipo xcrun; do
    command -v "$tool" >/dev/null || die "$tool is missing: install Xcode and run xcode-select --install"
done
triples=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios)
installed=$(rustup target list --installed)
for triple in "${triples[@]}"; do
    grep -qx "$triple" <<<"$installed" || die "Rust target $triple is missing: rustup target add ${triples[*]}"
done

# The app's deployment target, so the libraries link without warnings.
export IPHONEOS_DEPLOYMENT_TARGET=17.0
for triple in "${triples[@]}"; do
    cargo build --release --locked -p rokada-core --target "$triple"
done

# Generate the Swift bindings (and the header and module map the framework
# carries) from this Mac's build of the core: the interface is the same on
# every target.
scripts/gen-bindings.sh

build=build/ios
rm -rf "$build" ios/RokadaCoreFFI.xcframework
mkdir -p "$build/simulator" "$build/headers"
lipo -create \
    target/aarch64-apple-ios-sim/release/librokada_core.a \
    target/x86_64-apple-ios/release/librokada_core.a \
    -output "$build/simulator/librokada_core.a"
cp ios/Sources/rokada_coreFFI/rokada_coreFFI.h "$build/headers/"
cp ios/Sources/rokada_coreFFI/module.modulemap "$build/headers/module.modulemap"

xcodebuild -create-xcframework \
    -library target/aarch64-apple-ios/release/librokada_core.a -headers "$build/headers" \
    -library "$build/simulator/librokada_core.a" -headers "$build/headers" \
    -output ios/RokadaCoreFFI.xcframework
echo "build-ios: ios/RokadaCoreFFI.xcframework and the Swift bindings are ready"
