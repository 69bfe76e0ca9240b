"""The web board's page benchmark: a board of the standard workload in headless Chromium.

Usage: python3 scripts/bench/page.py PATH/TO/kanban [--events 100000] [--runs 7]

Generates `--events` events of the standard workload (100,000 leave 4,441 live cards on
`main`; the page shows the first 200 of each column and a button for more), serves them and opens the board as a user would, then measures, as medians over
`--runs` tries:
- first board: from navigation to the first render that shows cards (ms), and that render alone;
- a remote change (another actor moves a card through the API): the page's render of it, and
  the main-thread long tasks (over 50 ms, as Chromium reports them) from the change until the
  page shows it;
- a keyboard move (Alt+Right on a focused card): the render that shows it moved;
- a pointer drag from the first column to the last: its longest render and the long tasks
  from the press until the card shows in its new column;
- the Deleted panel: from the click until its first page is shown;
- Tab stops on the board (cards and controls reachable with Tab).
Prints one table; the README's figures come from it. Needs what the browser test needs
(scripts/ensure-browser.sh).
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

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "Tests", "Browser"))
os.environ.setdefault("SE_OFFLINE", "true")

import board_test  # noqa: E402  (the browser test's server and browser set-up)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]); })
  .observe({ type: 'longtask', buffered: true });
"""


def send(base_url, method, path, body, actor="bench-remote"):
    request = urllib.request.Request(base_url + path, method=method, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "X-Kanban-Actor": actor})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read().decode() or "null")


def board(base_url):
    with urllib.request.urlopen(base_url + "/api/boards/main", timeout=30) as response:
        return json.loads(response.read().decode())


def long_tasks(driver, started, ended):
    """The milliseconds of long tasks (over 50 ms) that began between `started` and `ended`."""
    return driver.execute_script(
        "return window.__longTasks.filter(([start]) => start >= arguments[0] && start <= arguments[1])"
        ".reduce((sum, [, duration]) => sum + duration, 0)", started, ended)


def column_of(driver, card):
    """The column card `card` is shown in, or None."""
    return driver.execute_script(
        "const c = document.querySelector(`#board .card[data-id='${arguments[0]}']`);"
        "return c ? c.closest('.column').dataset.column : null;", card)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kanban")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    binary = os.path.abspath(options.kanban)
    workdir = tempfile.mkdtemp(prefix="kanban-page-bench-")
    database = os.path.join(workdir, "kanban.db")
    server = driver = None
    try:
        subprocess.run([binary, "generate", "--db", database, "--events", str(options.events)], check=True, capture_output=True)
        server, base_url = board_test.start_server(binary, database, os.path.join(workdir, "server.log"))
        driver = board_test.start_browser()
        wait = WebDriverWait(driver, 60, poll_frequency=0.02)
        driver.get(base_url + "/")
        driver.execute_script("localStorage.setItem('kanban.actor', 'bench');")

        loads, first_renders = [], []
        for _ in range(options.runs):
            driver.get(base_url + "/?board=main")
            wait.until(lambda d: d.execute_script("return window.kanbanBoardShownAt != null"))
            loads.append(driver.execute_script("return window.kanbanBoardShownAt"))
            first_renders.append(max(driver.execute_script("return window.kanbanRenderTimes")))
        cards = sum(len(column["cards"]) for column in board(base_url)["columns"])
        rendered = driver.execute_script("return document.querySelectorAll('#board .card').length")
        driver.execute_script(LONG_TASKS)

        remote_renders, remote_long = [], []
        for run in range(options.runs):
            current = board(base_url)
            todo = current["columns"][0]["cards"]
            card = todo[run % len(todo)]["id"]
            before = driver.execute_script("return window.kanbanRenderTimes.length")
            started = driver.execute_script("return performance.now()")
            send(base_url, "POST", f"/api/boards/main/cards/{card}/move", {"column": current["columns"][1]["name"]})
            sequence = str(board(base_url)["sequence"])
            wait.until(lambda d: d.find_element(By.ID, "board").get_attribute("data-sequence") == sequence)
            ended = driver.execute_script("return performance.now()")
            times = driver.execute_script("return window.kanbanRenderTimes")
            remote_renders.append(sum(times[before:]) if len(times) > before else 0.0)
            remote_long.append(long_tasks(driver, started, ended))

        keyboard = []
        for run in range(options.runs):
            current = board(base_url)
            card = current["columns"][0]["cards"][run]["id"]
            element = driver.find_element(By.CSS_SELECTOR, f'#board .card[data-id="{card}"]')
            driver.execute_script("arguments[0].focus();", element)
            before = driver.execute_script("return window.kanbanRenderTimes.length")
            ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.ALT).perform()
            wait.until(lambda d: column_of(d, card) == current["columns"][1]["name"])
            times = driver.execute_script("return window.kanbanRenderTimes")
            keyboard.append(times[before] if len(times) > before else 0.0)

        drags, drag_long, missed_drags = [], [], 0
        for run in range(options.runs):
            current = board(base_url)
            card = current["columns"][0]["cards"][run + 20]["id"]
            target = current["columns"][2]["name"]
            element = driver.find_element(By.CSS_SELECTOR, f'#board .card[data-id="{card}"]')
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
            column = driver.find_element(By.CSS_SELECTOR, f'#board .column[data-column="{target}"] .column-header')
            before = driver.execute_script("return window.kanbanRenderTimes.length")
            started = driver.execute_script("return performance.now()")
            ActionChains(driver).click_and_hold(element).move_by_offset(12, 12).move_to_element(column).move_by_offset(0, 40).release().perform()
            try:
                WebDriverWait(driver, 10, poll_frequency=0.02).until(lambda d: column_of(d, card) == target)
            except TimeoutException:
                missed_drags += 1  # the synthetic pointer did not make a drag; not timed
                driver.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}));")
                continue
            ended = driver.execute_script("return performance.now()")
            times = driver.execute_script("return window.kanbanRenderTimes")
            drags.append(max(times[before:]) if len(times) > before else 0.0)
            drag_long.append(long_tasks(driver, started, ended))

        deleted = []
        for _ in range(options.runs):
            driver.execute_script("document.querySelectorAll('.deleted-list').forEach(list => list.remove());")
            started = time.perf_counter()
            driver.find_element(By.ID, "deleted-button").click()
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".deleted-list li"))
            deleted.append((time.perf_counter() - started) * 1000)
            driver.find_element(By.ID, "deleted-button").click()
            wait.until(lambda d: d.find_element(By.ID, "deleted-button").get_attribute("aria-expanded") == "false")

        tab_stops = driver.execute_script(
            "return [...document.querySelectorAll('#board *')].filter(e => e.tabIndex >= 0 && !e.disabled"
            " && (e.matches('button, a[href], input, select, textarea') || e.hasAttribute('tabindex'))).length")

        if os.environ.get("KANBAN_BENCH_RAW"): print("raw drags", drags, drag_long, "missed", missed_drags, "keyboard", keyboard)

        def median(values):
            return f"{statistics.median(values):.1f}"

        print(f"page benchmark: {cards} cards on the board ({options.events} events of the standard workload; {rendered} shown, "
              f"the first 200 of each column), medians of {options.runs}")
        print(f"  first board shown after navigation   {median(loads)} ms (its render {median(first_renders)} ms)")
        print(f"  remote change: render                 {median(remote_renders)} ms; long tasks {median(remote_long)} ms")
        print(f"  keyboard move: render                 {median(keyboard)} ms")
        print(f"  pointer drag across two columns: its longest render {median(drags)} ms (worst {max(drags):.1f}); "
              f"long tasks {median(drag_long)} ms (worst {max(drag_long):.1f})"
              + (f" ({missed_drags} synthetic drags did not start and are left out)" if missed_drags else ""))
        print(f"  Deleted panel: click to first page    {median(deleted)} ms")
        print(f"  Tab stops on the board                {tab_stops}")
        return 0
    finally:
        if driver is not None:
            driver.quit()
        board_test.stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
