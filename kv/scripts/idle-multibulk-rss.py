#!/usr/bin/env python3
"""Resident memory of a RESP server under clients that announce a huge multibulk and send nothing more.

Starts `jab kv serve` and `redis-server` in turn on free ports, and for each prints its RSS
before, while N connections each hold "*65536\\r\\n" (the server must keep state for every one),
and some seconds after those clients leave. Run from the project root:

    python3 kv/scripts/idle-multibulk-rss.py [--clients 2000] [--settle 6]
"""
import argparse
import socket
import subprocess
import time

from respserver import free_port, rss, wait_ping


def rss_mb(pid):
    return rss(pid) / 2**20


def server_pid(proc, port):
    """`./jab kv serve` is a shell script that execs java; the listening process is the one to measure."""
    out = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True).stdout
    pid = out.split("pid=")[1].split(",")[0] if "pid=" in out else str(proc.pid)
    return int(pid)


def measure(name, argv, port, clients, settle):
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ping(port)
        pid = server_pid(proc, port)
        time.sleep(settle)
        before = rss_mb(pid)
        socks = []
        for _ in range(clients):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"*65536\r\n")
            socks.append(s)
        time.sleep(settle)
        held = rss_mb(pid)
        for s in socks:
            s.close()
        time.sleep(settle)
        after = rss_mb(pid)
        wait_ping(port)
        print(f"{name:<14} before {before:7.1f} MB   {clients} clients holding '*65536' {held:7.1f} MB   "
              f"{settle}s after they left {after:7.1f} MB")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=2000)
    ap.add_argument("--settle", type=int, default=6, help="seconds to wait before each reading")
    a = ap.parse_args()
    p = free_port()
    measure("jab kv serve", ["./jab", "kv", "serve", "--port", str(p)], p, a.clients, a.settle)
    p = free_port()
    measure("redis-server", ["redis-server", "--port", str(p), "--save", "", "--appendonly", "no"], p, a.clients, a.settle)


if __name__ == "__main__":
    main()
