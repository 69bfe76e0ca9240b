#!/usr/bin/env python3
"""Writers that never give up, for the cluster fault test (Python standard library only).

    writers.py --urls URL_A,URL_B --writers 64 --seconds 20 --acks FILE [--waits FILE]

WRITERS threads add cards to the board `main` for SECONDS seconds, each card with a fresh
`Idempotency-Key`. When a request fails (connection refused or reset, a timeout, a 5xx) the
writer sends the SAME request with the SAME key to the next node, again and again, until an
answer is 2xx: the card is then acknowledged and its id (from the answer) written to ACKS, one a
line. A card whose request is still unanswered GRACE seconds after the end is given up (and
counted: the check in run.sh then cannot say whether it is in the log). Another 4xx is counted
as refused and the writer moves on.

Prints the counts as one RESULT line (acknowledged, retried, attempts, replayed, refused,
given_up, longest_ms) and the acknowledgements per second.
"""

import argparse
import http.client
import json
import threading
import time
import urllib.parse

TIMEOUT = 5.0  # seconds for one attempt
PAUSE = 0.05  # seconds between attempts of a card


class Writer(threading.Thread):
    def __init__(self, number, nodes, run, start, deadline, grace, stats):
        super().__init__(daemon=True)
        self.number = number
        self.nodes = nodes
        self.node = number % len(nodes)
        self.run_id = run
        self.start_time = start
        self.deadline = deadline
        self.grace = grace
        self.stats = stats
        self.connection = None
        self.acks = []  # (card id, seconds since start)
        self.waits = []  # (first attempt, answer), wall-clock seconds
        self.retried = self.attempts = self.replayed = self.refused = self.given_up = 0
        self.longest = 0.0
        self.errors = {}

    def connect(self):
        host, port = self.nodes[self.node]
        self.connection = http.client.HTTPConnection(host, port, timeout=TIMEOUT)

    def drop(self):
        if self.connection is not None:
            self.connection.close()
        self.connection = None

    def attempt(self, body, key):
        """One try: (status, headers, body) or raises OSError / HTTPException."""
        if self.connection is None:
            self.connect()
        self.connection.request("POST", "/api/boards/main/cards", body=body, headers={
            "Content-Type": "application/json", "Idempotency-Key": key, "X-Kanban-Actor": "cluster"})
        answer = self.connection.getresponse()
        data = answer.read()
        if answer.getheader("Connection", "").lower() == "close":
            self.drop()
        return answer.status, answer, data

    def note(self, kind):
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def run(self):
        count = 0
        while time.monotonic() < self.deadline:
            count += 1
            key = f"{self.run_id}-w{self.number}-{count}"
            body = json.dumps({"title": key}).encode()
            first = time.monotonic()
            first_wall = time.time()
            tries = 0
            while True:
                if time.monotonic() > self.deadline + self.grace:
                    self.given_up += 1
                    return
                tries += 1
                self.attempts += 1
                try:
                    status, answer, data = self.attempt(body, key)
                except (OSError, http.client.HTTPException) as error:
                    self.note(type(error).__name__)
                    self.drop()
                    self.node = (self.node + 1) % len(self.nodes)
                    time.sleep(PAUSE)
                    continue
                if 200 <= status < 300:
                    card = json.loads(data)["id"]
                    now = time.monotonic()
                    self.acks.append((card, now - self.start_time))
                    self.waits.append((first_wall, time.time()))
                    self.longest = max(self.longest, now - first)
                    if tries > 1:
                        self.retried += 1
                    if answer.getheader("Idempotent-Replayed", "").lower() == "true":
                        self.replayed += 1
                    break
                if status >= 500:
                    self.note(f"HTTP {status}")
                    self.drop()
                    self.node = (self.node + 1) % len(self.nodes)
                    time.sleep(PAUSE)
                    continue
                self.note(f"HTTP {status}")
                self.refused += 1
                if self.refused <= 3:
                    print(f"writer {self.number}: {status} for key {key}: {data[:200]!r}", flush=True)
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--urls", required=True, help="the nodes, comma-separated (http://127.0.0.1:PORT)")
    parser.add_argument("--writers", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--grace", type=float, default=30, help="seconds a card may still be retried after the end")
    parser.add_argument("--acks", required=True, help="where to write the acknowledged card ids")
    parser.add_argument("--run", default=f"faults{int(time.time())}", help="the key prefix")
    parser.add_argument("--waits", help="where to write, for each acknowledged card, the wall-clock times of its first attempt and its answer")
    arguments = parser.parse_args()
    nodes = []
    for url in arguments.urls.split(","):
        parsed = urllib.parse.urlsplit(url)
        nodes.append((parsed.hostname, parsed.port))
    start = time.monotonic()
    deadline = start + arguments.seconds
    writers = [Writer(n, nodes, arguments.run, start, deadline, arguments.grace, None) for n in range(arguments.writers)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    acks = [ack for writer in writers for ack in writer.acks]
    with open(arguments.acks, "w") as file:
        for card, _ in acks:
            file.write(card + "\n")
    if arguments.waits:
        with open(arguments.waits, "w") as file:
            for writer in writers:
                for first, answered in writer.waits:
                    file.write(f"{first:.6f} {answered:.6f}\n")
    seconds = int(arguments.seconds + arguments.grace) + 1
    per_second = [0] * seconds
    for _, at in acks:
        per_second[min(int(at), seconds - 1)] += 1
    while per_second and per_second[-1] == 0:
        per_second.pop()
    errors = {}
    for writer in writers:
        for kind, count in writer.errors.items():
            errors[kind] = errors.get(kind, 0) + count
    total = lambda name: sum(getattr(writer, name) for writer in writers)
    print("acknowledgements per second: " + " ".join(str(n) for n in per_second))
    print("failed attempts: " + (", ".join(f"{kind} {count}" for kind, count in sorted(errors.items())) or "none"))
    print(f"RESULT acknowledged={len(acks)} retried={total('retried')} attempts={total('attempts')} "
          f"replayed={total('replayed')} refused={total('refused')} given_up={total('given_up')} "
          f"longest_ms={max(writer.longest for writer in writers) * 1000:.0f}")


if __name__ == "__main__":
    main()
