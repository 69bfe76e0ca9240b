#!/usr/bin/env python3
"""Small calls to running `kanban serve` nodes for the cluster test (Python standard library only).

    cluster.py counters URL [URL…]     events=, last_sequence= (from the first node's /api/stats) and
                                       posts_2xx=, posts_other= (POST answers, summed over every
                                       node's /metrics), as NAME=VALUE lines
    cluster.py merge WRK_OUTPUT…       combines the wrk runs of cards.lua (one per node): prints
                                       requests=, ok=, non2xx=, errors=, seconds=, rate= (2xx
                                       answers per second, summed), p50_ms=, p99_ms= (of the merged
                                       latency histogram), worst_p99_ms= (the worst node's p99)
    cluster.py last URL                prints the node's lastSequence (/api/stats), or "down"
                                       when it does not answer within 5 s
    cluster.py log URL                 prints the whole log of one node as JSON lines
    cluster.py check ACKS URL [URL…]   the fault checks: every acknowledged card (ACKS: one card id
                                       a line) added exactly once, no card added twice, sequences
                                       1..N without a gap, every node with the same log; prints a
                                       PASS/FAIL line per check and exits 1 when any fails
    cluster.py waits WAITS DOWNTIMES LIMIT
                                       each acknowledged add's wait (WAITS: "FIRST ANSWER" lines)
                                       beyond PostgreSQL's downtime (DOWNTIMES: "START END" lines):
                                       prints the worst and exits 1 when one is over LIMIT seconds
"""

import json
import os
import sys
import urllib.request

# The load test's reader of /metrics, shared rather than copied.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "load"))
from api import metrics  # noqa: E402

PAGE = 10_000


def get(url, timeout=30):
    """The body of GET `url`, as text."""
    request = urllib.request.Request(url, headers={"X-Kanban-Actor": "cluster"})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return answer.read().decode()


def counters(bases):
    stats = json.loads(get(f"{bases[0]}/api/stats"))
    posts_2xx = posts_all = 0
    for base in bases:
        values = metrics(base)
        posts_2xx += sum(v for k, v in values.items() if k.startswith('kanban_http_requests_total{method="POST",status="2'))
        posts_all += sum(v for k, v in values.items() if k.startswith('kanban_http_requests_total{method="POST"'))
    return {"events": stats["events"], "last_sequence": stats["lastSequence"],
            "posts_2xx": int(posts_2xx), "posts_other": int(posts_all - posts_2xx)}


def merge(paths):
    """Totals and merged percentiles of several cards.lua wrk outputs."""
    histogram = {}
    requests = non2xx = errors = 0
    seconds = 0.0
    rate = 0.0
    worst_p99 = 0.0
    for path in paths:
        with open(path) as file:
            for line in file:
                if line.startswith("RESULT "):
                    fields = dict(item.split("=", 1) for item in line.split()[1:])
                    requests += int(fields["requests"])
                    non2xx += int(fields["non2xx"])
                    errors += int(fields["socket_errors"]) + int(fields["timeouts"])
                    seconds = max(seconds, float(fields["seconds"]))
                    rate += (int(fields["requests"]) - int(fields["non2xx"])) / float(fields["seconds"])
                    worst_p99 = max(worst_p99, float(fields["p99_ms"]))
                elif line.startswith("LATENCY "):
                    _, value, count = line.split()
                    histogram[int(value)] = histogram.get(int(value), 0) + int(count)
    total = sum(histogram.values())

    def percentile(p):
        if total == 0:
            return 0.0
        rank = max(1, -(-total * p // 100))  # the smallest value with at least p% of the answers at or below it
        seen = 0
        for value in sorted(histogram):
            seen += histogram[value]
            if seen >= rank:
                return value / 1000
        return max(histogram) / 1000

    return {"requests": requests, "ok": requests - non2xx, "non2xx": non2xx, "errors": errors,
            "seconds": f"{seconds:.3f}", "rate": f"{rate:.0f}", "p50_ms": f"{percentile(50):.2f}",
            "p99_ms": f"{percentile(99):.2f}", "worst_p99_ms": f"{worst_p99:.2f}"}


def whole_log(base):
    """Every event of the node's log, oldest first (GET /api/log, page after page)."""
    events = []
    after = 0
    while True:
        page = json.loads(get(f"{base}/api/log?after={after}&limit={PAGE}", timeout=60))
        events.extend(page)
        if len(page) < PAGE:
            return events
        after = page[-1]["sequence"]


def card_added(event):
    """The card id of a cardAdded event, else None."""
    if event.get("kind") != "cardAdded":
        return None
    return event.get("data", {}).get("card", {}).get("id")


def check(acks_path, bases):
    with open(acks_path) as file:
        acknowledged = [line.strip() for line in file if line.strip()]
    logs = []
    for base in bases:
        try:
            logs.append(whole_log(base))
        except Exception as error:
            print(f"FAIL reading the log of {base}: {error}")
            logs.append([])
    log = next((one for one in logs if one), [])  # the first node that answered
    added = {}
    for event in log:
        card = card_added(event)
        if card is not None:
            added[card] = added.get(card, 0) + 1
    sequences = [event["sequence"] for event in log]
    results = []

    missing = [card for card in acknowledged if added.get(card, 0) == 0]
    repeated_ack = [card for card in acknowledged if added.get(card, 0) > 1]
    unique_acks = len(set(acknowledged))
    results.append(("(a) every acknowledged card added exactly once",
                    not missing and not repeated_ack and unique_acks == len(acknowledged),
                    f"{len(acknowledged)} acknowledged ({unique_acks} distinct ids), {len(missing)} missing from the log, "
                    f"{len(repeated_ack)} added more than once"))
    twice = [card for card, count in added.items() if count > 1]
    results.append(("(b) no card added twice", not twice,
                    f"{len(added)} cards added in the log, {len(twice)} added more than once"))
    gapless = sequences == list(range(1, len(sequences) + 1))
    first_gap = next((i + 1 for i, s in enumerate(sequences) if s != i + 1), None)
    results.append(("(c) sequences 1..N without a gap", gapless,
                    f"{len(sequences)} events, last sequence {sequences[-1] if sequences else 0}"
                    + ("" if gapless else f", first mismatch at position {first_gap}")))
    same = len(logs) >= 2 and all(logs) and all([e["id"] for e in other] == [e["id"] for e in log] for other in logs[1:])
    results.append(("(d) every node returns the same log", same,
                    ", ".join(f"{base}: {len(other)} events" for base, other in zip(bases, logs))))
    for name, passed, detail in results:
        print(f"{'PASS' if passed else 'FAIL'} {name}: {detail}")
    print(f"RESULT events={len(log)} cards_in_log={len(added)} extra_cards={len(set(added) - set(acknowledged))}")
    return all(passed for _, passed, _ in results) and all(logs)


def waits(waits_path, downtimes_path, limit):
    """Each acknowledged add's wait beyond PostgreSQL's downtime: its wait from first attempt to
    answer, less the time within it that PostgreSQL was down (the union of the windows, each
    "START END" in wall-clock seconds). Prints the worst and the adds over LIMIT seconds; True
    when none is over."""
    windows = []
    with open(downtimes_path) as file:
        for line in file:
            parts = line.split()
            if len(parts) >= 2:
                windows.append((float(parts[0]), float(parts[1])))
    windows.sort()
    worst = (0.0, 0.0, 0.0)  # excess, wait, first attempt
    over = 0
    count = 0
    with open(waits_path) as file:
        for line in file:
            parts = line.split()
            if len(parts) != 2:
                continue
            first, answered = float(parts[0]), float(parts[1])
            down = sum(max(0.0, min(answered, end) - max(first, start)) for start, end in windows)
            excess = (answered - first) - down
            count += 1
            if excess > limit:
                over += 1
            if excess > worst[0]:
                worst = (excess, answered - first, first)
    base = windows[0][0] if windows else worst[2]
    print(f"{count} acknowledged adds; the longest wait beyond PostgreSQL's downtime {worst[0] * 1000:.0f} ms "
          f"(a wait of {worst[1] * 1000:.0f} ms, first attempt at {worst[2] - base:.1f} s after the first restart began); "
          f"{over} over {limit:.1f} s")
    print(f"RESULT adds={count} worst_excess_ms={worst[0] * 1000:.0f} over_limit={over}")
    return over == 0


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "counters":
        for name, value in counters([a.rstrip("/") for a in arguments[1:]]).items():
            print(f"{name}={value}")
    elif len(arguments) >= 2 and arguments[0] == "merge":
        for name, value in merge(arguments[1:]).items():
            print(f"{name}={value}")
    elif len(arguments) == 2 and arguments[0] == "last":
        try:
            print(json.loads(get(f"{arguments[1].rstrip('/')}/api/stats", timeout=5))["lastSequence"])
        except Exception:
            print("down")
    elif len(arguments) == 2 and arguments[0] == "log":
        for event in whole_log(arguments[1].rstrip("/")):
            print(json.dumps(event, sort_keys=True))
    elif len(arguments) == 4 and arguments[0] == "waits":
        return 0 if waits(arguments[1], arguments[2], float(arguments[3])) else 1
    elif len(arguments) >= 3 and arguments[0] == "check":
        return 0 if check(arguments[1], [a.rstrip("/") for a in arguments[2:]]) else 1
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
