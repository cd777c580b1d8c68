#!/usr/bin/env bash
# The first start as a newcomer meets it: in a clone where `npm ci` is done, wipe the build and the data (the
# embedded database with them), then time `npm start` from the command to the first 200 of `/` (curl every
# 0.5 s). Prints the seconds and the load; then stops the site (its whole process group).
#
#   bench/first-start.sh [PORT] [EMBEDDED_PG_PORT]     (run from the clone's root; repeat for a median)
set -u
port=${1:-3601}
pg_port=${2:-54601}
rm -rf .next .data
export PATH=$PWD/node_modules/.bin:$PATH
log=$(mktemp)
start=$(date +%s.%N)
setsid env PORT="$port" EMBEDDED_PG_PORT="$pg_port" npm start >"$log" 2>&1 &
pid=$!
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)" = "200" ]; do
  if ! kill -0 "$pid" 2>/dev/null; then echo "npm start exited; see $log"; exit 1; fi
  sleep 0.5
done
end=$(date +%s.%N)
echo "first 200 after $(awk "BEGIN { printf \"%.1f\", $end - $start }") s (load $(cut -d' ' -f1-3 /proc/loadavg)); log: $log"
kill -TERM -"$pid" 2>/dev/null
sleep 6
kill -KILL -"$pid" 2>/dev/null
exit 0
