#!/usr/bin/env bash
# The load-and-fault proof of nodes sharing a log through PostgreSQL; not part of `make test`.
# See scripts/cluster/README.md.
#
#   scripts/cluster/run.sh [KANBAN_BINARY]
#
# Without KANBAN_BINARY it builds the release `kanban` first. Installs wrk (apt-get) when missing;
# starts a throwaway PostgreSQL 15 with fsync on (scripts/postgres-test-cluster.sh,
# KANBAN_PG_DURABLE=1), a fresh database for each phase:
#   1. throughput: WRITERS connections adding cards (each with an Idempotency-Key) for DURATION
#      seconds, spread over 1, 2 and 4 nodes, and on the classic single LMDB server for comparison;
#   2. faults: FAULT_NODES (2) nodes, WRITERS writers retrying every failed add with the same key on
#      the next node, for FAULT_SECONDS; node A killed (-9) at 5 s and restarted at 7 s, PostgreSQL
#      restarted at 10 s; then the logs are checked (each acknowledged card once, gapless, the
#      same on both nodes) and `kanban verify` run on both caches;
#   2b. restarts: 2 nodes under WRITERS writers, PostgreSQL restarted RESTARTS times (fast, immediate,
#      right after node A's own restart); no add may wait more than 2 s beyond the downtime;
#   3. live: ADDS adds on node A, one after another, each timed until its event is read on a
#      stream of node B;
#   4. boards (not run unless named in PHASES): WRITERS connections on PostgreSQL, on 1 node and
#      on 4, all on one hot board and spread over BOARDS boards (16): do writes of different
#      boards wait for each other, and does a node more cost throughput? Best with PG_DELAY_MS.
# Exits 1 when a check fails. Settings (environment): DURATION (10), WARMUP (2), WRITERS (64),
# FAULT_SECONDS (20), FAULT_NODES (2, up to 4), RESTARTS (20), ADDS (200), LIVE_LIMIT_MS (100),
# BOARDS (16), PG_DELAY_MS (0: with a number, the nodes reach PostgreSQL through
# delay-proxy.py, which delays every chunk each way by that many milliseconds, as a network would),
# PHASES ("throughput faults restarts live", and "boards": those to run), LEASE (1, the default
# with PG_DELAY_MS: the nodes on PostgreSQL advertise their URLs with --advertise, so one holds
# the write lease and carries out every node's writes; 0, the default without: they take turns).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
DURATION=${DURATION:-10}
DURATION=${DURATION%s}
WARMUP=${WARMUP:-2}
WARMUP=${WARMUP%s}
WRITERS=${WRITERS:-64}
FAULT_SECONDS=${FAULT_SECONDS:-20}
FAULT_SECONDS=${FAULT_SECONDS%s}
ADDS=${ADDS:-200}
LIVE_LIMIT_MS=${LIVE_LIMIT_MS:-100}
PHASES=${PHASES:-throughput faults restarts live}
FAULT_NODES=${FAULT_NODES:-2}
RESTARTS=${RESTARTS:-20}
BOARDS=${BOARDS:-16}
PG_DELAY_MS=${PG_DELAY_MS:-0}
# The write lease is for nodes that reach PostgreSQL over a network: on by default with PG_DELAY_MS.
LEASE=${LEASE:-$([ "$PG_DELAY_MS" != 0 ] && echo 1 || echo 0)}
# How many boards the throughput runs' writers go round (the boards phase sets it per run).
BOARD_COUNT=1
case "$FAULT_NODES" in 2|3|4) ;; *) echo "FAULT_NODES must be 2, 3 or 4" >&2; exit 2 ;; esac
phase() { case " $PHASES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

case "${1:-}" in
-h | --help)
    sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac
if [ $# -gt 1 ]; then
    echo "usage: scripts/cluster/run.sh [KANBAN_BINARY]" >&2
    exit 2
fi

say() { printf '\n== %s\n' "$*"; }
now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"$1\", $2 }"; }

# --- what the test needs ------------------------------------------------------------------
if [ $# -eq 1 ]; then
    KANBAN=$1
else
    say "Building the release kanban"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --product kanban)
    KANBAN="$(cd "$ROOT" && swift build -c release --static-swift-stdlib --show-bin-path)/kanban"
fi
case "$KANBAN" in /*) ;; *) KANBAN="$PWD/$KANBAN" ;; esac
[ -x "$KANBAN" ] || { echo "run.sh: '$KANBAN' is not an executable" >&2; exit 2; }
command -v python3 >/dev/null || { echo "run.sh: python3 is needed" >&2; exit 1; }
if ! command -v wrk >/dev/null; then
    say "Installing wrk"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get install -y wrk || { $SUDO apt-get update && $SUDO apt-get install -y wrk; }
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/kanban-cluster.XXXXXX")
chmod 755 "$WORK"
FAILURES=()
fail() { FAILURES+=("$*"); echo "FAIL: $*"; }

# --- the nodes: NODE_PID[i], NODE_URL[i], NODE_PORT[i], NODE_DB[i], NODE_STORE[i] (i from 0) ------
NODE_PID=()
NODE_URL=()
NODE_PORT=()
NODE_DB=()
NODE_STORE=()
STARTS=0
BACKGROUND=()   # other processes of ours to end on exit (wrk, writers)

# start_node I DB STORE PORT: starts node I (STORE empty: the classic LMDB server) and waits until it listens.
start_node() {
    local i=$1 db=$2 store=$3 port=$4 out url=""
    STARTS=$((STARTS + 1))
    out="$WORK/node$i.$STARTS"
    # Each node reaches PostgreSQL through a delaying proxy of its own, as each machine has its own link.
    [ "$PG_DELAY_MS" != 0 ] && store=${store/:$STORE_PORT\//:$((STORE_PORT + i))/}
    if [ -n "$store" ] && [ "$LEASE" = 1 ] && [ -n "$ADVERTISES" ]; then
        [ "$port" != 0 ] || port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    fi
    local args=(serve --db "$db" --port "$port" --log-level warning)
    [ -n "$store" ] && args+=(--store "$store")
    [ -n "$store" ] && [ "$LEASE" = 1 ] && [ -n "$ADVERTISES" ] && args+=(--advertise "http://127.0.0.1:$port")
    NODE_URL[i]=""
    : >"$out.out"   # made before the node starts: the redirection below happens in the child, later
    : >"$out.err"
    "$KANBAN" "${args[@]}" >"$out.out" 2>"$out.err" &
    NODE_PID[i]=$!
    NODE_DB[i]=$db
    NODE_STORE[i]=$store
    for _ in $(seq 600); do
        url=$(sed -n 's/^Listening on \(http:[^ ]*\).*/\1/p' "$out.out" | head -1)
        [ -n "$url" ] && break
        if ! kill -0 "${NODE_PID[i]}" 2>/dev/null; then
            echo "run.sh: node $i did not start:" >&2
            cat "$out.err" >&2
            wait "${NODE_PID[i]}" 2>/dev/null || true
            NODE_PID[i]=""
            return 1
        fi
        sleep 0.1
    done
    [ -n "$url" ] || { echo "run.sh: node $i did not say where it listens within 60 s" >&2; return 1; }
    NODE_URL[i]=$url
    NODE_PORT[i]=${url##*:}
}
# stop_node I: SIGTERM (finishes what is in flight, exits 0); a status other than 0, or a node
# still running 15 s later (then killed), is a failure.
stop_node() {
    local i=$1 status=0
    local pid=${NODE_PID[i]:-}
    [ -n "$pid" ] || return 0
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then
            fail "node $i (pid $pid) still running 15 s after SIGTERM: killed with SIGKILL"
            echo "    its threads (name: kernel wait channel):"
            for task in /proc/"$pid"/task/*; do
                printf '    %s: %s\n' "$(cat "$task/comm" 2>/dev/null)" "$(cat "$task/wchan" 2>/dev/null)"
            done | sort | uniq -c
            kill -KILL "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        else
            wait "$pid" 2>/dev/null || status=$?
            [ "$status" -eq 0 ] || fail "node $i (pid $pid) exited with status $status on SIGTERM"
        fi
    fi
    NODE_PID[i]=""
}
stop_nodes() {
    local i
    for i in "${!NODE_PID[@]}"; do stop_node "$i"; done
    NODE_PID=()
    NODE_URL=()
}
node_urls() { local IFS=,; echo "${NODE_URL[*]}"; }
live_urls() { local url; for url in "${NODE_URL[@]}"; do [ -n "$url" ] && echo "$url"; done; return 0; }
node_states() { local i; for i in "${!NODE_URL[@]}"; do printf 'node %s: %s  ' "$i" "$([ -n "${NODE_URL[i]}" ] && python3 "$HERE/cluster.py" last "${NODE_URL[i]}" || echo "not running")"; done; echo; }

# --- PostgreSQL (its EXIT trap stops and removes it; ours runs it after our own cleanup) ---------
export KANBAN_PG_DURABLE=1
# shellcheck source=../postgres-test-cluster.sh
. "$ROOT/scripts/postgres-test-cluster.sh"
eval "set -- $(trap -p EXIT)"
PG_EXIT=${3:-}
cleanup() {
    local pid
    for pid in "${BACKGROUND[@]}" "${NODE_PID[@]}"; do
        [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    rm -rf "$WORK"
    eval "$PG_EXIT"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# PG_DELAY_MS: the nodes reach PostgreSQL through delay-proxy.py, which holds every chunk that
# long each way (this machine's kernel has no netem): one proxy per node (ports STORE_PORT + 0…3),
# so no node's packets queue behind another's in one proxy's loop, as on a network where each
# machine has its own link; psql and the clients' requests go direct.
STORE_PORT=$KANBAN_PG_PORT
if [ "$PG_DELAY_MS" != 0 ]; then
    STORE_PORT=$((KANBAN_PG_PORT + 1000))
    for k in 0 1 2 3; do
        python3 "$HERE/delay-proxy.py" --listen "$((STORE_PORT + k))" --to "$KANBAN_PG_PORT" --delay-ms "$PG_DELAY_MS" >"$WORK/delay-proxy$k.out" 2>&1 &
        BACKGROUND+=($!)
        for _ in $(seq 100); do grep -q listening "$WORK/delay-proxy$k.out" 2>/dev/null && break; sleep 0.05; done
        grep -q listening "$WORK/delay-proxy$k.out" || { cat "$WORK/delay-proxy$k.out" >&2; exit 1; }
    done
fi
# Whether the binary has --advertise (builds before the write lease do not).
ADVERTISES=$("$KANBAN" serve --help 2>&1 | grep -q -- --advertise && echo yes || true)
# fresh_database NAME: creates it; prints its --store URL (through the delaying proxy, with PG_DELAY_MS).
fresh_database() {
    psql -q "$KANBAN_TEST_POSTGRES_URL" -c "CREATE DATABASE $1" >/dev/null
    echo "postgres://postgres@127.0.0.1:$STORE_PORT/$1?sslmode=disable"
}
restart_postgres() {
    kanban_as_pg "$KANBAN_PGBIN/pg_ctl" -D "$KANBAN_PGDIR/data" -l "$KANBAN_PGDIR/log" -w -t 60 -m fast restart >/dev/null
}

# --- CPU accounting -------------------------------------------------------------------------
HZ=$(getconf CLK_TCK)
process_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9; exit }' /proc/stat; }
nodes_ticks() { local t=0 pid; for pid in "${NODE_PID[@]}"; do t=$((t + $(process_ticks "$pid"))); done; echo $t; }

# settle: waits (up to 10 s) until every node reports the same lastSequence; prints it.
settle() {
    local i last first
    for _ in $(seq 100); do
        first=""
        last=same
        for i in "${!NODE_URL[@]}"; do
            local s
            [ -n "${NODE_URL[i]}" ] || continue
            s=$(python3 "$HERE/cluster.py" last "${NODE_URL[i]}")
            if [ -z "$first" ]; then first=$s; elif [ "$s" != "$first" ]; then last=different; fi
        done
        [ "$last" = same ] && { echo "$first"; return 0; }
        sleep 0.1
    done
    echo "$first"
    return 1
}
value() { sed -n "s/^$2=//p" "$1" | head -1; }

say "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run; $("$KANBAN" --version 2>/dev/null || echo kanban) at $KANBAN"
RUN_ID="r$(date +%s)"
ROWS=()

# --- 1. throughput ------------------------------------------------------------------------------
# throughput LABEL NODES STORE: WRITERS connections over NODES nodes (one wrk per node, run at once).
throughput() {
    local label=$1 nodes=$2 store=$3 i pids=() threads connections
    say "1. Throughput, $label: $WRITERS connections over $nodes node(s), ${WARMUP} s warm-up then ${DURATION} s"
    for ((i = 0; i < nodes; i++)); do
        start_node "$i" "$WORK/$label-cache$i" "$store" 0
    done
    echo "nodes: $(node_urls)"
    for ((i = 2; i <= BOARD_COUNT; i++)); do
        curl -sf -X POST -H 'Content-Type: application/json' -H 'X-Kanban-Actor: cluster' \
            -d "{\"name\": \"b$i\"}" "${NODE_URL[0]}/api/boards" >/dev/null || fail "$label: board b$i was not made"
    done
    connections=$((WRITERS / nodes))
    threads=$((nodes == 1 ? 2 : 1))
    [ "$connections" -ge "$threads" ] || connections=$threads
    run_wrk() {   # run_wrk SECONDS NAME
        local seconds=$1 name=$2 status=0
        pids=()
        for ((i = 0; i < nodes; i++)); do
            wrk -t"$threads" -c"$connections" -d"${seconds}s" --timeout 10s -s "$HERE/cards.lua" "${NODE_URL[i]}" \
                -- "$RUN_ID-$label-$name-n$i" "$BOARD_COUNT" >"$WORK/$label-$name-$i.out" 2>&1 &
            pids+=($!)
            BACKGROUND+=($!)
        done
        for i in "${pids[@]}"; do wait "$i" || status=$?; done
        return $status
    }
    run_wrk "$WARMUP" warmup || fail "$label: wrk failed during the warm-up"
    settle >/dev/null || true
    python3 "$HERE/cluster.py" counters "${NODE_URL[@]}" >"$WORK/$label-before.txt"
    local node0 machine0 start node1 machine1 end
    node0=$(nodes_ticks); machine0=$(machine_ticks); start=$(now)
    run_wrk "$DURATION" run || fail "$label: wrk failed"
    end=$(now); node1=$(nodes_ticks); machine1=$(machine_ticks)
    sleep 0.5
    local last
    last=$(settle) || fail "$label: the nodes still report different lastSequence 10 s after the run"
    python3 "$HERE/cluster.py" counters "${NODE_URL[@]}" >"$WORK/$label-after.txt"
    python3 "$HERE/cluster.py" merge "$WORK/$label-run-"*.out >"$WORK/$label-merged.txt"
    local m="$WORK/$label-merged.txt"
    local events=$(($(value "$WORK/$label-after.txt" last_sequence) - $(value "$WORK/$label-before.txt" last_sequence)))
    local server_2xx=$(($(value "$WORK/$label-after.txt" posts_2xx) - $(value "$WORK/$label-before.txt" posts_2xx)))
    local server_other=$(($(value "$WORK/$label-after.txt" posts_other) - $(value "$WORK/$label-before.txt" posts_other)))
    local ok non2xx errors
    ok=$(value "$m" ok); non2xx=$(value "$m" non2xx); errors=$(value "$m" errors)
    local seconds cpu_nodes cpu_machine
    seconds=$(calc "%.3f" "$end - $start")
    cpu_nodes=$(calc "%.2f" "($node1 - $node0) / $HZ / $seconds")
    cpu_machine=$(calc "%.2f" "($machine1 - $machine0) / $HZ / $seconds")
    echo "wrk: $(value "$m" requests) requests, $ok 2xx, $non2xx other answers, $errors socket errors/timeouts;" \
        "p50 $(value "$m" p50_ms) ms, p99 $(value "$m" p99_ms) ms (all nodes' answers merged), worst node's p99 $(value "$m" worst_p99_ms) ms"
    echo "log: $events events appended (last sequence $last); servers' POST answers: $server_2xx 2xx, $server_other other"
    echo "CPU (cores): kanban nodes $cpu_nodes, whole machine $cpu_machine of $(nproc)"
    local check="yes"
    if [ "$events" -ne "$server_2xx" ]; then check="**no**"; fail "$label: $events events appended but the servers answered $server_2xx POSTs with 2xx"; fi
    if [ "$events" -lt "$ok" ]; then check="**no**"; fail "$label: $events events appended, fewer than the $ok 2xx answers wrk read"; fi
    if [ "$non2xx" -ne 0 ] || [ "$server_other" -ne 0 ]; then check="**no**"; fail "$label: $non2xx answers (wrk) / $server_other answers (servers) were not 2xx"; fi
    stop_nodes
    local verified=yes
    for ((i = 0; i < nodes; i++)); do
        if ! "$KANBAN" verify --db "$WORK/$label-cache$i" >"$WORK/$label-verify$i.txt" 2>&1; then
            verified="**no**"; fail "$label: kanban verify failed on node $i's cache: $(tail -3 "$WORK/$label-verify$i.txt")"
        fi
    done
    echo "kanban verify on the stopped node(s): $verified"
    local store_name=postgres
    [ -n "$store" ] || store_name="lmdb (no --store)"
    local row="| $store_name | $nodes | $(value "$m" rate) | $(value "$m" p50_ms) | $(value "$m" p99_ms) | $(value "$m" worst_p99_ms) | $events = $server_2xx ≥ $ok: $check | $verified | $cpu_nodes / $cpu_machine |"
    if [ "$BOARD_COUNT" = 1 ] && [ -z "${BOARD_PHASE:-}" ]; then ROWS+=("$row"); else BOARD_ROWS+=("| $BOARD_COUNT | ${row#| }"); fi
}

if phase throughput; then
    throughput lmdb 1 ""
    for n in 1 2 4; do
        throughput "pg$n" "$n" "$(fresh_database "throughput$n")"
    done
fi

# --- 2. faults ----------------------------------------------------------------------------------
if phase faults; then
say "2. Faults: $FAULT_NODES nodes, $WRITERS writers for $FAULT_SECONDS s; node A killed at 5 s and restarted at 7 s, PostgreSQL restarted at 10 s"
STORE=$(fresh_database faults)
FAULT_NAMES=(A B C D)
for ((i = 0; i < FAULT_NODES; i++)); do
    start_node "$i" "$WORK/faults-cache${FAULT_NAMES[i]}" "$STORE" 0
    echo "node ${FAULT_NAMES[i]}: ${NODE_URL[i]}"
done
T0=$(now)
at() { local wait; wait=$(calc "%.3f" "$T0 + $1 - $(now)"); awk -v w="$wait" 'BEGIN { exit !(w > 0) }' && sleep "$wait"; return 0; }
elapsed() { calc "%.1f" "$(now) - $T0"; }
python3 "$HERE/writers.py" --urls "$(node_urls)" --writers "$WRITERS" --seconds "$FAULT_SECONDS" \
    --acks "$WORK/acks.txt" --run "$RUN_ID-faults" >"$WORK/writers.out" 2>&1 &
WRITERS_PID=$!
BACKGROUND+=($WRITERS_PID)
at 5
A_PORT=${NODE_PORT[0]}
kill -KILL "${NODE_PID[0]}"
wait "${NODE_PID[0]}" 2>/dev/null || true
NODE_PID[0]=""
echo "$(elapsed) s: node A (port $A_PORT) killed with SIGKILL"
at 7
echo "$(elapsed) s: restarting node A on its cache and port $A_PORT"
# A node that fails to start is a failure; it is then started again (as a supervisor would, up
# to 8 starts: before PostgreSQL's restart until 9.5 s, then after it), so that the rest of the
# phase still runs with two nodes.
A_TRIES=0
start_a() {   # one start of node A; 0 when it listens
    A_TRIES=$((A_TRIES + 1))
    local lines
    lines=$(wc -l <"$KANBAN_PGDIR/log" 2>/dev/null || echo 0)
    if start_node 0 "$WORK/faults-cacheA" "$STORE" "$A_PORT" 2>"$WORK/restart$A_TRIES.err"; then
        echo "$(elapsed) s: node A listening again at ${NODE_URL[0]} (start $A_TRIES)"
        return 0
    fi
    local why
    why=$(grep -v '^run.sh:' "$WORK/restart$A_TRIES.err" | tail -1)
    echo "$(elapsed) s: node A did not start (start $A_TRIES): $why"
    tail -n +"$((lines + 1))" "$KANBAN_PGDIR/log" 2>/dev/null | grep -E 'ERROR|DETAIL|Process [0-9]+:' | head -4 | sed 's/^/    PostgreSQL log: /' || true
    fail "faults: node A did not restart on port $A_PORT (start $A_TRIES): $why"
    sleep 0.2
    return 1
}
A_UP=no
while [ "$A_UP" = no ] && awk -v t="$(calc "%.3f" "$(now) - $T0")" 'BEGIN { exit !(t < 9.5) }'; do
    start_a && A_UP=yes
done
at 10
echo "$(elapsed) s: restarting PostgreSQL (pg_ctl restart -m fast)"
if restart_postgres; then echo "$(elapsed) s: PostgreSQL back"; else fail "faults: PostgreSQL did not restart"; fi
while [ "$A_UP" = no ] && [ "$A_TRIES" -lt 8 ]; do
    start_a && A_UP=yes
done
WRITERS_STATUS=0
wait "$WRITERS_PID" || WRITERS_STATUS=$?
echo "$(elapsed) s: writers done; lastSequence by node (0 = A, 1 = B, …): $(node_states)"
[ "$A_UP" = yes ] || echo "node A is not running: check (d) fails"
cat "$WORK/writers.out"
[ "$WRITERS_STATUS" -eq 0 ] || fail "writers.py exited with status $WRITERS_STATUS"
W="$WORK/writers.out"
ACKED=$(sed -n 's/^RESULT .*acknowledged=\([0-9]*\).*/\1/p' "$W")
RETRIED=$(sed -n 's/^RESULT .*retried=\([0-9]*\).*/\1/p' "$W")
REPLAYED=$(sed -n 's/^RESULT .*replayed=\([0-9]*\).*/\1/p' "$W")
REFUSED=$(sed -n 's/^RESULT .*refused=\([0-9]*\).*/\1/p' "$W")
GIVEN_UP=$(sed -n 's/^RESULT .*given_up=\([0-9]*\).*/\1/p' "$W")
LONGEST=$(sed -n 's/^RESULT .*longest_ms=\([0-9]*\).*/\1/p' "$W")
[ "${REFUSED:-1}" -eq 0 ] || fail "faults: $REFUSED adds were refused with a 4xx"
[ "${GIVEN_UP:-1}" -eq 0 ] || fail "faults: $GIVEN_UP adds were still unanswered 30 s after the end"
sleep 1
settle >/dev/null || fail "faults: the nodes still report different lastSequence 10 s after the writers stopped"
FAULT_CHECKS=0
python3 "$HERE/cluster.py" check "$WORK/acks.txt" "http://127.0.0.1:$A_PORT" "${NODE_URL[@]:1:FAULT_NODES-1}" >"$WORK/check.out" 2>&1 || FAULT_CHECKS=$?
grep -v '^RESULT' "$WORK/check.out"
[ "$FAULT_CHECKS" -eq 0 ] || fail "faults: the log checks"
EVENTS=$(sed -n 's/^RESULT events=\([0-9]*\).*/\1/p' "$WORK/check.out")
EXTRA=$(sed -n 's/^RESULT .*extra_cards=\([0-9]*\).*/\1/p' "$WORK/check.out")
stop_nodes
VERIFY_FAULTS="PASS"
for name in "${FAULT_NAMES[@]:0:FAULT_NODES}"; do
    if "$KANBAN" verify --db "$WORK/faults-cache$name" >"$WORK/verify$name.txt" 2>&1; then
        echo "PASS (e) kanban verify on node $name's cache: $(head -1 "$WORK/verify$name.txt")"
    else
        VERIFY_FAULTS="FAIL"
        echo "FAIL (e) kanban verify on node $name's cache: $(tail -3 "$WORK/verify$name.txt")"
        fail "faults: kanban verify on node $name's cache"
    fi
done

fi

# --- 2b. PostgreSQL restarted again and again ------------------------------------------------------
if phase restarts; then
say "2b. Restarts: 2 nodes, $WRITERS writers; PostgreSQL restarted $RESTARTS times (fast, immediate, and right after node A's own restart)"
STORE=$(fresh_database restarts)
start_node 0 "$WORK/restarts-cacheA" "$STORE" 0
start_node 1 "$WORK/restarts-cacheB" "$STORE" 0
R_PORT=${NODE_PORT[0]}
R_SECONDS=$((RESTARTS * 2 + 4))
python3 "$HERE/writers.py" --urls "$(node_urls)" --writers "$WRITERS" --seconds "$R_SECONDS" \
    --acks "$WORK/restarts-acks.txt" --waits "$WORK/restarts-waits.txt" --run "$RUN_ID-restarts" >"$WORK/restarts-writers.out" 2>&1 &
R_WRITERS=$!
BACKGROUND+=($R_WRITERS)
: >"$WORK/downtimes.txt"
sleep 2
for ((r = 1; r <= RESTARTS; r++)); do
    case $((r % 3)) in
    1) mode=fast ;;
    2) mode=immediate ;;
    0) mode=fast
       kill -KILL "${NODE_PID[0]}"; wait "${NODE_PID[0]}" 2>/dev/null || true
       start_node 0 "$WORK/restarts-cacheA" "$STORE" "$R_PORT" || fail "restarts: node A did not restart (round $r)"
       mode="fast, right after node A's restart" ;;
    esac
    down=$(now)
    kanban_as_pg "$KANBAN_PGBIN/pg_ctl" -D "$KANBAN_PGDIR/data" -l "$KANBAN_PGDIR/log" -w -t 60 -m "${mode%%,*}" restart >/dev/null \
        || fail "restarts: PostgreSQL did not restart (round $r)"
    up=$(now)
    echo "$down $up" >>"$WORK/downtimes.txt"
    echo "restart $r ($mode): PostgreSQL down for $(calc "%.0f" "($up - $down) * 1000") ms"
    sleep 1.5
done
R_STATUS=0
wait "$R_WRITERS" || R_STATUS=$?
cat "$WORK/restarts-writers.out"
[ "$R_STATUS" -eq 0 ] || fail "restarts: writers.py exited with status $R_STATUS"
sleep 1
settle >/dev/null || fail "restarts: the nodes still report different lastSequence 10 s after the writers stopped"
python3 "$HERE/cluster.py" waits "$WORK/restarts-waits.txt" "$WORK/downtimes.txt" 2 >"$WORK/restarts-waits.out" 2>&1 \
    || fail "restarts: an add waited more than 2 s beyond PostgreSQL's downtime"
grep -v '^RESULT' "$WORK/restarts-waits.out"
R_CHECKS=0
python3 "$HERE/cluster.py" check "$WORK/restarts-acks.txt" "${NODE_URL[@]}" >"$WORK/restarts-check.out" 2>&1 || R_CHECKS=$?
grep -v '^RESULT' "$WORK/restarts-check.out"
[ "$R_CHECKS" -eq 0 ] || fail "restarts: the log checks"
stop_nodes
fi

# --- 3. live across nodes -------------------------------------------------------------------------
if phase live; then
say "3. Live: a stream on node B, $ADDS adds on node A one after another"
STORE=$(fresh_database live)
start_node 0 "$WORK/live-cacheA" "$STORE" 0
start_node 1 "$WORK/live-cacheB" "$STORE" 0
LIVE_STATUS=0
python3 "$HERE/follow.py" --writer "${NODE_URL[0]}" --reader "${NODE_URL[1]}" --adds "$ADDS" --limit-ms "$LIVE_LIMIT_MS" \
    >"$WORK/live.out" 2>&1 || LIVE_STATUS=$?
cat "$WORK/live.out"
[ "$LIVE_STATUS" -eq 0 ] || fail "live: an event missing, or p99 ≥ $LIVE_LIMIT_MS ms"
stop_nodes
L="$WORK/live.out"
fi
lv() { sed -n "s/^RESULT .*$1=\([0-9.]*\).*/\1/p" "$WORK/live.out" 2>/dev/null; }

# --- 4. boards: do writes of different boards wait for each other? -------------------------------
BOARD_ROWS=()
if phase boards; then
BOARD_PHASE=1
for n in 1 4; do
    for BOARD_COUNT in 1 "$BOARDS"; do
        throughput "boards-n$n-b$BOARD_COUNT" "$n" "$(fresh_database "boards${n}x$BOARD_COUNT")"
    done
done
BOARD_COUNT=1
fi

# --- the tables -----------------------------------------------------------------------------------
# Prints what the awk program on stdin makes of the table rows given as arguments (split on
# "|": field 2 is the first column). The goals are the issue's, said, not checked.
ratios() {
    local program
    program=$(cat)
    printf '%s\n' "$@" | awk -F'|' "$program"
}

say "Results ($(nproc) cores shared by the nodes, PostgreSQL (fsync on) and the load; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
if phase throughput; then
echo
echo "Durable card adds, $WRITERS connections, ${DURATION} s:"
echo
echo "| store | nodes | commands/s | p50 ms | p99 ms | worst node's p99 ms | events = server 2xx ≥ wrk 2xx | verify | CPU cores: nodes / machine |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${ROWS[@]}"
ratios "${ROWS[@]}" <<'AWK'
/^\| lmdb/ { lmdb = $4 } /^\| postgres \| 1 \|/ { pg = $4 }
END { if (lmdb > 0 && pg > 0) printf "\n1 node on PostgreSQL ÷ the LMDB server: %.2f× (goal: ≥ 0.50)\n", pg / lmdb }
AWK
fi
if phase boards; then
echo
echo "Durable card adds, $WRITERS connections, ${DURATION} s, on one hot board or spread over $BOARDS," \
    "$([ "$PG_DELAY_MS" != 0 ] && echo "each packet to and from PostgreSQL delayed $PG_DELAY_MS ms" || echo "no delay injected"):"
echo
echo "| boards | store | nodes | commands/s | p50 ms | p99 ms | worst node's p99 ms | events = server 2xx ≥ wrk 2xx | verify | CPU cores: nodes / machine |"
echo "|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${BOARD_ROWS[@]}"
ratios "${BOARD_ROWS[@]}" <<AWK
/^\| 1 \| postgres \| 4 \|/ { hot4 = \$5 } /^\| $BOARDS \| postgres \| 4 \|/ { spread4 = \$5 } /^\| $BOARDS \| postgres \| 1 \|/ { spread1 = \$5 }
END {
    if (hot4 > 0 && spread4 > 0) printf "\n4 nodes, $BOARDS boards ÷ one hot board: %.2f× (goal: ≥ 3, writes of different boards not waiting for each other)\n", spread4 / hot4
    if (spread1 > 0 && spread4 > 0) printf "$BOARDS boards, 4 nodes ÷ 1 node: %.2f× (goal: ≥ 0.9, a node more never costing throughput)\n", spread4 / spread1
}
AWK
fi
if phase faults; then
echo
echo "Faults ($FAULT_NODES nodes, $WRITERS writers, $FAULT_SECONDS s): ${ACKED:-?} acknowledged, ${RETRIED:-?} retried" \
    "(${REPLAYED:-?} answered from an earlier attempt), ${EVENTS:-?} events in the log (${EXTRA:-?} cards added but never acknowledged), longest wait for one add ${LONGEST:-?} ms"
grep -E '^(PASS|FAIL)' "$WORK/check.out" | sed 's/^/- /' || true
echo "- $VERIFY_FAULTS (e) kanban verify on every node's cache"
fi
if phase restarts; then
echo
echo "Restarts ($RESTARTS of PostgreSQL under $WRITERS writers on 2 nodes): $(sed -n 's/^RESULT .*acknowledged=\([0-9]*\).*/\1/p' "$WORK/restarts-writers.out") acknowledged;" \
    "longest wait beyond PostgreSQL's downtime $(sed -n 's/^RESULT .*worst_excess_ms=\([0-9]*\).*/\1/p' "$WORK/restarts-waits.out") ms (limit 2,000 ms)"
grep -E '^(PASS|FAIL)' "$WORK/restarts-check.out" | sed 's/^/- /' || true
fi
if phase live; then
echo
echo "Live across nodes ($ADDS adds on A, read on B's stream): p50 $(lv p50_ms) ms, p99 $(lv p99_ms) ms, max $(lv max_ms) ms," \
    "$(lv missing) missing: $([ "$LIVE_STATUS" -eq 0 ] && echo "PASS (p99 < $LIVE_LIMIT_MS ms)" || echo FAIL)"
fi
echo
if [ ${#FAILURES[@]} -eq 0 ]; then
    echo "All checks passed."
else
    echo "${#FAILURES[@]} check(s) failed:"
    printf -- '- %s\n' "${FAILURES[@]}"
    exit 1
fi
