"""The reconnect benchmark: how long the web board takes to be Live again, with its offline
changes on the server, once the server is back.

Usage: python3 scripts/bench/reconnect.py PATH/TO/kanban [--changes 20] [--runs 5]

Serves a small board (the browser test's), opens it in headless Chromium, then for each run:
stops the server, makes `--changes` keyboard moves on the page (each one a mutation kept in the
page's outbox; the pill says "Offline — N changes saved on this device"), starts the server
again on the same database and port and measures, from the moment it listens:
- with Retry now pressed at once: until the pill says Live and the server has every change;
- left alone: the same, the page finding the server by itself (its retry waits double up to
  8 s while the server is away, so this mostly measures where that wait stood).
Prints medians and ranges; the README's figures come from it. Needs what the browser test
needs (scripts/ensure-browser.sh).
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "Tests", "Browser"))
os.environ.setdefault("SE_OFFLINE", "true")

import board_test  # noqa: E402  (the browser test's server and browser set-up)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


def offline_changes(board, count, cards):
    """Stops the server and makes `count` moves of `cards` on the page (right, then back left);
    returns the server's sequence before."""
    board.wait(lambda _: board.pill() == "Live", f"the pill says {board.pill()!r}, not Live, before the server stops", timeout=30)
    before = board.board()["sequence"]
    board.stop_server()
    board.wait(lambda _: board.pill() in ("Reconnecting…", "Offline"), f"the pill says {board.pill()!r} with the server stopped")
    for number in range(count):
        card = cards[number % len(cards)]
        direction = Keys.ARROW_RIGHT if (number // len(cards)) % 2 == 0 else Keys.ARROW_LEFT
        board.press_on_card(card, direction, modifier=Keys.ALT)
        expected = f"Offline — {number + 1} change{'s' if number else ''} saved on this device"
        board.wait(lambda _: board.pill() == expected, f"the pill says {board.pill()!r}, not {expected!r}")
    return before


def back_to_live(board, count, before, press_retry):
    """Restarts the server; the seconds from its listening to Live with `count` moves on it."""
    board.restart_server()
    started = time.perf_counter()
    if press_retry:
        board.act(lambda: board.driver.find_element(By.ID, "retry-button").click())
    board.wait(lambda _: board.pill() == "Live" and not board.pending_ids(), f"the pill says {board.pill()!r}, not Live", timeout=60)
    elapsed = time.perf_counter() - started
    moved = [event for event in board.get(f"/api/log?after={before}&limit=1000") if event["kind"] == "cardMoved"]
    if len(moved) != count:
        sys.exit(f"the server has {len(moved)} moves, {count} were made offline")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kanban")
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    binary = os.path.abspath(options.kanban)
    workdir = tempfile.mkdtemp(prefix="kanban-reconnect-bench-")
    database = os.path.join(workdir, "kanban.db")
    server = driver = board = None
    try:
        board_test.seed(binary, database)
        server, base_url = board_test.start_server(binary, database, os.path.join(workdir, "server.log"))
        driver = board_test.start_browser()
        board = board_test.Board(binary, database, base_url, driver, server, os.path.join(workdir, "server.log"))
        driver.get(base_url + "/")
        driver.execute_script("localStorage.setItem('kanban.actor', 'bench');")
        driver.get(base_url + "/?board=main")
        board.wait_ready()
        results = {True: [], False: []}
        for run in range(options.runs):
            for press_retry in (True, False):
                cards = [card["id"] for column in board.board()["columns"][:2] for card in column["cards"][:2]]
                before = offline_changes(board, options.changes, cards)
                results[press_retry].append(back_to_live(board, options.changes, before, press_retry))
        print(f"{options.changes} changes made offline, server back, {options.runs} runs each:")
        for press_retry, label in ((True, "Retry now pressed"), (False, "left alone")):
            times = results[press_retry]
            print(f"  {label}: Live with every change on the server after {statistics.median(times) * 1000:.0f} ms "
                  f"(range {min(times) * 1000:.0f}–{max(times) * 1000:.0f} ms)")
    finally:
        if driver:
            driver.quit()
        if board:
            board_test.stop_server(board.server)
        elif server:
            board_test.stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
