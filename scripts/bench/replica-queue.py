#!/usr/bin/env python3
"""What a command costs on a replica as its queue grows, for two builds of kanban.

    scripts/bench/replica-queue.py BEFORE_BIN AFTER_BIN REPLICA_DB... [--runs 15]

Each REPLICA_DB (a database `kanban clone` made, with changes queued on it, for example by
`for i in $(seq 10000); do kanban add "card $i" --db r10k.db; done`) is copied once per build;
`add`, `board --json` and `board` run on the copies, the two builds interleaved, and the median
wall and CPU time (user + system of the process) of each is printed.
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

def main():
    args = sys.argv[1:]
    runs = 15
    if "--runs" in args:
        index = args.index("--runs")
        runs = int(args[index + 1])
        del args[index:index + 2]
    builds, databases = {"before": args[0], "after": args[1]}, args[2:]
    env = dict(os.environ, KANBAN_ACTOR="bench", NO_COLOR="1")
    work = tempfile.mkdtemp(prefix="replica-queue-")
    try:
        for database in databases:
            copies = {}
            for name in builds:
                copies[name] = os.path.join(work, f"{name}-{os.path.basename(database)}")
                shutil.copytree(database, copies[name])
            for command in (["add", "timing card"], ["board", "--json"], ["board"]):
                results = {name: [] for name in builds}
                for _ in range(runs):
                    for name, binary in builds.items():
                        start = time.perf_counter()
                        process = subprocess.Popen([binary] + command + ["--db", copies[name]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                        _, status, usage = os.wait4(process.pid, 0)
                        if status != 0:
                            sys.exit(f"{binary} {' '.join(command)} failed on {copies[name]}")
                        results[name].append(((time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000))
                line = f"{os.path.basename(database):10} {' '.join(command):12}"
                for name in builds:
                    wall = statistics.median(r[0] for r in results[name])
                    cpu = statistics.median(r[1] for r in results[name])
                    line += f" | {name}: wall {wall:6.1f} ms, cpu {cpu:6.1f} ms"
                print(line, flush=True)
    finally:
        shutil.rmtree(work)

if __name__ == "__main__":
    main()
