#!/usr/bin/env bash
# How often does `jab run --baseline` call a change right? Builds one JMH benchmark three times (base,
# the same code again, and a head doing 3% more work: Blackhole.consumeCPU(309) against 300), then
# runs the A/B job repeatedly and prints one line per run: the head/base ratio, its 95% interval over
# forks, jab's verdict, the exit status under --fail-on-regression 1%, and the seconds the run took.
# Usage, from the project root on a quiet machine: scripts/ab-repeat.sh [SLOWER_RUNS] [SAME_RUNS]
set -euo pipefail
slower_runs=${1:-10}
same_runs=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./jab list >/dev/null
m2="${MAVEN_REPO:-$HOME/.m2/repository}/org/openjdk/jmh"
core=$(ls "$m2"/jmh-core/*/jmh-core-*.jar | grep -v sources | sort -V | tail -n 1)
ann=$(ls "$m2"/jmh-generator-annprocess/*/jmh-generator-annprocess-*.jar 2>/dev/null | grep -v sources | sort -V | tail -n 1 || true)
if [ -z "$ann" ]; then
  ./mvnw -q dependency:get -Dartifact="org.openjdk.jmh:jmh-generator-annprocess:$(basename "$(dirname "$core")")" >/dev/null
  ann=$(ls "$m2"/jmh-generator-annprocess/*/jmh-generator-annprocess-*.jar | grep -v sources | sort -V | tail -n 1)
fi
build() { # build NAME TOKENS: a jar whose benchmark burns TOKENS of Blackhole.consumeCPU per call
  mkdir -p "$work/$1/src/demo" "$work/$1/classes"
  cat >"$work/$1/src/demo/WorkBenchmark.java" <<JAVA
package demo;
import org.openjdk.jmh.annotations.*;
import org.openjdk.jmh.infra.Blackhole;
@State(Scope.Thread)
public class WorkBenchmark {
    @Benchmark public void work() { Blackhole.consumeCPU($2); }
}
JAVA
  javac --release 11 -cp "$core" -processorpath "$ann:$core" -d "$work/$1/classes" "$work/$1/src/demo/WorkBenchmark.java"
  (cd "$work/$1/classes" && jar cf "$work/$1.jar" .)
}
build base 300; build same 300; build slower 309
one() { # one LABEL HEAD_JAR: one A/B run against base.jar, one line of figures
  local start rc dir
  start=$(date +%s.%N)
  set +e
  ./jab run --benchmarks "$2" --baseline "$work/base.jar" --fail-on-regression 1% --out "$work/res" >"$work/run.out" 2>&1
  rc=$?
  set -e
  dir=$(sed -n 's/^results: //p' "$work/run.out" | tail -n 1)
  python3 - "$1" "$rc" "$(echo "$(date +%s.%N) - $start" | bc)" "$dir" <<'PY'
import json, sys
label, rc, secs, run = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
for q in json.load(open(run + "/comparisons.json"))["questions"]:
    for r in q.get("ratios", []):
        a, b = r["a"].lower(), r["b"].lower()
        if "head" in a and "base" in b:
            ra, lo, hi = r["ratio"], r["low"], r["high"]
        elif "base" in a and "head" in b:
            ra, lo, hi = 1 / r["ratio"], 1 / r["high"], 1 / r["low"]
        else:
            continue
        forks = len(q.get("forks", []))
        print(f"{label:7} head/base {ra:.4f} [{lo:.4f}-{hi:.4f}] forks {forks:2} verdict {r.get('verdict', '?'):<40.40} exit {rc} {secs:5.0f} s", flush=True)
        sys.exit(0)
print(f"{label:7} no head/base ratio (exit {rc}, {secs:.0f} s, {run})", flush=True)
PY
  rm -rf "$work/res"
}
for i in $(seq "$slower_runs"); do one slower "$work/slower.jar"; done
for i in $(seq "$same_runs"); do one same "$work/same.jar"; done
