# What scripts/bench/whole-process.sh and scripts/bench/instructions.sh share; sourced, not run,
# from the repository's root with KANBAN set (the binary, built here when missing). The logs
# are generated once under WORK (.bench/, ignored by git).
WORK=.bench
mkdir -p "$WORK"
[ -x "$KANBAN" ] || swift build -c release --static-swift-stdlib --product kanban

# Installs Debian package $1 (for command $2, default $1) when the command is missing.
need() {
    local package=$1 command=${2:-$1}
    command -v "$command" >/dev/null && return
    if [ "$(id -u)" = 0 ]; then apt-get install -y "$package" >/dev/null; else echo "needs $command (apt-get install $package)" >&2; exit 2; fi
}

# The database of $1 events of the standard workload (seed 1), generated once under $WORK.
log() {
    local n=$1 db="$WORK/log-$1.db"
    if [ ! -f "$db/.complete" ]; then
        rm -rf "$db"
        if [ "$n" = 0 ]; then "$KANBAN" boards --db "$db" >/dev/null; else "$KANBAN" generate --events "$n" --db "$db" >/dev/null; fi
        touch "$db/.complete"
    fi
    echo "$db"
}
