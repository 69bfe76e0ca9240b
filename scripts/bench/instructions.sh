#!/usr/bin/env bash
# Instructions, counted by valgrind's callgrind (stable where wall-clock time is not): per event
# of a full replay, and per whole `kanban add` / `history` / `replay` process on the standard
# workload's logs against the same command on an empty log.
#
#   scripts/bench/instructions.sh [path/to/release/kanban]
#
# Uses the logs scripts/bench/whole-process.sh keeps under .bench/ (generated once with
# `kanban generate --events N`, seed 1): 100,000 events for the per-event replay figure (set
# KANBAN_INSTRUCTIONS_REPLAY to change it) and KANBAN_BENCH_SIZES (default 1,000,000) for the
# per-command rows. Prints Markdown. Each callgrind run is 30–60× slower than the command.
set -euo pipefail
cd "$(dirname "$0")/../.."
KANBAN=${1:-.build/release/kanban}
REPLAY_EVENTS=${KANBAN_INSTRUCTIONS_REPLAY:-100000}
SIZES=${KANBAN_BENCH_SIZES:-1000000}
source scripts/bench/common.sh
need valgrind
# This valgrind (3.19) cannot read the DWARF 5 Swift writes; counting needs no debug info. The
# logs are generated with the binary as given.
cp "$KANBAN" "$WORK/kanban-stripped"
strip --strip-debug "$WORK/kanban-stripped"
COUNTED=$WORK/kanban-stripped

instructions() { # instructions the command executes, whole process
    local out="$WORK/callgrind.out"
    local collected
    collected=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    rm -f "$out"
    [ -n "$collected" ] || { echo "failed: $*" >&2; echo 0; return; }
    echo "$collected"
}

on_copy() { # a fresh copy of database $1, for commands that write
    rm -rf "$WORK/copy.db"
    cp -r "$1" "$WORK/copy.db"
    echo "$WORK/copy.db"
}

millions() { python3 -c "import sys; print('%.1f M' % (int(sys.argv[1]) / 1e6))" "$1"; }

empty=$(log 0)
replay_db=$(log "$REPLAY_EVENTS")
base=$(instructions "$COUNTED" replay --ignore-snapshots --db "$empty")
full=$(instructions "$COUNTED" replay --ignore-snapshots --db "$replay_db")
per_event=$(( (full - base) / REPLAY_EVENTS ))
echo "Full replay (\`kanban replay --ignore-snapshots\`) of $REPLAY_EVENTS events: $(millions "$full") instructions, $(millions "$base") of them the empty log's; **$per_event instructions per replayed event**."
echo
header="| command (instructions, whole process) | empty log"
for n in ${SIZES//,/ }; do header+=" | $n events (÷ empty)"; done
echo "$header |"
echo "|---|---$(for n in ${SIZES//,/ }; do printf '|---'; done)|"
row() { # NAME WRITES(0|1) ARGS... (the database is appended as --db)
    local name=$1 writes=$2
    shift 2
    local base_db=$empty
    [ "$writes" = 1 ] && base_db=$(on_copy "$empty")
    local base; base=$(instructions "$COUNTED" "$@" --db "$base_db")
    local line="| $name | $(millions "$base")"
    for n in ${SIZES//,/ }; do
        local db; db=$(log "$n")
        [ "$writes" = 1 ] && db=$(on_copy "$db")
        local count; count=$(instructions "$COUNTED" "$@" --db "$db")
        line+=" | $(millions "$count") ($(python3 -c "import sys; print('%.1f×' % (int(sys.argv[1]) / int(sys.argv[2])))" "$count" "$base"))"
    done
    echo "$line |"
}
row "kanban add" 1 add "benchmark card"
row "kanban history --limit 20" 0 history --limit 20
row "kanban replay (newest snapshot + tail)" 0 replay
