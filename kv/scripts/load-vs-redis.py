#!/usr/bin/env python3
"""Tail latency of servers under `jab kv load`, in rounds: every round starts each server afresh, in
an order that rotates from round to round, and drives it with the same closed-loop load; the result
is each server's throughput, p99, p99.9 and max per round, their medians, and each figure's ratio to
the first server named (by default Redis) with a 95% interval over rounds. Run from the project root,
on a quiet machine:

    python3 kv/scripts/load-vs-redis.py --rounds 4 --clients 32 \\
        --server "redis=redis-server --port {port} --save '' --appendonly no" \\
        --server "jab=./jab kv serve --port {port}"
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile

from respserver import start, stop
from ratios import interval

FIGURES = ("throughput", "p99Us", "p999Us", "maxUs")


def load(port, args):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    try:
        subprocess.run(["./jab", "kv", "load", "--target", f"127.0.0.1:{port}", "--clients", str(args.clients),
                        "--pipeline", str(args.pipeline), "--duration", args.duration, "--warmup", args.warmup,
                        "--json", path], check=True, capture_output=True, timeout=600)
        with open(path) as f:
            return json.load(f)
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", action="append", required=True, help="NAME=COMMAND with {port}; the first is the reference")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--pipeline", type=int, default=1)
    ap.add_argument("--duration", default="10s")
    ap.add_argument("--warmup", default="3s")
    args = ap.parse_args()
    servers = [spec.split("=", 1) for spec in args.server]
    runs = {name: [] for name, _ in servers}
    for r in range(args.rounds):
        order = servers[r % len(servers):] + servers[:r % len(servers)]
        for name, command in order:
            proc, port = start(command)
            try:
                runs[name].append(load(port, args))
            finally:
                stop(proc)
        print(f"round {r + 1} of {args.rounds} done", flush=True)

    ref = servers[0][0]
    print(f"\njab kv load, {args.clients} clients, pipeline {args.pipeline}, {args.warmup} warm-up + {args.duration}, "
          f"{args.rounds} rounds (fresh servers, rotating order); medians over rounds; x {ref}: geometric mean of the "
          f"rounds' ratios [95% interval over rounds]\n")
    print(f"{'server':<16}" + "".join(f"{f:>36}" for f in FIGURES))
    for name, _ in servers:
        cells = []
        for f in FIGURES:
            values = [run[f] for run in runs[name]]
            g, lo, hi = interval([a[f] / b[f] for a, b in zip(runs[name], runs[ref])])
            cells.append(f"{statistics.median(values):>12,.1f} {f'{g:.2f}x [{lo:.2f}-{hi:.2f}]':>23}")
        print(f"{name:<16}" + "".join(f"{c:>36}" for c in cells))


if __name__ == "__main__":
    main()
