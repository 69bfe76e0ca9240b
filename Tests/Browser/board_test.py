"""The web board in a real browser: headless Chromium, driven by Selenium, against `kanban serve`.

Usage: python3 Tests/Browser/board_test.py PATH/TO/kanban

It makes a temporary database, seeds a board with the CLI, starts `kanban serve --db TMP --port 0`
(reading the URL from its first line, `Listening on http://HOST:PORT`), and then, as a user would:
adds a card through the dialog; drags it from TODO to DOING with real pointer events and checks
that the API agrees; presses Undo and sees it back; moves a card with the CLI and sees the page
follow without a reload (the live event stream); drags the time slider back and sees the earlier
board, read-only and marked; presses "Restore to here" and sees the board restored; moves a card
with the keyboard and undoes that with Ctrl+Z; sees a refused undo give the server's reason; reads
the history in Korean; opens the Flow view and sees its charts; checks that an overdue card is red, that Korean and French titles render
and that every UI string exists in English, Korean and French. It saves a screenshot to
$KANBAN_SCREENSHOT (default: a file in the temporary directory, printed at the end).

On any failure it prints one line, `browser test failed: STEP: WHY`, and exits 1 (2 for bad
usage); the server and the browser are always stopped. Needs Debian's chromium and
chromium-driver and Python Selenium (scripts/ensure-browser.sh installs them).
"""

import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not try to download a driver.

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

CHROMIUM = os.environ.get("KANBAN_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("KANBAN_CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT_SECONDS = 10
NEW_TITLE = 'Ship the web board <v1> — "no build step"'
KOREAN_TITLE = "디자인 검토 회의"
FRENCH_TITLE = "Préparer la démo de vendredi"
OVERDUE_TITLE = "Renew the TLS certificate"


class Failure(Exception):
    """A check that did not hold; the message says what was expected."""


class Board:
    """The test's view of the world: the server, the CLI and the browser."""

    def __init__(self, binary, database, base_url, driver):
        self.binary = binary
        self.database = database
        self.base_url = base_url
        self.driver = driver

    # ---- the API and the CLI ------------------------------------------------------------------

    def get(self, path):
        request = urllib.request.Request(self.base_url + path, headers={"Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return json.loads(response.read().decode())
        except urllib.error.HTTPError as error:
            raise Failure(f"GET {path} answered {error.code}: {error.read().decode(errors='replace')[:200]}")
        except (urllib.error.URLError, OSError) as error:
            raise Failure(f"GET {path} failed: {error}")

    def board(self):
        return self.get("/api/boards/main")

    def api_column_of(self, card_id):
        for column in self.board()["columns"]:
            if any(card["id"] == card_id for card in column["cards"]):
                return column["name"]
        return None

    def cli(self, *arguments):
        result = subprocess.run(
            [self.binary, *arguments, "--db", self.database],
            capture_output=True, text=True, timeout=30, env={**os.environ, "KANBAN_ACTOR": "cli"},
        )
        if result.returncode != 0:
            raise Failure(f"kanban {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()}")
        return result.stdout

    # ---- the page -----------------------------------------------------------------------------

    def wait(self, condition, what, timeout=WAIT_SECONDS):
        """Waits until `condition(driver)` is truthy; fails saying `what` did not happen."""
        try:
            # A live update re-renders the board, so an element found a moment ago may be gone.
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1,
                                 ignored_exceptions=[StaleElementReferenceException]).until(condition)
        except TimeoutException:
            raise Failure(f"{what} (waited {timeout} s)") from None

    def column(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#board .column[data-column="{name}"]')

    def card(self, card_id):
        found = self.driver.find_elements(By.CSS_SELECTOR, f'#board .card[data-id="{card_id}"]')
        return found[0] if found else None

    def page_column_of(self, card_id):
        return self.driver.execute_script(
            "const card = document.querySelector(`#board .card[data-id='${arguments[0]}']`);"
            "return card ? card.closest('.column').dataset.column : null;",
            card_id,
        )

    def card_by_title(self, title):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#board .card')]"
            ".find(card => card.querySelector('.card-title').textContent === arguments[0]) ?? null;",
            title,
        )

    def settle(self):
        """Waits until the page shows the board at the server's latest sequence, then a moment
        more for a refetch the live stream may still have asked for."""
        self.wait(lambda d: d.find_element(By.ID, "board").get_attribute("data-sequence") == str(self.board()["sequence"]),
                  "the page does not catch up with the server's sequence")

    def act(self, action):
        """Runs an interaction, again if a re-render replaced its element first."""
        for attempt in range(3):
            try:
                return action()
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def wait_in_column(self, card_id, column, why):
        self.wait(lambda _: self.page_column_of(card_id) == column, f"the card is not shown in {column} {why}")

    def wait_api_column(self, card_id, column, why):
        self.wait(lambda _: self.api_column_of(card_id) == column,
                  f"the API does not have the card in {column} {why} (it has {self.api_column_of(card_id)})")

    def slider_value(self):
        return int(self.driver.find_element(By.ID, "time-slider").get_attribute("value"))

    def drag_slider_to(self, target):
        """Drags the time slider's thumb from where it is to `target` with the pointer."""
        slider = self.driver.find_element(By.ID, "time-slider")
        geometry = self.driver.execute_script(
            "const s = arguments[0], r = s.getBoundingClientRect();"
            "return {left: r.left, width: r.width, min: +s.min, max: +s.max, value: +s.value};",
            slider,
        )
        if geometry["max"] <= geometry["min"]:
            raise Failure(f"the time slider has no range (max {geometry['max']})")
        thumb = 16  # Chromium's range thumb is about 16 px wide; positions are spread over the rest.

        def x_of(value):
            share = (value - geometry["min"]) / (geometry["max"] - geometry["min"])
            return thumb / 2 + share * (geometry["width"] - thumb) - geometry["width"] / 2

        start = x_of(geometry["value"])
        ActionChains(self.driver, duration=100) \
            .move_to_element_with_offset(slider, round(start), 0) \
            .click_and_hold() \
            .move_by_offset(round((x_of(target) - start) / 2), 0) \
            .move_to_element_with_offset(slider, round(x_of(target)), 0) \
            .release() \
            .perform()
        # Within a pixel of a step boundary the pointer can land one step off; the arrow keys
        # (real key events on the slider, as a keyboard user would press them) finish the move.
        for _ in range(3):
            off = self.slider_value() - target
            if off == 0:
                break
            slider.send_keys((Keys.ARROW_LEFT if off > 0 else Keys.ARROW_RIGHT) * abs(off))

    def dismiss_toasts(self):
        self.driver.execute_script("document.querySelectorAll('#toasts .toast').forEach(t => t.remove());")

    def computed(self, element, property_name):
        return self.driver.execute_script(
            "return getComputedStyle(arguments[0]).getPropertyValue(arguments[1]);", element, property_name
        )


ACTOR_NAME = "민준 (디자인)"  # names are any text; the page percent-encodes them in X-Kanban-Actor


def translation_keys(script):
    """The keys board.js passes to t(...): every quoted word in the first argument (which may be
    a conditional such as `t(done ? 'undid' : 'redid', ...)`)."""
    keys = set()
    for match in re.finditer(r"\bt\(", script):
        depth, end = 0, match.end()
        while end < len(script):
            char = script[end]
            if char == "(":
                depth += 1
            elif char == ")":
                if depth == 0:
                    break
                depth -= 1
            elif char == "," and depth == 0:
                break
            end += 1
        keys |= set(re.findall(r"'(\w+)'", script[match.end():end]))
    return keys


def rgb(text):
    match = re.match(r"rgba?\((\d+),\s*(\d+),\s*(\d+)", text or "")
    return tuple(int(part) for part in match.groups()) if match else None


# ---- the steps ------------------------------------------------------------------------------------


def seed(binary, database):
    """A realistic board: a few cards per column, one overdue, one Korean, one French."""
    today = datetime.date.today()

    def day(offset):
        return (today + datetime.timedelta(days=offset)).isoformat()

    cards = [
        ("Write the release notes for 1.4", "TODO", day(6), "Summarise the new server, the web board and the load figures."),
        (KOREAN_TITLE, "TODO", day(0), "디자인 팀과 새 보드 화면을 검토합니다."),
        ("Fix the login redirect on Safari", "TODO", None, ""),
        (FRENCH_TITLE, "DOING", day(3), "Montrer le glisser-déposer et le voyage dans le temps."),
        (OVERDUE_TITLE, "DOING", day(-2), "The certificate for kanban.example.org expired."),
        ("Set up the CI runners", "DONE", None, ""),
        ("Draft the API reference", "DONE", None, "Every route, with its errors."),
    ]
    for title, column, due, description in cards:
        arguments = [binary, "add", title, "--column", column, "--db", database]
        if due:
            arguments += ["--due", due]
        if description:
            arguments += ["--description", description]
        result = subprocess.run(arguments, capture_output=True, text=True, timeout=30,
                                env={**os.environ, "KANBAN_ACTOR": "ana"})
        if result.returncode != 0:
            raise Failure(f"kanban add {title!r} exited {result.returncode}: {result.stderr.strip()}")


def start_server(binary, database, log_path):
    log = open(log_path, "w")
    process = subprocess.Popen(
        [binary, "serve", "--db", database, "--port", "0"],
        stdout=subprocess.PIPE, stderr=log, text=True, start_new_session=True,
    )
    first_line = []
    reader = threading.Thread(target=lambda: first_line.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(60)
    line = first_line[0].strip() if first_line else ""
    match = re.match(r"Listening on (http://\S+?)/?$", line)
    if not match:
        stop_server(process)
        raise Failure(f"kanban serve did not print 'Listening on http://HOST:PORT' (first line: {line!r}; log: {log_path})")
    # Keep reading stdout so the server never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, match.group(1)


def stop_server(process):
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,900", "--lang=en-US", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    # --window-size sizes the window; make the page itself (and so the screenshot) 1280x900.
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight];")
    size = driver.get_window_size()
    driver.set_window_size(size["width"] + 1280 - inner[0], size["height"] + 900 - inner[1])
    # The colour checks assume the light theme, whatever the machine prefers.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    return driver


def run(board, screenshot_path):
    driver = board.driver
    step = Step()

    with step("open the board"):
        driver.get(board.base_url + "/")
        driver.execute_script("window.__notReloaded = true;")
        board.wait(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), "the page never became ready")
        board.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .column")) == 3, "the board does not show TODO, DOING and DONE")
        board.wait(lambda _: board.card_by_title(OVERDUE_TITLE) is not None, "the seeded cards are not shown")
        names = [column.get_attribute("data-column") for column in driver.find_elements(By.CSS_SELECTOR, "#board .column")]
        if names != ["TODO", "DOING", "DONE"]:
            raise Failure(f"columns are {names}, expected TODO, DOING, DONE")

    with step("an overdue card is red"):
        looks = board.driver.execute_script(
            "const find = t => [...document.querySelectorAll('#board .card')]"
            "  .find(c => c.querySelector('.card-title').textContent === t);"
            "const late = find(arguments[0]), calm = find(arguments[1]);"
            "return {classes: late.className, due: getComputedStyle(late.querySelector('.due')).color,"
            "        edge: getComputedStyle(late).borderLeftColor,"
            "        calm: getComputedStyle(calm.querySelector('.due')).color};",
            OVERDUE_TITLE, "Write the release notes for 1.4",
        )
        if "overdue" not in looks["classes"].split():
            raise Failure("the overdue card has no 'overdue' class")
        colour = rgb(looks["due"])
        if not colour or not (colour[0] >= 170 and colour[1] <= 90 and colour[2] <= 90):
            raise Failure(f"the overdue card's due date is {colour}, not red")
        edge = rgb(looks["edge"])
        if not edge or not (edge[0] >= 170 and edge[1] <= 90 and edge[2] <= 90):
            raise Failure(f"the overdue card's edge is {edge}, not red")
        if rgb(looks["calm"]) == colour:
            raise Failure("a card due next week is as red as the overdue one")
        banner = driver.find_element(By.ID, "due-banner")
        if not banner.is_displayed() or OVERDUE_TITLE not in banner.text:
            raise Failure("the due reminders banner does not list the overdue card")

    with step("Korean and French titles render"):
        for title in (KOREAN_TITLE, FRENCH_TITLE):
            shown = board.driver.execute_script(
                "const card = [...document.querySelectorAll('#board .card-title')].find(t => t.textContent === arguments[0]);"
                "if (!card) return null; const r = card.getBoundingClientRect();"
                "return {text: card.innerText, width: r.width, height: r.height};",
                title,
            )
            if shown is None:
                raise Failure(f"no card titled {title!r}")
            if shown["text"] != title or shown["width"] < 40 or shown["height"] < 10:
                raise Failure(f"{title!r} shows as {shown}")

    with step("add a card through the dialog"):
        due = (datetime.date.today() + datetime.timedelta(days=10))
        board.settle()
        board.act(lambda: board.column("TODO").find_element(By.CSS_SELECTOR, ".add-card").click())
        dialog = board.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#card-dialog[open]"), "the card dialog did not open")
        title_field = dialog.find_element(By.ID, "card-title")
        board.wait(lambda d: d.switch_to.active_element == title_field, "the title field is not focused")
        title_field.send_keys(NEW_TITLE)
        dialog.find_element(By.ID, "card-description").send_keys("Pointer Events, live updates, time travel.")
        counter = dialog.find_element(By.ID, "card-description-counter").text
        if counter != "42 / 1,000":
            raise Failure(f"the description counter reads {counter!r}, expected '42 / 1,000'")
        dialog.find_element(By.ID, "card-due").send_keys(due.strftime("%m%d%Y"))
        dialog.find_element(By.ID, "card-save").click()
        board.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, "#card-dialog[open]"), "the dialog did not close after Save")
        board.wait(lambda _: board.card_by_title(NEW_TITLE), "the new card does not appear")
        card_id = board.act(lambda: board.card_by_title(NEW_TITLE).get_attribute("data-id"))
        if board.page_column_of(card_id) != "TODO":
            raise Failure(f"the new card is in {board.page_column_of(card_id)}, not TODO")
        markup = board.act(lambda: board.card(card_id).find_element(By.CSS_SELECTOR, ".card-title").get_attribute("innerHTML"))
        if "&lt;v1&gt;" not in markup:
            raise Failure(f"the title's '<v1>' was not shown as text: {markup!r}")
        stored = next((c for col in board.board()["columns"] for c in col["cards"] if c["id"] == card_id), None)
        if stored is None or stored["title"] != NEW_TITLE or not str(stored["due"]).startswith(due.isoformat()):
            raise Failure(f"the API has {stored}, expected the title and due {due.isoformat()}")

    with step("drag the card from TODO to DOING with the pointer"):
        board.settle()
        board.act(lambda: ActionChains(driver, duration=150)
                  .click_and_hold(board.card(card_id))
                  .move_by_offset(30, 10)
                  .move_to_element(board.column("DOING").find_element(By.CSS_SELECTOR, ".cards"))
                  .move_by_offset(0, 40)
                  .release()
                  .perform())
        board.wait_in_column(card_id, "DOING", "after the drag")
        board.wait_api_column(card_id, "DOING", "after the drag")
        if driver.find_elements(By.CSS_SELECTOR, "#card-dialog[open]"):
            raise Failure("the drop opened the card dialog")

    with step("press Undo and see the card back in TODO"):
        undo_button = driver.find_element(By.ID, "undo-button")
        board.wait(lambda _: undo_button.is_enabled() and "Move" in (undo_button.get_attribute("title") or ""),
                   "the Undo button does not offer the move")
        board.settle()
        undo_button.click()
        board.wait_in_column(card_id, "TODO", "after Undo")
        board.wait_api_column(card_id, "TODO", "after Undo")

    with step("move the card with the CLI and see the page follow"):
        before_cli = board.board()["sequence"]
        board.wait(lambda _: board.slider_value() == before_cli, f"the time slider is not at #{before_cli} (now)")
        board.cli("move", card_id, "DONE")
        board.wait_in_column(card_id, "DONE", "after the CLI's move (live update)")
        if not driver.execute_script("return window.__notReloaded === true"):
            raise Failure("the page reloaded instead of updating live")
        board.wait(lambda _: board.slider_value() == before_cli + 1, "the time slider did not advance with the live event")
        board.settle()

    with step("drag the time slider back"):
        board.drag_slider_to(before_cli)
        banner = driver.find_element(By.ID, "past-banner")
        board.wait(lambda _: banner.is_displayed() and f"#{before_cli} " in banner.text,
                   f"no banner saying the board is shown as of #{before_cli}")
        if "read-only" not in banner.text:
            raise Failure(f"the banner does not say read-only: {banner.text!r}")
        board.wait(lambda d: "read-only" in d.find_element(By.ID, "board").get_attribute("class"), "the board is not marked read-only")
        board.wait_in_column(card_id, "TODO", f"as of #{before_cli}")
        if driver.find_elements(By.CSS_SELECTOR, "#board .add-card, #board .add-column"):
            raise Failure("the past board still offers to add cards or columns")
        if board.api_column_of(card_id) != "DONE":
            raise Failure("looking back in time changed the board")

    with step("restore the board to that moment"):
        driver.find_element(By.ID, "restore-button").click()
        board.wait(lambda d: not d.find_element(By.ID, "past-banner").is_displayed(), "the past banner stays after Restore")
        board.wait(lambda d: "read-only" not in d.find_element(By.ID, "board").get_attribute("class"), "the board stays read-only")
        board.wait_in_column(card_id, "TODO", "after Restore")
        board.wait_api_column(card_id, "TODO", "after Restore")

    with step("take a Korean name"):
        board.settle()
        driver.find_element(By.ID, "actor-button").click()
        field = board.wait(lambda d: d.find_element(By.CSS_SELECTOR, "#prompt-dialog[open] #prompt-input"), "the name dialog did not open")
        field.clear()
        field.send_keys(ACTOR_NAME)
        driver.find_element(By.ID, "prompt-ok").click()
        board.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, "#prompt-dialog[open]"), f"the name {ACTOR_NAME!r} was refused")
        board.wait(lambda d: ACTOR_NAME in d.find_element(By.ID, "actor-button").text, "the page does not show the new name")

    with step("move the card with the keyboard, then Ctrl+Z"):
        board.settle()
        board.act(lambda: driver.execute_script("arguments[0].focus();", board.card(card_id)))
        ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.ALT).perform()
        board.wait_in_column(card_id, "DOING", "after Alt+Right")
        board.wait_api_column(card_id, "DOING", "after Alt+Right")
        actor = board.get("/api/log?after=0&limit=10000")[-1]["actor"]
        if actor != ACTOR_NAME:
            raise Failure(f"the move was made as {actor!r}, not {ACTOR_NAME!r}")
        board.wait(lambda d: d.switch_to.active_element.get_attribute("data-id") == card_id, "the moved card lost the focus")
        board.wait(lambda d: "Move" in (d.find_element(By.ID, "undo-button").get_attribute("title") or ""),
                   "the Undo button does not offer the keyboard move")
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        board.wait_in_column(card_id, "TODO", "after Ctrl+Z")
        board.wait_api_column(card_id, "TODO", "after Ctrl+Z")

    with step("a refused undo shows the server's reason"):
        board.settle()
        board.act(lambda: driver.execute_script("arguments[0].focus();", board.card(card_id)))
        ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.ALT).perform()
        board.wait_api_column(card_id, "DOING", "after Alt+Right")
        board.cli("move", card_id, "DONE")
        board.wait_in_column(card_id, "DONE", "after the CLI's second move")
        board.settle()
        driver.find_element(By.ID, "undo-button").click()
        toast = board.wait(lambda d: next((t for t in d.find_elements(By.CSS_SELECTOR, "#toasts .toast-error")
                                           if "cannot undo" in t.text), None),
                           "no error toast with the server's 'cannot undo' reason")
        if "cli" not in toast.text:
            raise Failure(f"the refusal does not name the other actor: {toast.text!r}")
        if board.api_column_of(card_id) != "DONE":
            raise Failure("a refused undo changed the board")

    with step("read the card's history in Korean"):
        Select(driver.find_element(By.ID, "lang-select")).select_by_value("ko")
        board.wait(lambda d: d.find_element(By.ID, "undo-button").text.strip() == "실행 취소", "the page did not switch to Korean")
        board.settle()
        board.act(lambda: board.card(card_id).click())
        board.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#card-dialog[open]"), "the card dialog did not open on click")
        driver.find_element(By.ID, "card-history").click()
        board.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#side-panel .history-entry")) >= 4,
                   "the card's history panel does not list its changes")
        lines = [line.get_attribute("textContent") for line in driver.find_elements(By.CSS_SELECTOR, "#side-panel .history-line")]
        if not any("카드" in line for line in lines):
            raise Failure(f"the history is not in Korean: {lines[:3]}")
        driver.find_element(By.ID, "side-panel-close").click()
        Select(driver.find_element(By.ID, "lang-select")).select_by_value("en")
        board.wait(lambda d: d.find_element(By.ID, "undo-button").text.strip() == "Undo", "the page did not switch back to English")

    with step("open Flow and see the charts"):
        columns = [column["name"] for column in board.board()["columns"]]
        board.act(lambda: driver.find_element(By.ID, "flow-button").click())
        board.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#flow-dialog[open]"), "the Flow dialog did not open")
        board.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#flow-dialog svg.cfd path.cfd-area")) >= len(columns),
                   f"the cumulative flow diagram does not draw a path for each of {columns}")
        drawn = [path.get_attribute("data-column") for path in driver.find_elements(By.CSS_SELECTOR, "#flow-dialog svg.cfd path.cfd-area")]
        if drawn[:len(columns)] != columns:
            raise Failure(f"the diagram's areas are {drawn}, expected the columns {columns}")
        if not any(path.get_attribute("d") for path in driver.find_elements(By.CSS_SELECTOR, "#flow-dialog svg.cfd path.cfd-area")):
            raise Failure("the diagram's areas are empty")
        if not driver.find_elements(By.CSS_SELECTOR, "#flow-dialog svg.cycle-scatter circle.cycle-point"):
            raise Failure("the cycle-time scatter plot shows no card, though cards reached DONE")
        driver.find_element(By.ID, "flow-close").click()
        board.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, "#flow-dialog[open]"), "the Flow dialog did not close")

    with step("every UI string is in English, Korean and French"):
        tables = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/assets/i18n.js').then(m => done(m.TRANSLATIONS), e => done(String(e)));"
        )
        if not isinstance(tables, dict) or set(tables) != {"en", "ko", "fr"}:
            raise Failure(f"i18n.js does not export en, ko and fr: {str(tables)[:200]}")
        web = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "KanbanServer", "Web")
        script = "".join(open(os.path.join(web, name), encoding="utf-8").read() for name in ("board.js", "flow.js"))
        page = open(os.path.join(web, "index.html"), encoding="utf-8").read()
        used = translation_keys(script)
        used |= set(re.findall(r'data-i18n="(\w+)"', page))
        used |= {pair.split(":")[1] for attr in re.findall(r'data-i18n-attr="([^"]+)"', page) for pair in attr.split(";")}
        for language, table in tables.items():
            missing = sorted(used - set(table))
            if missing:
                raise Failure(f"{language} lacks {', '.join(missing[:8])}")
            unused = sorted(set(table) - set(tables["en"]))
            if unused:
                raise Failure(f"{language} has keys English lacks: {', '.join(unused[:8])}")

    with step("no script errors"):
        errors = [entry["message"] for entry in driver.get_log("browser")
                  if entry.get("level") == "SEVERE" and "Uncaught" in entry.get("message", "")]
        if errors:
            raise Failure(errors[0][:300])

    with step("save a screenshot"):
        board.dismiss_toasts()
        driver.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur();")
        board.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, "#toasts .toast"), "toasts stay on screen")
        if not driver.save_screenshot(screenshot_path):
            raise Failure(f"could not write {screenshot_path}")


class Step:
    """Names the step under way, so a failure says where it happened."""

    current = "start"

    def __call__(self, name):
        Step.current = name
        return self

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if isinstance(error, WebDriverException) and not isinstance(error, TimeoutException):
            first = (error.msg or str(error)).strip().splitlines()[0] if (error.msg or str(error)).strip() else type(error).__name__
            raise Failure(f"the browser refused: {first}") from None
        return False


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print("usage: board_test.py PATH/TO/kanban", file=sys.stderr)
        return 2
    binary = os.path.abspath(argv[1])
    if not os.access(binary, os.X_OK):
        print(f"board_test.py: {argv[1]} is not an executable", file=sys.stderr)
        return 2
    workdir = tempfile.mkdtemp(prefix="kanban-browser-")
    database = os.path.join(workdir, "kanban.db")
    screenshot = os.environ.get("KANBAN_SCREENSHOT") or os.path.join(workdir, "board.png")
    keep = False
    server = driver = None
    try:
        Step.current = "seed the database with the CLI"
        seed(binary, database)
        Step.current = "start kanban serve"
        server, base_url = start_server(binary, database, os.path.join(workdir, "server.log"))
        Step.current = "start Chromium"
        try:
            driver = start_browser()
        except WebDriverException as error:
            raise Failure(f"chromedriver did not start Chromium: {(error.msg or str(error)).strip().splitlines()[0]}") from None
        run(Board(binary, database, base_url, driver), screenshot)
        keep = not os.environ.get("KANBAN_SCREENSHOT")
        print(f"browser test passed: dialog, pointer drag, undo, live CLI move, time slider, restore, keyboard, "
              f"refused undo, history in Korean, flow charts, overdue in red; screenshot {screenshot}")
        return 0
    except Failure as failure:
        if driver is not None:
            try:
                driver.save_screenshot(os.path.join(workdir, "failure.png"))
                keep = True
            except WebDriverException:
                pass
        where = f" (screenshot and server log in {workdir})" if keep else ""
        print(f"browser test failed: {Step.current}: {failure}{where}", file=sys.stderr)
        return 1
    except Exception as error:  # an unexpected answer (such as a missing field): still one line
        print(f"browser test failed: {Step.current}: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    finally:
        if driver is not None:
            try:
                driver.quit()
            except WebDriverException:
                pass
        stop_server(server)
        if keep:
            shutil.rmtree(database, ignore_errors=True)
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
