#!/usr/bin/env bash
# Makes sure LMDB's headers, library and pkg-config file (and its command-line tools) are
# installed: Debian's liblmdb-dev + lmdb-utils through apt-get, or Homebrew's lmdb.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists lmdb && command -v mdb_stat >/dev/null 2>&1; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi

if command -v apt-get >/dev/null 2>&1; then
  echo "Installing liblmdb-dev, lmdb-utils and pkg-config with apt-get…"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq liblmdb-dev lmdb-utils pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
  echo "Installing lmdb and pkg-config with Homebrew…"
  brew install lmdb pkg-config
else
  echo "error: LMDB is missing and neither apt-get nor brew is available; install liblmdb-dev (or lmdb) and pkg-config" >&2
  exit 1
fi

pkg-config --exists lmdb || { echo "error: pkg-config still cannot find lmdb" >&2; exit 1; }
