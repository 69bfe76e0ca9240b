#!/usr/bin/env bash
# Fuzz the HTTP API against its OpenAPI document with schemathesis: starts `kanban serve` on a
# free port with a fresh temporary database, runs every check on every operation (the live
# stream included; schemathesis leaves out the document's own URL) with the settings in
# scripts/contract/schemathesis.toml, stops the server, and exits non-zero on any failure.
# Not part of `make test`: schemathesis is a Python tool, installed with
# `pip install schemathesis==4.32.5`.
#
# Usage: scripts/contract/schemathesis.sh [BIN] [ST-RUN-OPTION...]
#   BIN            the kanban executable (default: the debug build, `swift build --show-bin-path`)
#   ST-RUN-OPTION  more options for `st run`, such as `--seed N` to replay a run
# SCHEMA=FILE checks FILE instead of the document the server serves (an edited copy, without
# rebuilding the server).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${1:-}"
[ $# -gt 0 ] && shift
if [ -z "$bin" ]; then bin="$(cd "$root" && swift build --show-bin-path)/kanban"; fi
[ -x "$bin" ] || { echo "no kanban executable at $bin (swift build first)" >&2; exit 2; }
command -v st >/dev/null || { echo "schemathesis is missing: pip install schemathesis==4.32.5" >&2; exit 2; }

work="$(mktemp -d)"
server=""
stop() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

"$bin" serve --db "$work/kanban.db" --port 0 --log-level warning >"$work/server.out" 2>"$work/server.err" &
server=$!
base=""
for _ in $(seq 1 300); do
  base="$(sed -n 's/^Listening on \(http:[^ ]*\).*/\1/p' "$work/server.out" | head -n 1)"
  [ -n "$base" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.err" >&2; echo "kanban serve exited" >&2; exit 2; }
  sleep 0.1
done
[ -n "$base" ] || { echo "kanban serve did not say where it listens" >&2; exit 2; }

if [ -n "${SCHEMA:-}" ]; then
  location=("$(cd "$(dirname "$SCHEMA")" && pwd)/$(basename "$SCHEMA")" --url "$base")
else
  location=("$base/api/openapi.yaml")
fi
status=0
# Every check runs: that is schemathesis's default. `--checks all` is not given because a check
# named on the command line overrides the config file's per-operation `enabled = false`.
# Run from the temporary directory, where schemathesis leaves its .schemathesis/ cache.
(cd "$work" && st --config-file "$here/schemathesis.toml" run "${location[@]}" \
  --max-examples 15 --workers 1 "$@") || status=$?
if ! kill -0 "$server" 2>/dev/null; then
  echo "kanban serve stopped during the run:" >&2
  cat "$work/server.err" >&2
  status=1
fi
exit "$status"
