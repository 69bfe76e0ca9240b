#!/usr/bin/env bash
# How long a new node takes to serve a large shared log, and the same node restarted.
#
#   scripts/cluster/new-node.sh KANBAN_BINARY [EVENTS]
#
# Generates the standard workload (EVENTS, default 1,000,000, seed 1) into a fresh LMDB log,
# starts a throwaway PostgreSQL (scripts/postgres-test-cluster.sh), migrates the log into it
# (`kanban migrate`), then times `kanban serve --store URL --db NEW_CACHE` from its start until
# it says where it listens (the cache filled from PostgreSQL: events, audit tree, history index)
# and until its first board answers (the state folded), stops it, and times a second start on
# the filled cache. Then that node keeps a snapshot in the log (`kanban snapshot --store`), and a
# new node on an empty cache is timed again: it folds its state from that snapshot. Not part of
# `make test`.
set -euo pipefail
KANBAN=${1:?usage: scripts/cluster/new-node.sh KANBAN_BINARY [EVENTS]}
EVENTS=${2:-1000000}
case "$KANBAN" in /*) ;; *) KANBAN="$PWD/$KANBAN" ;; esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
. scripts/postgres-test-cluster.sh
WORK=$(mktemp -d "${TMPDIR:-/tmp}/kanban-new-node.XXXXXX")
PID=""
trap 'if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; fi; rm -rf "$WORK"; kanban_as_pg "$KANBAN_PGBIN/pg_ctl" -D "$KANBAN_PGDIR/data" -m fast stop >/dev/null 2>&1; rm -rf "$KANBAN_PGDIR"' EXIT
psql -h 127.0.0.1 -p "$KANBAN_PG_PORT" -U postgres -X -q -c "CREATE DATABASE big" postgres
URL="postgres://postgres@127.0.0.1:$KANBAN_PG_PORT/big?sslmode=disable"
echo "generating $EVENTS events…"
"$KANBAN" generate --db "$WORK/source" --events "$EVENTS" >/dev/null
echo "migrating them into PostgreSQL…"
"$KANBAN" migrate --from "$WORK/source" --to "$URL" | tail -1
now() { date +%s.%N; }
serve_until_listening() {   # LABEL: starts a node on $WORK/cache, prints how long until it listens and its board answers
    local out="$WORK/$1.out" start listening address
    : >"$out"
    start=$(now)
    "$KANBAN" serve --db "$WORK/cache" --port 0 --log-level warning --store "$URL" >"$out" 2>&1 &
    PID=$!
    until grep -q Listening "$out"; do
        kill -0 "$PID" 2>/dev/null || { cat "$out" >&2; exit 1; }
        sleep 0.02
    done
    listening=$(now)
    address=$(grep -o 'http://[^ ]*' "$out" | head -1)
    curl -sf "$address/api/boards/main" >/dev/null
    echo "$1: serving after $(awk "BEGIN { printf \"%.2f\", $listening - $start }") s, its board after $(awk "BEGIN { printf \"%.2f\", $(now) - $start }") s"
    kill "$PID"; wait "$PID" || true
    PID=""
}
serve_until_listening "new node"
serve_until_listening "restarted node"
"$KANBAN" snapshot --db "$WORK/cache" --store "$URL" >/dev/null
rm -rf "$WORK/cache"
serve_until_listening "new node, with the snapshot the first kept in the log"
