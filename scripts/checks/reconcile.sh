#!/usr/bin/env bash
# Differential check of `urlkit reconcile` against the Python reference (unquote both sides,
# set join: bench/reconcile_reference.py) on a generated 20,000 x 20,000 list of mixed-form
# Japanese URLs where the two must agree, and on the bundled example, whose two truly missing
# pages must be the only ones reported.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cargo build -q -p urlkit-cli
bin="target/debug/urlkit"

python3 bench/gen_reconcile_corpus.py "$dir" 20000
status=0
"$bin" reconcile --only missing "$dir/left.txt" "$dir/right.txt" > "$dir/urlkit.missing" || status=$?
[ "$status" = 1 ] || { echo "expected exit 1 (pages are missing), got $status"; exit 1; }
python3 bench/reconcile_reference.py "$dir/left.txt" "$dir/right.txt" > "$dir/python.missing" 2> "$dir/python.counts"
if ! cmp -s <(sort "$dir/urlkit.missing") <(sort "$dir/python.missing"); then
  echo "urlkit and the Python reference disagree on the missing pages:"
  diff <(sort "$dir/urlkit.missing") <(sort "$dir/python.missing") | head -20
  exit 1
fi
echo "reconcile: agrees with Python's unquote + set join on $(wc -l < "$dir/urlkit.missing") missing of 20000 ($(cat "$dir/python.counts"))"

"$bin" reconcile --only missing examples/wordpress-site/local-list.csv examples/wordpress-site/wp-json > "$dir/example.missing" || true
expected="https://example.com/%E6%96%99%E9%87%91%E3%83%97%E3%83%A9%E3%83%B3/
https://example.com/%E4%BC%9A%E7%A4%BE%E6%A6%82%E8%A6%81/"
if [ "$(cat "$dir/example.missing")" != "$expected" ]; then
  echo "the example must report exactly its two truly missing pages; got:"
  cat "$dir/example.missing"
  exit 1
fi
"$bin" reconcile examples/wordpress-site/wp-sitemap.xml examples/wordpress-site/wp-json > /dev/null
echo "reconcile: the example reports exactly its two missing pages; its sitemap matches the REST API"
