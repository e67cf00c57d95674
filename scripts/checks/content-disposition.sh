#!/usr/bin/env bash
# `urlkit content-disposition` read back by real parsers: 2,000 generated file names (any
# Unicode, weighted towards '"' '\' '%' ';' and controls; tools/cd-diff/names.py, seeded) are
# built into header values in one run, then parsed by the content-disposition package of npm
# (the parser Express uses; pinned in tools/cd-diff/package-lock.json) and by Python's email
# package; each must give the name back. Then the same with a --fallback of ISO-8859-1
# letters, quotes and a backslash. About two seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

command -v npm >/dev/null 2>&1 || { echo "content-disposition.sh: needs node and npm (scripts/test.sh installs them)" >&2; exit 2; }
if [ ! -d tools/cd-diff/node_modules/content-disposition ]; then
  (cd tools/cd-diff && npm ci --no-audit --no-fund --silent)
fi
cargo build --quiet --locked -p urlkit-cli
urlkit="${CARGO_TARGET_DIR:-target}/debug/urlkit"

python3 tools/cd-diff/names.py 2000 > "$work/names.txt"
"$urlkit" --json content-disposition < "$work/names.txt" > "$work/built.jsonl" 2>/dev/null
node tools/cd-diff/check.mjs "$work/names.txt" "$work/built.jsonl"
python3 tools/cd-diff/email_check.py "$work/names.txt" "$work/built.jsonl"

fallback='Übersicht "Q1" \ 100%; 2026.pdf'
"$urlkit" --json content-disposition --fallback "$fallback" < "$work/names.txt" > "$work/fallback.jsonl" 2>/dev/null
node tools/cd-diff/check.mjs "$work/names.txt" "$work/fallback.jsonl" "with --fallback"
python3 tools/cd-diff/email_check.py "$work/names.txt" "$work/fallback.jsonl" "$fallback"
