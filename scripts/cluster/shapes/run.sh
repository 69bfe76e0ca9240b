#!/usr/bin/env bash
# Shapes of a shared-log write, measured on PostgreSQL alone with pgbench: today's (one claim of
# the whole log per write), the same with its statements merged, and the per-board one with a
# sequencer that numbers committed work (docs/postgresql.md, "What limits it"; README.md here,
# which says what each sends). No kanban node runs: each pgbench
# client is a node's writer thread sending the statements a write sends, so the figures are the
# store's side of each shape, the bound a node's own work only lowers. Not part of `make test`.
#
#   scripts/cluster/shapes/run.sh
#
# Starts a throwaway durable PostgreSQL 15 (scripts/postgres-test-cluster.sh, KANBAN_PG_DURABLE=1)
# and, with PG_DELAY_MS, the delaying proxy of scripts/cluster between pgbench and it. For each
# shape, nodes (1 and 4) and boards (1 hot board, and BOARDS): WRITERS writers (64) waiting at
# once, as a node's group commit batches them: under the claim a node's batch is its share of
# the writers; per board, a node runs a batch per board it has writers for. Prints commands/s
# (pgbench's transactions/s times the batch) and checks every run's log: dense positions, each
# board's events in its order, nothing left pending.
# Each figure is the median of ROUNDS runs (3), each on fresh tables; the runs follow in brackets.
# Settings: DURATION (10), ROUNDS (3), WRITERS (64), BOARDS (16), PG_DELAY_MS (1),
# SHAPES ("claim claim2 board"), SHOW_STATEMENTS (set: pgbench's latency of each statement).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
DURATION=${DURATION:-10}
WRITERS=${WRITERS:-64}
BOARDS=${BOARDS:-16}
PG_DELAY_MS=${PG_DELAY_MS:-1}
SHAPES=${SHAPES:-claim claim2 board}
ROUNDS=${ROUNDS:-3}

case "${1:-}" in
-h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac

export KANBAN_PG_DURABLE=1
# shellcheck source=../../postgres-test-cluster.sh
. "$ROOT/scripts/postgres-test-cluster.sh"
PGBIN=$KANBAN_PGBIN
DIRECT="host=127.0.0.1 port=$KANBAN_PG_PORT user=postgres dbname=postgres"
WORK=$(mktemp -d)
PROXY=""
cleanup() {
    [ -n "$PROXY" ] && kill "$PROXY" 2>/dev/null || true
    rm -rf "$WORK"
    kanban_as_pg "$KANBAN_PGBIN/pg_ctl" -D "$KANBAN_PGDIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$KANBAN_PGDIR"
}
trap cleanup EXIT
TARGET=$DIRECT
if [ "$PG_DELAY_MS" != 0 ]; then
    PORT=$((KANBAN_PG_PORT + 100))
    python3 "$ROOT/scripts/cluster/delay-proxy.py" --listen "$PORT" --to "$KANBAN_PG_PORT" --delay-ms "$PG_DELAY_MS" >"$WORK/proxy.out" 2>&1 &
    PROXY=$!
    for _ in $(seq 100); do grep -q listening "$WORK/proxy.out" 2>/dev/null && break; sleep 0.05; done
    grep -q listening "$WORK/proxy.out" || { cat "$WORK/proxy.out" >&2; exit 1; }
    TARGET="host=127.0.0.1 port=$PORT user=postgres dbname=postgres"
fi

failed=0
printf '\n%-6s %5s %6s %8s %6s %12s\n' shape nodes boards clients batch commands/s
for shape in $SHAPES; do
    for nodes in 1 4; do
        for boards in 1 "$BOARDS"; do
            if [ "$shape" != board ]; then
                clients=$nodes
            else
                per_node=$((WRITERS / nodes))
                clients=$((nodes * (boards < per_node ? boards : per_node)))
            fi
            batch=$((WRITERS / clients))
            rates=()
            for _ in $(seq "$ROUNDS"); do
                "$PGBIN/psql" "$DIRECT" -q -v ON_ERROR_STOP=1 -f "$HERE/schema.sql" >/dev/null 2>"$WORK/schema.err" \
                    || { cat "$WORK/schema.err" >&2; exit 1; }
                "$PGBIN/pgbench" "$TARGET" -n -M extended -c "$clients" -j 2 -T "$DURATION" \
                    -D batch="$batch" -D boards="$boards" -D copied="$WRITERS" -D n=0 -r -f "$HERE/$shape.sql" >"$WORK/out" 2>&1 || true
                tps=$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' "$WORK/out")
                if [ -z "$tps" ] || grep -q "aborted" "$WORK/out"; then
                    echo "pgbench failed ($shape, $nodes nodes, $boards boards):" >&2; cat "$WORK/out" >&2; failed=1; continue
                fi
                # Dense positions, each board's events in its order, nothing pending.
                check=$("$PGBIN/psql" "$DIRECT" -Atc "
                    SELECT (SELECT count(*) = coalesce(max(position), 0) AND count(*) = (SELECT position FROM log_head) FROM events)
                       AND NOT EXISTS (SELECT 1 FROM (SELECT position - lag(position) OVER (PARTITION BY board_id ORDER BY seq) AS d FROM events) x WHERE d <= 0)
                       AND NOT EXISTS (SELECT 1 FROM pending)")
                [ "$check" = t ] || { echo "the log of $shape, $nodes nodes, $boards boards is not dense and ordered" >&2; failed=1; }
                [ -n "${SHOW_STATEMENTS:-}" ] && sed -n "/statement latencies/,\$p" "$WORK/out"
                rates+=("$(awk "BEGIN { printf \"%.0f\", $tps * $batch }")")
            done
            [ ${#rates[@]} -gt 0 ] || continue
            median=$(printf '%s\n' "${rates[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
            printf '%-6s %5d %6d %8d %6d %12.0f   (%s)\n' "$shape" "$nodes" "$boards" "$clients" "$batch" "$median" "${rates[*]}"
        done
    done
done
echo "($WRITERS writers, $DURATION s each, durable PostgreSQL, $([ "$PG_DELAY_MS" != 0 ] && echo "$PG_DELAY_MS ms each way to it" || echo "no delay injected"))"
exit $failed
