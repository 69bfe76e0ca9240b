#!/usr/bin/env bash
# Makes sure LMDB's headers, library and pkg-config file (and its command-line tools) are
# installed: Debian's liblmdb-dev + lmdb-utils through apt-get, or Homebrew's lmdb.
# With --with-sqlite, SQLite's headers too (the benchmark package's GRDB needs them).
set -euo pipefail

sqlite=no
[ "${1:-}" = "--with-sqlite" ] && sqlite=yes
have_sqlite() { [ "$sqlite" = no ] || pkg-config --exists sqlite3 2>/dev/null; }

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists lmdb && command -v mdb_stat >/dev/null 2>&1 && have_sqlite; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi

if command -v apt-get >/dev/null 2>&1; then
  echo "Installing liblmdb-dev, lmdb-utils and pkg-config with apt-get…"
  $sudo apt-get update -qq
  packages="liblmdb-dev lmdb-utils pkg-config"
  [ "$sqlite" = yes ] && packages="$packages libsqlite3-dev"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $packages >/dev/null
elif command -v brew >/dev/null 2>&1; then
  echo "Installing lmdb and pkg-config with Homebrew…"
  brew install lmdb pkg-config
  [ "$sqlite" = yes ] && brew install sqlite
else
  echo "error: LMDB is missing and neither apt-get nor brew is available; install liblmdb-dev (or lmdb) and pkg-config" >&2
  exit 1
fi

pkg-config --exists lmdb || { echo "error: pkg-config still cannot find lmdb" >&2; exit 1; }
