#!/usr/bin/env bash
# Builds the Android app's resources with aapt2, as the Android build does,
# for the JVM build of the app (jvm/android): the resource table, the real
# generated R class, and the configuration Robolectric reads to run the app.
#
# Uses Debian's aapt2 (package aapt) linked against the framework resources
# of Debian's android-framework-res (API 29): public framework ids never
# change, so the result is the same at the app's compileSdk. Installs both
# packages when missing; once installed, nothing here needs the network.
#
# Usage: scripts/build-android-res.sh --out DIR
# Writes:
#   DIR/AndroidManifest.xml  the manifest as AGP merges it: package, minSdk
#                            and targetSdk from android/app/build.gradle.kts
#   DIR/resources.ap_        the linked resources (resources.arsc + res/)
#   DIR/r/                   the R class (Java source)
#   DIR/assets/              the app's assets (it has none: an empty folder)
#   DIR/test-config/com/android/tools/test_config.properties  for Robolectric
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
app=$root/android/app
framework=/usr/share/android-framework-res/framework-res.apk

die() {
    echo "build-android-res: $*" >&2
    exit 1
}

out=
while (($#)); do
    case $1 in
        --out) out=$(realpath -m "${2:?--out needs a folder}"); shift 2 ;;
        *) die "unknown argument: $1 (usage: build-android-res.sh --out DIR)" ;;
    esac
done
[[ -n $out ]] || die "usage: build-android-res.sh --out DIR"

if ! command -v aapt2 >/dev/null || [[ ! -f $framework ]]; then
    echo "build-android-res: installing Debian's aapt and android-framework-res" >&2
    sudo=()
    ((EUID == 0)) || sudo=(sudo)
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q aapt android-framework-res
fi
command -v aapt2 >/dev/null || die "aapt2 not found after installing aapt"
[[ -f $framework ]] || die "no $framework after installing android-framework-res"

# One value of the Gradle build file, so the SDK levels live in one place.
gradle_value() {
    local value
    value=$(sed -nE "s/^[[:space:]]*$1 = \"?([^\"]+)\"?[[:space:]]*$/\1/p" "$app/build.gradle.kts" | head -n 1)
    [[ -n $value ]] || die "no '$1 = ...' in $app/build.gradle.kts"
    echo "$value"
}
package=$(gradle_value namespace)
min_sdk=$(gradle_value minSdk)
target_sdk=$(gradle_value targetSdk)
version_code=$(gradle_value versionCode)
version_name=$(gradle_value versionName)

rm -rf "$out"
mkdir -p "$out/r" "$out/assets" "$out/test-config/com/android/tools"

# The manifest as AGP merges it: the package and the uses-sdk element come
# from the build file. Robolectric reads this file (the target SDK decides,
# for one, whether windows are drawn edge to edge).
python3 - "$app/src/main/AndroidManifest.xml" "$out/AndroidManifest.xml" \
    "$package" "$min_sdk" "$target_sdk" "$version_code" "$version_name" <<'EOF'
import sys
import xml.etree.ElementTree as ET

source, target, package, min_sdk, target_sdk, version_code, version_name = sys.argv[1:]
android = "http://schemas.android.com/apk/res/android"
ET.register_namespace("android", android)
manifest = ET.parse(source).getroot()
if manifest.find("uses-sdk") is not None:
    sys.exit("build-android-res: the manifest must not set uses-sdk: the build file does")
manifest.set("package", package)
manifest.set(f"{{{android}}}versionCode", version_code)
manifest.set(f"{{{android}}}versionName", version_name)
uses_sdk = ET.Element("uses-sdk")
uses_sdk.set(f"{{{android}}}minSdkVersion", min_sdk)
uses_sdk.set(f"{{{android}}}targetSdkVersion", target_sdk)
manifest.insert(0, uses_sdk)
ET.ElementTree(manifest).write(target, encoding="utf-8", xml_declaration=True)
EOF

aapt2 compile --dir "$app/src/main/res" -o "$out/compiled.zip"
aapt2 link -I "$framework" --manifest "$out/AndroidManifest.xml" \
    --java "$out/r" --auto-add-overlay \
    "$out/compiled.zip" -o "$out/resources.ap_"
rm "$out/compiled.zip"
[[ -f $out/r/${package//.//}/R.java ]] || die "aapt2 wrote no R class for $package"

# Robolectric finds the app's resources through this file on the test
# classpath (the same file AGP writes for unit tests with Android resources).
cat >"$out/test-config/com/android/tools/test_config.properties" <<EOF
android_merged_manifest=$out/AndroidManifest.xml
android_merged_resources=$app/src/main/res
android_merged_assets=$out/assets
android_resource_apk=$out/resources.ap_
android_custom_package=$package
EOF
echo "build-android-res: $package resources in $out"
