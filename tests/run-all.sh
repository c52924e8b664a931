#!/usr/bin/env bash
# `npm test`: type check, unit and render tests, a build of the snapshot, browser tests against it,
# and beside them the integration test against a real WordPress. Prints one "N passed, N failed" line at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/results
rm -f .tmp/results/*.json

bash tests/ensure-system-deps.sh || exit 1

status=0
step() { echo; echo "==> $* (at ${SECONDS} s)"; }
# A step run beside others: its output is kept in .tmp/steps and shown whole, under its heading
# (the time it started), once it is done; `finish NAME HEADING` waits for it and records a failure.
mkdir -p .tmp/steps
declare -A started pids
beside() { local name=$1; shift; started[$name]=$SECONDS; "$@" >".tmp/steps/$name.log" 2>&1 & pids[$name]=$!; }
finish() {
  local code=0
  wait "${pids[$1]}" || code=$?
  echo; echo "==> $2 (at ${started[$1]} s)"
  cat ".tmp/steps/$1.log"
  [ "$code" -eq 0 ] || status=1
}

# The type check and ESLint each use one core: on CI's two they run side by side.
beside tsc npx tsc --noEmit
beside eslint npx eslint .
finish tsc "Type check"
finish eslint "Lint (ESLint: typescript-eslint, layers, import cycles)"

# The snapshot's build for the site checks and the browser tests shares nothing with the unit tests
# (they build into folders of their own): it runs while the unit tests start, whose first build
# (warm-media-setup.ts) leaves one core idle.
beside site node build/launch.mjs --out .tmp/site --site-url "http://127.0.0.1:${TEST_PORT:-4173}"

step "Unit and render tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/results/unit.json || status=1

finish site "Build of the embedded snapshot into .tmp/site"

step "Checks over the whole built site (links, HTML, budgets)"
npx vitest run --config tests/site/vitest.config.ts --reporter=default --reporter=json --outputFile=.tmp/results/site.json || status=1

# The integration test mostly waits on WordPress (its cron, PHP's answers, a post scheduled two
# minutes ahead): it runs beside the browser tests, on ports and in folders of its own.
beside wordpress npx vitest run --config tests/wordpress/vitest.config.ts --reporter=default --reporter=json --outputFile=.tmp/results/wordpress.json

step "Browser tests (Playwright, Debian Chromium)"
npx playwright test || status=1

step "Team pages against a mid-season build (upcoming matches exist)"
npx playwright test -c tests/browser/team.config.ts || status=1

step "The built site behind nginx with the generated server block (headers, redirects, CSP in Chromium)"
NGINX_TEST_PORT="${NGINX_TEST_PORT:-4175}" npx playwright test -c tests/browser/nginx.config.ts || status=1

finish wordpress "Integration test against a real WordPress"

echo "(all steps: ${SECONDS} s)"
node tests/summarize-results.mjs .tmp/results || status=1
exit $status
