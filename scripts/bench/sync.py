"""The sync benchmark: how long a queue of offline changes takes to reach the server.

Usage: python3 scripts/bench/sync.py PATH/TO/kanban [--mutations 10000] [--batch 1000] [--runs 5] [--no-since]

For each run: a fresh database with the default board, served by `kanban serve`; a client's
queue of `--mutations` mutations — a third adds (each with the client's own card id), the
rest moves of those cards between TODO, DOING and DONE, each move placed `after` another card
and made on the board as it was before the queue (`since` the log's start, so each move's
conflict check reads every event appended after that; `--no-since` leaves it out) — pushed to POST /api/sync/push `--batch` at a time, in order, each push waiting for its
answer (as the web board and `kanban sync` do). Prints the median and the range over the
runs of the whole queue's time (first request sent to last answer read), and mutations per
second; the README's figure comes from it. Each run also checks that every mutation was
applied once.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid


def serve(kanban, database):
    process = subprocess.Popen([kanban, "serve", "--db", database, "--port", "0", "--log-level", "error"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if not line.startswith("Listening on "):
        process.kill()
        sys.exit(f"kanban serve did not start: {line!r}")
    return process, line.split("Listening on ", 1)[1].strip()


def post(base, path, body):
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "X-Kanban-Actor": "bench-phone"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read().decode())


def queue(count, since):
    mutations, cards = [], []
    columns = ["TODO", "DOING", "DONE"]
    for number in range(1, count + 1):
        if number % 3 == 1 or not cards:
            card = str(uuid.uuid4())
            cards.append(card)
            mutations.append({"id": number, "name": "addCard", "args": {"board": "main", "card": card, "title": f"offline {number}"}})
        else:
            card = cards[number % len(cards)]
            after = cards[(number * 7) % len(cards)]
            move = {"id": number, "name": "moveCard", "args": {"board": "main", "card": card, "column": columns[number % 3], "after": after}}
            if since:
                move["since"] = 0
            mutations.append(move)
    return mutations, len(cards)


def run(kanban, count, batch, since):
    directory = tempfile.mkdtemp(prefix="kanban-sync-bench-")
    server, base = serve(kanban, os.path.join(directory, "sync.db"))
    try:
        post(base, "/api/boards/main/cards", {"title": "first"})  # the default board exists
        mutations, cards = queue(count, since)
        client = "bench-" + uuid.uuid4().hex[:12]
        start = time.perf_counter()
        for offset in range(0, count, batch):
            answer = post(base, "/api/sync/push", {"clientID": client, "mutations": mutations[offset:offset + batch]})
            statuses = {result["status"] for result in answer["results"]}
            if statuses - {"applied", "refused"}:
                sys.exit(f"unexpected results: {statuses}")
        elapsed = time.perf_counter() - start
        with urllib.request.urlopen(f"{base}/api/sync/pull?client={client}&after=999999999", timeout=30) as response:
            pulled = json.loads(response.read().decode())
        if pulled["lastMutationID"] != count:
            sys.exit(f"the server decided {pulled['lastMutationID']} of {count} mutations")
        with urllib.request.urlopen(f"{base}/api/boards/main", timeout=30) as response:
            live = sum(len(column["cards"]) for column in json.loads(response.read().decode())["columns"])
        if live != cards + 1:
            sys.exit(f"{live} cards on the board, {cards + 1} expected")
        return elapsed
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kanban")
    parser.add_argument("--mutations", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-since", action="store_true", help="moves without since: no conflict check")
    arguments = parser.parse_args()
    times = [run(arguments.kanban, arguments.mutations, arguments.batch, not arguments.no_since) for _ in range(arguments.runs)]
    median = statistics.median(times)
    kind = "moves without since" if arguments.no_since else "moves with since=0"
    print(f"{arguments.mutations:,} queued mutations ({kind}) pushed {arguments.batch:,} at a time, {arguments.runs} runs:")
    print(f"  median {median * 1000:.0f} ms (range {min(times) * 1000:.0f}–{max(times) * 1000:.0f} ms), "
          f"{arguments.mutations / median:,.0f} mutations/s")


if __name__ == "__main__":
    main()
