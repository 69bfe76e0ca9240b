#!/usr/bin/env bash
# Makes sure the browser test can run: Debian's chromium and chromium-driver (one source
# package, so their versions always match), the Liberation and Noto CJK fonts (Korean renders
# in screenshots) through apt-get, and Python Selenium 4.51.0 through pip. Quiet and fast when
# everything is already there.
set -euo pipefail

python="${PYTHON:-python3}"
apt_packages="chromium chromium-driver fonts-liberation fonts-noto-cjk"

have_apt_packages() {
  local p
  for p in $apt_packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || return 1
  done
}
have_selenium() { "$python" -c 'import selenium' >/dev/null 2>&1; }

if ! have_apt_packages; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: chromium and chromium-driver are missing and apt-get is not available; install them (and python3 -m pip install selenium==4.51.0)" >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
  echo "Installing $apt_packages with apt-get…"
  # Another process may hold the dpkg lock (a parallel set-up): wait for it rather than fail.
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends $apt_packages >/dev/null
  have_apt_packages || { echo "error: apt-get did not install $apt_packages" >&2; exit 1; }
fi

if ! have_selenium; then
  echo "Installing Python Selenium 4.51.0 with pip…"
  # 4.52.0 needs a certifi release the package index here lacks.
  PIP_ROOT_USER_ACTION=ignore "$python" -m pip install -q 'selenium==4.51.0' >/dev/null
  have_selenium || { echo "error: pip did not install selenium" >&2; exit 1; }
fi

# The sign-in test's OpenID Connect provider (django-oidc-provider, Django, waitress).
have_provider() { "$python" -c 'import oidc_provider, django, waitress' >/dev/null 2>&1; }
if ! have_provider; then
  echo "Installing the test OpenID Connect provider's packages with pip…"
  PIP_ROOT_USER_ACTION=ignore "$python" -m pip install -q -r "$(cd "$(dirname "$0")/.." && pwd)/Tests/OIDCProvider/requirements.txt" >/dev/null
  have_provider || { echo "error: pip did not install django-oidc-provider" >&2; exit 1; }
fi
