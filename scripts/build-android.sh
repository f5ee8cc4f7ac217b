#!/usr/bin/env bash
# Builds the core for Android (arm64-v8a, armeabi-v7a, x86_64) into the
# app's jniLibs, release profile, then generates the Kotlin bindings.
#
# Needs: the Android NDK (ANDROID_NDK_HOME, or Android Studio's default
# location), cargo-ndk (cargo install cargo-ndk), and the Rust targets
# (rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android).
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "build-android: $*" >&2; exit 1; }

# The app's minSdk: the NDK links against this API level's libc.
api=24
jni=android/app/src/main/jniLibs
abis=(arm64-v8a armeabi-v7a x86_64)
triples=(aarch64-linux-android armv7-linux-androideabi x86_64-linux-android)

cargo ndk --version >/dev/null 2>&1 || die "cargo-ndk is missing: cargo install cargo-ndk"
if command -v rustup >/dev/null; then
    installed=$(rustup target list --installed)
    for triple in "${triples[@]}"; do
        grep -qx "$triple" <<<"$installed" || die "Rust target $triple is missing: rustup target add ${triples[*]}"
    done
fi
if [ -z "${ANDROID_NDK_HOME:-}" ] && [ -z "${ANDROID_NDK_ROOT:-}" ] && [ -z "${ANDROID_HOME:-}" ] && [ -z "${ANDROID_SDK_ROOT:-}" ]; then
    for sdk in "$HOME/Library/Android/sdk" "$HOME/Android/Sdk"; do
        [ -d "$sdk/ndk" ] && export ANDROID_HOME="$sdk"
    done
    [ -n "${ANDROID_HOME:-}" ] || die "no Android NDK found: install it with Android Studio's SDK Manager or set ANDROID_NDK_HOME"
fi

target_flags=()
for abi in "${abis[@]}"; do target_flags+=(-t "$abi"); done
rm -rf "$jni"
cargo ndk "${target_flags[@]}" --platform "$api" -o "$jni" build --release --locked -p rokada-core

for abi in "${abis[@]}"; do
    [ -f "$jni/$abi/librokada_core.so" ] || die "cargo-ndk did not produce $jni/$abi/librokada_core.so"
done
# The shipped libraries are stripped; the bindings come from the host
# build, whose interface is the same.
scripts/gen-bindings.sh
echo "build-android: libraries in $jni, Kotlin bindings in build/bindings/kotlin"
