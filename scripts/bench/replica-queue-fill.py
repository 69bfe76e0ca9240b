#!/usr/bin/env python3
"""Copies of a replica with changes queued on it, written straight into its store with mdb_load.

    scripts/bench/replica-queue-fill.py REPLICA_DB CARD_IDS_FILE

REPLICA_DB is a database `kanban clone` made, with nothing queued; CARD_IDS_FILE its cards' ids,
whitespace-separated (`kanban board --json --db REPLICA_DB` has them). Makes REPLICA_DB's
siblings r1000-move.db, r10000-move.db (moves of its cards to the top of a column, in turn:
the board keeps its size) and r1000-add.db, r10000-add.db (adds), each entry the JSON
`kanban move CARD COLUMN --at 0` and `kanban add "queued card N"` queue, under the key they
queue it under (0x01 · u64 big-endian number), and `next` after the last. 22,000 `kanban`
processes would take about 40 minutes on a loaded 2-core machine; this takes seconds.
"""
import json, os, shutil, struct, subprocess, sys, uuid

def encoded(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True).encode()

def main():
    source, ids = sys.argv[1], open(sys.argv[2]).read().split()
    columns = ["TODO", "DOING", "DONE"]
    since = int(subprocess.run(["mdb_stat", "-s", "events", source], capture_output=True, text=True).stdout.split("Entries: ")[1].split()[0])
    for count in (1000, 10000):
        for kind in ("move", "add"):
            target = os.path.join(os.path.dirname(os.path.abspath(source)), f"r{count}-{kind}.db")
            shutil.copytree(source, target)
            lines = ["VERSION=3", "format=bytevalue", "database=replica", "type=btree", "HEADER=END"]
            for number in range(1, count + 1):
                if kind == "move":
                    args = {"at": 0, "board": "main", "card": ids[(number - 1) % len(ids)], "column": columns[(number - 1) % 3]}
                    mutation = {"args": args, "id": number, "name": "moveCard", "since": since}
                else:
                    args = {"board": "main", "card": str(uuid.uuid4()), "title": f"queued card {number - 1}"}
                    mutation = {"args": args, "id": number, "name": "addCard"}
                lines += [" " + (b"\x01" + struct.pack(">Q", number)).hex(), " " + encoded({"actor": "bench", "mutation": mutation}).hex()]
            lines += [" " + b"\x00next".hex(), " " + struct.pack("<Q", count + 1).hex(), "DATA=END"]
            subprocess.run(["mdb_load", "-s", "replica", target], input="\n".join(lines) + "\n", text=True, check=True)
            print(target)

if __name__ == "__main__":
    main()
