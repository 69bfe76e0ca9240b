#!/usr/bin/env python3
"""Small calls to a running `kanban serve` for the load test (Python standard library only).

    api.py seed URL COUNT        adds COUNT cards to the board `main`; prints their ids, one a line
    api.py counters URL          prints the figures run.sh compares before and after a run,
                                 as NAME=VALUE lines (events from /api/stats, the rest from /metrics)
"""

import json
import os
import sys
import urllib.request

JSON_HEADERS = {"Content-Type": "application/json", "X-Kanban-Actor": "load"}
# With roles on (run.sh ROLES=1): writes as the member `load`, whole-log reads as an administrator.
if os.environ.get("KANBAN_LOAD_TOKEN"):
    JSON_HEADERS["Authorization"] = f"Bearer {os.environ['KANBAN_LOAD_TOKEN']}"
ADMIN_HEADERS = {"Authorization": f"Bearer {os.environ['KANBAN_ADMIN_TOKEN']}"} if os.environ.get("KANBAN_ADMIN_TOKEN") else {}


def get(url):
    """The body of GET `url`, as text (as an administrator when roles are on)."""
    with urllib.request.urlopen(urllib.request.Request(url, headers=ADMIN_HEADERS), timeout=30) as answer:
        return answer.read().decode()


def post(url, body, headers=None, method="POST"):
    """POST `body` (made JSON) to `url`; the decoded JSON answer."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers or JSON_HEADERS, method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def seed(base, count):
    """Adds `count` cards to `main` (in its first column); their ids, in order. With roles on, an
    administrator first makes `main` a board of its members only, `load` an editor among them."""
    if ADMIN_HEADERS:
        admin = {**ADMIN_HEADERS, "Content-Type": "application/json"}
        post(f"{base}/api/boards/main/members", {"person": "load", "role": "editor"}, admin)
        post(f"{base}/api/boards/main/members", {"person": "watcher", "role": "viewer"}, admin)
        post(f"{base}/api/boards/main/visibility", {"visibility": "members"}, admin, method="PUT")
    return [post(f"{base}/api/boards/main/cards", {"title": f"Load card {n + 1}"})["id"] for n in range(count)]


def metrics(base):
    """/metrics as {"name{labels}": value}."""
    values = {}
    for line in get(f"{base}/metrics").splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values


def counters(base):
    """What a run changes: events in the log, commits and commands, POST answers by status, the
    batch-size gauges and the live subscribers."""
    stats = json.loads(get(f"{base}/api/stats"))
    values = metrics(base)
    posts_2xx = sum(v for k, v in values.items() if k.startswith("kanban_http_requests_total{method=\"POST\",status=\"2"))
    posts_other = sum(v for k, v in values.items() if k.startswith("kanban_http_requests_total{method=\"POST\"")) - posts_2xx
    return {
        "events": stats["events"],
        "commits": values.get("kanban_commits_total", 0),
        "commands": values.get("kanban_commands_total", 0),
        "posts_2xx": posts_2xx,
        "posts_other": posts_other,
        "batch_average": values.get("kanban_batch_size_average", 0),
        "batch_max": values.get("kanban_batch_size_max", 0),
        "live_subscribers": values.get("kanban_live_subscribers", 0),
        "streamed_events": values.get("kanban_streamed_events_total", 0),
    }


def main(arguments):
    if len(arguments) == 3 and arguments[0] == "seed":
        for card in seed(arguments[1].rstrip("/"), int(arguments[2])):
            print(card)
    elif len(arguments) == 2 and arguments[0] == "counters":
        for name, value in counters(arguments[1].rstrip("/")).items():
            print(f"{name}={int(value)}" if float(value).is_integer() else f"{name}={value:.3f}")
    else:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
