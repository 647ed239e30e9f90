#!/usr/bin/env bash
# scripts/check-container.sh IMAGE: checks a built image the way a deployment uses it.
#   config    a configuration variable passes through: a bad S3_ENDPOINT stops the start, naming it
#   smtp      SMTP_URL passes through: a sign-in link request reaches a real SMTP server
#             (tests/support/smtp-sink.mjs on the host) with a link on APP_URL
#   data      the database and the session secret are on the /app/data volume
#   files     the application is root's and read-only to the server; /app/data is the
#             server's alone, its files 0600 and folders 0700
#   sigterm   `stop` ends the server through its own SIGTERM handling, exit code 0
#   replica   with REPLICA_URL=file:///app/replica on a second volume: the container is
#             killed and its data volume thrown away; a new container on a new data
#             volume restores from the replica and serves the same homes
# Needs the project's node_modules (for the SMTP server). CONTAINER is the CLI, e.g.
#   CONTAINER="podman --storage-driver vfs --cgroup-manager cgroupfs --runtime runc"
# RUN_ARGS adds words to every run (e.g. "--ulimit nofile=20000:20000").
set -uo pipefail
IMAGE=${1:?usage: scripts/check-container.sh IMAGE}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
read -r -a CLI <<<"${CONTAINER:-docker}"
read -r -a EXTRA <<<"${RUN_ARGS:-}"
NAME="check-$$"
VOLUME="check-$$-data"
REPLICA_VOLUME="check-$$-replica"
PASS=0; FAIL=0
ok()  { echo "ok $1"; PASS=$((PASS + 1)); }
bad() { echo "FAIL $1: $2"; FAIL=$((FAIL + 1)); }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
cleanup() {
  "${CLI[@]}" rm -f "$NAME" "$NAME-bad" "$NAME-primary" "$NAME-restored" >/dev/null 2>&1
  "${CLI[@]}" volume rm -f "$VOLUME" "$VOLUME-primary" "$VOLUME-restored" "$REPLICA_VOLUME" >/dev/null 2>&1
  [ -n "${SINK_PID:-}" ] && kill "$SINK_PID" 2>/dev/null
  [ -n "${MAIL_DIR:-}" ] && rm -rf "$MAIL_DIR"
  echo "$PASS passed, $FAIL failed"
}
trap cleanup EXIT

# config: the variable reaches the app's configuration check.
"${CLI[@]}" run --name "$NAME-bad" "${EXTRA[@]}" -e S3_ENDPOINT=not-a-url "$IMAGE" >/dev/null 2>&1
code=$("${CLI[@]}" inspect -f '{{.State.ExitCode}}' "$NAME-bad" 2>/dev/null)
if [ "$code" = 1 ] && "${CLI[@]}" logs "$NAME-bad" 2>&1 | grep -q "S3_ENDPOINT"; then ok config
else bad config "expected exit 1 naming S3_ENDPOINT, got exit $code: $("${CLI[@]}" logs "$NAME-bad" 2>&1 | tail -2)"; fi

# smtp: the host network lets the container reach the SMTP server on the host's loopback.
SMTP_PORT=$(free_port); PORT=$(free_port); URL="http://127.0.0.1:$PORT"
MAIL_DIR=$(mktemp -d)
node "$ROOT/tests/support/smtp-sink.mjs" "$SMTP_PORT" --dir "$MAIL_DIR" >/dev/null 2>&1 &
SINK_PID=$!
"${CLI[@]}" volume create "$VOLUME" >/dev/null
"${CLI[@]}" run -d --name "$NAME" "${EXTRA[@]}" --network host -v "$VOLUME:/app/data" \
  -e PORT="$PORT" -e HOST=127.0.0.1 -e APP_URL="$URL" -e ADMIN_EMAILS=ops@example.com \
  -e SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" -e MAIL_FROM=office@example.com "$IMAGE" >/dev/null
for _ in $(seq 1 120); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/healthz")" = 200 ] && break
  sleep 0.5
done
curl -s -o /dev/null -X POST -H "Origin: $URL" -H "Content-Type: application/json" \
  -d '{"email":"ops@example.com"}' "$URL/api/admin/auth/magic/request"
mail=""
for _ in $(seq 1 40); do
  mail=$(cat "$MAIL_DIR"/*.json 2>/dev/null)
  [ -n "$mail" ] && break
  sleep 0.5
done
if echo "$mail" | grep -q "ops@example.com" && echo "$mail" | grep -q "$URL/admin/auth/magic?token="; then ok smtp
else bad smtp "no sign-in mail reached the SMTP server on port $SMTP_PORT"; fi

# data: what the app keeps is on the volume.
if "${CLI[@]}" exec "$NAME" sh -c 'test -s /app/data/app.db && test -s /app/data/session-secret'; then ok data
else bad data "app.db or session-secret missing from /app/data"; fi

# files: the server's user can change nothing of the application, owns /app/data alone,
# and keeps what it writes there private (0700 folders, 0600 files).
files_report=$("${CLI[@]}" exec "$NAME" sh -c '
  for p in /app /app/package.json /app/node_modules /app/build /app/public; do
    [ "$(stat -c %u "$p")" = 0 ] || echo "not root-owned: $p"
  done
  find /app \( -path /app/data -o -path /app/replica \) -prune -o -writable -print | sed "s/^/writable by the server: /" | head -5
  [ "$(stat -c %U:%a /app/data)" = node:700 ] || echo "/app/data is $(stat -c %U:%a /app/data)"
  find /app/data -mindepth 1 \( -type d ! -perm 700 -o -type f ! -perm 600 \) -printf "not private: %p %m\n" | head -5
' 2>&1)
if [ -z "$files_report" ]; then ok files
else bad files "$(echo "$files_report" | tr '\n' ';')"; fi

# sigterm: a clean stop well within the grace period.
started=$(date +%s)
"${CLI[@]}" stop -t 20 "$NAME" >/dev/null
took=$(( $(date +%s) - started ))
code=$("${CLI[@]}" inspect -f '{{.State.ExitCode}}' "$NAME" 2>/dev/null)
if [ "$code" = 0 ] && [ "$took" -lt 15 ] && "${CLI[@]}" logs "$NAME" 2>&1 | grep -q "shutdown complete"; then ok sigterm
else bad sigterm "exit $code after ${took}s; last log: $("${CLI[@]}" logs "$NAME" 2>&1 | tail -2 | tr '\n' ' ')"; fi

# replica: the machine lost, a new one comes back from the replica alone.
wait_healthy() { # URL: waits up to 60 s for /healthz
  for _ in $(seq 1 120); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$1/healthz")" = 200 ] && return 0
    sleep 0.5
  done
  return 1
}
PORT=$(free_port); URL="http://127.0.0.1:$PORT"
"${CLI[@]}" volume create "$REPLICA_VOLUME" >/dev/null
run_replicated() { # NAME DATA_VOLUME [more run words]: a server replicating to the replica volume
  local name=$1 data=$2; shift 2
  "${CLI[@]}" volume create "$data" >/dev/null
  "${CLI[@]}" run -d --name "$name" "${EXTRA[@]}" --network host -v "$data:/app/data" -v "$REPLICA_VOLUME:/app/replica" \
    -e PORT="$PORT" -e HOST=127.0.0.1 -e APP_URL="$URL" -e REPLICA_URL=file:///app/replica "$@" "$IMAGE" >/dev/null
}
run_replicated "$NAME-primary" "$VOLUME-primary"
homes=""; shipped=""
if wait_healthy "$URL"; then
  homes=$(curl -s "$URL/api/properties")
  # Until Litestream has written the database (its first snapshot) to the replica: the log
  # says so once (/healthz tells anyone only the state, not when it last shipped).
  for _ in $(seq 1 60); do
    shipped=$("${CLI[@]}" logs "$NAME-primary" 2>&1 | grep -o "replication: changes are reaching the replica" | head -1)
    [ -n "$shipped" ] && break
    sleep 0.5
  done
fi
"${CLI[@]}" rm -f "$NAME-primary" >/dev/null 2>&1
"${CLI[@]}" volume rm -f "$VOLUME-primary" >/dev/null 2>&1
# SEED_DEMO=0: without the replica this server would list no homes at all.
run_replicated "$NAME-restored" "$VOLUME-restored" -e SEED_DEMO=0
restored=""
wait_healthy "$URL" && restored=$(curl -s "$URL/api/properties")
if [ -n "$shipped" ] && echo "$homes" | grep -q '"id":' && [ "$homes" = "$restored" ] \
  && "${CLI[@]}" logs "$NAME-restored" 2>&1 | grep -q "database restored from the replica"; then ok replica
else bad replica "shipped: ${shipped:-no}; homes before: ${#homes} bytes, after: ${#restored} bytes; last log: $("${CLI[@]}" logs "$NAME-restored" 2>&1 | tail -2 | tr '\n' ' ')"; fi

[ "$FAIL" = 0 ]
