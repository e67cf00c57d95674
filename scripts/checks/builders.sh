#!/usr/bin/env bash
# Differential check of the builder flavors (`urlkit build --query-style FLAVOR`) against the
# real runtimes: 2,000 generated parameter lists per flavor (repeated keys, empty values and
# keys, keys to sort, every ASCII punctuation character, space, '+', '%', non-ASCII) through
# urlkit and through Python urlencode, PHP http_build_query, Go url.Values.Encode, Node
# URLSearchParams, Ruby URI.encode_www_form and Java URLEncoder (one process per runtime);
# then 2,000 generated edits through `urlkit build --json` and Node's url.searchParams: the
# browser-rewrite note and `--query-style js.URLSearchParams` must be Node's href.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --quiet --locked --example builder_corpus -p urlkit
cargo build --quiet --locked -p urlkit-cli
target="${CARGO_TARGET_DIR:-target}"

"$target/debug/examples/builder_corpus" 20261203 2000 2000 > "$work/corpus.tsv"
python3 tools/builder-diff/run.py "$work/corpus.tsv" "$target/debug/urlkit"
