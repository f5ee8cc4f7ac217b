#!/usr/bin/env bash
# Renders screenshots of the real Android app into docs/screenshots/: its
# activities, views and dialogs run in Robolectric's API 36 sandbox and drawn
# by its native graphics (the test app.rokada.screens.shots.ScreenshotTest).
# One folder per look: <language>-<light|dark>-<phone|phone-landscape|tablet>.
#
# The pictures are drawn at mdpi (one pixel a dp) and reduced to a palette
# of at most 128 colours with pngquant (installed from Debian when missing),
# which keeps the whole matrix small enough for the repository.
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

if ! command -v pngquant >/dev/null; then
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q pngquant
fi

# Pictures of screens that no longer exist must not linger.
rm -rf "$out"
mkdir -p "$out"
# Each module must run a test: the bindings' smoke test and the screenshots.
"$root/scripts/test-jvm.sh" "${args[@]}" -- \
    -Dtest=CoreLibraryTest,ScreenshotTest -Dsurefire.failIfNoSpecifiedTests=false \
    "-Drokada.screenshots=$gallery" "-Drokada.screenshots.dir=$out"
# A palette of 128 colours: the board, the pieces' antialiasing and the
# text keep their look, at about a third of the size.
find "$out" -name '*.png' -print0 | xargs -0 -n 50 pngquant --force --ext .png --skip-if-larger --speed 3 128
echo "screenshots: $(find "$out" -name '*.png' | wc -l) pictures, $(du -sh "$out" | cut -f1) in $out"
