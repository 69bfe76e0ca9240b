#!/usr/bin/env bash
# The scripted demo `make run` shows: a fresh database, then add, move, reorder, edit,
# delete, the board and the log; then undo, history and time travel.
set -euo pipefail

kanban=${1:?usage: demo.sh PATH-TO-KANBAN}
export KANBAN_DB
KANBAN_DB="$(mktemp -d)/demo.db"
export KANBAN_ACTOR=demo
trap 'rm -rf "$(dirname "$KANBAN_DB")"' EXIT

if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
step() { printf '\n%s$ kanban %s%s\n' "$bold" "$*" "$plain"; "$kanban" "$@"; }

echo "A fresh database at $KANBAN_DB"
readme=$("$kanban" add "Write the README" --description "Quick start, CLI reference, architecture" --due 2026-01-15)
printf '\n$ kanban add "Write the README" --due 2026-01-15\n%s\n' "$readme"
review=$("$kanban" add "디자인 검토 회의" --column DOING)
printf '$ kanban add "디자인 검토 회의" --column DOING\n%s\n' "$review"
release=$("$kanban" add "Préparer la version 1.0" --due 2027-03-01)
printf '$ kanban add "Préparer la version 1.0" --due 2027-03-01\n%s\n' "$release"
step board
step move "${readme:0:8}" doing
step move "${release:0:8}" DOING --at 0
step move "${readme:0:8}" doing --at 0
step edit "${review:0:8}" --title "디자인 검토 회의 (2차)" --due 2026-12-24
step move "${review:0:8}" DONE
step delete "${release:0:8}"
step board
step log
step undo --list
step undo
step history
step history --lang ko --limit 3
step board --at 4
step diff --from 4
step stats
