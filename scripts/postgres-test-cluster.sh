# Source this file (`. scripts/postgres-test-cluster.sh`, POSIX sh or bash): it starts a
# throwaway PostgreSQL cluster for the tests and exports
#   KANBAN_TEST_POSTGRES_URL  postgres://postgres@127.0.0.1:PORT/postgres?sslmode=disable
#   KANBAN_REQUIRE_POSTGRES=1 (so the suite fails, rather than skips, if the URL goes missing)
#   KANBAN_TEST_POSTGRES_CA, KANBAN_TEST_POSTGRES_OTHER_CA (when openssl is there: the server
#   also offers TLS, with a certificate for `localhost` signed by the first; the second signed nothing)
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

# TLS offered besides plain TCP (pg_hba's `host` lines take both): a test CA and a server
# certificate for `localhost` only (so that verify-full to 127.0.0.1 is refused by name), made
# with openssl when it is there, for the TLS tests; a second CA that signed nothing, to be refused.
kanban_pg_tls=""
if command -v openssl >/dev/null 2>&1; then
  kanban_tls="$KANBAN_PGDIR/tls"
  mkdir -p "$kanban_tls"
  if openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=kanban test CA" \
        -keyout "$kanban_tls/ca.key" -out "$kanban_tls/ca.crt" >/dev/null 2>&1 \
     && openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=kanban other CA" \
        -keyout "$kanban_tls/other.key" -out "$kanban_tls/other.crt" >/dev/null 2>&1 \
     && openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
        -keyout "$kanban_tls/server.key" -out "$kanban_tls/server.csr" >/dev/null 2>&1 \
     && printf 'subjectAltName=DNS:localhost\n' >"$kanban_tls/san.cnf" \
     && openssl x509 -req -in "$kanban_tls/server.csr" -CA "$kanban_tls/ca.crt" -CAkey "$kanban_tls/ca.key" \
        -CAcreateserial -days 2 -extfile "$kanban_tls/san.cnf" -out "$kanban_tls/server.crt" >/dev/null 2>&1; then
    chmod 600 "$kanban_tls/server.key"
    if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$kanban_tls"; chmod 644 "$kanban_tls/ca.crt" "$kanban_tls/other.crt"; fi
    kanban_pg_tls="-c ssl=on -c ssl_cert_file=$kanban_tls/server.crt -c ssl_key_file=$kanban_tls/server.key"
    export KANBAN_TEST_POSTGRES_CA="$kanban_tls/ca.crt"
    export KANBAN_TEST_POSTGRES_OTHER_CA="$kanban_tls/other.crt"
  fi
fi

kanban_pg_port=${KANBAN_PG_PORT:-54329}
kanban_pg_settings="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
if [ "${KANBAN_PG_DURABLE:-0}" = 1 ]; then kanban_pg_settings=""; fi
kanban_pg_tries=0
until kanban_as_pg "$KANBAN_PGBIN/pg_ctl" -D "$KANBAN_PGDIR/data" -l "$KANBAN_PGDIR/log" -w -t 30 start \
    -o "-c listen_addresses=127.0.0.1 -p $kanban_pg_port -k $KANBAN_PGDIR -c max_connections=400 $kanban_pg_settings $kanban_pg_tls" >/dev/null; do
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
