#!/usr/bin/env bash
# Differential check of urlkit's flavors against the real runtimes (Node, Python, PHP, Go,
# Java, Ruby, Perl URI::Escape): a seeded corpus of 2,100 inputs per flavor goes through
# urlkit and through each real function (one process per flavor batch); every output and
# every error message must agree; then `urlkit encode --escapes` on generated escaped texts.
# (`urlkit content-disposition` is read back by real parsers in content-disposition.sh.)
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --quiet --locked --example flavor_corpus -p urlkit
cargo build --quiet --locked -p urlkit-cli
target="${CARGO_TARGET_DIR:-target}"

"$target/debug/examples/flavor_corpus" > "$work/corpus.tsv"
python3 tools/flavor-diff/run.py "$work/corpus.tsv"

# `encode --escapes`: 600 generated texts with lone surrogates, raw bytes and pairs written as
# escapes, through the CLI (one process per flavor) and through the real functions.
python3 tools/flavor-diff/escapes.py "$target/debug/urlkit" 600
