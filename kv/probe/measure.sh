#!/usr/bin/env bash
# Measures RingProbe (uring and epoll), jab's server (epoll, io_uring) and redis-server: server CPU per
# request under redis-benchmark, P1 and P16, GET and SET, ROUNDS rounds (default 4), and the probes'
# system calls per request under strace. The work is measure.py's; this checks the tools first.
#
# Run it alone on the machine, under the shared lock of measurements:
#   flock -x /tmp/jab-quiet.lock kv/probe/measure.sh [--rounds N] [--servers a,b,...] [--out FILE]
# (it does not take the lock itself: a flock inside a flock on the same file would wait for ever).
# Every process it starts is killed when it ends, also on Ctrl-C (measure.py's handlers and finally).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
missing=()
for tool in redis-benchmark redis-server strace taskset python3; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "measure.sh: missing ${missing[*]}; install with: apt-get install -y redis-tools redis-server strace util-linux python3" >&2
  exit 2
fi
[ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ] || { echo "measure.sh: RingProbe needs JDK 25 at /usr/lib/jvm/temurin-25-jdk-amd64" >&2; exit 2; }
# python3 replaces this shell, so a Ctrl-C or a kill reaches the script that knows what it started
exec python3 "$here/measure.py" "$@"
