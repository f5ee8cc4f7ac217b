#!/usr/bin/env bash
# Swift 6.0 toolchain for Linux hosts, taken from Debian 13 (trixie) `swiftlang`
# and kept in a cached chroot, because no Swift toolchain is packaged for the
# host release.
#
# As a command:
#   scripts/swift-env.sh ensure          create the cached root if missing
#   scripts/swift-env.sh run CMD [ARG..] run CMD inside the root, in the current
#                                        directory, which must lie under the
#                                        project or under SWIFT_ENV_BINDS
#   scripts/swift-env.sh path            print the root's path (after ensure)
# When sourced it defines swift_env_ensure and swift_env_run (same meaning) and
# SWIFT_ENV_SKIP.
#
# Exit status: that of CMD; SWIFT_ENV_SKIP (77) when the machine cannot host
# the root at all (not root, no mount namespaces, no debootstrap available);
# any other failure is reported as such.
#
# Environment:
#   SWIFT_ENV_CACHE   cache directory (default ${XDG_CACHE_HOME:-$HOME/.cache}/rokada)
#   SWIFT_ENV_MIRROR  Debian mirror (default: the host's own Debian mirror)
#   SWIFT_ENV_BINDS   extra host directories, colon-separated, bind-mounted at
#                     the same path (the project directory always is)
#
# Every mount lives in a private mount namespace, so none outlives the command
# even if it is killed; they are also unmounted explicitly on exit.

SWIFT_ENV_SKIP=77
# Bump when the package set changes, so that old roots are rebuilt.
SWIFT_ENV_RECIPE="trixie swiftlang libc6-dev libstdc++-14-dev v1"
SWIFT_ENV_PACKAGES="swiftlang,ca-certificates,libc6-dev,libstdc++-14-dev"

swift_env__project_dir() {
    (cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
}

swift_env__cache_dir() {
    echo "${SWIFT_ENV_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/rokada}"
}

swift_env__root() {
    echo "$(swift_env__cache_dir)/swift-root"
}

swift_env__skip() {
    echo "swift-env: skipped: $*" >&2
    return "$SWIFT_ENV_SKIP"
}

# The mirror the host's apt already uses for Debian, so the root comes from the
# same place as every other package on this machine.
swift_env__mirror() {
    if [[ -n "${SWIFT_ENV_MIRROR:-}" ]]; then
        echo "$SWIFT_ENV_MIRROR"
        return
    fi
    local uri
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
        grep -v '^[[:space:]]*#' | grep -oE '(https?)://[^ ]+/debian/?( |$)' | grep -v -- '-security' | head -n 1 | tr -d ' ')
    echo "${uri:-http://deb.debian.org/debian}"
}

swift_env__check_capable() {
    [[ $(id -u) -eq 0 ]] || { swift_env__skip "needs root (chroot and bind mounts)"; return; }
    unshare --mount --propagation private true 2>/dev/null ||
        { swift_env__skip "cannot create a mount namespace (unshare --mount failed)"; return; }
    command -v chroot >/dev/null || { swift_env__skip "chroot not found"; return; }
}

swift_env__install_debootstrap() {
    command -v debootstrap >/dev/null && return 0
    command -v apt-get >/dev/null || { swift_env__skip "debootstrap missing and no apt-get to install it"; return; }
    echo "swift-env: installing debootstrap on the host" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -q >&2 || return 1
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >&2 || return 1
}

swift_env__root_ok() {
    local root
    root=$(swift_env__root)
    [[ -f "$root/.rokada-swift-root" && "$(cat "$root/.rokada-swift-root")" == "$SWIFT_ENV_RECIPE" ]]
}

swift_env_ensure() {
    swift_env__check_capable || return
    swift_env__root_ok && return 0
    swift_env__install_debootstrap || return

    local cache root mirror
    cache=$(swift_env__cache_dir)
    root=$(swift_env__root)
    mirror=$(swift_env__mirror)
    mkdir -p "$cache" || return 1
    (
        # One builder at a time; the others wait and then find the root ready.
        flock 9 || exit 1
        swift_env__root_ok && exit 0
        tmp="$cache/swift-root.tmp.$$"
        # --one-file-system: never descend into a mount left by a killed build.
        rm -rf --one-file-system "$cache"/swift-root.tmp.* "$cache/swift-root.old"
        echo "swift-env: building Debian trixie root with swiftlang from $mirror (about 3 GB)" >&2
        # debootstrap mounts /proc and /sys in the target; a private namespace
        # makes sure those go away even if it is interrupted.
        unshare --mount --propagation private \
            debootstrap --variant=minbase --include="$SWIFT_ENV_PACKAGES" \
            trixie "$tmp" "$mirror" >"$cache/debootstrap.log" 2>&1 || {
            echo "swift-env: debootstrap failed, last lines of $cache/debootstrap.log:" >&2
            tail -n 30 "$cache/debootstrap.log" >&2
            rm -rf --one-file-system "$tmp"
            exit 1
        }
        rm -rf --one-file-system "$tmp"/var/cache/apt/archives/*.deb
        echo "$SWIFT_ENV_RECIPE" >"$tmp/.rokada-swift-root"
        if [[ -e "$root" ]]; then
            mv "$root" "$cache/swift-root.old"
        fi
        mv "$tmp" "$root"
        rm -rf --one-file-system "$cache/swift-root.old"
        echo "swift-env: root ready at $root" >&2
    ) 9>"$cache/swift-root.lock"
}

# Runs inside the private mount namespace: mount, chroot, always unmount.
swift_env__inner() {
    local root=$1 cwd=$2 binds=$3
    shift 3
    local mounted=()
    # shellcheck disable=SC2317 # invoked by the EXIT trap
    swift_env__cleanup() {
        local i
        for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
            umount -l "${mounted[i]}" 2>/dev/null
        done
        mounted=()
    }
    trap swift_env__cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM

    swift_env__bind() {
        local src=$1 dst="$root$1"
        [[ -d "$src" ]] || return 0
        mkdir -p "$dst" || return 1
        if mountpoint -q "$dst"; then
            return 0
        fi
        mount --bind "$src" "$dst" || return 1
        mounted+=("$dst")
    }
    local dir
    for dir in /proc /sys /dev /dev/pts /dev/shm; do
        swift_env__bind "$dir" || exit 1
    done
    local IFS=:
    for dir in $binds; do
        [[ -n "$dir" ]] && { swift_env__bind "$dir" || exit 1; }
    done
    unset IFS

    # shellcheck disable=SC2016 # expanded by the shell inside the root
    chroot "$root" /usr/bin/env -i \
        HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 TERM="${TERM:-dumb}" \
        /bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$cwd" "$@"
}

swift_env_run() {
    [[ $# -gt 0 ]] || { echo "swift-env: run: no command given" >&2; return 2; }
    swift_env_ensure || return
    local project cwd binds
    project=$(swift_env__project_dir)
    cwd=$(pwd -P)
    binds="$project:${SWIFT_ENV_BINDS:-}"
    local dir inside=false
    local IFS=:
    for dir in $binds; do
        [[ -n "$dir" && ( "$cwd" == "$dir" || "$cwd" == "$dir"/* ) ]] && inside=true
    done
    unset IFS
    $inside || { echo "swift-env: $cwd is not under $project or SWIFT_ENV_BINDS" >&2; return 2; }
    unshare --mount --propagation private \
        bash -c "$(declare -f swift_env__inner); swift_env__inner \"\$@\"" swift-env \
        "$(swift_env__root)" "$cwd" "$binds" "$@"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -u
    case "${1:-}" in
    ensure) swift_env_ensure ;;
    run) shift; [[ "${1:-}" == "--" ]] && shift; swift_env_run "$@" ;;
    path) swift_env__root_ok && swift_env__root ;;
    *)
        echo "usage: $0 ensure | run CMD [ARG...] | path" >&2
        exit 2
        ;;
    esac
fi
