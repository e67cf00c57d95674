#!/usr/bin/env bash
# `urlkit roundtrip --json` for the default values (15 values x 20 encoders x 13 decoders x
# 2 components = 7,800 cells) against the real Node, Python, PHP, Go, Java, Ruby and Perl
# (and oauthlib / botocore for the signing encoders): every encoder and decoder runs in its
# runtime through the flavor check's harnesses, and each cell must equal urlkit's.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/checks/lib/checks-venv.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --quiet --locked -p urlkit-cli
target="${CARGO_TARGET_DIR:-target}"
# Exit status 1 means "some pair loses data", which the default values always show.
status=0
"$target/debug/urlkit" --json roundtrip --default-values > "$work/matrix.jsonl" || status=$?
if [ "$status" -ne 1 ]; then
  echo "urlkit roundtrip exited $status (expected 1: the default values lose data somewhere)"
  exit 1
fi
URLKIT_SIGNING_PYTHON="$CHECKS_PYTHON" python3 tools/flavor-diff/roundtrip.py "$work/matrix.jsonl"
