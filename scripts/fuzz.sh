#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for a bounded time (FUZZ_SECONDS each, default 20: the 21
# targets take about seven minutes; a longer campaign is in fuzz/README.md), starting from the committed seeds in fuzz/seeds/<target>.
# Installs cargo-fuzz when it is missing (it needs the nightly toolchain). Fails on the first
# crash, leaking input or timeout, and says which input: libFuzzer writes it under
# fuzz/artifacts/<target>/. A crash found becomes a named regression test in
# crates/urlkit/tests/fuzz_regressions.rs.
#
#   scripts/fuzz.sh                 every target
#   scripts/fuzz.sh normalize uri_parse
#   FUZZ_SECONDS=300 scripts/fuzz.sh key_compare
#   FUZZ_SEED=0 scripts/fuzz.sh      a random seed (CI uses seed 1, so that a run can be repeated)
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds="${FUZZ_SECONDS:-20}"
if ! rustup toolchain list | grep -q '^nightly'; then
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list)
  # A law the fuzzer has broken and that is not fixed yet is left out of the default run, said
  # here, and its input kept in fuzz/known/ (run it by name to reproduce).
  known=()
  for k in "${known[@]}"; do
    printf 'fuzz: not run by default: %s (known failure, input in fuzz/known/: see fuzz/known/README.md)\n' "$k" >&2
  done
  mapfile -t targets < <(printf '%s\n' "${targets[@]}" | grep -vxF -f <(printf '%s\n' "${known[@]}"))
fi

# libFuzzer adds what it finds to its first directory: a scratch one, never the seeds.
scratch="${FUZZ_CORPUS:-${CARGO_TARGET_DIR:-target}/fuzz-corpus}"
cargo +nightly fuzz build -O
for t in "${targets[@]}"; do
  mkdir -p "$scratch/$t"
  log="$scratch/$t.log"
  printf '==> fuzz %s for %ss\n' "$t" "$seconds"
  # -rss_limit_mb: a reader that keeps too much is a finding too; -timeout: one input may take
  # at most 10 s.
  status=0
  cargo +nightly fuzz run -O "$t" "$scratch/$t" "seeds/$t" -- \
    -max_total_time="$seconds" -seed="${FUZZ_SEED:-1}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
  grep -E '^(stat::number_of_executed_units|stat::new_units_added|stat::peak_rss_mb)' "$log" || true
  if [ "$status" != 0 ]; then
    tail -n 40 "$log" >&2
    printf 'fuzz target %s failed (exit %s); the input is under fuzz/artifacts/%s/\n' "$t" "$status" "$t" >&2
    exit 1
  fi
done
printf 'fuzz: %s targets ran %ss each without a crash\n' "${#targets[@]}" "$seconds"
