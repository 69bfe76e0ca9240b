#!/usr/bin/env bash
# The web board's browser test: installs Chromium, its driver, Selenium and the test OpenID
# Connect provider when missing, then drives the board in headless Chromium against `kanban
# serve` (Tests/Browser/board_test.py), and single sign-on against that provider
# (Tests/Browser/sign_in_test.py).
# Usage: scripts/browser-test.sh PATH/TO/kanban   (KANBAN_SCREENSHOT=FILE keeps the screenshot there)
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: scripts/browser-test.sh PATH/TO/kanban" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
"$here/ensure-browser.sh"
export SE_OFFLINE=true
"${PYTHON:-python3}" "$here/../Tests/Browser/board_test.py" "$1"
exec "${PYTHON:-python3}" "$here/../Tests/Browser/sign_in_test.py" "$1"
