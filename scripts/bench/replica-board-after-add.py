#!/usr/bin/env python3
"""board --json right after each add (the view then has 1 change queued after it), two builds interleaved.
    after-add.py BEFORE_BIN AFTER_BIN DB... [--runs 15]"""
import os, shutil, statistics, subprocess, sys, tempfile, time
args = sys.argv[1:]; runs = 15
if "--runs" in args:
    i = args.index("--runs"); runs = int(args[i + 1]); del args[i:i + 2]
builds = {"before": args[0], "after": args[1]}
env = dict(os.environ, KANBAN_ACTOR="bench", NO_COLOR="1")
work = tempfile.mkdtemp(prefix="after-add-")
def run(cmd):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    assert status == 0, cmd
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000
try:
    for db in args[2:]:
        copies = {}
        for name in builds:
            copies[name] = os.path.join(work, f"{name}-{os.path.basename(db)}")
            shutil.copytree(db, copies[name])
            run([builds[name], "board", "--json", "--db", copies[name]])  # the first read keeps the view
        results = {name: [] for name in builds}
        for _ in range(runs):
            for name, binary in builds.items():
                run([binary, "add", "timing card", "--db", copies[name]])
                results[name].append(run([binary, "board", "--json", "--db", copies[name]]))
        line = f"{os.path.basename(db):15} board --json after add"
        for name in builds:
            line += f" | {name}: wall {statistics.median(r[0] for r in results[name]):6.1f} ms, cpu {statistics.median(r[1] for r in results[name]):6.1f} ms"
        print(line, flush=True)
finally:
    shutil.rmtree(work)
