#!/usr/bin/env bash
# Renders the Android app's screenshots (docs/screenshots/*.png) on the JVM:
# the game screen drawn with java.awt from the app's own display list,
# texts and menu (android/app/src/test/java/app/rokada/screenshots).
# Needs the DejaVu fonts (chess symbols, Hebrew, Cyrillic); installs
# Debian's fonts-dejavu-core when they are missing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if ! fc-list 2>/dev/null | grep -q "DejaVu Sans:"; then
    echo "screenshots: installing fonts-dejavu-core" >&2
    sudo=()
    ((EUID == 0)) || sudo=(sudo)
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q fonts-dejavu-core fontconfig
fi

mkdir -p "$root/docs/screenshots"
# Each module must run a test: the bindings' smoke test and the screenshots.
"$root/scripts/test-jvm.sh" "$@" -- \
    -Dtest=CoreLibraryTest,ScreenshotTest -Dsurefire.failIfNoSpecifiedTests=false \
    "-Drokada.screenshots.dir=$root/docs/screenshots"
ls -l "$root/docs/screenshots"
