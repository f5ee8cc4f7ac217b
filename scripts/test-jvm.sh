#!/usr/bin/env bash
# Compile and test Rokada's Kotlin code on the host JVM with Maven (jvm/pom.xml):
# the generated bindings against the host-built core library, and all of the
# Android app's Kotlin sources against the Android framework API, with its
# resources linked by aapt2 (scripts/build-android-res.sh), then the app's
# plain JVM unit tests and its screens under Robolectric. Maven fetches what it
# lacks from Maven Central into its local repository once (Robolectric's
# 213 MB framework jar included, read from there in place); later runs work
# offline.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
    cat <<EOF
usage: scripts/test-jvm.sh [options] [-- maven-args...]
  --bindings-dir DIR  generated Kotlin bindings (default: build/bindings/kotlin)
  --lib-dir DIR       folder holding librokada_core.so (default: build it with
                      cargo in release mode and use target/release)
  --repo DIR          Maven local repository (default: Maven's, ~/.m2/repository)
  --offline           do not reach Maven Central (everything already fetched)
EOF
}

die() {
    echo "test-jvm: $*" >&2
    exit 1
}

bindings_dir=$root/build/bindings/kotlin
lib_dir=
mvn_args=()
while (($#)); do
    case $1 in
        --bindings-dir) bindings_dir=$(realpath -m "${2:?--bindings-dir needs a folder}"); shift 2 ;;
        --lib-dir) lib_dir=$(realpath -m "${2:?--lib-dir needs a folder}"); shift 2 ;;
        --repo) mvn_args+=("-Dmaven.repo.local=$(realpath -m "${2:?--repo needs a folder}")"); shift 2 ;;
        --offline) mvn_args+=(--offline); shift ;;
        -h | --help) usage; exit 0 ;;
        --) shift; mvn_args+=("$@"); break ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

command -v mvn >/dev/null || die "mvn not found: install Maven"
command -v python3 >/dev/null || die "python3 not found (it merges the manifest and counts the tests)"

# android-all for API 36 is Java 21 bytecode: the tests that load framework
# classes need a JDK at least that new. Prefer JAVA_HOME, then the newest JDK
# installed beside the default one.
java_feature() {
    "$1/bin/java" -XshowSettings:properties -version 2>&1 |
        awk -F' = ' '/java.specification.version/ { split($2, v, "."); n = (v[1] == 1 ? v[2] : v[1]) }
                     END { print n + 0 }'
}
pick_jdk() {
    local best= best_version=0 home version
    if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/java ]] && (($(java_feature "$JAVA_HOME") >= 21)); then
        echo "$JAVA_HOME"
        return
    fi
    for home in /usr/lib/jvm/*/; do
        home=${home%/}
        [[ -x $home/bin/java && -x $home/bin/javac ]] || continue
        version=$(java_feature "$home")
        if ((version >= 21 && version > best_version)); then
            best=$home best_version=$version
        fi
    done
    [[ -n $best ]] || die "no JDK 21 or newer found (set JAVA_HOME to one)"
    echo "$best"
}
JAVA_HOME=$(pick_jdk)
export JAVA_HOME
# Maven's own Guava uses sun.misc.Unsafe, which JDK 24+ warns about on every run.
if (($(java_feature "$JAVA_HOME") >= 24)); then
    export MAVEN_OPTS="${MAVEN_OPTS:+$MAVEN_OPTS }--sun-misc-unsafe-memory-access=allow"
fi
echo "test-jvm: JDK $JAVA_HOME"

if [[ -z $lib_dir ]]; then
    # A no-op when the library is up to date; rebuilds it when the core changed.
    cargo build --release -p rokada-core --manifest-path "$root/Cargo.toml"
    lib_dir=$root/target/release
fi
[[ -f $lib_dir/librokada_core.so ]] || die "no librokada_core.so in $lib_dir"
echo "test-jvm: core library from $lib_dir"
if [[ -d $bindings_dir ]]; then
    echo "test-jvm: bindings from $bindings_dir"
else
    echo "test-jvm: no bindings in $bindings_dir; compiling without them"
fi

# clean: classes of deleted sources must not linger and satisfy the compiler.
status=0
mvn --batch-mode --no-transfer-progress -f "$root/jvm/pom.xml" \
    "-Dbindings.dir=$bindings_dir" "-Dcore.lib.dir=$lib_dir" \
    "${mvn_args[@]}" clean test || status=$?

# Maven (its console library) leaves escape codes after its last line break:
# end that line so the count below stands alone on its own line.
echo
# One closing count over every module, read from Surefire's reports.
python3 - "$root/build/jvm" <<'EOF'
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

passed = failed = skipped = 0
for report in Path(sys.argv[1]).glob("*/surefire-reports/TEST-*.xml"):
    suite = ET.parse(report).getroot()
    tests, skips = int(suite.get("tests", 0)), int(suite.get("skipped", 0))
    bad = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    passed += tests - skips - bad
    failed += bad
    skipped += skips
print(f"jvm: {passed} passed, {failed} failed, {skipped} skipped")
EOF
if ((status != 0)); then
    echo "test-jvm: FAILED: Maven exited with status $status (see its errors above)" >&2
fi
exit "$status"
