#!/usr/bin/env bash
# Differential check of urlkit's WHATWG view (the ada-url crate) against Node's `new URL()`:
# WPT's and ada's urltestdata inputs, a generated corpus of 10,000 URLs and samples of real URL
# lists. Every disagreement must be listed, with its reason, in
# tools/node-diff/expected-disagreements.txt (Node 20 bundles an older ada); a listed one that
# agrees again fails too. Ends with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --quiet --locked -p urlkit --example whatwg_href
bin="$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')/debug/examples/whatwg_href"
node tools/node-diff/diff.mjs --ours "$bin" --expected tools/node-diff/expected-disagreements.txt
