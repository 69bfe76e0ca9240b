"""Self-check of the test OpenID Connect provider (provider.py beside this file).

    python3 Tests/OIDCProvider/check_flow.py

Starts provider.py on a free port of 127.0.0.2, drives the authorization code flow as a relying
party would (urllib and a cookie jar, no browser), and prints one line per check: `ok: ...`,
`FAIL: ...`, or `note: ...` for what the provider does that is worth knowing but is no failure.
Ends with `N passed, N failed` and exits 1 when any check failed. Needs only the packages of
requirements.txt (PyJWT comes with django-oidc-provider and verifies the ID token's signature).
"""
import base64
import glob
import hashlib
import http.cookiejar
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import jwt

PROVIDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "provider.py")
HOST = "127.0.0.2"
CLIENT_ID = "kanban-check"
CLIENT_SECRET = "check-secret-" + secrets.token_hex(8)
REDIRECT_URI = "http://127.0.0.1:9/auth/callback"  # never contacted: the redirect is not followed
PASSWORDS = {"ana": "ana-password", "ben": "ben-password"}


class Report:
    """Prints one line per check and counts the failures."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, condition, what, detail=""):
        """`ok: what` or `FAIL: what (detail)`; returns `condition`."""
        if condition:
            self.passed += 1
            print(f"ok: {what}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL: {what}" + (f" ({detail})" if detail else ""), flush=True)
        return bool(condition)

    @staticmethod
    def note(what):
        print(f"note: {what}", flush=True)


# --- The provider process -------------------------------------------------------------------------

def free_port(host):
    """A port of `host` that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def start_provider(*extra):
    """provider.py on a free port of 127.0.0.2: the process, the printed issuer and the port."""
    port = free_port(HOST)
    process = subprocess.Popen(
        [sys.executable, PROVIDER, "--host", HOST, "--port", str(port), "--client-id", CLIENT_ID,
         "--client-secret", CLIENT_SECRET, "--redirect-uri", REDIRECT_URI, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    first = []
    reader = threading.Thread(target=lambda: first.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(120)
    line = first[0].strip() if first else ""
    if not line.startswith("Issuer "):
        stop_provider(process)
        raise SystemExit(f"FAIL: provider.py did not start: {line!r}")
    return process, line[len("Issuer "):], port


def stop_provider(process, seconds=10):
    """SIGTERM, then the exit status (None when it had to be killed)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        return process.wait(seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return None


def provider_directories():
    """The provider's temporary directories present now."""
    return set(glob.glob(os.path.join(tempfile.gettempdir(), "oidc-provider-*")))


# --- HTTP -----------------------------------------------------------------------------------------

class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Hands redirects back instead of following them."""

    def redirect_request(self, *arguments):
        return None


class Client:
    """A user agent with its own cookie jar, which does not follow redirects."""

    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def send(self, url, form=None, headers=None):
        """GET (or POST `form`): status, headers and body text."""
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        request = urllib.request.Request(url, data=data, headers=headers or {})
        try:
            with self.opener.open(request, timeout=20) as response:
                return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode(errors="replace")


def get_json(url):
    with urllib.request.urlopen(url, timeout=20) as response:
        return json.loads(response.read())


# --- The relying party's side ---------------------------------------------------------------------

def pkce_pair():
    """A code verifier and its S256 challenge."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


class SignIn:
    """One authorization request: its state, nonce and PKCE verifier, and the code it yields."""

    def __init__(self, discovery, scope="openid profile groups", nonce=True, pkce=True):
        self.state = secrets.token_urlsafe(16)
        self.nonce = secrets.token_urlsafe(16) if nonce else None
        self.verifier, challenge = pkce_pair() if pkce else (None, None)
        parameters = {"response_type": "code", "client_id": CLIENT_ID, "redirect_uri": REDIRECT_URI, "scope": scope,
                      "state": self.state}
        if nonce:
            parameters["nonce"] = self.nonce
        if pkce:
            parameters.update(code_challenge=challenge, code_challenge_method="S256")
        self.url = discovery["authorization_endpoint"] + "?" + urllib.parse.urlencode(parameters)
        self.callback = None
        self.login_page = None
        self.cookie_headers = []

    def run(self, agent, user):
        """Follows the authorization URL, signing in as `user` when the login page comes: the
        callback URL (at the redirect URI) the provider sends the browser to."""
        url = self.url
        for _ in range(8):
            status, headers, body = agent.send(url)
            self.cookie_headers += headers.get_all("Set-Cookie") or []
            if status in (301, 302, 303):
                url = urllib.parse.urljoin(url, headers["Location"])
                if url.startswith(REDIRECT_URI):
                    self.callback = url
                    return url
                continue
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body)
            if status != 200 or not token:
                raise RuntimeError(f"the provider answered {status} at {url}: {body[:200]!r}")
            self.login_page = body
            status, headers, body = agent.send(url, form={
                "csrfmiddlewaretoken": token.group(1), "username": user, "password": PASSWORDS[user],
                "next": re.search(r'name="next" value="([^"]*)"', body).group(1).replace("&amp;", "&")})
            self.cookie_headers += headers.get_all("Set-Cookie") or []
            if status not in (301, 302, 303):
                raise RuntimeError(f"the provider did not take {user}'s password ({status})")
            url = urllib.parse.urljoin(url, headers["Location"])
        raise RuntimeError("the provider never redirected to the redirect URI")

    def callback_parameter(self, name):
        return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.callback).query)).get(name)


def exchange(discovery, code, verifier, method="client_secret_post", secret=CLIENT_SECRET):
    """POSTs the code to the token endpoint: the status and the JSON answer."""
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT_URI}
    if verifier is not None:
        form["code_verifier"] = verifier
    headers = {}
    if method == "client_secret_post":
        form.update(client_id=CLIENT_ID, client_secret=secret)
    else:
        credentials = base64.b64encode(f"{CLIENT_ID}:{secret}".encode()).decode()
        headers["Authorization"] = "Basic " + credentials
    status, _, body = Client().send(discovery["token_endpoint"], form=form, headers=headers)
    try:
        return status, json.loads(body)
    except ValueError:
        return status, {"body": body[:200]}


def signed_in_token(report, discovery, agent, user, scope="openid profile groups", method="client_secret_post"):
    """A full sign-in of `user`: the SignIn and the token endpoint's answer (None when it failed)."""
    sign_in = SignIn(discovery, scope)
    sign_in.run(agent, user)
    status, answer = exchange(discovery, sign_in.callback_parameter("code"), sign_in.verifier, method)
    if not report.check(status == 200 and "id_token" in answer, f"{user}: code exchanged with {method}",
                        f"{status} {answer}"):
        return sign_in, None
    return sign_in, answer


def verified_claims(discovery, jwks, id_token):
    """The ID token's header and payload, its RS256 signature checked against the JWKS."""
    header = jwt.get_unverified_header(id_token)
    jwk = next((key for key in jwks["keys"] if key.get("kid") == header.get("kid")), None)
    if jwk is None:
        return header, None
    payload = jwt.decode(id_token, jwt.PyJWK.from_dict(jwk).key, algorithms=["RS256"], audience=CLIENT_ID,
                         issuer=discovery["issuer"])
    return header, payload


# --- The checks -----------------------------------------------------------------------------------

def check_discovery(report, issuer, port):
    """The printed issuer, and the discovery document's fields: the document."""
    report.check(issuer == f"http://{HOST}:{port}", f"printed issuer is {issuer}")
    discovery = get_json(issuer + "/.well-known/openid-configuration")
    report.check(discovery.get("issuer") == issuer, "discovery issuer equals the printed issuer", discovery.get("issuer"))
    for field in ("authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint"):
        report.check(str(discovery.get(field, "")).startswith(issuer + "/"), f"discovery {field} = {discovery.get(field)}")
    methods = discovery.get("token_endpoint_auth_methods_supported")
    report.note(f"token_endpoint_auth_methods_supported = {methods}")
    if "code_challenge_methods_supported" in discovery:
        report.check("S256" in discovery["code_challenge_methods_supported"], "discovery advertises PKCE S256")
    else:
        report.note("discovery has no code_challenge_methods_supported (S256 works all the same, see below)")
    return discovery


def check_login_page_and_cookies(report, sign_in):
    """The login form's selectors, and cookies that work across 127.0.0.1 and 127.0.0.2 over http."""
    page = sign_in.login_page or ""
    for element in ('id="username"', 'id="password"', 'id="login-submit"'):
        report.check(element in page, f"login page has {element}")
    session = [c for c in sign_in.cookie_headers if c.startswith("provider_session=")]
    report.check(session and all("Secure" not in c and "Domain" not in c and "SameSite=Lax" in c for c in session),
                 "provider session cookie: host-only, not Secure, SameSite=Lax (sent on the top-level redirect "
                 "from 127.0.0.1 over http)", str(session))


def check_ana(report, discovery, jwks):
    """ana: code, state, both auth methods, the ID token's claims, replay, wrong verifier, wrong secret."""
    agent = Client()
    sign_in = SignIn(discovery)
    sign_in.run(agent, "ana")
    check_login_page_and_cookies(report, sign_in)
    code = sign_in.callback_parameter("code")
    report.check(bool(code), "ana: redirected to the redirect URI with a code", sign_in.callback)
    report.check(sign_in.callback_parameter("state") == sign_in.state, "ana: the same state came back")
    status, answer = exchange(discovery, code, sign_in.verifier, "client_secret_post")
    if report.check(status == 200 and "id_token" in answer, "ana: code exchanged with client_secret_post",
                    f"{status} {answer}"):
        check_ana_id_token(report, discovery, jwks, answer["id_token"], sign_in.nonce)
        check_userinfo(report, discovery, answer["access_token"], expect_groups=["kanban-admins"])
    status, answer = exchange(discovery, code, sign_in.verifier, "client_secret_post")
    report.check(status == 400 and answer.get("error") == "invalid_grant",
                 f"ana: replayed code refused: {status} {answer.get('error')}")
    again, _ = signed_in_token(report, discovery, agent, "ana", method="client_secret_basic")
    report.check(again.login_page is None and again.callback,
                 "ana again: straight back with a code, no password and no consent asked (provider session)")
    check_refusals(report, discovery, agent)
    _, answer = signed_in_token(report, discovery, agent, "ana", scope="openid profile")
    if answer:
        claims = jwt.decode(answer["id_token"], options={"verify_signature": False})
        report.check("groups" not in claims, "ana without the groups scope: no groups claim in the ID token")
        check_userinfo(report, discovery, answer["access_token"], expect_groups=None)


def check_ana_id_token(report, discovery, jwks, id_token, nonce):
    header, claims = verified_claims(discovery, jwks, id_token)
    report.check(header.get("alg") == "RS256", f"id_token header alg RS256 (header {header})")
    if not report.check(claims is not None, f"id_token kid {header.get('kid')} is in the JWKS; signature verifies"):
        return
    report.check(claims["iss"] == discovery["issuer"], f"iss = {claims['iss']}")
    report.check(claims["aud"] == CLIENT_ID, f"aud = {claims['aud']}")
    report.check(claims.get("nonce") == nonce, "nonce is the request's")
    report.check(bool(claims.get("sub")), f"sub = {claims.get('sub')}")
    report.check(claims["exp"] - claims["iat"] == 600, f"exp - iat = {claims['exp'] - claims['iat']} (default 600)")
    report.check(claims.get("groups") == ["kanban-admins"], f"groups = {claims.get('groups')}")
    report.check(claims.get("preferred_username") == "ana", f"preferred_username = {claims.get('preferred_username')}")
    report.check(claims.get("name") == "Ana Admin", f"name = {claims.get('name')}")


def check_userinfo(report, discovery, access_token, expect_groups):
    """The userinfo endpoint with the access token: groups only when the scope was asked for."""
    status, _, body = Client().send(discovery["userinfo_endpoint"], headers={"Authorization": "Bearer " + access_token})
    info = json.loads(body) if status == 200 else {}
    what = f"groups = {expect_groups}" if expect_groups is not None else "no groups (scope not asked)"
    report.check(status == 200 and info.get("groups") == expect_groups and info.get("preferred_username"),
                 f"userinfo: {what}, preferred_username = {info.get('preferred_username')}", f"{status} {body[:200]}")


def check_refusals(report, discovery, agent):
    """A wrong code_verifier, a missing one, and a wrong client secret (form and Basic)."""
    sign_in = SignIn(discovery)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(sign_in.run(agent, "ana")).query)["code"][0]
    status, answer = exchange(discovery, code, pkce_pair()[0])
    report.check(status == 400 and answer.get("error") == "invalid_grant",
                 f"wrong code_verifier refused: {status} {answer.get('error')}")
    status, answer = exchange(discovery, code, None)
    report.check(status == 400 and answer.get("error") == "invalid_grant",
                 f"missing code_verifier refused: {status} {answer.get('error')}")
    for method in ("client_secret_post", "client_secret_basic"):
        status, answer = exchange(discovery, code, sign_in.verifier, method, secret="wrong-secret")
        report.check(status == 400 and answer.get("error") == "invalid_client",
                     f"wrong client secret ({method}) refused: {status} {answer.get('error')}")
    status, answer = exchange(discovery, code, sign_in.verifier)
    if status == 200:
        report.note("a code survives failed attempts (wrong verifier or secret): the right one still redeems it")
    else:
        report.note(f"after failed attempts the code is refused: {status} {answer.get('error')}")


def check_optional_parameters(report, discovery):
    """Neither nonce nor PKCE is required for the code flow: noted, not failed."""
    sign_in = SignIn(discovery, nonce=False, pkce=False)
    sign_in.run(Client(), "ben")
    status, answer = exchange(discovery, sign_in.callback_parameter("code"), None)
    if status == 200:
        claims = jwt.decode(answer["id_token"], options={"verify_signature": False})
        report.note("a request without nonce and without PKCE is accepted; its ID token has "
                    + ("a nonce" if "nonce" in claims else "no nonce claim"))
    else:
        report.note(f"a request without nonce and PKCE: code refused {status} {answer.get('error')}")


def check_ben(report, discovery, jwks):
    _, answer = signed_in_token(report, discovery, Client(), "ben")
    if answer:
        _, claims = verified_claims(discovery, jwks, answer["id_token"])
        report.check(claims and claims.get("groups") == [], f"ben: groups = {claims and claims.get('groups')}")
        report.check(claims and claims.get("preferred_username") == "ben", "ben: preferred_username = ben")


def check_short_lifetime(report):
    """--id-token-seconds 5: exp - iat == 5."""
    process, issuer, _ = start_provider("--id-token-seconds", "5")
    try:
        discovery = get_json(issuer + "/.well-known/openid-configuration")
        _, answer = signed_in_token(report, discovery, Client(), "ana")
        if answer:
            claims = jwt.decode(answer["id_token"], options={"verify_signature": False})
            report.check(claims["exp"] - claims["iat"] == 5, f"--id-token-seconds 5: exp - iat = {claims['exp'] - claims['iat']}")
    finally:
        stop_provider(process)


def main():
    report = Report()
    before = provider_directories()
    started = time.monotonic()
    process, issuer, port = start_provider()
    report.note(f"provider started in {time.monotonic() - started:.1f} s")
    try:
        discovery = check_discovery(report, issuer, port)
        jwks = get_json(discovery["jwks_uri"])
        check_ana(report, discovery, jwks)
        check_ben(report, discovery, jwks)
        check_optional_parameters(report, discovery)
    except Exception as error:  # a broken flow is a failure, not a traceback
        report.check(False, "flow", f"{type(error).__name__}: {error}")
    finally:
        started = time.monotonic()
        status = stop_provider(process)
    report.check(status == 0, f"SIGTERM: provider exited {status} in {time.monotonic() - started:.1f} s")
    check_short_lifetime(report)
    report.check(provider_directories() <= before, "no temporary directory left behind")
    print(f"{report.passed} passed, {report.failed} failed", flush=True)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
