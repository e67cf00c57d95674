#!/usr/bin/env bash
# Differential check of the codec against real runtimes, on the same inputs:
#   urlkit encode (unreserved)      == PHP rawurlencode, Python quote(s, safe='')
#   urlkit encode --set component   == JavaScript encodeURIComponent (Node)
#   urlkit encode --set form        == JavaScript URLSearchParams serialization (Node)
#   urlkit decode (strict)          == JavaScript decodeURIComponent on its own output
#   urlkit decode --mode lenient    == Python unquote (WHATWG percent-decode, U+FFFD)
# Each runtime that is missing is reported and skipped; at least one must be present.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build -q -p urlkit-cli
bin=target/debug/urlkit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Inputs: every printable ASCII character alone, then mixed texts (one per line).
python3 - "$work/in.txt" <<'PY'
import sys
lines = [chr(c) + "x" for c in range(0x21, 0x7F)]
lines += ["東京 カフェ", "a b&c=d/e?f#g+h~!'()*", "運営者情報/ログイン", "100% 純度", "emoji 😀 ok",
          "tab\there", "ü é ß", "[::1]:80", "q=C++ 20&x=%41", "~user/.profile", "¢Øabÿ"]
open(sys.argv[1], "w", encoding="utf-8").write("\n".join(lines) + "\n")
PY
# Decode inputs: escapes in both cases, malformed ones, invalid UTF-8.
printf '%s\n' '%E6%9D%B1%E4%BA%AC' '%e6%9d%b1' '100%' '%zz%41' '%E6%97' 'a+b%20c' '%C3%A9%' '%%41' > "$work/dec.txt"

fail=0
ran=0
compare() { # name expected actual
  if cmp -s "$2" "$3"; then
    echo "ok   $1 ($(wc -l < "$2") lines)"
  else
    echo "FAIL $1"; diff "$2" "$3" | head -20; fail=1
  fi
  ran=$((ran + 1))
}

if command -v php >/dev/null 2>&1; then
  php -r 'while (($l = fgets(STDIN)) !== false) { echo rawurlencode(rtrim($l, "\n")), "\n"; }' < "$work/in.txt" > "$work/php.txt"
  "$bin" encode < "$work/in.txt" > "$work/uk.txt"
  compare "php rawurlencode = encode" "$work/php.txt" "$work/uk.txt"
else echo "skip php (not installed)"; fi

if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import sys, urllib.parse as u
for l in open(sys.argv[1], encoding="utf-8"): print(u.quote(l.rstrip("\n"), safe=""))' "$work/in.txt" > "$work/py.txt"
  "$bin" encode < "$work/in.txt" > "$work/uk.txt"
  compare "python quote(safe='') = encode" "$work/py.txt" "$work/uk.txt"
  python3 -c 'import sys, urllib.parse as u
for l in open(sys.argv[1], encoding="utf-8"): print(u.unquote(l.rstrip("\n")))' "$work/dec.txt" > "$work/py.txt"
  "$bin" decode --mode lenient < "$work/dec.txt" > "$work/uk.txt"
  compare "python unquote = decode --mode lenient" "$work/py.txt" "$work/uk.txt"
fi

if command -v node >/dev/null 2>&1; then
  node -e 'const ls=require("fs").readFileSync(process.argv[1],"utf8").split("\n").slice(0,-1);
for (const l of ls) console.log(encodeURIComponent(l));' "$work/in.txt" > "$work/js.txt"
  "$bin" encode --set component < "$work/in.txt" > "$work/uk.txt"
  compare "js encodeURIComponent = encode --set component" "$work/js.txt" "$work/uk.txt"
  node -e 'const ls=require("fs").readFileSync(process.argv[1],"utf8").split("\n").slice(0,-1);
for (const l of ls) console.log(new URLSearchParams([["k", l]]).toString().slice(2));' "$work/in.txt" > "$work/js.txt"
  "$bin" encode --set form < "$work/in.txt" > "$work/uk.txt"
  compare "js URLSearchParams = encode --set form" "$work/js.txt" "$work/uk.txt"
  node -e 'const ls=require("fs").readFileSync(process.argv[1],"utf8").split("\n").slice(0,-1);
for (const l of ls) console.log(decodeURIComponent(encodeURIComponent(l)).replace(/\t/g, "\\x09"));' "$work/in.txt" > "$work/js.txt"
  "$bin" encode --set component < "$work/in.txt" | "$bin" decode > "$work/uk.txt"
  compare "js decodeURIComponent = decode (strict)" "$work/js.txt" "$work/uk.txt"
else echo "skip node (not installed)"; fi

[ "$ran" -gt 0 ] || { echo "no runtime available to compare against"; exit 1; }
exit "$fail"
