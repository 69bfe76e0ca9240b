#!/usr/bin/env bash
# Whole-process figures for issue #13's table, with hyperfine: each command on an empty log and
# on the standard workload's logs (1,000,000 events; set KANBAN_BENCH_SIZES=1000000,5000000 for
# 5M too), and its ratio to the empty-log figure.
#
#   scripts/bench/whole-process.sh [path/to/release/kanban]
#
# The logs are generated once (`kanban generate --events N`, seed 1) under .bench/ and reused;
# commands that write (`add`) run on a copy. Prints a Markdown table: median ms (hyperfine,
# 3 warm-up runs), the ratio to the same command on an empty log, and peak resident memory.
set -euo pipefail
cd "$(dirname "$0")/../.."
KANBAN=${1:-.build/release/kanban}
SIZES=${KANBAN_BENCH_SIZES:-1000000}
RUNS=${KANBAN_BENCH_RUNS:-10}
source scripts/bench/common.sh
need hyperfine

median_ms() { # hyperfine's median of the command, in ms
    local json="$WORK/run.json"
    hyperfine --style none --warmup 3 --runs "$RUNS" --export-json "$json" "$1" >/dev/null 2>&1 || { echo "failed: $1" >&2; echo "nan"; return; }
    python3 -c 'import json,sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][0]["median"]*1000))' "$json"
}

peak_kb() { # peak resident set of one run, in KB
    /usr/bin/time -f %M bash -c "$1" 2>&1 >/dev/null | tail -1
}

first_card() { # the id of the first card added to the log at $1
    "$KANBAN" history --until 100 --json --db "$1" | python3 -c 'import json,sys; print(next(e["card"] for e in json.load(sys.stdin) if e.get("card")))'
}

one_card_log() { # a log holding one card: the "empty" log of a command that needs a card
    local db="$WORK/log-one-card.db"
    [[ -d $db ]] || "$KANBAN" add 'the one card' --db "$db" >/dev/null
    echo "$db"
}

row() { # NAME COMMAND-WITH-@DB@ (and @HALF@, half the log; @CARD@, its first card)
    local name=$1 template=$2
    local empty_db; empty_db=$(log 0)
    [[ $template == *@CARD@* ]] && empty_db=$(one_card_log)
    local empty_command=${template//@DB@/$empty_db}
    [[ $template == *@CARD@* ]] && empty_command=${empty_command//@CARD@/$(first_card "$empty_db")}
    local base; base=$(median_ms "${empty_command//@HALF@/0}")
    local line="| $name | $base ms"
    for n in ${SIZES//,/ }; do
        local db; db=$(log "$n")
        # A copy to write on, flushed first: its dirty pages would otherwise slow the fsyncs timed.
        if [[ $template == *" add "* ]]; then rm -rf "$WORK/copy.db"; cp -r "$db" "$WORK/copy.db"; sync; db="$WORK/copy.db"; fi
        local command=${template//@DB@/$db}
        command=${command//@HALF@/$((n / 2))}
        [[ $template == *@CARD@* ]] && command=${command//@CARD@/$(first_card "$db")}
        local ms; ms=$(median_ms "$command")
        local kb; kb=$(peak_kb "$command")
        local ratio; ratio=$(python3 -c "import sys; a,b=sys.argv[1:]; print('%.1f×' % (float(a)/float(b)) if b not in ('nan','0.0') and a!='nan' else '–')" "$ms" "$base")
        line+=" | $ms ms ($ratio), $((kb / 1024)) MB"
    done
    echo "$line |"
}

header="| command (whole process, median of $RUNS) | empty log"
for n in ${SIZES//,/ }; do header+=" | $n events (÷ empty), peak RSS"; done
echo "$header |"
echo "|---|---$(for n in ${SIZES//,/ }; do printf '|---'; done)|"
row "kanban add (durable)" "$KANBAN add 'benchmark card' --db @DB@"
row "kanban history --limit 20" "$KANBAN history --limit 20 --db @DB@"
row "kanban history --limit 50" "$KANBAN history --limit 50 --db @DB@"
row "kanban history --card FIRST --limit 50" "$KANBAN history --card @CARD@ --limit 50 --db @DB@"
row "kanban board --json" "$KANBAN board --json --db @DB@ > /dev/null"
row "kanban board --at HALF --json" "$KANBAN board --at @HALF@ --json --db @DB@ > /dev/null"
row "kanban replay (newest snapshot + tail)" "$KANBAN replay --db @DB@"
row "kanban replay --ignore-snapshots" "$KANBAN replay --ignore-snapshots --db @DB@"
