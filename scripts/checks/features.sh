#!/usr/bin/env bash
# The command line's cargo features (docs/install.md): `serve` and `http` are its default
# features, and `--no-default-features` is a small offline CLI.
#   1. `cargo tree` of the minimal CLI has none of the heavy crates (axum, hyper, tokio, ureq,
#      rustls, ring, qrcode, urlkit-web), and the default one has them (so that this check
#      can fail);
#   2. each feature set builds with clippy's warnings as errors (a feature that leaves code
#      unused is a warning): none, `serve` alone, `http` alone;
#   3. the minimal binary runs the offline commands, and each left-out command is an error
#      that names its feature (exit 2), as is a source given by URL.
# The default build is restored at the end: later checks run target/debug/urlkit.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "features.sh: $*" >&2; exit 1; }
heavy=(axum hyper tokio ureq rustls ring qrcode urlkit-web tree-sitter urlkit-scan)

# --- 1. what each build pulls in ------------------------------------------------------------
minimal="$(cargo tree --locked -p urlkit-cli --no-default-features -e normal --prefix none)"
full="$(cargo tree --locked -p urlkit-cli -e normal --prefix none)"
for crate in "${heavy[@]}"; do
  if grep -q "^$crate v" <<<"$minimal"; then
    fail "$crate is in the tree of urlkit-cli --no-default-features:
$(cargo tree --locked -p urlkit-cli --no-default-features -e normal -i "$crate")"
  fi
  grep -q "^$crate v" <<<"$full" || fail "$crate is not in the default tree: update this list"
done
count() { cut -d ' ' -f 1,2 <<<"$1" | sort -u | wc -l; }
echo "crates in the tree: $(count "$full") by default, $(count "$minimal") with --no-default-features"

# --- 2. every feature set builds, warning-free ----------------------------------------------
for features in "" serve http scan; do
  echo "clippy: urlkit-cli --no-default-features ${features:+--features $features}"
  cargo clippy -q --locked -p urlkit-cli --no-default-features ${features:+--features "$features"} \
    -- -D warnings
done

# --- 3. the minimal binary -------------------------------------------------------------------
work="$(mktemp -d)"
restore() {
  rm -rf "$work"
  cargo build -q --locked -p urlkit-cli
}
trap restore EXIT
cargo build -q --locked -p urlkit-cli --no-default-features
cp "${CARGO_TARGET_DIR:-target}/debug/urlkit" "$work/urlkit"
bin="$work/urlkit"

[ "$("$bin" encode 'a b/運')" = "a%20b%2F%E9%81%8B" ] || fail "encode in the minimal build"
printf 'https://example.com/a\nhttps://EXAMPLE.com/%%61\n' > "$work/left.txt"
printf 'https://example.com/a\n' > "$work/right.txt"
"$bin" reconcile "$work/left.txt" "$work/right.txt" > "$work/out.txt" \
  || fail "reconcile of two local lists in the minimal build: $(cat "$work/out.txt")"

help="$("$bin" --help)"
# One left-out command: its feature in --help, and running it is exit 2 with the feature named.
expect_missing() {
  local feature="$1"; shift
  local status=0
  "$bin" "$@" > "$work/stdout" 2> "$work/stderr" || status=$?
  [ "$status" = 2 ] || fail "urlkit $* exited $status in the minimal build (2 expected)"
  [ ! -s "$work/stdout" ] || fail "urlkit $* wrote to stdout: $(cat "$work/stdout")"
  grep -q "needs the \`$feature\` feature" "$work/stderr" \
    || fail "urlkit $* does not name the \`$feature\` feature: $(cat "$work/stderr")"
}
for cmd in serve qr check scan; do
  grep -qE "^  $cmd +Not in this build: needs the \`(serve|http|scan)\` feature" <<<"$help" \
    || fail "urlkit --help does not say that $cmd is not in this build:
$help"
done
expect_missing serve serve --port 0
expect_missing serve qr https://example.com/
expect_missing http check https://example.com/
expect_missing scan scan .
expect_missing http key sitemap:https://example.com/sitemap.xml
expect_missing http reconcile sitemap:https://example.com/sitemap.xml "$work/right.txt"
echo "minimal CLI: offline commands run; serve, qr, check and live sources name their feature"
