#!/usr/bin/env bash
# What an open state costs in memory against the live data it holds: `kanban replay` (the newest
# snapshot plus its tail) on the empty log and on the standard workload's logs, with the
# process's own memory (RssAnon: the state's heap, which the executable leaves for exit to drop)
# and the pages of the database file it mapped (RssFile), read from /proc/self/status as the
# process exits, next to the size of the newest snapshot (the live cards, columns and undo
# stacks, encoded).
#
#   scripts/bench/open-memory.sh [path/to/release/kanban]
#
# Uses the logs scripts/bench/whole-process.sh keeps under .bench/ (KANBAN_BENCH_SIZES, default
# 1,000,000). Needs a C compiler for the few lines that read /proc/self/status at exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
KANBAN=${1:-.build/release/kanban}
SIZES=${KANBAN_BENCH_SIZES:-1000000}
source scripts/bench/common.sh
need gcc

REPORTER=$WORK/rss-at-exit.so
cat > "$WORK/rss-at-exit.c" <<'C'
#include <stdio.h>
#include <string.h>
/* Prints the process's RssAnon and RssFile (kB) to stderr as it exits. */
__attribute__((destructor)) static void report(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    if (!status) return;
    while (fgets(line, sizeof line, status))
        if (!strncmp(line, "RssAnon:", 8) || !strncmp(line, "RssFile:", 8)) fputs(line, stderr);
    fclose(status);
}
C
gcc -shared -fPIC -o "$REPORTER" "$WORK/rss-at-exit.c"

rss() { # "ANON FILE" in kB for `kanban replay` on $1
    LD_PRELOAD=$REPORTER "$KANBAN" replay --db "$1" 2>&1 >/dev/null | awk '/RssAnon/ {a=$2} /RssFile/ {f=$2} END {print a, f}'
}

read -r empty_anon empty_file <<<"$(rss "$(log 0)")"
echo "| log | newest snapshot | open state (RssAnon above the empty log's) | ÷ snapshot | mapped file pages (RssFile above the empty log's) |"
echo "|---|---|---|---|---|"
for n in ${SIZES//,/ }; do
    db=$(log "$n")
    read -r anon file <<<"$(rss "$db")"
    snapshot=$("$KANBAN" snapshots --db "$db" | awk -F'\t' '/^#/ {bytes=$2} END {print bytes+0}')
    python3 - "$n" "$snapshot" "$((anon - empty_anon))" "$((file - empty_file))" <<'PY'
import sys
n, snapshot, anon, mapped = (int(value) for value in sys.argv[1:])
print(f"| {n:,} events | {snapshot / 1e6:.1f} MB | {anon * 1024 / 1e6:.1f} MB | {anon * 1024 / snapshot:.2f}× | {mapped * 1024 / 1e6:.1f} MB |")
PY
done
