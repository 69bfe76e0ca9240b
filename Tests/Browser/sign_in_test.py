"""Single sign-on end to end: headless Chromium, `kanban serve --oidc-config`, and a real OpenID
Connect provider (django-oidc-provider, from PyPI: Tests/OIDCProvider/provider.py) on another
loopback address (127.0.0.2), so the board and the provider are different sites as in life.
Usage: python3 Tests/Browser/sign_in_test.py PATH/TO/kanban

As a person would: the sign-in dialog offers single sign-on; Chromium goes to the provider, signs
in there as ana (group kanban-admins) and comes back signed in, the page saying "ana ·
administrator"; ben (no group) comes back as a member, whom the server refuses a new board; Sign
out ends the session on the server (the old cookie no longer works). As an attacker would, with
callbacks the browser delivers: a tampered `state`, a `state` of another browser, a `nonce` that is
not the sign-in's, a callback replayed, and a code replayed into a fresh sign-in are all refused
with one line, and sign no one in. And with `sessionSeconds` 3, a session that has expired is
refused. On any failure it prints `sign-in test failed: STEP: WHY` and exits 1.
"""
import http.cookiejar
import json
import os
import re
import secrets
import shutil
import socket
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from board_test import Failure, start_announcing, start_browser, stop_server  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PROVIDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "OIDCProvider", "provider.py")
PROVIDER_HOST = "127.0.0.2"
CLIENT_ID = "kanban-board"
USERS = {"ana": "ana-password", "ben": "ben-password"}


class Step:
    current = "start"


def free_port(host):
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def start_provider(workdir, redirect_uri, secret):
    """provider.py on 127.0.0.2 with this test's client; returns the process and its issuer."""
    port = free_port(PROVIDER_HOST)
    process, match = start_announcing(
        [sys.executable, PROVIDER, "--host", PROVIDER_HOST, "--port", str(port), "--client-id", CLIENT_ID,
         # `=`: a random secret may begin with "-", which argparse would take for an option.
         f"--client-secret={secret}", "--redirect-uri", redirect_uri],
        os.path.join(workdir, "provider.log"), r"Issuer (http://\S+)$", "the OpenID provider", seconds=120)
    return process, match.group(1)


def start_kanban(binary, workdir, port, configuration):
    """`kanban serve --oidc-config` on `port` with `configuration` (written mode 600)."""
    path = os.path.join(workdir, "oidc.json")
    with open(path, "w") as file:
        json.dump(configuration, file)
    os.chmod(path, 0o600)
    process, _ = start_announcing(
        [binary, "serve", "--db", os.path.join(workdir, "kanban.db"), "--port", str(port), "--oidc-config", path],
        os.path.join(workdir, "kanban.log"), r"Listening on ", "kanban serve --oidc-config")
    return process


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


class ProviderSession:
    """A person signed in at the provider outside the browser (urllib, its own cookies), to get
    the codes the attacks deliver through Chromium."""

    def __init__(self, issuer, user):
        self.issuer = issuer
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)
        self.user = user

    def open(self, url, data=None):
        try:
            response = self.opener.open(urllib.request.Request(url, data=data), timeout=20)
            return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode(errors="replace")

    def callback_for(self, authorization_url):
        """Follows `authorization_url` at the provider, signing in when asked: the URL the
        provider sends the browser back to (the server's callback with a code)."""
        url = authorization_url
        for _ in range(8):
            status, headers, body = self.open(url)
            if status in (301, 302, 303):
                location = urllib.parse.urljoin(url, headers["Location"])
                if not location.startswith(self.issuer):
                    return location
                url = location
                continue
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body)
            if status == 200 and token:
                form = urllib.parse.urlencode({"csrfmiddlewaretoken": token.group(1), "username": self.user,
                                               "password": USERS[self.user]}).encode()
                status, headers, body = self.open(url, data=form)
                if status not in (301, 302, 303):
                    raise Failure(f"the provider did not take {self.user}'s password ({status})")
                url = urllib.parse.urljoin(url, headers["Location"])
                continue
            raise Failure(f"the provider answered {status} at {url}: {body[:200]!r}")
        raise Failure("the provider never sent the browser back")


def start_sign_in(base_url):
    """`GET /auth/login` without following it: the authorization URL and the state cookie."""
    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(base_url + "/auth/login", timeout=20)
        raise Failure("/auth/login did not redirect")
    except urllib.error.HTTPError as error:
        if error.code != 303:
            raise Failure(f"/auth/login answered {error.code}")
        cookie = error.headers["Set-Cookie"].split(";")[0]
        name, value = cookie.split("=", 1)
        return error.headers["Location"], name, value


def with_query(url, **changes):
    parts = urllib.parse.urlsplit(url)
    query = dict(urllib.parse.parse_qsl(parts.query))
    query.update(changes)
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def query_of(url, name):
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query)).get(name)


class Browser:
    def __init__(self, driver, base_url):
        self.driver = driver
        self.base_url = base_url

    def wait(self, condition, what, seconds=20):
        return WebDriverWait(self.driver, seconds, poll_frequency=0.1,
                             ignored_exceptions=[StaleElementReferenceException]).until(condition, what)

    def status(self, method, path, body=None):
        """The status of `method path` sent by the page (its cookies)."""
        return self.driver.execute_async_script(
            "const [method, path, body, done] = arguments;"
            "fetch(path, {method, credentials: 'same-origin', headers: body ? {'Content-Type': 'application/json'} : {},"
            " body: body ? JSON.stringify(body) : undefined}).then(r => done(r.status), () => done(0));",
            method, path, body)

    def session(self):
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/api/session', {credentials: 'same-origin'}).then(async r => done([r.status, r.ok ? await r.json() : null]), () => done([0, null]));")

    def sign_in_through_page(self, user, provider_login_expected=True):
        """From the board's sign-in dialog through the provider's page and back: the person button."""
        self.driver.get(self.base_url + "/")
        button = self.wait(lambda d: next((b for b in d.find_elements(By.CSS_SELECTOR, "#signin-dialog[open] #signin-oidc")
                                           if b.is_displayed()), None), "the sign-in dialog offers no single sign-on")
        if self.driver.find_element(By.ID, "signin-token-fields").is_displayed():
            raise Failure("a server without a token file still asks for a token")
        button.click()
        if provider_login_expected:
            self.wait(lambda d: d.current_url.startswith(f"http://{PROVIDER_HOST}:") and d.find_elements(By.ID, "username"),
                      "Chromium did not reach the provider's sign-in page")
            self.driver.find_element(By.ID, "username").send_keys(user)
            self.driver.find_element(By.ID, "password").send_keys(USERS[user])
            self.driver.find_element(By.ID, "login-submit").click()
        return self.wait(lambda d: d.current_url.startswith(self.base_url) and next(
            (b for b in d.find_elements(By.ID, "actor-button") if b.is_displayed() and user in b.text), None),
            f"the board does not show {user} signed in after the provider")

    def deliver(self, callback_url, state_cookie=None):
        """Chromium goes to `callback_url` (holding `state_cookie` for /auth/ first, as the browser
        that started that sign-in would): the failure line shown, or None when it signed in."""
        self.driver.get(self.base_url + "/healthz")
        self.driver.delete_all_cookies()
        if state_cookie:
            name, value = state_cookie
            self.driver.add_cookie({"name": name, "value": value, "path": "/auth/", "httpOnly": True})
        self.driver.get(callback_url)
        failure = self.driver.find_elements(By.ID, "signin-failure")
        return failure[0].text if failure else None

    def expect_refused(self, callback_url, state_cookie, words, what):
        """`deliver` of `callback_url` shows a failure line holding `words` and signs no one in."""
        line = self.deliver(callback_url, state_cookie)
        if not line or words not in line:
            raise Failure(f"{what} gave {line!r}")
        if self.session()[0] != 401:
            raise Failure(f"{what} signed someone in")

    def sign_out(self):
        person = self.wait(lambda d: next((b for b in d.find_elements(By.ID, "actor-button") if b.is_displayed()), None), "no person button")
        person.click()
        items = self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#menu:not([hidden]) button") or None, "no menu for the person")
        next(item for item in items if item.text == "Sign out").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#signin-dialog[open]"), "Sign out does not ask to sign in again")


def run(binary, workdir):
    port = free_port("127.0.0.1")
    base_url = f"http://127.0.0.1:{port}"
    redirect = f"{base_url}/auth/callback"
    secret = secrets.token_urlsafe(24)
    processes = []
    driver = None
    try:
        Step.current = "start the OpenID provider (django-oidc-provider) on 127.0.0.2"
        provider, issuer = start_provider(workdir, redirect, secret)
        processes.append(provider)
        configuration = {"issuer": issuer, "clientID": CLIENT_ID, "clientSecret": secret, "redirectURL": redirect,
                         "adminGroups": ["kanban-admins"], "scopes": ["openid", "profile", "groups"]}
        Step.current = "start kanban serve --oidc-config"
        kanban = start_kanban(binary, workdir, port, configuration)
        processes.append(kanban)
        Step.current = "start Chromium"
        driver = start_browser()
        browser = Browser(driver, base_url)

        Step.current = "ana signs in at the provider from the page; her group makes her an administrator"
        person = browser.sign_in_through_page("ana")
        if "administrator" not in person.text:
            raise Failure(f"the page shows {person.text!r}, not ana's role from the groups claim")
        status, session = browser.session()
        if status != 200 or session.get("actor") != "ana" or session.get("administrator") is not True:
            raise Failure(f"GET /api/session says {status} {session}")
        if not driver.find_element(By.ID, "new-board-button").is_enabled():
            raise Failure("the New board button is disabled for an administrator")
        if browser.status("POST", "/api/boards", {"name": "Ops"}) != 201:
            raise Failure("ana, an administrator by her group, could not make a board")

        Step.current = "Sign out ends the session on the server"
        cookie = driver.get_cookie("kanban_session")
        if not cookie or not cookie.get("httpOnly"):
            raise Failure(f"the session cookie is {cookie}, not HttpOnly")
        browser.sign_out()
        if browser.session()[0] != 401:
            raise Failure("the page's session still works after Sign out")
        driver.add_cookie({"name": "kanban_session", "value": cookie["value"], "path": "/", "httpOnly": True})
        if browser.session()[0] != 401:
            raise Failure("the old session cookie still works after Sign out")

        Step.current = "ben (no group) signs in as a member: no new board for him"
        driver.delete_all_cookies()
        driver.get(f"{issuer}/login")
        driver.delete_all_cookies()  # the provider's own session too: ben signs in there afresh
        person = browser.sign_in_through_page("ben")
        status, session = browser.session()
        if session is None or session.get("administrator") is not False:
            raise Failure(f"ben, in no admin group, is {session}")
        if "administrator" in person.text:
            raise Failure(f"the page shows {person.text!r} for ben")
        if browser.status("POST", "/api/boards", {"name": "Bens"}) != 403:
            raise Failure("ben, a member, made a board")
        new_board = driver.find_element(By.ID, "new-board-button")
        if new_board.is_enabled() or new_board.get_attribute("title") != "Only a server administrator makes boards":
            raise Failure(f"the New board button is not disabled with the reason for ben ({new_board.get_attribute('title')!r})")

        attacker = ProviderSession(issuer, "ana")

        Step.current = "a tampered state is refused"
        authorization, name, value = start_sign_in(base_url)
        callback = attacker.callback_for(authorization)
        tampered = with_query(callback, state=value[:-2] + ("AA" if not value.endswith("AA") else "BB"))
        browser.expect_refused(tampered, (name, value), "not started in this browser", "a tampered state")

        Step.current = "a state of another browser (no cookie: login CSRF) is refused"
        browser.expect_refused(callback, None, "not started in this browser", "a callback without this browser's state cookie")

        Step.current = "a nonce that is not the sign-in's is refused"
        authorization, name, value = start_sign_in(base_url)
        callback = attacker.callback_for(with_query(authorization, nonce=secrets.token_urlsafe(32)))
        browser.expect_refused(callback, (name, value), "nonce", "a wrong nonce")

        Step.current = "a replayed callback and a replayed code are refused"
        authorization, name, value = start_sign_in(base_url)
        callback = attacker.callback_for(authorization)
        if browser.deliver(callback, (name, value)) is not None:
            raise Failure("a right callback did not sign in")
        if browser.session()[1] is None or browser.session()[1].get("actor") != "ana":
            raise Failure("a right callback delivered by the browser did not sign ana in")
        browser.expect_refused(callback, (name, value), "finished already", "a replayed callback")
        _, fresh_name, fresh_value = start_sign_in(base_url)
        browser.expect_refused(with_query(callback, state=fresh_value), (fresh_name, fresh_value), "refused the sign-in",
                               "a code replayed into a fresh sign-in")

        Step.current = "a session past its expiry is refused"
        stop_server(kanban)
        kanban = start_kanban(binary, workdir, port, dict(configuration, sessionSeconds=3))
        processes.append(kanban)
        driver.delete_all_cookies()
        driver.get(f"{issuer}/login")
        driver.delete_all_cookies()  # signed in at the provider as ben: ana signs in afresh
        browser.sign_in_through_page("ana")
        if browser.session()[0] != 200:
            raise Failure("a fresh session does not work")
        driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 3500);")
        if browser.session()[0] != 401:
            raise Failure("a session past its sessionSeconds still works")
        driver.refresh()
        browser.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#signin-dialog[open]"), "an expired session does not ask to sign in again")
    finally:
        if driver is not None:
            try:
                driver.quit()
            except WebDriverException:
                pass
        for process in processes:
            stop_server(process)


def main(argv):
    if len(argv) != 2:
        print("usage: sign_in_test.py PATH/TO/kanban", file=sys.stderr)
        return 2
    workdir = tempfile.mkdtemp(prefix="kanban-sign-in-")
    try:
        run(os.path.abspath(argv[1]), workdir)
    except Failure as failure:
        print(f"sign-in test failed: {Step.current}: {failure} (logs in {workdir})", file=sys.stderr)
        return 1
    except Exception as error:
        print(f"sign-in test failed: {Step.current}: {type(error).__name__}: {error} (logs in {workdir})", file=sys.stderr)
        return 1
    shutil.rmtree(workdir, ignore_errors=True)
    print("sign-in test passed: single sign-on from the page at a real provider, the role from the groups claim, "
          "a member refused a board, Sign out ending the session, a tampered state, another browser's state, "
          "a wrong nonce, a replayed callback and a replayed code refused, an expired session refused")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
