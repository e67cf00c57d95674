#!/usr/bin/env bash
# Checks `urlkit normalize`, `key` and `compare` end to end on the real-URL sample:
#  1. the whatwg level agrees with Node's `new URL(x).href` (a browser's reading) line by line;
#  2. keys are a fixed point (key of a key is the key) at safe, normal and loose;
#  3. the acceptance examples of the comparison ladder exit as documented.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build -q -p urlkit-cli
bin=target/debug/urlkit
sample=(testdata/urls-sample/*.txt)
fail=0

# 1. whatwg level vs Node (lines Node rejects must be rejected by us too).
if command -v node >/dev/null 2>&1; then
  for f in "${sample[@]}"; do
    node -e '
      const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
      for (const l of lines) { try { console.log(new URL(l).href); } catch { console.log(""); } }
    ' "$f" > /tmp/urlkit-node-href.txt
    "$bin" key --level whatwg < "$f" > /tmp/urlkit-whatwg.txt 2>/dev/null || true
    if ! diff -q /tmp/urlkit-node-href.txt /tmp/urlkit-whatwg.txt >/dev/null; then
      echo "whatwg level differs from Node on $f:"; diff /tmp/urlkit-node-href.txt /tmp/urlkit-whatwg.txt | head -5
      fail=1
    fi
  done
  echo "whatwg level agrees with Node $(node --version) on ${#sample[@]} sample lists"
fi

# 2. keys are a fixed point.
for level in safe normal loose; do
  for f in "${sample[@]}"; do
    "$bin" key --level "$level" < "$f" 2>/dev/null | grep -v '^$' > /tmp/urlkit-k1.txt || true
    "$bin" key --level "$level" < /tmp/urlkit-k1.txt > /tmp/urlkit-k2.txt 2>/dev/null || true
    if ! diff -q /tmp/urlkit-k1.txt /tmp/urlkit-k2.txt >/dev/null; then
      echo "keys at $level are not a fixed point on $f"; diff /tmp/urlkit-k1.txt /tmp/urlkit-k2.txt | head -5
      fail=1
    fi
  done
done
echo "keys are a fixed point at safe, normal and loose"

# 3. acceptance examples.
expect() { # expected-exit args...
  local want=$1; shift
  set +e; "$bin" "$@" >/dev/null 2>&1; local got=$?; set -e
  if [ "$got" != "$want" ]; then echo "urlkit $*: exit $got, want $want"; fail=1; fi
}
expect 0 compare 'https://example.com/%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1/' 'https://example.com/運営者情報/'
expect 0 compare 'https://example.com/%e9%81%8b%e5%96%b6%e8%80%85%e6%83%85%e5%a0%b1/' 'https://example.com/運営者情報/'
for level in exact safe normal loose whatwg; do
  expect 1 compare --level "$level" 'http://a/b%2Fc' 'http://a/b/c'
done
expect 0 compare 'HTTP://Example.COM:80/%7e' 'http://example.com/~'
expect 1 compare '/a/./b/../c' '/a/c'
expect 0 compare --level normal '/a/./b/../c' '/a/c'
expect 1 compare --level normal 'http://a.com/?x=1&y=2' 'http://a.com/?y=2&x=1'
expect 0 compare --level loose 'http://a.com/?x=1&y=2' 'http://a.com/?y=2&x=1'
expect 1 compare --level normal 'http://a.com/dir/' 'http://a.com/dir'
expect 0 compare --level loose 'http://a.com/dir/' 'http://a.com/dir'
echo "acceptance examples exit as documented"
exit $fail
