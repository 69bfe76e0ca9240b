#!/usr/bin/env python3
"""One live stream on one node, writes on another, for the cluster test (Python standard library only).

    follow.py --writer URL_A --reader URL_B --adds 200 [--limit-ms 100]

Opens GET /api/events?board=main on node B, then adds ADDS cards to the board `main` on node A,
one after another (each POST sent when the previous answer is read). For each card, the delay
is from its POST sent to A until its cardAdded event (matched by card id) is read on B's stream.
Prints the delays' p50, p99 and max in milliseconds and the missing events as one RESULT line;
exits 1 when an event is missing or p99 is LIMIT_MS or more.
"""

import argparse
import http.client
import json
import sys
import threading
import time
import urllib.parse


def address(url):
    parsed = urllib.parse.urlsplit(url)
    return parsed.hostname, parsed.port


class Subscriber(threading.Thread):
    def __init__(self, url):
        super().__init__(daemon=True)
        self.url = url
        self.seen = {}  # card id -> monotonic time the event was read
        self.ready = threading.Event()
        self.lock = threading.Lock()
        self.error = None

    def run(self):
        try:
            host, port = address(self.url)
            connection = http.client.HTTPConnection(host, port, timeout=60)
            connection.request("GET", "/api/events?board=main", headers={"Accept": "text/event-stream", "X-Kanban-Actor": "cluster"})
            answer = connection.getresponse()
            if answer.status != 200:
                raise RuntimeError(f"GET /api/events answered {answer.status}")
            self.ready.set()
            data = []
            while True:
                line = answer.fp.readline()
                if not line:
                    raise RuntimeError("the stream ended")
                line = line.rstrip(b"\r\n")
                if line.startswith(b"data:"):
                    data.append(line[5:].strip())
                elif line == b"" and data:
                    now = time.monotonic()
                    event = json.loads(b"\n".join(data))
                    data = []
                    if event.get("kind") == "cardAdded":
                        with self.lock:
                            self.seen.setdefault(event["data"]["card"]["id"], now)
        except Exception as error:  # reported by main
            self.error = error
            self.ready.set()


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--writer", required=True)
    parser.add_argument("--reader", required=True)
    parser.add_argument("--adds", type=int, default=200)
    parser.add_argument("--limit-ms", type=float, default=100)
    arguments = parser.parse_args()

    subscriber = Subscriber(arguments.reader)
    subscriber.start()
    subscriber.ready.wait(30)
    if subscriber.error is not None or not subscriber.ready.is_set():
        print(f"follow.py: no stream on {arguments.reader}: {subscriber.error}", file=sys.stderr)
        return 1
    time.sleep(0.2)  # the stream is registered with the node's broadcaster

    host, port = address(arguments.writer)
    connection = http.client.HTTPConnection(host, port, timeout=30)
    sent = {}
    for n in range(arguments.adds):
        body = json.dumps({"title": f"live {n + 1}"}).encode()
        start = time.monotonic()
        connection.request("POST", "/api/boards/main/cards", body=body,
                           headers={"Content-Type": "application/json", "X-Kanban-Actor": "cluster"})
        answer = connection.getresponse()
        data = answer.read()
        if answer.status != 201:
            print(f"follow.py: POST answered {answer.status}: {data[:200]!r}", file=sys.stderr)
            return 1
        sent[json.loads(data)["id"]] = start

    waited = time.monotonic() + 5
    while time.monotonic() < waited:
        with subscriber.lock:
            if all(card in subscriber.seen for card in sent):
                break
        time.sleep(0.05)
    with subscriber.lock:
        delays = [(subscriber.seen[card] - start) * 1000 for card, start in sent.items() if card in subscriber.seen]
    missing = len(sent) - len(delays)
    p50, p99 = percentile(delays, 50), percentile(delays, 99)
    worst = max(delays) if delays else 0.0
    print(f"RESULT adds={len(sent)} received={len(delays)} missing={missing} "
          f"p50_ms={p50:.2f} p99_ms={p99:.2f} max_ms={worst:.2f}")
    if subscriber.error is not None:
        print(f"follow.py: the stream failed: {subscriber.error}", file=sys.stderr)
    return 0 if missing == 0 and p99 < arguments.limit_ms else 1


if __name__ == "__main__":
    sys.exit(main())
