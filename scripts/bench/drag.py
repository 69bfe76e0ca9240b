"""What a pointer drag costs the page when a column shows thousands of cards.

Usage: python3 scripts/bench/drag.py PATH/TO/kanban [--events 120000] [--runs 5] [--unexpanded]

Generates `--events` events of the standard workload (120,000 leave about 5,300 live cards on
`main`, some 2,900 of them in its first column), serves them, opens the board in headless
Chromium and presses "Show more" until every card of the first column is shown (past 400 the
column is windowed: only the cards near its view are elements). Then it drags
cards with real pointer input (Selenium's pointer actions, as the browser test does): within the
long column, out of it into another column, and into it from another column. For each drag it
records the longest main-thread task (Chromium's long-task entries, over 50 ms) from the press
until the card shows in its new place and the page has been idle for a moment, and prints the
worst and the median per kind. "none" means no task over 50 ms at all. With --unexpanded the long
column stays at the 200 cards it shows first.
Needs what the browser test needs (scripts/ensure-browser.sh).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "Tests", "Browser"))
sys.path.insert(0, here)
os.environ.setdefault("SE_OFFLINE", "true")

import board_test  # noqa: E402  (the browser test's server and browser set-up)
from page import LONG_TASKS, board, column_of  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def longest_task(driver, started):
    """The longest long task (ms) that began after `started`, or 0."""
    return driver.execute_script(
        "return window.__longTasks.filter(([start]) => start >= arguments[0]).reduce((most, [, d]) => Math.max(most, d), 0)", started)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kanban")
    parser.add_argument("--events", type=int, default=120_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--unexpanded", action="store_true", help="leave the long column at the 200 cards it shows first")
    options = parser.parse_args()
    binary = os.path.abspath(options.kanban)
    workdir = tempfile.mkdtemp(prefix="kanban-drag-bench-")
    database = os.path.join(workdir, "kanban.db")
    server = driver = None
    try:
        subprocess.run([binary, "generate", "--db", database, "--events", str(options.events)], check=True, capture_output=True)
        server, base_url = board_test.start_server(binary, database, os.path.join(workdir, "server.log"))
        driver = board_test.start_browser()
        wait = WebDriverWait(driver, 60, poll_frequency=0.02)
        driver.get(base_url + "/")
        driver.execute_script("localStorage.setItem('kanban.actor', 'bench');")
        driver.get(base_url + "/?board=main")
        wait.until(lambda d: d.execute_script("return window.kanbanBoardShownAt != null"))
        current = board(base_url)
        columns = [column["name"] for column in current["columns"]]
        long_name = max(current["columns"], key=lambda column: len(column["cards"]))["name"]
        total = len(next(column for column in current["columns"] if column["name"] == long_name)["cards"])
        cards = sum(len(column["cards"]) for column in current["columns"])
        # Until no card of the column is left hidden (a long column renders only the cards near
        # its view, so the elements are not counted).
        while not options.unexpanded and driver.execute_script(
                "const more = document.querySelector(`#board .column[data-column='${arguments[0]}'] .show-more-cards`);"
                "if (!more || more.hidden) return false; more.click(); return true;", long_name):
            time.sleep(0.05)
        other = next(name for name in columns if name != long_name)
        driver.execute_script(LONG_TASKS)

        results = {"within the long column": [], "out of the long column": [], "into the long column": []}
        missed = 0
        for run in range(options.runs):
            for kind in results:
                current = board(base_url)
                by_name = {column["name"]: column["cards"] for column in current["columns"]}
                source = other if kind == "into the long column" else long_name
                target = other if kind == "out of the long column" else long_name
                card = by_name[source][(run * 37 + 15) % len(by_name[source])]["id"]
                # The page's own revealCard: in a windowed column it renders the card first.
                driver.execute_async_script(
                    "import('/assets/render.js').then((m) => { m.revealCard(arguments[0]); arguments[1](); });", card)
                element = driver.find_element(By.CSS_SELECTOR, f'#board .card[data-id="{card}"]')
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
                time.sleep(0.3)
                if kind == "within the long column":
                    # Some cards further down the same list.
                    index = next(i for i, c in enumerate(by_name[long_name]) if c["id"] == card)
                    drop = driver.find_element(By.CSS_SELECTOR, f'#board .card[data-id="{by_name[long_name][index + 3]["id"]}"]')
                else:
                    drop = driver.find_element(By.CSS_SELECTOR, f'#board .column[data-column="{target}"] .column-header')
                before = [c["id"] for c in by_name[target]]
                started = driver.execute_script("return performance.now()")
                chain = ActionChains(driver).click_and_hold(element).move_by_offset(12, 12).move_to_element(drop)
                chain.move_by_offset(0, 40 if kind != "within the long column" else 10).release().perform()
                try:
                    if kind == "within the long column":
                        WebDriverWait(driver, 15, poll_frequency=0.05).until(
                            lambda _: [c["id"] for c in next(col for col in board(base_url)["columns"] if col["name"] == target)["cards"]] != before)
                    else:
                        WebDriverWait(driver, 15, poll_frequency=0.05).until(lambda d: column_of(d, card) == target)
                except TimeoutException:
                    missed += 1
                    continue
                time.sleep(1.0)  # the answer, the refetch and their renders
                results[kind].append(longest_task(driver, started))

        shown = min(total, 200) if options.unexpanded else total
        print(f"drag benchmark: {cards} cards on the board, {shown} of {total} shown in {long_name!r} "
              f"({options.events} events of the standard workload), {options.runs} drags of each kind")
        for kind, values in results.items():
            if not values:
                print(f"  {kind:24} no drag took")
                continue
            worst = max(values)
            print(f"  {kind:24} longest task: worst {worst:.0f} ms, median {statistics.median(values):.0f} ms"
                  f" (each drag: {', '.join(f'{value:.0f}' for value in values)})"
                  if worst > 0 else f"  {kind:24} longest task: none over 50 ms")
        if missed:
            print(f"  ({missed} synthetic drags did not land and are left out)")
        return 0
    finally:
        if driver is not None:
            driver.quit()
        board_test.stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
