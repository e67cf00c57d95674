#!/usr/bin/env bash
# The reconcile benchmark: `urlkit reconcile` (release build) against the Python reference
# (bench/reconcile_reference.py: unquote both sides, set join) on the same generated lists,
# in one run, RUNS rounds of each alternating. Prints the fastest and median wall time and
# the peak memory (max RSS) of each, the ratios, and whether both found the same missing
# pages.
#
#   bash bench/reconcile.sh [N]        # N URLs per side, default 1000000
#   RUNS=5 bash bench/reconcile.sh     # rounds of each (default 3): fastest and median
#
# Needs python3 and GNU time (/usr/bin/time). The lists are generated (bench/gen_reconcile_corpus.py,
# no outside data) into $CARGO_TARGET_DIR/bench-reconcile/ (target/ by default), where the
# release binary is built and run from too.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000000}"
target_dir="${CARGO_TARGET_DIR:-target}"
dir="$target_dir/bench-reconcile/$n"
if [ ! -s "$dir/right.txt" ]; then
  echo "generating $n x $n URLs in $dir"
  python3 bench/gen_reconcile_corpus.py "$dir" "$n"
fi
cargo build --release -q -p urlkit-cli
bin="$target_dir/release/urlkit"

measure() { # name, output file, command...
  local name="$1" out="$2"; shift 2
  local log="$dir/$name.time"
  /usr/bin/time -f '%e %M %U %S' -o "$log" "$@" > "$out" 2> "$dir/$name.stderr" || true
  # GNU time writes "Command exited with non-zero status 1" first when the command does.
  read -r secs kb user sys < <(tail -n 1 "$log")
  echo "$name $secs $kb $(echo "$user + $sys" | bc -l)"
}

# Warm the page cache so both read from memory.
cat "$dir/left.txt" "$dir/right.txt" > /dev/null
# RUNS rounds (default 3), the two alternating so that both meet the same load; on a shared
# machine load only ever adds time, so each one's fastest round is the figure, and the
# median is printed beside it.
runs="${RUNS:-3}"
us_all=(); ps_all=(); ucpu_all=(); pcpu_all=(); ukb=0; pkb=0
for ((k = 0; k < runs; k++)); do
  read -r _ s kb cpu <<< "$(measure urlkit "$dir/urlkit.missing" "$bin" reconcile --only missing "$dir/left.txt" "$dir/right.txt")"
  us_all+=("$s"); ucpu_all+=("$cpu"); ukb=$(( kb > ukb ? kb : ukb ))
  read -r _ s kb cpu <<< "$(measure python "$dir/python.missing" python3 bench/reconcile_reference.py "$dir/left.txt" "$dir/right.txt")"
  ps_all+=("$s"); pcpu_all+=("$cpu"); pkb=$(( kb > pkb ? kb : pkb ))
done
stat() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {printf "%s %s", v[1], v[int((NR + 1) / 2)]}'; }
read -r us us_med <<< "$(stat "${us_all[@]}")"
read -r ps ps_med <<< "$(stat "${ps_all[@]}")"
read -r ucpu _ <<< "$(stat "${ucpu_all[@]}")"
read -r pcpu _ <<< "$(stat "${pcpu_all[@]}")"
echo "inputs: $(wc -l < "$dir/left.txt") x $(wc -l < "$dir/right.txt") URLs ($(du -sh "$dir/left.txt" | cut -f1) + $(du -sh "$dir/right.txt" | cut -f1))"
echo "expected:         $(cat "$dir/expected.txt")"
echo "python reference: $(cat "$dir/python.stderr")"
echo "rounds: $runs; wall seconds urlkit ${us_all[*]}; python ${ps_all[*]}"
printf 'urlkit reconcile  %6.2f s wall (median %.2f)  %6.2f s CPU  peak %6.1f MiB\n' "$us" "$us_med" "$ucpu" "$(echo "$ukb / 1024" | bc -l)"
printf 'python reference  %6.2f s wall (median %.2f)  %6.2f s CPU  peak %6.1f MiB\n' "$ps" "$ps_med" "$pcpu" "$(echo "$pkb / 1024" | bc -l)"
printf 'median ratio (python / urlkit): %.1fx (wall)\n' "$(echo "$ps_med / $us_med" | bc -l)"
printf 'ratio of the fastest rounds (python / urlkit): %.1fx faster (wall), %.1fx less CPU; load average %s on %s cores\n' \
  "$(echo "$ps / $us" | bc -l)" "$(echo "$pcpu / $ucpu" | bc -l)" "$(cut -d' ' -f1 /proc/loadavg)" "$(nproc)"
if cmp -s <(sort "$dir/urlkit.missing") <(sort "$dir/python.missing"); then
  echo "agreement: both list the same $(wc -l < "$dir/urlkit.missing") missing URLs"
else
  echo "agreement: the missing lists DIFFER (diff $dir/urlkit.missing $dir/python.missing)"
  exit 1
fi
