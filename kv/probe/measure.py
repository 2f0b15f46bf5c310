#!/usr/bin/env python3
"""CPU per request of RingProbe's two modes, jab's server and Redis under redis-benchmark.

Run through measure.sh (which says how, and under which lock). Each server runs pinned to CPU 0 in a
cgroup of its own (cgroup v1 cpuacct, else the /proc ticks of its threads), the client on CPU 1; the
server's user and system CPU over each run, divided by the run's requests, is the figure. Rounds take
the servers in an order that turns around every other round, so a drift of the machine over the run
falls on every server alike. The answer is each server's total CPU per request over RingProbe epoll's,
per round (the same round's runs are neighbours in time), with a 95% t interval over rounds.
"""

import argparse
import datetime
import json
import math
import os
import resource
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
JDK25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"
CGROOT = "/sys/fs/cgroup/cpuacct"
TESTS = [("get", 1), ("set", 1), ("get", 16), ("set", 16)]
BASELINE = "probe-epoll"
THRESHOLD = 0.10
CLK_TCK = os.sysconf("SC_CLK_TCK")

# two-sided 95% quantiles of Student's t, by degrees of freedom
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
        10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
        18: 2.101, 19: 2.093, 20: 2.086, 25: 2.060, 30: 2.042}

started = []   # (Popen, name) of every process group we started: killed on exit
cgroups = []   # directories we made


def t975(df):
    if df in T975:
        return T975[df]
    keys = sorted(k for k in T975 if k <= df)
    return T975[keys[-1]] if df <= 30 else 1.96


def interval(xs):
    """Mean and 95% t interval over rounds; no interval from one round."""
    m = statistics.mean(xs)
    if len(xs) < 2:
        return m, float("nan"), float("nan")
    h = t975(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - h, m + h


def cleanup(*_):
    for p, _name in started:
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    deadline = time.time() + 5
    for p, _name in started:
        try:
            p.wait(max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
    started.clear()
    for d in cgroups:
        for _ in range(50):
            try:
                os.rmdir(d)
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.1)  # a process still leaving
    cgroups.clear()


def on_signal(sig, _frame):
    cleanup()
    sys.exit(128 + sig)


class Server:
    def __init__(self, name, cmd, port, ready_line=None):
        self.name, self.cmd, self.port, self.ready_line = name, cmd, port, ready_line
        self.proc = None
        self.cg = None
        self.log = None

    def start(self, use_cgroup):
        self.log = tempfile.NamedTemporaryFile(prefix="ringprobe-%s-" % self.name, suffix=".log", delete=False)
        inner = ["taskset", "-c", "0"] + self.cmd
        if use_cgroup:
            self.cg = os.path.join(CGROOT, "jab-probe-%d-%s" % (os.getpid(), self.name))
            os.makedirs(self.cg, exist_ok=True)
            cgroups.append(self.cg)
            # the shell joins the cgroup and then becomes the server, so nothing of it runs outside
            argv = ["sh", "-c", "echo $$ > '%s/cgroup.procs' && exec \"$0\" \"$@\"" % self.cg] + inner
        else:
            argv = inner
        self.proc = subprocess.Popen(argv, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        started.append((self.proc, self.name))
        deadline = time.time() + 300  # jab may build itself on first use
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit("%s exited with %s before it was ready:\n%s" % (self.name, self.proc.returncode, self.output()))
            if self.ready_line is None or self.ready_line in self.output():
                if ping(self.port):
                    return
            time.sleep(0.2)
        raise SystemExit("%s not ready after 300 s:\n%s" % (self.name, self.output()))

    def output(self):
        with open(self.log.name, errors="replace") as f:
            return f.read()

    def cpu_ns(self):
        """(user, system, total) CPU so far, ns: the cgroup's, else the sum over the process's threads.

        cgroup v1's cpuacct.usage is the scheduler's own runtime, to the ns; usage_user and usage_sys
        are the kernel's per-mode cputime, which moves in steps of about a tick (4 ms here), good to a
        few percent over a run of a second or two, so the total is usage's and only the split theirs.
        """
        if self.cg:
            vals = []
            for name in ("cpuacct.usage_user", "cpuacct.usage_sys", "cpuacct.usage"):
                with open(os.path.join(self.cg, name)) as f:
                    vals.append(int(f.read()))
            return tuple(vals)
        u = s = 0
        task = "/proc/%d/task" % self.proc.pid
        for t in os.listdir(task):
            try:
                with open(os.path.join(task, t, "stat")) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                u += int(fields[11])
                s += int(fields[12])
            except (FileNotFoundError, ProcessLookupError):
                pass
        return u * 1_000_000_000 // CLK_TCK, s * 1_000_000_000 // CLK_TCK, (u + s) * 1_000_000_000 // CLK_TCK


def resp_command(port, *args, timeout=5):
    """One RESP command over a fresh socket; the reply's bytes (enough for +PONG and a bulk string)."""
    msg = b"*%d\r\n" % len(args) + b"".join(b"$%d\r\n%s\r\n" % (len(a), a) for a in (x.encode() for x in args))
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(msg)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
            if data.startswith(b"+") and data.endswith(b"\r\n"):
                break
            if data.startswith(b"$"):
                head, _, rest = data.partition(b"\r\n")
                if len(rest) >= int(head[1:]) + 2:
                    break
            if data.startswith(b"-"):
                break
        return data


def ping(port):
    try:
        return resp_command(port, "PING", timeout=1).startswith(b"+PONG")
    except OSError:
        return False


def probe_counts(server):
    if not server.name.startswith("probe-"):
        return None
    reply = resp_command(server.port, "PROBE").decode()
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", reply)}


def busy_ticks():
    """Ticks the whole machine spent busy (not idle or iowait), all CPUs."""
    with open("/proc/stat") as f:
        cpu = f.readline().split()[1:]
    v = [int(x) for x in cpu]
    return v[0] + v[1] + v[2] + v[5] + v[6] + v[7]  # user nice system irq softirq steal


def bench(server, test, pipeline, n, clients):
    cmd = ["taskset", "-c", "1", "redis-benchmark", "-p", str(server.port), "-t", test, "-n", str(n),
           "-c", str(clients), "-P", str(pipeline), "-q"]
    before_counts = probe_counts(server)
    busy0 = busy_ticks()
    u0, s0, c0 = server.cpu_ns()
    t0 = time.monotonic()
    kids0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    client = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    started.append((client, "redis-benchmark"))
    out, _ = client.communicate()
    wall = time.monotonic() - t0
    kids1 = resource.getrusage(resource.RUSAGE_CHILDREN)  # the client is the only child reaped meanwhile
    u1, s1, c1 = server.cpu_ns()
    busy1 = busy_ticks()
    after_counts = probe_counts(server)
    started.remove((client, "redis-benchmark"))
    text = out.decode(errors="replace")
    found = re.findall(r"([A-Z]+): ([0-9.]+) requests per second", text.replace("\r", "\n"))
    if client.returncode != 0 or not found:
        raise SystemExit("redis-benchmark against %s failed (%s):\n%s" % (server.name, client.returncode, text[-2000:]))
    user_us = (u1 - u0) / 1000 / n
    sys_us = (s1 - s0) / 1000 / n
    row = {
        "server": server.name, "test": test.upper(), "pipeline": pipeline, "requests": n, "clients": clients,
        "requestsPerSecond": float(found[-1][1]), "wallSeconds": round(wall, 3),
        "serverCpuNs": c1 - c0, "serverUserCpuNs": u1 - u0, "serverSystemCpuNs": s1 - s0,
        "userUsPerRequest": user_us, "systemUsPerRequest": sys_us, "totalUsPerRequest": (c1 - c0) / 1000 / n,
        "requestsPerCpuSecond": n / ((c1 - c0) / 1e9) if c1 > c0 else None,
        "machineBusyCpuMs": (busy1 - busy0) * 1000 / CLK_TCK,
        "clientCpuMs": 1000 * (kids1.ru_utime + kids1.ru_stime - kids0.ru_utime - kids0.ru_stime),
    }
    # what else the machine did meanwhile: its busy time less the server's and the client's (the
    # machine's figure is in 10 ms ticks, so a few tens of ms either way are its grain, not a process)
    row["otherCpuMs"] = row["machineBusyCpuMs"] - row["serverCpuNs"] / 1e6 - row["clientCpuMs"]
    if before_counts and after_counts:
        row["probeCallsPerRequest"] = {k: (after_counts[k] - before_counts[k]) / n
                                      for k in ("waits", "reads", "writes", "enters")}
    return row


def warm_up(server, args):
    """Passes of the four runs until each run's requests/s is within 3% of the pass before (at most 5)."""
    passes = []
    for i in range(args.max_warmup):
        rates = []
        for test, p in TESTS:
            n = args.requests if p == 1 else args.requests_pipelined
            rates.append(bench(server, test, p, n, args.clients)["requestsPerSecond"])
        passes.append(rates)
        print("  warm-up %s pass %d: %s" % (server.name, i + 1, " ".join("%.0f" % r for r in rates)), flush=True)
        if len(passes) >= 2 and all(abs(a - b) / b <= 0.03 for a, b in zip(passes[-1], passes[-2])):
            break
    return passes


def strace_counts(servers_by_name, args):
    """System calls per request of each probe mode, from strace -f -c attached over a short run."""
    out = {}
    for name in [s for s in servers_by_name if s.startswith("probe-")]:
        s = servers_by_name[name]
        out[name] = {}
        for test, p in TESTS:
            n = args.strace_requests if p == 1 else args.strace_requests * 4
            path = tempfile.mktemp(prefix="ringprobe-strace-", suffix=".txt")
            st = subprocess.Popen(["strace", "-f", "-c", "-o", path, "-p", str(s.proc.pid)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            started.append((st, "strace"))
            time.sleep(1.5)  # attached to every thread before the run starts
            subprocess.run(["taskset", "-c", "1", "redis-benchmark", "-p", str(s.port), "-t", test, "-n", str(n),
                            "-c", str(args.clients), "-P", str(p), "-q"], stdout=subprocess.DEVNULL, check=True)
            os.kill(st.pid, signal.SIGINT)
            st.wait(30)
            started.remove((st, "strace"))
            calls = {}
            with open(path) as f:
                for line in f:
                    m = re.match(r"\s*[0-9.]+\s+[0-9.]+\s+\d+\s+(\d+)\s+(?:(\d+)\s+)?([a-z_0-9]+)\s*$", line)
                    if m and m.group(3) != "total":
                        calls[m.group(3)] = int(m.group(1))
            os.unlink(path)
            # the JVM's own threads (futex, clock) wake on their own: per request only what the loop calls
            out[name]["%s P%d" % (test.upper(), p)] = {
                "requests": n, "perRequest": {k: v / n for k, v in sorted(calls.items(), key=lambda kv: -kv[1])}}
    return out


def summarise(doc):
    runs = doc["runs"]
    servers = doc["servers"]
    lines = []
    lines.append("Server CPU per request (us), mean over %d rounds; total and requests per CPU-second with a 95%% t interval;"
                 % doc["rounds"])
    lines.append("total is cpuacct.usage (ns-exact); user and system split it by ticks, so they need not add up to it exactly;")
    lines.append("ratio = the server's total CPU per request over %s's in the same round, mean [95%% t interval]." % BASELINE)
    verdicts = []
    for test, p in TESTS:
        lines.append("")
        lines.append("%s P%d" % (test.upper(), p))
        lines.append("  %-16s %7s %7s %20s %26s %22s" % ("server", "user", "system", "total [95%]", "req/CPU-s [95%]", "ratio to epoll [95%]"))
        base = {r["round"]: r["totalUsPerRequest"] for r in runs if r["server"] == BASELINE and r["test"] == test.upper() and r["pipeline"] == p}
        for name in servers:
            rs = [r for r in runs if r["server"] == name and r["test"] == test.upper() and r["pipeline"] == p]
            if not rs:
                continue
            u = statistics.mean(r["userUsPerRequest"] for r in rs)
            s = statistics.mean(r["systemUsPerRequest"] for r in rs)
            t, tlo, thi = interval([r["totalUsPerRequest"] for r in rs])
            q, qlo, qhi = interval([r["requestsPerCpuSecond"] for r in rs])
            ratio = ""
            if base:
                rat, rlo, rhi = interval([r["totalUsPerRequest"] / base[r["round"]] for r in rs])
                ratio = "%.3f [%.3f-%.3f]" % (rat, rlo, rhi)
                if name.startswith("probe-uring") and p == 1:
                    if rhi <= 1 - THRESHOLD:
                        v = "saves >= 10%: yes"
                    elif rlo > 1 - THRESHOLD:
                        v = "saves >= 10%: no (the whole interval lies above 0.90)"
                    else:
                        v = "saves >= 10%: undecided (the interval straddles 0.90)"
                    verdicts.append("%s, %s P1: CPU per request %.3f [%.3f-%.3f] of epoll's, i.e. %.1f%% saved; %s"
                                    % (name, test.upper(), rat, rlo, rhi, 100 * (1 - rat), v))
            lines.append("  %-16s %7.3f %7.3f %7.3f [%.3f-%.3f] %9.0f [%.0f-%.0f] %22s"
                         % (name, u, s, t, tlo, thi, q, qlo, qhi, ratio))
    calls = [r for r in runs if "probeCallsPerRequest" in r]
    if calls:
        lines.append("")
        lines.append("The probes' own count of their loop's system calls per request (mean over rounds):")
        for name in servers:
            for test, p in TESTS:
                rs = [r["probeCallsPerRequest"] for r in calls if r["server"] == name and r["test"] == test.upper() and r["pipeline"] == p]
                if rs:
                    m = {k: statistics.mean(x[k] for x in rs) for k in rs[0]}
                    if name.startswith("probe-uring"):
                        lines.append("  %-16s %s P%-2d io_uring_enter %.3f" % (name, test.upper(), p, m["enters"]))
                    else:
                        lines.append("  %-16s %s P%-2d epoll_wait %.3f + read %.3f + write %.3f = %.3f"
                                     % (name, test.upper(), p, m["waits"], m["reads"], m["writes"], m["waits"] + m["reads"] + m["writes"]))
    if runs:
        other = [r["otherCpuMs"] for r in runs]
        client = [r["clientCpuMs"] for r in runs]
        lines.append("")
        lines.append("Runs last %.1f-%.1f s; the client used %.0f-%.0f ms of CPU per run; the machine's busy time beyond"
                     " server and client (anything else that ran, to the 10 ms grain of /proc/stat): mean %.0f ms, max %.0f ms per run"
                     % (min(r["wallSeconds"] for r in runs), max(r["wallSeconds"] for r in runs), min(client), max(client),
                        statistics.mean(other), max(other)))
    if "strace" in doc:
        lines.append("")
        lines.append("strace -f -c (attached to the running server, all threads) over a short run, calls per request (>= 0.001):")
        for name, tests in doc["strace"].items():
            for label, c in tests.items():
                parts = ["%s %.3f" % (k, v) for k, v in c["perRequest"].items() if v >= 0.001]
                lines.append("  %-16s %-7s (%d requests): %s" % (name, label, c["requests"], ", ".join(parts)))
    lines.append("")
    lines.append("Answer (threshold: io_uring saves at least 10% of the server's CPU per request at P1 against epoll):")
    lines.extend("  " + v for v in verdicts)
    return "\n".join(lines)


def machine_state():
    def sh(cmd):
        try:
            return subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=20).stdout.strip()
        except Exception as e:  # noqa: BLE001 - a description only
            return "(%s)" % e
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "kernel": platform.release(),
        "cpus": os.cpu_count(),
        "cpuModel": sh("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"),
        "loadavg": open("/proc/loadavg").read().strip(),
        "java25": sh(JDK25 + " -version 2>&1 | head -2 | tr '\\n' ' '"),
        "jabJava": sh("java -version 2>&1 | head -1"),
        "redis": sh("redis-server --version"),
        "redisBenchmark": sh("redis-benchmark --version"),
        "ioUringDisabled": sh("cat /proc/sys/kernel/io_uring_disabled"),
        "git": sh("cd '%s' && git rev-parse --short HEAD && git status --short kv/probe | head -5" % ROOT),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=int(os.environ.get("ROUNDS", "4")))
    ap.add_argument("--servers", default="probe-uring,probe-epoll,jab-epoll,jab-io_uring,redis",
                    help="comma-separated; probe-uring-<setup>-<wait> adds a variant, e.g. probe-uring-coop-sends")
    ap.add_argument("--uring-setup", default="defer", choices=["defer", "coop", "none"])
    ap.add_argument("--uring-wait", default="sends", choices=["sends", "one"])
    ap.add_argument("--requests", type=int, default=200000)
    ap.add_argument("--requests-pipelined", type=int, default=2000000)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--max-warmup", type=int, default=5)
    ap.add_argument("--strace-requests", type=int, default=50000, help="P1; P16 runs 4x as many; 0: no strace")
    ap.add_argument("--base-port", type=int, default=7420)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    use_cgroup = os.access(CGROOT, os.W_OK) and os.path.exists(os.path.join(CGROOT, "cpuacct.usage_sys"))
    out = args.out or os.path.join(HERE, "results", "measure-%s.json" % time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(os.path.dirname(out), exist_ok=True)

    probe = [JDK25, "--enable-native-access=ALL-UNNAMED", os.path.join(HERE, "RingProbe.java")]
    names = args.servers.split(",")
    servers = []
    for i, name in enumerate(names):
        port = args.base_port + i
        if name == "probe-epoll":
            s = Server(name, probe + ["--port", str(port), "--mode", "epoll"], port, "listening on port")
        elif name.startswith("probe-uring"):
            parts = name.split("-")
            setup = parts[2] if len(parts) > 2 else args.uring_setup
            wait = parts[3] if len(parts) > 3 else args.uring_wait
            s = Server(name, probe + ["--port", str(port), "--mode", "uring", "--setup", setup, "--wait", wait],
                       port, "listening on port")
        elif name.startswith("jab-"):
            s = Server(name, ["./jab", "kv", "serve", "--port", str(port), "--transport", name[4:]], port)
        elif name == "redis":
            s = Server(name, ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"], port)
        else:
            raise SystemExit("unknown server " + name)
        servers.append(s)

    doc = {"command": " ".join([os.path.basename(sys.argv[0])] + sys.argv[1:]), "machine": machine_state(),
           "cpuAccounting": "cgroup v1: total cpuacct.usage, split cpuacct.usage_user/usage_sys (tick-sampled)" if use_cgroup else "/proc/PID/task/*/stat utime+stime",
           "rounds": args.rounds, "servers": names, "baseline": BASELINE,
           "client": "taskset -c 1 redis-benchmark -c %d -q; P1 -n %d, P16 -n %d" % (args.clients, args.requests, args.requests_pipelined),
           "serverCpu": "taskset -c 0", "warmup": {}, "runs": []}
    try:
        for s in servers:
            s.start(use_cgroup)
            print("started %s on port %d: %s" % (s.name, s.port, " ".join(s.cmd)), flush=True)
        for s in servers:
            doc["warmup"][s.name] = warm_up(s, args)
        for r in range(args.rounds):
            order = servers if r % 2 == 0 else list(reversed(servers))
            print("round %d: %s" % (r + 1, " ".join(s.name for s in order)), flush=True)
            for s in order:
                for test, p in TESTS:
                    n = args.requests if p == 1 else args.requests_pipelined
                    row = bench(s, test, p, n, args.clients)
                    row["round"] = r + 1
                    doc["runs"].append(row)
                    print("  %-16s %s P%-2d %10.0f req/s  user %.3f + system %.3f us/request"
                          % (s.name, test.upper(), p, row["requestsPerSecond"], row["userUsPerRequest"], row["systemUsPerRequest"]), flush=True)
        if args.strace_requests > 0:
            doc["strace"] = strace_counts({s.name: s for s in servers}, args)
        doc["machine"]["loadavgAfter"] = open("/proc/loadavg").read().strip()
        doc["summary"] = summarise(doc)
        with open(out, "w") as f:
            json.dump(doc, f, indent=1)
        print()
        print(doc["summary"])
        print()
        print("written: %s" % os.path.relpath(out, ROOT))
    finally:
        cleanup()


if __name__ == "__main__":
    main()
