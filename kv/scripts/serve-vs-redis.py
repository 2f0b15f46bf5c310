#!/usr/bin/env python3
"""Servers side by side under redis-benchmark, in alternating rounds: requests per server CPU-second
(the capacity of one CPU), requests/s, the server's CPU time per request (and its user and system
parts), and each server's ratio to Redis with a 95% interval over rounds.

By default the servers and the client are kept apart, as `jab run kv` keeps them: every server pinned
to the first allowed CPU under a cgroup CPU quota of its own (--server-cpus, 0.4 of a CPU), its CPU time
read from the cgroup (all threads, JIT and GC included); redis-benchmark pinned to the last CPU. The
server is then the bottleneck and the client has CPU to spare, which the last column shows (the most
of its CPU the client used in any round). --server-cpus 0 runs without pinning or quota (the CPU time
is then the process's, in clock ticks). "runq us/req" is the time the server's threads waited for a CPU while runnable
(/proc/PID/task/*/schedstat), per request: when the client shares the server's CPUs (--client-threads
2 on two CPUs), a server can spend little CPU per request and still be slow because it waits for one.
The last column is the share of one CPU that redis-benchmark itself used during the run: near 100%
the client, not the server, sets the pace.

Every server given is started once (on a free port, "{port}" in its command), warmed with one
unreported run of each test, then measured in rounds; the order of the servers rotates every round
so none always runs first on a machine whose speed drifts. The first server named is the reference
every other is divided by (by default Redis). Run from the project root, on a quiet machine:

    python3 kv/scripts/serve-vs-redis.py --rounds 5 \\
        --server "redis=redis-server --port {port} --save '' --appendonly no" \\
        --server "jab=./jab kv serve --port {port}" \\
        --server "jab-1-loop=./jab kv serve --port {port} --io-threads 1"

The interval of a ratio is Student's t over the rounds' log ratios (each round divides the two
servers' figures of that round), so it varies over rounds, machine drift included.
"""
import argparse
import os
import resource
import statistics
import subprocess
import time

import cpucap
from ratios import interval
from respserver import start, stop

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """(user, system) time of a process, all its threads (utime and stime of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK, int(fields[12]) / TICK


def runqueue_seconds(pid):
    """Time all threads of a process have waited on a run queue while runnable (schedstat's second field)."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[1])
        except (FileNotFoundError, ProcessLookupError, IndexError):
            pass  # a thread that ended between the listing and the read
    return total / 1e9


def client_cpu_seconds():
    """User + system time of the children this script has waited for: the redis-benchmark runs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench(port, test, pipeline, requests, clients, threads=1, prefix=()):
    cmd = list(prefix) + ["redis-benchmark", "-h", "127.0.0.1", "-p", str(port), "-t", test, "-c", str(clients),
           "-n", str(requests), "--csv"]
    if threads > 1:
        cmd += ["--threads", str(threads)]
    if pipeline > 1:
        cmd += ["-P", str(pipeline)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=True).stdout
    lines = [l.replace('"', "").split(",") for l in out.strip().splitlines()]
    row = dict(zip(lines[0], lines[-1]))
    return float(row["rps"]), float(row["p99_latency_ms"]), float(row["max_latency_ms"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", action="append", required=True, help="NAME=COMMAND with {port}; the first is the reference")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--requests", type=int, default=200_000, help="per run without pipelining")
    ap.add_argument("--pipelined-requests", type=int, default=2_000_000, help="per run with -P 16")
    ap.add_argument("--tests", default="get,set")
    ap.add_argument("--client-threads", type=int, default=1, help="redis-benchmark --threads")
    ap.add_argument("--server-cpus", type=float, default=0.4,
                    help="each server's CPU quota (cgroup), pinned apart from the client; 0: neither")
    args = ap.parse_args()

    cpus = cpucap.allowed_cpus()
    apart = args.server_cpus > 0 and len(cpus) >= 2
    h = cpucap.hierarchy() if apart else None
    server_pin = cpucap.taskset(cpus[0]) if apart else []
    client_pin = cpucap.taskset(cpus[-1]) if apart else []
    servers = []
    cgroups = {}
    try:
        for spec in args.server:
            name, command = spec.split("=", 1)
            prefix = server_pin
            if h:
                cgroups[name] = cpucap.Cgroup(h, name, args.server_cpus)
                prefix = cgroups[name].wrap(server_pin)
            proc, port = start(command, prefix)
            servers.append((name, port, proc))
        print("kept apart: " + (f"servers on CPU {cpus[0]}" + (f" under a cgroup v{h[0]} quota of {args.server_cpus} CPU" if h else
                                                              " without a quota (no cgroup access)")
                                + f", redis-benchmark on CPU {cpus[-1]}" if apart else "no (servers and client share the CPUs)"),
              flush=True)

        def cpu(name, proc):
            """(user, system, total) CPU seconds of a server: the cgroup's total where it has one."""
            user, system = cpu_seconds(proc.pid)
            return user, system, cgroups[name].usage_seconds() if name in cgroups else user + system
        shapes = [(t, p) for p in (1, 16) for t in args.tests.split(",")]
        n = lambda p: args.pipelined_requests if p > 1 else args.requests
        for name, port, _ in servers:  # warm-up: the JIT compiles jab's path, Redis fills its allocator
            for test, p in shapes:
                bench(port, test, p, n(p), args.clients, args.client_threads, client_pin)
        # (name, test, pipeline) -> list of (rps, cpu us per request, p99 ms, max ms, user us, system us, client CPU share,
        #                                    run-queue wait us per request)
        figures = {}
        for r in range(args.rounds):
            order = servers[r % len(servers):] + servers[:r % len(servers)]
            for test, p in shapes:
                for name, port, proc in order:
                    user0, sys0, total0 = cpu(name, proc)
                    runq0 = runqueue_seconds(proc.pid)
                    client0, wall0 = client_cpu_seconds(), time.monotonic()
                    rps, p99, mx = bench(port, test, p, n(p), args.clients, args.client_threads, client_pin)
                    client = (client_cpu_seconds() - client0) / (time.monotonic() - wall0)
                    user1, sys1, total1 = cpu(name, proc)
                    runq_us = (runqueue_seconds(proc.pid) - runq0) * 1e6 / n(p)
                    user_us, sys_us = (user1 - user0) * 1e6 / n(p), (sys1 - sys0) * 1e6 / n(p)
                    figures.setdefault((name, test, p), []).append((rps, (total1 - total0) * 1e6 / n(p), p99, mx, user_us, sys_us,
                                                                    client, runq_us))
            print(f"round {r + 1} of {args.rounds} done", flush=True)
    finally:
        for _, _, proc in servers:
            stop(proc)
        for c in cgroups.values():
            c.remove()

    ref = servers[0][0]
    print(f"\nredis-benchmark -c {args.clients} --threads {args.client_threads}, {args.rounds} rounds (servers in rotating order), "
          f"{args.requests} requests per run (-P 16: {args.pipelined_requests}); medians over rounds;")
    print(f"ratios to {ref}: geometric mean of the rounds' ratios [95% interval over rounds]; per CPU-s: requests per second "
          f"of the server's CPU time; client: the most of its CPU redis-benchmark used in any round (below 90%: spare)\n")
    print(f"{'server':<14}{'test':<8}{'P':>3}{'req per CPU-s':>15}{'x ' + ref + ' per CPU-s':>30}{'req/s':>12}"
          f"{'CPU us/req':>12}{'p99 ms':>8}{'max ms':>8}{'user+sys us':>14}{'runq us/req':>12}{'client':>14}")
    for test, p in shapes:
        base = figures[(ref, test, p)]
        for name, _, _ in servers:
            f = figures[(name, test, p)]
            per_cpu = statistics.median(1e6 / x[1] for x in f)
            if all(b[1] > 0 and a[1] > 0 for a, b in zip(f, base)):
                g, lo, hi = interval([b[1] / a[1] for a, b in zip(f, base)])  # requests per CPU-s: the inverse of CPU per request
            else:
                g = lo = hi = float("nan")
            most = max(x[6] for x in f)
            print(f"{name:<14}{test.upper():<8}{p:>3}{per_cpu:>15,.0f}{f'{g:.3f}x [{lo:.3f}-{hi:.3f}]':>30}"
                  f"{statistics.median(x[0] for x in f):>12,.0f}{statistics.median(x[1] for x in f):>12.2f}"
                  f"{statistics.median(x[2] for x in f):>8.3f}{statistics.median(x[3] for x in f):>8.3f}"
                  f"{f'{statistics.median(x[4] for x in f):.2f}+{statistics.median(x[5] for x in f):.2f}':>14}"
                  f"{statistics.median(x[7] for x in f):>12.2f}"
                  f"{f'{most:.0%} ' + ('spare' if most < 0.9 else 'busy'):>14}")

if __name__ == "__main__":
    main()
