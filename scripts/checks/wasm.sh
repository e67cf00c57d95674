#!/usr/bin/env bash
# The WebAssembly module (issue 32): builds the static site (scripts/build-site.sh, which
# installs Debian's web toolchain when missing), then the differential test: the same
# requests through urlkit.wasm in Node and through the same Rust function natively, every
# answer equal (tests/wasm/differential.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."

site="$(bash scripts/build-site.sh)"
cargo build --quiet --locked -p urlkit-wasm --example answer
target="$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')"
WASM="$site/urlkit.wasm" ANSWER="$target/debug/examples/answer" \
  timeout 600 node tests/wasm/differential.mjs
