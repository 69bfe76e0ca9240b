#!/usr/bin/env bash
# The server's load test (issue #10, "Load"); not part of `make test`. See scripts/load/README.md.
#
#   scripts/load/run.sh [KANBAN_BINARY]
#
# Without KANBAN_BINARY it builds the release `kanban` first. Installs wrk (apt-get) when missing.
# Starts `kanban serve` on a temporary database and a free port, then measures:
#   1. seeding: CARDS cards on the board `main`;
#   2. GET /api/boards/main with wrk;
#   3. card moves (POST …/cards/ID/move) with wrk over CONNECTIONS connections, checked against
#      the events the log gained and the server's own answer counts, with the batch sizes;
#   4. SUBSCRIBERS live streams receiving a burst of BURST moves (subscribers.py);
#   5. the CLI's one-process-per-command rate (CLI_RUNS `kanban move` runs on a copy of the
#      seeded database, with the server stopped),
# and prints a markdown table with the goals. Settings (environment): DURATION (10s), THREADS
# (2), CONNECTIONS (64), CARDS (100), SUBSCRIBERS (100), BURST (200), MOVERS (4), CLI_RUNS (50),
# ROLES (0; 1: a token file, and every request of the load made by a member with the editor role
# on a board only its members may see, so each command and read goes through the roles).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
CARDS=${CARDS:-100}
SUBSCRIBERS=${SUBSCRIBERS:-100}
BURST=${BURST:-200}
MOVERS=${MOVERS:-4}
CLI_RUNS=${CLI_RUNS:-50}
ROLES=${ROLES:-0}

case "${1:-}" in
-h | --help)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac
if [ $# -gt 1 ]; then
    echo "usage: scripts/load/run.sh [KANBAN_BINARY]" >&2
    exit 2
fi

say() { printf '\n== %s\n' "$*"; }

# --- what the test needs ------------------------------------------------------------------
if [ $# -eq 1 ]; then
    KANBAN=$1
else
    say "Building the release kanban"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --product kanban)
    KANBAN="$(cd "$ROOT" && swift build -c release --static-swift-stdlib --show-bin-path)/kanban"
fi
[ -x "$KANBAN" ] || { echo "run.sh: '$KANBAN' is not an executable" >&2; exit 2; }
command -v python3 >/dev/null || { echo "run.sh: python3 is needed (for seeding and the subscribers)" >&2; exit 1; }
if ! command -v wrk >/dev/null; then
    say "Installing wrk"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get install -y wrk || { $SUDO apt-get update && $SUDO apt-get install -y wrk; }
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/kanban-load.XXXXXX")
DB="$WORK/db"
CLI_DB="$WORK/cli-db"
SERVER=""
SERVER_EXIT=""

# Stops the server with SIGTERM (it finishes what is in flight and exits 0); SERVER_EXIT is its status.
stop_server() {
    if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
        kill -TERM "$SERVER" 2>/dev/null || true
        SERVER_EXIT=0
        wait "$SERVER" 2>/dev/null || SERVER_EXIT=$?
    fi
    SERVER=""
}
cleanup() {
    stop_server
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- CPU accounting: who used the two cores during a measurement --------------------------
HZ=$(getconf CLK_TCK)
process_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }                   # user + system
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9; exit }' /proc/stat; } # busy, all cores
now() { date +%s.%N; }

# measure NAME COMMAND…: runs COMMAND with its output in $WORK/NAME.out (shown too), then sets
# CPU_SERVER, CPU_CLIENT and CPU_OTHER: the cores (busy seconds per second) the server, COMMAND
# and everything else on the machine used meanwhile. Returns COMMAND's status.
measure() {
    local name=$1 status=0 server0 machine0 start server1 machine1 end client seconds
    shift
    server0=$(process_ticks "$SERVER")
    machine0=$(machine_ticks)
    start=$(now)
    local TIMEFORMAT='%U %S'
    { time "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"; } 2>"$WORK/$name.time" || status=$?
    end=$(now)
    server1=$(process_ticks "$SERVER")
    machine1=$(machine_ticks)
    client=$(awk '{ print $1 + $2 }' "$WORK/$name.time")
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')
    CPU_SERVER=$(awk -v t=$((server1 - server0)) -v hz="$HZ" -v s="$seconds" 'BEGIN { printf "%.2f", t / hz / s }')
    CPU_CLIENT=$(awk -v c="$client" -v s="$seconds" 'BEGIN { printf "%.2f", c / s }')
    CPU_OTHER=$(awk -v t=$((machine1 - machine0)) -v hz="$HZ" -v s="$seconds" -v a="$CPU_SERVER" -v b="$CPU_CLIENT" \
        'BEGIN { o = t / hz / s - a - b; printf "%.2f", (o < 0 ? 0 : o) }')
    cat "$WORK/$name.out"
    [ -s "$WORK/$name.err" ] && cat "$WORK/$name.err" >&2
    echo "CPU (cores): kanban serve $CPU_SERVER, $1 $CPU_CLIENT, the rest of the machine $CPU_OTHER"
    return $status
}

# value FILE KEY: KEY's value on FILE's RESULT line (or in its KEY=VALUE lines).
value() {
    { grep '^RESULT ' "$1" | tr ' ' '\n'; grep -v '^RESULT ' "$1"; } | sed -n "s/^$2=//p" | head -1
}
calc() { awk "BEGIN { printf \"$1\", $2 }"; }
verdict() { awk "BEGIN { print ($1) ? \"yes\" : \"**no**\" }"; }

# --- the server -----------------------------------------------------------------------------
say "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
SERVE_TOKENS=()
if [ "$ROLES" = 1 ]; then
    export KANBAN_ADMIN_TOKEN=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
    export KANBAN_LOAD_TOKEN=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
    printf 'admin %s\nload %s member\n' "$KANBAN_ADMIN_TOKEN" "$KANBAN_LOAD_TOKEN" >"$WORK/tokens"
    chmod 600 "$WORK/tokens"
    SERVE_TOKENS=(--token-file "$WORK/tokens")
    echo "Roles on: the load acts as the member 'load', an editor of 'main', which only its members may see"
fi
"$KANBAN" serve --db "$DB" --port 0 --log-level warning "${SERVE_TOKENS[@]}" >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER=$!
URL=""
for _ in $(seq 600); do
    URL=$(sed -n 's/^Listening on \(http:[^ ]*\).*/\1/p' "$WORK/server.out" | head -1)
    [ -n "$URL" ] && break
    if ! kill -0 "$SERVER" 2>/dev/null; then
        echo "run.sh: the server did not start:" >&2
        cat "$WORK/server.err" >&2
        exit 1
    fi
    sleep 0.1
done
[ -n "$URL" ] || { echo "run.sh: the server did not say where it listens within 60 s" >&2; exit 1; }
echo "kanban serve (pid $SERVER) at $URL, database $DB"

# --- 1. seed ----------------------------------------------------------------------------------
say "1. Seeding $CARDS cards on the board main"
python3 "$HERE/api.py" seed "$URL" "$CARDS" >"$WORK/ids.txt"
echo "$(wc -l <"$WORK/ids.txt") cards added"
# The CLI (step 5) runs on a copy of this seeded database, so it does the same work on the same board.
mkdir -p "$CLI_DB"
if command -v mdb_copy >/dev/null; then
    mdb_copy "$DB" "$CLI_DB"
    cp "$WORK/ids.txt" "$WORK/cli-ids.txt"
else
    for n in $(seq "$CARDS"); do "$KANBAN" add "Load card $n" --db "$CLI_DB" --actor load; done >"$WORK/cli-ids.txt"
fi

# --- 2. board GET -----------------------------------------------------------------------------
say "2. GET /api/boards/main ($CARDS cards): wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency"
measure get wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$HERE/report.lua" "$URL/api/boards/main"
GET_CPU="kanban $CPU_SERVER, wrk $CPU_CLIENT, others $CPU_OTHER"

# --- 3. moves ---------------------------------------------------------------------------------
say "3. POST moves: wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency -s move.lua"
python3 "$HERE/api.py" counters "$URL" >"$WORK/before.txt"
measure move wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$HERE/move.lua" "$URL" -- "$WORK/ids.txt" "$THREADS"
MOVE_CPU="kanban $CPU_SERVER, wrk $CPU_CLIENT, others $CPU_OTHER"
python3 "$HERE/api.py" counters "$URL" >"$WORK/after.txt"
delta() { echo $(($(value "$WORK/after.txt" "$1") - $(value "$WORK/before.txt" "$1"))); }
MOVE_EVENTS=$(delta events)
MOVE_COMMITS=$(delta commits)
MOVE_COMMANDS=$(delta commands)
MOVE_SERVER_2XX=$(delta posts_2xx)
MOVE_SERVER_OTHER=$(delta posts_other)
MOVE_WRK_2XX=$(($(value "$WORK/move.out" requests) - $(value "$WORK/move.out" non2xx)))
MOVE_RATE=$(calc "%.0f" "$MOVE_WRK_2XX / $(value "$WORK/move.out" seconds)")
MOVE_BATCH=$(calc "%.2f" "$MOVE_COMMANDS / ($MOVE_COMMITS > 0 ? $MOVE_COMMITS : 1)")
echo "events appended: $MOVE_EVENTS; 2xx answers: $MOVE_SERVER_2XX counted by the server, $MOVE_WRK_2XX received by wrk" \
    "(wrk misses the answers still in flight when it stops); other POST answers: $MOVE_SERVER_OTHER"
echo "commits: $MOVE_COMMITS for $MOVE_COMMANDS commands, $MOVE_BATCH commands per commit in this run;" \
    "kanban_batch_size_average $(value "$WORK/after.txt" batch_average), kanban_batch_size_max $(value "$WORK/after.txt" batch_max) (whole server life)"
if [ "$MOVE_EVENTS" -eq "$MOVE_SERVER_2XX" ]; then MOVE_CHECK="equal"; else MOVE_CHECK="**not equal**"; fi

# --- 4. live subscribers ------------------------------------------------------------------------
say "4. $SUBSCRIBERS live subscribers, a burst of $BURST moves over $MOVERS connections"
SUBSCRIBERS_STATUS=0
measure subscribers python3 "$HERE/subscribers.py" --url "$URL" --ids "$WORK/ids.txt" \
    --subscribers "$SUBSCRIBERS" --moves "$BURST" --movers "$MOVERS" || SUBSCRIBERS_STATUS=$?
LIVE_CPU="kanban $CPU_SERVER, python $CPU_CLIENT, others $CPU_OTHER"

# --- 5. the CLI, one process per command ------------------------------------------------------
stop_server
echo "kanban serve stopped by SIGTERM: exit status $SERVER_EXIT"
say "5. The CLI: $CLI_RUNS sequential 'kanban move ID COLUMN --at 0' processes on a copy of the seeded database"
mapfile -t CLI_IDS <"$WORK/cli-ids.txt"
COLUMNS=(DOING DONE TODO)
CLI_BEFORE=$("$KANBAN" stats --json --db "$CLI_DB" | python3 -c 'import json, sys; print(json.load(sys.stdin)["events"])')
START=$(now)
for ((n = 0; n < CLI_RUNS; n++)); do
    "$KANBAN" move "${CLI_IDS[n % ${#CLI_IDS[@]}]}" "${COLUMNS[(n / ${#CLI_IDS[@]}) % 3]}" --at 0 --db "$CLI_DB" --actor load >/dev/null
done
END=$(now)
CLI_AFTER=$("$KANBAN" stats --json --db "$CLI_DB" | python3 -c 'import json, sys; print(json.load(sys.stdin)["events"])')
CLI_SECONDS=$(calc "%.3f" "$END - $START")
CLI_RATE=$(calc "%.1f" "$CLI_RUNS / $CLI_SECONDS")
RATIO=$(calc "%.0f" "$MOVE_RATE / $CLI_RATE")
echo "$CLI_RUNS processes in $CLI_SECONDS s: $CLI_RATE commands/s; events appended: $((CLI_AFTER - CLI_BEFORE))"

# --- the table ----------------------------------------------------------------------------------
GET_RPS=$(calc "%.0f" "$(value "$WORK/get.out" rps)")
milliseconds() { calc "%.1f" "$(value "$1" "$2")"; }
GET_P50=$(milliseconds "$WORK/get.out" p50_ms)
GET_P99=$(milliseconds "$WORK/get.out" p99_ms)
MOVE_P50=$(milliseconds "$WORK/move.out" p50_ms)
MOVE_P99=$(milliseconds "$WORK/move.out" p99_ms)
LIVE_P50=$(milliseconds "$WORK/subscribers.out" p50_ms)
LIVE_P99=$(milliseconds "$WORK/subscribers.out" p99_ms)
LIVE_MISSING=$(value "$WORK/subscribers.out" missing)
say "Results ($(nproc) cores shared with wrk/python and whatever else runs; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
cat <<EOF

| measure | result | goal | met |
|---|---|---|---|
| board GET, $CARDS cards, $CONNECTIONS connections | $GET_RPS requests/s, p50 $GET_P50 ms, p99 $GET_P99 ms | ≥ 10,000 requests/s | $(verdict "$GET_RPS >= 10000") |
| card moves, $CONNECTIONS connections | $MOVE_RATE durable commands/s, p50 $MOVE_P50 ms, p99 $MOVE_P99 ms | ≥ 5,000/s, p99 ≤ 20 ms | $(verdict "$MOVE_RATE >= 5000 && $MOVE_P99 <= 20") |
| one event to $SUBSCRIBERS subscribers ($BURST-move burst), from the POST sent | p50 $LIVE_P50 ms, p99 $LIVE_P99 ms, $LIVE_MISSING missing | p99 ≤ 50 ms | $(verdict "$LIVE_P99 <= 50 && $LIVE_MISSING == 0") |
| CLI, one process per command | $CLI_RATE commands/s | — | |
| server moves/s ÷ CLI commands/s | ${RATIO}× | — | |

- moves: $MOVE_EVENTS events appended, $MOVE_SERVER_2XX 2xx answers (server's count): $MOVE_CHECK; $MOVE_BATCH commands per commit
  (kanban_batch_size_average $(value "$WORK/after.txt" batch_average) over the server's life, max $(value "$WORK/after.txt" batch_max))
- CPU in cores — GET: $GET_CPU; moves: $MOVE_CPU; subscribers: $LIVE_CPU
EOF
[ "$MOVE_CHECK" = "equal" ] && [ "$SUBSCRIBERS_STATUS" -eq 0 ]
