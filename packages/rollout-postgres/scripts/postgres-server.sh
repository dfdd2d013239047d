#!/usr/bin/env bash
# A throwaway PostgreSQL server on 127.0.0.1 for the tests and the bench of @ctx/rollout-postgres.
#
#   postgres-server.sh run COMMAND...  start a server in a temporary folder, run COMMAND with
#                                      CTX_TEST_DATABASE_URL set, stop the server and remove the
#                                      folder on exit (also on failure or Ctrl-C)
#   postgres-server.sh start DIR       create a cluster in DIR when it has none, start it on a free
#                                      port (the same port on every later start), print its URL
#   postgres-server.sh stop DIR        fast shutdown: cut the connections, stop at once
#   postgres-server.sh crash DIR       immediate shutdown (`pg_ctl -m immediate`): every server
#                                      process quits at once, as in a crash, with no checkpoint;
#                                      the next start recovers from the write-ahead log
#
# The binaries come from the machine's packages (Debian keeps them in /usr/lib/postgresql/N/bin);
# as root, a missing server is installed with apt. initdb and postgres refuse to run as root, so
# as root they run as the `postgres` user.
set -euo pipefail

fail() {
  echo "postgres-server: $*" >&2
  exit 1
}

find_bin() {
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return
  fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] && [ -x "$found/pg_ctl" ] && echo "$found"
}

bin_dir() {
  local found
  found=$(find_bin || true)
  if [ -z "$found" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "postgres-server: installing PostgreSQL with apt" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2 ||
      { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; }
    found=$(find_bin || true)
  fi
  [ -n "$found" ] || fail "no PostgreSQL server binaries (pg_ctl, initdb) on this machine"
  echo "$found"
}

# Runs a server binary as an unprivileged user when this script runs as root.
as_server_user() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e 'const server = require("node:net").createServer();
server.listen(0, "127.0.0.1", () => { process.stdout.write(String(server.address().port)); server.close(); });'
}

start() {
  local dir=$1 bin port
  bin=$(bin_dir)
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$dir"
  fi
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    as_server_user "$bin/initdb" --pgdata="$dir/data" --username=postgres --auth=trust \
      --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; fail "initdb failed"; }
    free_port >"$dir/port"
  fi
  port=$(cat "$dir/port")
  as_server_user "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='' -c max_connections=300" \
    start >/dev/null || { tail -n 20 "$dir/server.log" >&2; fail "the server did not start"; }
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir=$1 mode=${2:-fast} bin
  bin=$(bin_dir)
  [ -f "$dir/data/postmaster.pid" ] || return 0
  as_server_user "$bin/pg_ctl" --pgdata="$dir/data" --mode="$mode" --wait --timeout=60 stop >/dev/null
}

run() {
  local dir url status
  dir=$(mktemp -d "${TMPDIR:-/tmp}/ctx-postgres.XXXXXX")
  # shellcheck disable=SC2064 # the folder is known now, and must be the one cleaned up
  trap "stop '$dir' || true; rm -rf '$dir'" EXIT
  trap 'exit 130' INT TERM
  url=$(start "$dir")
  echo "postgres-server: PostgreSQL on $url" >&2
  status=0
  CTX_TEST_DATABASE_URL=$url "$@" || status=$?
  return "$status"
}

case "${1:-}" in
  run) shift; [ $# -gt 0 ] || fail "run needs a command"; run "$@" ;;
  start) [ $# -eq 2 ] || fail "start needs a folder"; start "$2" ;;
  stop) [ $# -eq 2 ] || fail "stop needs a folder"; stop "$2" ;;
  crash) [ $# -eq 2 ] || fail "crash needs a folder"; stop "$2" immediate ;;
  *) fail "usage: postgres-server.sh run COMMAND... | start DIR | stop DIR | crash DIR" ;;
esac
