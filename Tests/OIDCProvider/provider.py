"""A real OpenID Connect provider for the sign-in tests: django-oidc-provider (from PyPI) in one
file, served by waitress, on a database in a temporary directory that is removed at exit.

    python3 Tests/OIDCProvider/provider.py --host 127.0.0.2 --port P --client-id ID \
        --client-secret S --redirect-uri URI [--id-token-seconds N]

Prints `Issuer http://HOST:PORT` once it accepts connections (logs go to standard error) and runs
until SIGTERM or SIGINT. One confidential client (authorization code, PKCE, no consent asked),
RS256 ID tokens carrying the profile claims and, when the `groups` scope is asked for, a `groups`
claim. Users: ana / ana-password in the group kanban-admins; ben / ben-password in none. The
login page's fields are #username and #password, its button #login-submit.
"""
import argparse
import os
import secrets
import shutil
import signal
import sys
import tempfile

# The settings name this module by an importable name (it runs as __main__).
MODULE = "kanban_oidc_provider"
sys.modules[MODULE] = sys.modules[__name__]

LOGIN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider: sign in</title></head>
<body><h1>Test provider</h1>
<form method="post" action="">{% csrf_token %}
<input type="hidden" name="next" value="{{ next }}">
<label for="username">User</label> <input id="username" name="username" autocomplete="username">
<label for="password">Password</label> <input id="password" name="password" type="password">
<button id="login-submit" type="submit">Sign in</button>
{% if form.errors %}<p id="login-error">Wrong user or password.</p>{% endif %}
</form></body></html>"""

USERS = [
    # username, password, name, email, groups
    ("ana", "ana-password", "Ana Admin", "ana@example.test", ["kanban-admins"]),
    ("ben", "ben-password", "Ben Member", "ben@example.test", []),
]


def parse_arguments(argv):
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description="A real OpenID Connect provider for tests.")
    parser.add_argument("--host", default="127.0.0.2")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--client-id", required=True)
    parser.add_argument("--client-secret", required=True)
    parser.add_argument("--redirect-uri", required=True)
    parser.add_argument("--id-token-seconds", type=int, default=600)
    return parser.parse_args(argv)


def configure(arguments, directory):
    """Django's settings, in code: the OIDC provider app, sessions, auth, and this module's URLs."""
    from django.conf import settings
    settings.configure(
        DEBUG=False,
        SECRET_KEY=secrets.token_urlsafe(32),
        ALLOWED_HOSTS=[arguments.host, "localhost"],
        ROOT_URLCONF=MODULE,
        INSTALLED_APPS=["django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions", "oidc_provider"],
        MIDDLEWARE=[
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
        ],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(directory, "provider.sqlite3")}},
        TEMPLATES=[{
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "OPTIONS": {
                "context_processors": ["django.template.context_processors.request"],
                "loaders": [
                    ("django.template.loaders.locmem.Loader", {"login.html": LOGIN_PAGE}),
                    "django.template.loaders.app_directories.Loader",
                ],
            },
        }],
        USE_TZ=True,
        LOGIN_URL="/login",
        # Cookies of its own names: the board under test has its own on another address.
        SESSION_COOKIE_NAME="provider_session",
        CSRF_COOKIE_NAME="provider_csrftoken",
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        SITE_URL=f"http://{arguments.host}:{arguments.port}",
        OIDC_IDTOKEN_INCLUDE_CLAIMS=True,
        OIDC_EXTRA_SCOPE_CLAIMS=f"{MODULE}.GroupsScopeClaims",
        OIDC_USERINFO=f"{MODULE}.userinfo",
        OIDC_IDTOKEN_EXPIRE=arguments.id_token_seconds,
        LOGGING={"version": 1, "handlers": {"stderr": {"class": "logging.StreamHandler"}}, "root": {"handlers": ["stderr"], "level": "WARNING"}},
    )
    import django
    django.setup()


def userinfo(claims, user):
    """The standard claims of `user` (django-oidc-provider's OIDC_USERINFO)."""
    claims["name"] = user.get_full_name()
    claims["preferred_username"] = user.username
    claims["email"] = user.email
    claims["email_verified"] = True
    return claims


def define_scope_claims():
    """GroupsScopeClaims: the `groups` scope's claim, the names of the user's groups."""
    from oidc_provider.lib.claims import ScopeClaims

    class GroupsScopeClaims(ScopeClaims):
        info_groups = ("Groups", "The groups you belong to.")

        def scope_groups(self):
            return {"groups": sorted(group.name for group in self.user.groups.all())}

    return GroupsScopeClaims


def define_urls():
    """The login page at /login and django-oidc-provider at the root, so the issuer is SITE_URL."""
    from django.contrib.auth.views import LoginView
    from django.urls import include, path
    return [
        path("login", LoginView.as_view(template_name="login.html"), name="login"),
        path("", include("oidc_provider.urls", namespace="oidc_provider")),
    ]


def seed(arguments):
    """The database: tables, a signing key, the client and the users."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command
    from oidc_provider.models import Client, ResponseType, RSAKey

    call_command("migrate", verbosity=0, interactive=False)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    RSAKey.objects.create(key=key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()).decode())
    client = Client.objects.create(
        name="kanban", client_type="confidential", client_id=arguments.client_id, client_secret=arguments.client_secret,
        jwt_alg="RS256", require_consent=False, reuse_consent=True)
    client.redirect_uris = [arguments.redirect_uri]
    client.save()
    code, _ = ResponseType.objects.get_or_create(value="code", defaults={"description": "code (Authorization Code Flow)"})
    client.response_types.add(code)
    for username, password, name, email, groups in USERS:
        first, last = name.split(" ", 1)
        user = User.objects.create_user(username, email, password, first_name=first, last_name=last)
        for group in groups:
            user.groups.add(Group.objects.get_or_create(name=group)[0])


def main(argv):
    """Seeds a fresh database, prints the issuer once listening, serves until SIGTERM or SIGINT."""
    arguments = parse_arguments(argv)
    directory = tempfile.mkdtemp(prefix="oidc-provider-")

    def finish(*_):
        shutil.rmtree(directory, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, finish)
    signal.signal(signal.SIGINT, finish)
    try:
        configure(arguments, directory)
        globals()["GroupsScopeClaims"] = define_scope_claims()
        globals()["urlpatterns"] = define_urls()
        seed(arguments)
        from django.core.wsgi import get_wsgi_application
        from waitress import create_server
        server = create_server(get_wsgi_application(), host=arguments.host, port=arguments.port, threads=4)
        print(f"Issuer http://{arguments.host}:{arguments.port}", flush=True)
        server.run()
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
