#!/usr/bin/env bash
# The one-shot `tracetwin twin`'s CPU time against an earlier commit, alternated round by round in one run on one
# machine: REV, this tree, and this tree with the learned recogniser's scan turned off (scripts/without-learned.js).
# Prints each round's CPU seconds (user + system), the ratios to REV, and their medians: the figures issues 14 and 15
# set their cost budgets on.
#
#   npm run build && npm run bench:cost [-- REV [ROUNDS [MIB]]]     # defaults: e3f4336, 4 rounds, 20 MiB
#
# COUNT=instructions counts instructions instead (valgrind's callgrind, `node --single-threaded --predictable`:
# concurrent compilation off, so two runs of one tree agree within a fraction of a percent whatever else the machine
# runs, and a ratio can be read on a busy machine). About 50 times slower than the plain run: use a small trace
# (MIB 1 or 2) and 1 round; at that size the start-up (modules, lexicons, weights) weighs more than at 20 MiB.
# CASE=lower writes the bench trace in lower case (text written without capitals: every line the learned
# recogniser reads as a quiet one).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-e3f4336}
rounds=${2:-4}
mib=${3:-20}
[ -f dist/cli/main.js ] || { echo "cost-ratio: run npm run build first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "cost-ratio: /usr/bin/time is needed (Debian's time package)" >&2; exit 2; }
count=${COUNT:-cpu}
case $count in
  cpu) ;;
  instructions) command -v valgrind >/dev/null || { echo "cost-ratio: COUNT=instructions needs valgrind (Debian's valgrind package)" >&2; exit 2; } ;;
  *) echo "cost-ratio: COUNT is cpu or instructions, not $count" >&2; exit 2 ;;
esac
pin=()
taskset -c 0 true 2>/dev/null && pin=(taskset -c 0)
tmp=$(mktemp -d)
cleanup() {
  git worktree remove --force "$tmp/base" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
echo "cost-ratio: building $rev in a worktree of its own ..." >&2
git worktree add -q --detach "$tmp/base" "$rev"
ln -s "$PWD/node_modules" "$tmp/base/node_modules"
(cd "$tmp/base" && npx tsc -p tsconfig.build.json)
case ${CASE:-as-written} in
  as-written | lower) ;;
  *) echo "cost-ratio: CASE is as-written or lower, not $CASE" >&2; exit 2 ;;
esac
node -e '
const { generateJsonl } = require("./dist/bench/corpus");
const fs = require("fs");
const fd = fs.openSync(process.argv[1], "w");
const lower = process.argv[3] === "lower";
generateJsonl("tracetwin", Math.round(Number(process.argv[2]) * 1048576), (s) => fs.writeSync(fd, lower ? s.toLowerCase() : s));
fs.closeSync(fd);
' "$tmp/trace.jsonl" "$mib" "${CASE:-as-written}"
key=$(printf '5a%.0s' {1..32})
here=$PWD
run() { # tree, extra node flags...: CPU seconds (or instructions) of one twin
  local tree=$1
  shift
  if [ "$count" = instructions ]; then
    rm -f "$tmp"/callgrind.out*
    (cd "$tree" && valgrind -q --tool=callgrind --trace-children=no --callgrind-out-file="$tmp/callgrind.out.%p" \
      node --single-threaded --predictable "$@" bin/tracetwin twin "$tmp/trace.jsonl" -o "$tmp/twin.jsonl" --key "$key" >/dev/null 2>"$tmp/vg.err") ||
      { echo "cost-ratio: the twin under valgrind failed:" >&2; cat "$tmp/vg.err" >&2; exit 1; }
    # The total over every thread: callgrind writes one `summary:` (or `totals:`) line per output file.
    awk '/^(summary|totals):/ { s += $2 } END { printf "%.0f", s }' "$tmp"/callgrind.out*
    return
  fi
  (cd "$tree" && /usr/bin/time -o "$tmp/time" -f '%U %S' "${pin[@]}" node "$@" bin/tracetwin twin "$tmp/trace.jsonl" -o "$tmp/twin.jsonl" --key "$key" >/dev/null)
  awk '{ printf "%.2f", $1 + $2 }' "$tmp/time"
}
unit="CPU s"
[ "$count" = instructions ] && unit="instructions, callgrind"
echo "round  $rev  this-tree  without-learned  ($unit; ${mib} MiB bench trace, ${CASE:-as-written}; pinned: ${pin[*]:-no}; load $(cut -d' ' -f1 /proc/loadavg))"
for r in $(seq 1 "$rounds"); do
  b=$(run "$tmp/base")
  h=$(run "$here")
  n=$(run "$here" -r "$here/scripts/without-learned.js")
  echo "$r  $b  $h  $n"
done | tee "$tmp/rounds"
awk -v rev="$rev" '
  { all[NR] = $3 / $2; without[NR] = $4 / $2; learned[NR] = $3 / $4 }
  function median(a, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    printf "median ratio to %s: this tree %.2fx, without the learned recogniser %.2fx; the learned recogniser alone %.2fx\n",
      rev, median(all, NR), median(without, NR), median(learned, NR)
  }' "$tmp/rounds"
