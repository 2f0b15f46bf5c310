#!/usr/bin/env python3
"""Bytes per key of RESP servers: each server given is started fresh, its RSS and INFO memory's
used_memory read, N keys of 16 bytes with 32-byte values SET over one pipelined connection (1000
per round trip), both read again, RSS again after N keys more (the slope: what one more key costs, without
what is fixed), then again after MEMORY PURGE (Redis: its allocator returns dirty
pages; jab: a full collection, after which the heap shrinks to 30% free). Growth over N is what one key costs.
Run from the project root:

    python3 kv/scripts/bytes-per-key.py --keys 1000000 \\
        --server "redis=redis-server --port {port} --save '' --appendonly no" \\
        --server "jab=./jab kv serve --port {port}"
"""
import argparse
import os
import socket
import time

from respserver import rss, start, stop


class Conn:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port))
        self.buf = b""

    def send(self, *commands):
        out = []
        for words in commands:
            out.append(b"*%d\r\n" % len(words))
            for w in words:
                w = w if isinstance(w, bytes) else w.encode()
                out.append(b"$%d\r\n%s\r\n" % (len(w), w))
        self.s.sendall(b"".join(out))

    def line(self):
        while b"\r\n" not in self.buf:
            chunk = self.s.recv(1 << 16)
            if not chunk:
                raise RuntimeError("connection closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\r\n", 1)
        return line

    def reply(self):
        line = self.line()
        if line[:1] == b"-":
            raise RuntimeError(line.decode())
        if line[:1] == b"$":
            n = int(line[1:])
            while len(self.buf) < n + 2:
                self.buf += self.s.recv(1 << 16)
            data, self.buf = self.buf[:n], self.buf[n + 2:]
            return data
        return line


def used_memory(c):
    c.send(["INFO", "memory"])
    for line in c.reply().decode().split("\r\n"):
        if line.startswith("used_memory:"):
            return int(line.split(":")[1])
    return -1


def collect(c):
    """MEMORY PURGE: Redis returns its allocator's dirty pages; jab runs a full collection and shrinks its heap."""
    c.send(["MEMORY", "PURGE"])
    c.reply()
    time.sleep(2)


def load(c, first_key, end_key):
    value = b"v" * 32
    for first in range(first_key, end_key, 1000):
        last = min(end_key, first + 1000)
        c.send(*[["SET", b"key:%012d" % i, value] for i in range(first, last)])
        for _ in range(first, last):
            c.reply()


def measure(name, command, keys):
    proc, port = start(command)
    try:
        c = Conn(port)
        c.send(["PING"])
        c.reply()
        time.sleep(1)
        rss0, used0 = rss(proc.pid), used_memory(c)
        load(c, 0, keys)
        rss1, used1 = rss(proc.pid), used_memory(c)
        load(c, keys, 2 * keys)
        rss_twice = rss(proc.pid)
        collect(c)
        rss2, used2 = rss(proc.pid), used_memory(c)
        per = lambda a, b, n=keys: (b - a) / n
        print(f"{name:<24} RSS +{per(rss0, rss1):6.1f} B/key after load, slope +{per(rss1, rss_twice):6.1f} from {keys} to {2 * keys} keys,"
              f" +{per(rss0, rss2, 2 * keys):6.1f} after a collection; used_memory +{per(used0, used1):6.1f} B/key"
              f" (RSS {rss0 / 2**20:.0f} -> {rss1 / 2**20:.0f} -> {rss_twice / 2**20:.0f} -> {rss2 / 2**20:.0f} MiB)", flush=True)
    finally:
        stop(proc)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", action="append", required=True, help="NAME=COMMAND with {port}")
    ap.add_argument("--keys", type=int, default=1_000_000)
    args = ap.parse_args()
    for spec in args.server:
        name, command = spec.split("=", 1)
        measure(name, command, args.keys)


if __name__ == "__main__":
    main()
