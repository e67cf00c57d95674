#!/usr/bin/env bash
# Browser tests of `urlkit serve` (tests/web/serve.test.mjs), then of the static site
# (tests/web/site.test.mjs: target/site from scripts/build-site.sh, on a plain static file
# server with every other host blocked, offline, and from file://; then every panel's checks
# of the serve run, tests/web/panels.mjs, on the module with the network cut): Debian's
# chromium driven by playwright-core from npm (pinned in tests/web/package-lock.json, pointed
# at the system browser: no browser download). Installs chromium and the CJK fonts when
# missing, and the npm package with `npm ci`. Screenshots of each panel go to target/web-screenshots/.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
command -v node >/dev/null 2>&1 || missing+=(nodejs npm)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
if [ ! -d tests/web/node_modules/playwright-core ]; then
  (cd tests/web && npm ci --no-audit --no-fund)
fi

cargo build --quiet --locked -p urlkit-cli
target="$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')"
URLKIT="$target/debug/urlkit" CHROMIUM="$(command -v chromium)" SHOTS="$target/web-screenshots" \
  timeout 600 node tests/web/serve.test.mjs
site="$(bash scripts/build-site.sh)"
URLKIT="$target/debug/urlkit" SITE="$site" CHROMIUM="$(command -v chromium)" SHOTS="$target/web-screenshots" \
  timeout 600 node tests/web/site.test.mjs
