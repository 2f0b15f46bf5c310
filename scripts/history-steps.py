#!/usr/bin/env python3
"""The smallest step `jab history changes` finds, planted in a history of real runs of the same code.

A history of runs of unchanged code holds only noise. This copies it and, for every variant X of
every question, adds a copy of the question named '<question> [X+s@K]' in which X got dearer by s
from the K-th run (0-based) on: every ratio X/b of those runs times 1+s, every a/X divided by it,
each interval with its ratio. Then it runs `./jab history changes --json` on the copy and counts a
planted series (a pair holding X) as found when a change point in the planted direction lands within
one run of K. The copies' other pairs are the history's own and count nothing.

Usage, from the project root: scripts/history-steps.py HISTORY.db [STEPS] [POSITIONS]
  e.g. scripts/history-steps.py results/history.db 0.01,0.02,0.03,0.05,0.075,0.1 6,10,14
"""
import json, os, re, shutil, sqlite3, subprocess, sys, tempfile
from collections import defaultdict

src = sys.argv[1]
steps = [float(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "0.01,0.02,0.03,0.05,0.075,0.1").split(",")]
positions = [int(x) for x in (sys.argv[3] if len(sys.argv) > 3 else "6,10,14").split(",")]
work = tempfile.mkdtemp()
try:
    db = os.path.join(work, "planted.db")
    shutil.copy(src, db)
    c = sqlite3.connect(db)
    runs = [r[0] for r in c.execute("select run_key from runs order by run_time, run_key")]
    if max(positions) >= len(runs):
        sys.exit(f"{len(runs)} runs in {src}: plant positions must be below that")
    cols = [r[1] for r in c.execute("pragma table_info(ratios)")]
    for q in [r[0] for r in c.execute("select distinct question from ratios")]:
        rows = [dict(zip(cols, r)) for r in c.execute("select * from ratios where question = ?", (q,))]
        for x in sorted({r["a"] for r in rows} | {r["b"] for r in rows}):
            for s in steps:
                for k in positions:
                    for r in rows:
                        late = runs.index(r["run_key"]) >= k
                        f = (1 + s if r["a"] == x else 1 / (1 + s) if r["b"] == x else 1.0) if late else 1.0
                        p = dict(r, question=f"{q} [{x}+{s}@{k}]", ratio=r["ratio"] * f, low=r["low"] * f, high=r["high"] * f)
                        c.execute(f"insert into ratios ({','.join(cols)}) values ({','.join('?' * len(cols))})", [p[n] for n in cols])
    c.commit()
    out = subprocess.run(["./jab", "history", "changes", "--db", db, "--json"], capture_output=True, text=True, check=True).stdout
    changes = defaultdict(list)
    for ch in json.loads(out)["changes"]:
        changes[(ch["question"], ch["a"], ch["b"])].append(ch)
    found, total = defaultdict(int), defaultdict(int)
    planted = re.compile(r"^.* \[(.+)\+([0-9.]+)@(\d+)\]$")
    for q, a, b in c.execute("select distinct question, a, b from ratios"):
        m = planted.match(q)
        if not m or m.group(1) not in (a, b):
            continue
        x, s, k = m.group(1), float(m.group(2)), int(m.group(3))
        total[s] += 1
        up = x == a  # the ratio a/b rises when a got dearer
        if any(abs(ch["runsBefore"] - k) <= 1 and (ch["step"] > 1) == up for ch in changes[(q, a, b)]):
            found[s] += 1
    print(f"{len(runs)} runs; steps planted from run {', '.join(str(k + 1) for k in positions)} on")
    for s in steps:
        print(f"step {s:.1%}: found in {found[s]} of {total[s]} planted series ({found[s] / max(1, total[s]):.0%})")
finally:
    shutil.rmtree(work)
