#!/usr/bin/env bash
# Runs every test of Rokada on a fresh machine, installing what the tests
# need first (Python packages with pip, sox, rsvg-convert, aapt2 and the
# Android framework resources from Debian, Maven dependencies, a Swift root),
# and prints the time of each step at the end.
# Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

steps=0
names=()
seconds=()
current=
started=0
# Ends the step under way: its time goes into the summary.
end_step() {
    if [[ -n $current ]]; then
        names+=("$current")
        seconds+=($((SECONDS - started)))
        current=
    fi
}
step() {
    end_step
    printf '\n==> %s\n' "$*"
    steps=$((steps + 1))
    current=$*
    started=$SECONDS
}
# The time of each step, on success and on failure alike.
summary() {
    local status=$?
    end_step
    printf '\nTime per step:\n'
    local i
    for i in "${!names[@]}"; do
        printf '  %4d s  %s\n' "${seconds[$i]}" "${names[$i]}"
    done
    printf '  %4d s  in all\n' "$SECONDS"
    return "$status"
}
trap summary EXIT

step "Rust formatting"
cargo fmt --all -- --check

step "Clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "Rust tests"
cargo test --workspace --locked

step "Python test dependencies"
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r tests/requirements.txt

step "Tools of the asset checks: sox, rsvg-convert, aapt2"
framework_res=/usr/share/android-framework-res/framework-res.apk
# grep reads sox's whole list (no -q), so sox never dies of a closed pipe.
if ! command -v sox >/dev/null || ! command -v rsvg-convert >/dev/null || ! command -v aapt2 >/dev/null \
    || ! sox -h 2>/dev/null | grep -w vorbis >/dev/null || [[ ! -f $framework_res ]]; then
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        sox libsox-fmt-all librsvg2-bin aapt android-framework-res
fi

step "Generated strings are current"
scripts/gen-strings --check

step "Generated pieces, app icon and sounds are current"
scripts/gen-pieces --check
scripts/gen-icons --check
scripts/gen-sounds --check

step "The rules proven against python-chess"
scripts/test-rules.sh

step "Python tests: strings, rules page, diagrams, pieces, icon, sounds"
python3 -m pytest -q tests/i18n tests/assets

step "Kotlin and Swift bindings"
scripts/gen-bindings.sh

step "Kotlin on the JVM: bindings, the Android app's code, its screens under Robolectric"
scripts/test-jvm.sh --lib-dir target/debug

step "Swift bindings compiled and run"
scripts/test-swift-bindings.sh

step "Swift: RokadaKit against the core and the iOS app's code"
scripts/test-ios.sh --no-build

# Every step stops the script on failure, so reaching here means all passed.
summary
trap - EXIT
printf '\nsteps: %d passed, 0 failed\n' "$steps"
