#!/usr/bin/env bash
# The signing flavors against the real libraries (pinned in a virtual environment):
# `urlkit build --canonical aws.sigv4` against botocore's SigV4 canonical request (generic
# and S3), `--canonical oauth1` against oauthlib's base string URI and normalized
# parameters, and the library's canonical forms of parameters given as data, on 2,500
# generated URLs each.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/checks/lib/checks-venv.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --quiet --locked --example build_corpus -p urlkit
cargo build --quiet --locked -p urlkit-cli
target="${CARGO_TARGET_DIR:-target}"
"$target/debug/examples/build_corpus" 20261202 2500 > "$work/corpus.jsonl"
"$CHECKS_PYTHON" -c '
import json, sys
with open(sys.argv[1], encoding="utf-8") as f, open(sys.argv[2], "w") as a, open(sys.argv[3], "w") as o:
    for line in f:
        case = json.loads(line)
        a.write(case["url_rfc3986"] + "\n")
        o.write(case["url"] + "\n")
' "$work/corpus.jsonl" "$work/aws.txt" "$work/oauth1.txt"
"$target/debug/urlkit" --json build --canonical aws.sigv4 < "$work/aws.txt" > "$work/aws.jsonl"
"$target/debug/urlkit" --json build --canonical oauth1 < "$work/oauth1.txt" > "$work/oauth1.jsonl"
"$CHECKS_PYTHON" tools/build-diff/signing_check.py "$work/corpus.jsonl" "$work/aws.jsonl" "$work/oauth1.jsonl"
