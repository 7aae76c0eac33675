#!/usr/bin/env bash
# What declaring endpoints costs the compiler: N endpoints in the README's shape (an API protocol,
# two in three GET, one in three JSON POST, a model each in another module) against the same N as
# values (`WebAPI` + `Endpoint<Model>`) and against an empty module with the same imports, in a
# debug and a release build. Each target is rebuilt alone (Bricks and the models built before, its
# source touched), REPEAT times; the least wall time and the largest peak memory of the compiler
# processes are reported, then each style's cost over the empty module.
#
#   bash Benchmarks/compile-cost.sh            # N=300, 3 runs; writes Benchmarks/results/compile-cost.md
#   N=100 REPEAT=1 bash Benchmarks/compile-cost.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bricks="${BRICKS:-$root}"   # the Bricks checkout measured (another commit, say)
n="${N:-300}" repeat="${REPEAT:-3}"
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-compile-cost.XXXXXX")"
trap 'rm -rf "$work"' EXIT
python3 "$root/Benchmarks/compile-cost.py" "$work" "$bricks" "$n"
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }

rows=()
for config in debug release; do
  scratch="$work/.build-$config"
  # The same flags as the timed builds, or the first timed build would rebuild Bricks.
  for target in Models Bricks; do
    swift build --package-path "$work" --scratch-path "$scratch" -c "$config" --target $target \
      -Xswiftc -warnings-as-errors >/dev/null
  done
  for target in Empty ValueStyle ProtocolStyle; do
    best_wall="" max_rss=0
    for _ in $(seq "$repeat"); do
      touch "$work"/Sources/$target/*.swift
      log="$work/time.log"
      /usr/bin/time -v -o "$log" swift build --package-path "$work" --scratch-path "$scratch" -c "$config" \
        --target "$target" -Xswiftc -warnings-as-errors >/dev/null
      wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {split($2, t, ":"); s = 0; for (i = 1; i <= length(t); i++) s = s * 60 + t[i]; print s}' "$log")
      rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
      if [ -z "$best_wall" ] || awk "BEGIN {exit !($wall < $best_wall)}"; then best_wall=$wall; fi
      [ "$rss" -gt "$max_rss" ] && max_rss=$rss
    done
    mib=$((max_rss / 1024))
    echo "$config $target: ${best_wall} s, ${mib} MiB"
    rows+=("$config $target $best_wall $mib")
  done
done

{
  echo "| $n endpoints | debug: time, peak | over empty | release: time, peak | over empty |"
  echo "|---|---|---|---|---|"
  for target in Empty ValueStyle ProtocolStyle; do
    line="| $target"
    for config in debug release; do
      read -r _ _ wall mib < <(printf '%s\n' "${rows[@]}" | awk -v c="$config" -v t="$target" '$1 == c && $2 == t')
      read -r _ _ ewall emib < <(printf '%s\n' "${rows[@]}" | awk -v c="$config" '$1 == c && $2 == "Empty"')
      over=$(awk "BEGIN {printf \"%.2f s, %d MiB\", $wall - $ewall, $mib - $emib}")
      line+=" | ${wall} s, ${mib} MiB | $over"
    done
    echo "$line |"
  done
} | tee "${OUT:-$root/Benchmarks/results/compile-cost.md}"
