#!/usr/bin/env bash
# Renders screenshots of the real Android app into docs/screenshots/: its
# activities, views and dialogs run in Robolectric's API 36 sandbox and drawn
# by its native graphics (the test app.rokada.screens.shots.ScreenshotTest).
# One folder per look: <language>-<light|dark>-<phone|phone-landscape|tablet>.
#
# Usage: scripts/screenshots.sh [--all] [test-jvm.sh options]
#   (default)  the README's set: English and Hebrew, light and dark, phone
#              upright and tablet
#   --all      every look: English, Hebrew, Norwegian, Polish and Bulgarian,
#              light and dark, phone upright, phone turned and tablet
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/docs/screenshots

gallery=docs
args=()
while (($#)); do
    case $1 in
        --all) gallery=all; shift ;;
        *) args+=("$1"); shift ;;
    esac
done

# Pictures of screens that no longer exist must not linger.
rm -rf "$out"
mkdir -p "$out"
# Each module must run a test: the bindings' smoke test and the screenshots.
"$root/scripts/test-jvm.sh" "${args[@]}" -- \
    -Dtest=CoreLibraryTest,ScreenshotTest -Dsurefire.failIfNoSpecifiedTests=false \
    "-Drokada.screenshots=$gallery" "-Drokada.screenshots.dir=$out"
echo "screenshots: $(find "$out" -name '*.png' | wc -l) pictures, $(du -sh "$out" | cut -f1) in $out"
