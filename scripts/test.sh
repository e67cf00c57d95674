#!/usr/bin/env bash
# Runs every test of urlkit. Installs what a fresh machine lacks first (Debian packages for the
# foreign runtimes the flavor checks compare against), then: formatting, clippy, docs, the
# cargo test suites, and each extra check in scripts/checks/ (differential runs against the
# real Python, Node, PHP, Go, Ruby, Perl and Java).
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\n==> %s\n' "$*"; }

# --- 1. set-up -----------------------------------------------------------------------------
missing=()
command -v php  >/dev/null 2>&1 || missing+=(php-cli)
command -v go   >/dev/null 2>&1 || missing+=(golang-go)
command -v ruby >/dev/null 2>&1 || missing+=(ruby)
perl -MURI::Escape -e1 >/dev/null 2>&1 || missing+=(liburi-perl)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v java >/dev/null 2>&1 || missing+=(default-jdk-headless)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
# The SSRF test (crates/urlkit-cli/tests/ssrf_netns.rs) gives itself addresses in a network
# namespace of its own with iproute2's `ip` (and util-linux's unshare and mount).
command -v ip >/dev/null 2>&1 || missing+=(iproute2)
command -v groff >/dev/null 2>&1 || missing+=(groff-base)  # tests/man.rs renders the man pages
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
rustup component list --installed 2>/dev/null | grep -q rustfmt || rustup component add rustfmt || true
rustup component list --installed 2>/dev/null | grep -q clippy || rustup component add clippy || true

# --- 1b. set-up for the build, roundtrip and signing checks --------------------------------
# botocore and oauthlib (pinned) in the virtual environment .venv-checks.
. scripts/checks/lib/checks-venv.sh

# --- 2. static checks ----------------------------------------------------------------------
log "cargo fmt --check"
cargo fmt --all -- --check
log "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings
log "cargo doc (warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet

# --- 3. tests ------------------------------------------------------------------------------
# The property tests draw their cases from a seed that the commit fixes: a run of one commit
# is reproducible (this clone and any other get the same cases, and a failure can be rerun
# with the seed printed here), and every commit explores new cases. PROPTEST_RNG_SEED=N
# chooses another.
if [ -z "${PROPTEST_RNG_SEED:-}" ]; then
  PROPTEST_RNG_SEED=$(( 16#$(git rev-parse --short=12 HEAD) ))
fi
export PROPTEST_RNG_SEED
log "cargo test (property tests seeded with PROPTEST_RNG_SEED=$PROPTEST_RNG_SEED)"
cargo test --workspace --locked

# --- 3b. the scalar-only library (issue 12) -------------------------------------------------
# urlkit without its default `simd` feature: no vector kernels, and `unsafe_code` forbidden;
# the whole suite then runs on the scalar path.
log "urlkit without the simd feature: unsafe_code forbidden, the whole suite on the scalar path"
RUSTFLAGS="-F unsafe_code" cargo check -p urlkit --no-default-features --locked
cargo test -p urlkit --no-default-features --locked

# --- 4. differential and end-to-end checks -------------------------------------------------
for check in scripts/checks/*.sh; do
  [ -e "$check" ] || continue
  log "$check"
  bash "$check"
done

# --- 5. fuzzing ----------------------------------------------------------------------------
# Every fuzz target of fuzz/ for a bounded time (FUZZ_SECONDS each, 10 by default here: under three
# minutes in all), from the committed seeds; a crash fails the run. scripts/fuzz.sh installs
# cargo-fuzz (and the nightly toolchain) when they are missing.
export FUZZ_SECONDS="${FUZZ_SECONDS:-10}"
log "fuzz targets (${FUZZ_SECONDS}s each)"
bash scripts/fuzz.sh

log "all checks passed"
