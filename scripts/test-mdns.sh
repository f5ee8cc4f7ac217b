#!/bin/sh
# Plays a short game between `rokada host` and `rokada join` found by mDNS,
# inside a private network namespace that has only a loopback interface, so
# no multicast leaves the machine. Needs root (unshare -n). Exits non-zero
# unless both sides saw the mate.
set -eu
cd "$(dirname "$0")/.."
cargo build -q -p rokada
bin="$PWD/target/debug/rokada"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
unshare -n sh -eu -c '
  ip link set lo up
  ip link set lo multicast on
  ip route add 224.0.0.0/4 dev lo
  mkfifo "$2/host.in"
  (printf "f3\ng4\n"; sleep 20) > "$2/host.in" &
  "$1" host --bind 127.0.0.1 --json --code 111111 --color white < "$2/host.in" > "$2/host.out" &
  sleep 1
  printf "e5\nQh4#\n" | timeout 30 "$1" join --code 111111 --json > "$2/join.out"
  wait $!
' sh "$bin" "$work"
cat "$work/join.out"
grep -q '"event":"discovered"' "$work/join.out"
for side in host join; do
  grep -q '"reason":"checkmate","result":"0-1"' "$work/$side.out"
done
echo "mDNS discovery and game: ok"
