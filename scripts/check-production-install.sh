#!/usr/bin/env bash
# A production install must run: `npm ci --omit=dev` in a clean copy of the project, then the CLI
# (`npm run leads -- partners list`) and the server, which builds the site as `npm start` does on a
# fresh deploy and must serve a page and /healthz. Everything the server, the CLI or the build loads
# from a devDependency fails here, where the test suite (which has every package) cannot notice.
#
#   scripts/check-production-install.sh [--keep-dist]
#
# --keep-dist: once the check has passed, the site this production install built and served replaces
# the working copy's dist/ (times kept, so `npm test` sees it newer than its sources and tests it
# rather than building the same site again): CI builds the site once.
set -euo pipefail

keep_dist=''
[[ "${1:-}" == '--keep-dist' ]] && keep_dist=1

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/crnz-production-XXXXXX")"
server_pid=''

fail() {
  echo "production install check FAILED: $*" >&2
  if [[ -s "$work/server.log" ]]; then
    echo '--- the server said:' >&2
    tail -n 40 "$work/server.log" >&2
  fi
  exit 1
}

finish() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap finish EXIT

# The body of a 2xx answer, or a non-zero exit (Node's fetch: no curl needed on the machine).
get() {
  node_modules/.bin/node -e 'fetch(process.argv[1]).then(async (r) => { if (!r.ok) process.exit(1); process.stdout.write(await r.text()); }, () => process.exit(1));' "$1"
}

# Only what a deploy needs: no tests, no benches, no node_modules or dist/ of the working copy.
for path in package.json package-lock.json .nvmrc tsconfig.json astro.config.ts server core src public scripts; do
  [[ -e "$root/$path" ]] && cp -a "$root/$path" "$work/"
done
cd "$work"

echo '· npm ci --omit=dev'
npm ci --omit=dev --no-audit --no-fund --loglevel=error || fail 'npm ci --omit=dev did not install'
# A devDependency present here would hide a wrong import: make sure the install really left them out.
[[ ! -e node_modules/vitest ]] || fail 'devDependencies were installed (vitest is present)'

export DATABASE_URL="$work/data/leads.sqlite"

echo '· npm run leads -- partners list'
npm run --silent leads -- partners list >"$work/cli.log" 2>&1 || {
  cat "$work/cli.log" >&2
  fail '`npm run leads -- partners list` failed'
}

port="$(node_modules/.bin/node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });")"
echo "· npm start (builds the site) on port $port"
HOST=127.0.0.1 PORT="$port" node_modules/.bin/node server/main.ts >"$work/server.log" 2>&1 &
server_pid=$!

# The build takes most of the time (about 20 s on a quiet machine; CI runs `npm run check` beside it): four minutes at most, or the check fails.
deadline=$((SECONDS + 240))
until get "http://127.0.0.1:$port/healthz" >/dev/null; do
  kill -0 "$server_pid" 2>/dev/null || fail 'the server stopped before it answered'
  ((SECONDS < deadline)) || fail 'the server did not answer /healthz within 240 seconds'
  sleep 1
done

page="$(get "http://127.0.0.1:$port/")" || fail 'GET / was not answered with a page'
[[ "$page" == *'Commercial Refrigeration NZ'* ]] || fail "GET / did not serve the site's home page"
echo '· production install: CLI, build, server and a served page all work'

if [[ -n "$keep_dist" ]]; then
  kill "$server_pid" && wait "$server_pid" 2>/dev/null || true
  server_pid=''
  # Straight into dist/, which every tool ignores (CI may be linting the working copy meanwhile).
  rm -rf "$root/dist" "$root/dist-renderer"
  cp -a "$work/dist" "$root/dist"
  cp -a "$work/dist-renderer" "$root/dist-renderer"
  echo "· the site it built is now $root/dist (and its preview renderer $root/dist-renderer)"
fi
