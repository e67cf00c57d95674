#!/usr/bin/env bash
# The cost of `urlkit lint` against `urlkit key` on the same input, on one core (issue 27's
# acceptance: lint costs at most 8 times key's CPU time and at most 50 MB of peak RSS).
#
#   scripts/bench/lint-vs-key.sh [FILE] [LINES]
#
# FILE is a list of URLs, one per line; without it the list is generated from the real-URL
# sample in testdata/urls-sample/ (1,200 URLs, see its README) repeated to LINES lines
# (default 1,000,000). Each command runs ROUNDS times (default 3) with stdout to /dev/null
# under `taskset -c 0`; the script prints each run's CPU time (user + system) and peak RSS
# as /usr/bin/time measures them, the median CPU time of each command and their ratio.
# URLKIT names the binary (default target/release/urlkit: `cargo build --release -p
# urlkit-cli` first). Figures are machine-dependent; nothing here asserts a duration.
set -euo pipefail
cd "$(dirname "$0")/../.."

urlkit=${URLKIT:-target/release/urlkit}
rounds=${ROUNDS:-3}
lines=${2:-1000000}
[ -x "$urlkit" ] || { echo "no $urlkit (cargo build --release -p urlkit-cli, or set URLKIT)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "taskset is missing (util-linux)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time is missing (GNU time)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -ge 1 ]; then
    input=$1
else
    input=$tmp/urls.txt
    # Every sample file ends with a newline, so the repeated lines stay one URL each.
    cat testdata/urls-sample/*.txt >"$tmp/sample"
    # (awk, not `cat ... | head`: under pipefail the cut-off writer's SIGPIPE ended the script.)
    awk -v n="$lines" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) print a[i % NR + 1] }' \
        "$tmp/sample" >"$input"
fi
echo "input: $input ($(wc -l <"$input") lines, $(wc -c <"$input") bytes)"

# One run: "CPU_SECONDS PEAK_KB" of `urlkit ARGS < input` on core 0.
measure() {
    /usr/bin/time -f "%U %S %M" -o "$tmp/time" taskset -c 0 "$urlkit" "$@" <"$input" >/dev/null 2>"$tmp/stderr" || true
    tail -n 1 "$tmp/time" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

: >"$tmp/key"
: >"$tmp/lint"
# Interleaved, so that a busy moment of a shared machine falls on both commands.
for round in $(seq 1 "$rounds"); do
    read -r cpu rss < <(measure key)
    echo "round $round: key  ${cpu} s CPU, peak RSS $((rss / 1024)) MB"
    echo "$cpu $rss" >>"$tmp/key"
    read -r cpu rss < <(measure lint)
    echo "round $round: lint ${cpu} s CPU, peak RSS $((rss / 1024)) MB"
    echo "$cpu $rss" >>"$tmp/lint"
done
key=$(cut -d' ' -f1 "$tmp/key" | median)
lint=$(cut -d' ' -f1 "$tmp/lint" | median)
key_rss=$(cut -d' ' -f2 "$tmp/key" | sort -n | tail -1)
lint_rss=$(cut -d' ' -f2 "$tmp/lint" | sort -n | tail -1)
echo "key:  median ${key} s CPU, peak RSS $((key_rss / 1024)) MB"
echo "lint: median ${lint} s CPU, peak RSS $((lint_rss / 1024)) MB"
awk -v l="$lint" -v k="$key" 'BEGIN { if (k > 0) printf "lint / key CPU time: %.1fx\n", l / k; else print "key took no measurable CPU time" }'
