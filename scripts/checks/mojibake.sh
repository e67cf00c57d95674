#!/usr/bin/env bash
# Differential check of mojibake repair against ftfy 6.3.1 (fix_encoding) and Python's codecs:
# words of many languages misread in ten single-byte and four double-byte charsets, once and
# twice, strictly and losing a byte; the laws are in scripts/checks/mojibake.py (a word is
# never changed, a repair is never wrong, a lost byte is never written, and where ftfy gives
# the word back urlkit does too, but for the divergences listed there with their reasons).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/checks/lib/checks-venv.sh
cargo build -q -p urlkit-cli
"$CHECKS_PYTHON" scripts/checks/mojibake.py "${CARGO_TARGET_DIR:-target}/debug/urlkit"
