#!/bin/bash
# Where a probe's system time goes at GET P1: perf record (call graphs, 4999 Hz) of each RingProbe mode,
# pinned to CPU 0, over one redis-benchmark run of 200,000 GETs after three warm-up runs of GET and
# SET, then the kernel functions by the share of the server's samples under them (perf report
# --children). One run each, no rounds: it says what the kernel does, not how much less.
# Run alone, under the shared lock:  flock -x /tmp/jab-quiet.lock kv/probe/profile.sh
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${OUT:-/tmp/ringprobe-perf}
mkdir -p "$out"
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
pids=()
trap 'for p in "${pids[@]}"; do kill $p 2>/dev/null; done' EXIT
for m in epoll uring; do
  port=$([ $m = epoll ] && echo 7461 || echo 7462)
  taskset -c 0 $J --enable-native-access=ALL-UNNAMED kv/probe/RingProbe.java --port $port --mode $m > $out/perf-$m.log 2>&1 & pid=$!; pids+=($pid)
  for i in $(seq 100); do grep -q listening $out/perf-$m.log && break; sleep 0.2; done
  for i in 1 2 3; do taskset -c 1 redis-benchmark -p $port -t get,set -n 200000 -c 50 -q > /dev/null; done
  perf record -o $out/perf-$m.data -p $pid -F 4999 -g -- taskset -c 1 redis-benchmark -p $port -t get -n 200000 -c 50 -q 2>&1 | tail -1
  kill $pid; wait $pid 2>/dev/null
done
for m in epoll uring; do
  echo "== RingProbe --mode $m, GET P1: kernel functions, % of the server's samples under each (children), self %"
  perf report -i $out/perf-$m.data --children --sort sym -g none -q --stdio 2>/dev/null | grep -F '[k]' | head -60
done
