# Source this file (`. scripts/postgres-test-cluster.sh`, POSIX sh or bash): it starts a
# throwaway PostgreSQL cluster for the tests and exports
#   KANBAN_TEST_POSTGRES_URL  postgres://postgres@127.0.0.1:PORT/postgres?sslmode=disable
#   KANBAN_REQUIRE_POSTGRES=1 (so the suite fails, rather than skips, if the URL goes missing)
# The cluster lives in a fresh /tmp/kanban-pg.XXXXXX (trust auth, loopback only, fsync off: it
# is for tests only) and is stopped and removed when the sourcing shell exits (an EXIT trap,
# replacing any the shell had). Installs postgresql-15 with apt-get when no initdb is found.
# Port 54329, or the next free one ($KANBAN_PG_PORT to start elsewhere).
# KANBAN_PG_DURABLE=1 keeps PostgreSQL's defaults (fsync, synchronous_commit, full page writes
# on): for figures of durable commands, not for tests. $KANBAN_PGDIR, $KANBAN_PGBIN and
# $KANBAN_PG_PORT (the port taken) stay set, for a script that restarts the server.

kanban_pg_bin() {
  for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

if ! KANBAN_PGBIN=$(kanban_pg_bin); then
  echo "Installing postgresql-15 with apt-get…" >&2
  kanban_sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then kanban_sudo="sudo"; fi
  $kanban_sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $kanban_sudo apt-get install -y -qq postgresql-15 >/dev/null
  KANBAN_PGBIN=$(kanban_pg_bin) || { echo "error: postgresql-15 installed, but no initdb under /usr/lib/postgresql" >&2; return 1 2>/dev/null || exit 1; }
fi

KANBAN_PGDIR=$(mktemp -d /tmp/kanban-pg.XXXXXX)
# initdb refuses to run as root: as root, run the server as the postgres user (its working
# directory one it can read).
kanban_as_pg() {
  if [ "$(id -u)" = 0 ]; then (cd "$KANBAN_PGDIR" && runuser -u postgres -- "$@"); else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$KANBAN_PGDIR"; fi
trap 'kanban_as_pg "$KANBAN_PGBIN/pg_ctl" -D "$KANBAN_PGDIR/data" -m fast stop >/dev/null 2>&1; rm -rf "$KANBAN_PGDIR"' EXIT

kanban_as_pg "$KANBAN_PGBIN/initdb" -D "$KANBAN_PGDIR/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null

kanban_pg_port=${KANBAN_PG_PORT:-54329}
kanban_pg_settings="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
if [ "${KANBAN_PG_DURABLE:-0}" = 1 ]; then kanban_pg_settings=""; fi
kanban_pg_tries=0
until kanban_as_pg "$KANBAN_PGBIN/pg_ctl" -D "$KANBAN_PGDIR/data" -l "$KANBAN_PGDIR/log" -w -t 30 start \
    -o "-c listen_addresses=127.0.0.1 -p $kanban_pg_port -k $KANBAN_PGDIR -c max_connections=200 $kanban_pg_settings" >/dev/null; do
  kanban_pg_tries=$((kanban_pg_tries + 1))
  if [ "$kanban_pg_tries" -ge 20 ]; then
    echo "error: PostgreSQL did not start on ports ${KANBAN_PG_PORT:-54329}…$kanban_pg_port; its log:" >&2
    cat "$KANBAN_PGDIR/log" >&2
    return 1 2>/dev/null || exit 1
  fi
  kanban_pg_port=$((kanban_pg_port + 1))   # most likely taken: try the next one
done

export KANBAN_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$kanban_pg_port/postgres?sslmode=disable"
export KANBAN_REQUIRE_POSTGRES=1
KANBAN_PG_PORT=$kanban_pg_port
echo "PostgreSQL test cluster on 127.0.0.1:$kanban_pg_port ($KANBAN_PGDIR)" >&2
