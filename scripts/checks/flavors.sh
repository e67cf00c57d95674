#!/usr/bin/env bash
# Differential check of urlkit's flavors against the real runtimes (Node, Python, PHP, Go,
# Java, Ruby, Perl URI::Escape): a seeded corpus of 2,100 inputs per flavor goes through
# urlkit and through each real function (one process per flavor batch); every output and
# every error message must agree. Then Python's email package must read back what
# `urlkit content-disposition` writes.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --quiet --locked --example flavor_corpus -p urlkit
cargo build --quiet --locked -p urlkit-cli
target="${CARGO_TARGET_DIR:-target}"

# Content-Disposition: Python's email package must read the file name back from what
# `urlkit content-disposition` writes (filename* preferred over the ASCII fallback).
echo "content-disposition read back by Python's email.message.Message (policy=default):"
"$target/debug/urlkit" content-disposition '見積書.pdf' 'Übersicht "2026".xlsx' 'a\b.txt' '😀 emoji.png' \
  | python3 -c '
import sys
from email import policy
from email.message import Message
names = ["見積書.pdf", "Übersicht \"2026\".xlsx", "a\\b.txt", "😀 emoji.png"]
values = sys.stdin.read().splitlines()
bad = 0
for name, value in zip(names, values, strict=True):
    m = Message(policy=policy.default)
    m["Content-Disposition"] = value
    got = m.get_filename()
    status = "ok  " if got == name else "FAIL"
    bad += got != name
    print(f"  {status} {name!r} -> {value} -> {got!r}")
sys.exit(1 if bad else 0)
'

"$target/debug/examples/flavor_corpus" > "$work/corpus.tsv"
python3 tools/flavor-diff/run.py "$work/corpus.tsv"
