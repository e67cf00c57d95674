#!/usr/bin/env bash
# Component round trip of `urlkit::build` on the real parsers: 2,500 generated sets of
# components (any Unicode, weighted towards / ? # % + & = ; space and controls) are built
# into URLs by urlkit, then split and decoded once per component by Python (urlsplit +
# parse_qsl), Node (URL + URLSearchParams) and Go (net/url); every value must come back
# exactly. Prints each runtime's counts.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --quiet --locked --example build_corpus -p urlkit
target="${CARGO_TARGET_DIR:-target}"
"$target/debug/examples/build_corpus" 20261201 2500 > "$work/corpus.jsonl"
echo "corpus: $(wc -l < "$work/corpus.jsonl") built URLs"

python3 tools/build-diff/python_check.py < "$work/corpus.jsonl"
node tools/build-diff/node_check.mjs < "$work/corpus.jsonl"
mkdir -p "$work/go"
cp tools/build-diff/go_check.go "$work/go/"
(cd "$work/go" && GOCACHE="$work/gocache" GOFLAGS=-mod=mod go build -o check go_check.go)
"$work/go/check" < "$work/corpus.jsonl"
