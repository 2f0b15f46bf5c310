"""A server on a CPU of its own under a cgroup CPU quota, the load generator on another CPU, and the
server's CPU time read from its cgroup (every thread, JIT and GC included): what the harness's
ServerIsolation does, for the scripts beside this one. cgroup v1 (cpu.cfs_quota_us, cpuacct.usage)
where mounted, else v2 (cpu.max, cpu.stat). Cgroups are named after this script's pid and removed on
exit; those of scripts (or jabs) no longer running are removed before a new one is made."""
import os
import shutil
import time

PREFIX = "jab-kv-"
PERIOD_US = 20_000


def allowed_cpus():
    return sorted(os.sched_getaffinity(0))


def hierarchy():
    """(version, cpu dir, cpuacct dir) from /proc/self/mounts, or None where no quota can be set."""
    cpu = acct = unified = None
    with open("/proc/self/mounts") as f:
        for line in f:
            dev, at, kind, opts = line.split()[:4]
            if kind == "cgroup2":
                unified = unified or at
            elif kind == "cgroup":
                o = opts.split(",")
                cpu = at if "cpu" in o else cpu
                acct = at if "cpuacct" in o else acct
    if cpu and acct and os.access(cpu, os.W_OK) and os.access(acct, os.W_OK):
        return 1, cpu, acct
    if unified and os.access(unified, os.W_OK):
        try:
            if "cpu" in open(f"{unified}/cgroup.controllers").read().split():
                with open(f"{unified}/cgroup.subtree_control", "w") as f:
                    f.write("+cpu")
                return 2, unified, unified
        except OSError:
            pass
    return None


class Cgroup:
    """One server's cgroup with a quota of `cpus` of a CPU."""

    def __init__(self, h, name, cpus):
        self.version, cpu, acct = h
        _remove_leftovers(cpu, acct)
        self.name = f"{PREFIX}{os.getpid()}-{name}"
        self.dirs = [f"{cpu}/{self.name}"] + ([f"{acct}/{self.name}"] if acct != cpu else [])
        self.cpus = cpus
        for d in self.dirs:
            os.makedirs(d, exist_ok=True)
        quota = round(cpus * PERIOD_US)
        if self.version == 1:
            _write(f"{self.dirs[0]}/cpu.cfs_period_us", PERIOD_US)
            _write(f"{self.dirs[0]}/cpu.cfs_quota_us", quota)
        else:
            _write(f"{self.dirs[0]}/cpu.max", f"{quota} {PERIOD_US}")

    def wrap(self, inner):
        """A command prefix: a shell joins the cgroup, then execs `inner` + the server."""
        script = "".join(f"echo $$ > '{d}/cgroup.procs' && " for d in self.dirs) + 'exec "$0" "$@"'
        return ["sh", "-c", script] + inner

    def usage_seconds(self):
        acct = self.dirs[-1]
        if self.version == 1:
            return int(open(f"{acct}/cpuacct.usage").read()) / 1e9
        for line in open(f"{acct}/cpu.stat"):
            k, v = line.split()
            if k == "usage_usec":
                return int(v) / 1e6
        raise RuntimeError("no usage_usec in cpu.stat")

    def remove(self):
        for d in self.dirs:
            deadline = time.monotonic() + 5
            while os.path.isdir(d):
                try:
                    os.rmdir(d)
                except OSError:
                    if time.monotonic() > deadline:
                        break
                    for pid in open(f"{d}/cgroup.procs").read().split():
                        try:
                            os.kill(int(pid), 9)  # our server, left by an interrupted run
                        except ProcessLookupError:
                            pass
                    time.sleep(0.05)


def _write(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def _remove_leftovers(*roots):
    for root in set(roots):
        for n in os.listdir(root):
            if not n.startswith(PREFIX):
                continue
            pid = n[len(PREFIX):].split("-", 1)[0]
            if pid.isdigit() and not os.path.exists(f"/proc/{pid}"):
                try:
                    os.rmdir(f"{root}/{n}")
                except OSError:
                    pass  # something still runs in it


def taskset(cpu):
    path = shutil.which("taskset")
    return [path, "-c", str(cpu)] if path else []
