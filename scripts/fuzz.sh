#!/usr/bin/env bash
# Runs Bricks' libFuzzer targets (Fuzz/, one executable; see Docs/Testing.md, "Fuzzing") under
# AddressSanitizer and LeakSanitizer, each for a given time, and prints one line per target:
# executions, executions per second, coverage, and any crash with its reproducer.
#
#   bash scripts/fuzz.sh                   # every target for 10 s (a smoke run)
#   bash scripts/fuzz.sh 60                # every target for 60 s
#   bash scripts/fuzz.sh --long            # every target for 600 s, or 5 million executions
#   bash scripts/fuzz.sh 30 sse lines      # only these targets
#   bash scripts/fuzz.sh --list            # the targets' names
#
# Every run: -rss_limit_mb=512 (bounded memory), -timeout=1 (no input may take a second), the
# target's dictionary (Fuzz/Dictionaries/TARGET.dict), its checked-in seeds (Fuzz/Corpus/TARGET)
# and the corpus grown by earlier runs (Fuzz/.build/corpus/TARGET, kept between runs). A crash,
# leak, timeout or out-of-memory leaves its input in Fuzz/.build/artifacts/ and makes the script
# fail; replay one with
#   SWIFT_BACKTRACE=enable=no Fuzz/.build/debug/BricksFuzz TARGET Fuzz/.build/artifacts/TARGET-crash-…
# Set BRICKS_FUZZ_SKIP_BUILD=1 to reuse the last build, BRICKS_FUZZ_NICE=1 to run at low priority,
# BRICKS_FUZZ_TIMEOUT=N to allow N seconds an input (scripts/test.sh allows 10: on a CI machine
# busy with other builds a 15 ms input has taken over a second).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=10
runs=0
targets=()
for argument in "$@"; do
  case "$argument" in
    --long) seconds=600; runs=5000000 ;;
    --list) list=1 ;;
    ''|*[!0-9]*) targets+=("$argument") ;;
    *) seconds="$argument" ;;
  esac
done

fuzz=Fuzz/.build/debug/BricksFuzz
if [ "${BRICKS_FUZZ_SKIP_BUILD:-0}" != "1" ]; then
  echo "==> building the fuzz targets (-sanitize=fuzzer,address)"
  # The linker's notes about the sanitizer's local symbols are noise.
  swift build --package-path Fuzz --scratch-path Fuzz/.build \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -warnings-as-errors 2>&1 | grep -v "Cannot export local symbol" || true
  [ -x "$fuzz" ] || { echo "the fuzz targets did not build" >&2; exit 1; }
fi
if [ -n "${list:-}" ]; then "$fuzz" list; exit 0; fi
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <("$fuzz" list)

# The Swift runtime's own crash reporter would race libFuzzer's; the suppressions name one-time
# allocations of the toolchain's libraries that LeakSanitizer reports (see the file).
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0"
mkdir -p Fuzz/.build/artifacts Fuzz/.build/logs
nice=()
[ "${BRICKS_FUZZ_NICE:-0}" = "1" ] && nice=(nice -n 19)

failed=0
printf '%-10s %12s %9s %7s %9s  %s\n' target executions exec/s cov seconds result
for target in "${targets[@]}"; do
  corpus=Fuzz/.build/corpus/$target
  seeds=Fuzz/Corpus/$target
  mkdir -p "$corpus" "$seeds"
  options=(-max_total_time="$seconds" -rss_limit_mb=512 -timeout="${BRICKS_FUZZ_TIMEOUT:-1}" -print_final_stats=1
    -artifact_prefix="Fuzz/.build/artifacts/$target-")
  [ "$runs" -gt 0 ] && options+=(-runs="$runs")
  [ -f "Fuzz/Dictionaries/$target.dict" ] && options+=(-dict="Fuzz/Dictionaries/$target.dict")
  log=Fuzz/.build/logs/$target.log
  start=$(date +%s)
  status=0
  "${nice[@]}" "$fuzz" "$target" "${options[@]}" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  result=ok
  if [ "$status" -ne 0 ]; then
    failed=1
    artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | cut -d' ' -f5)
    kind=$(grep -m1 -oE "property violated|ERROR: [A-Za-z]+: [a-z-]+|ERROR: libFuzzer: [a-z-]+|timeout|out-of-memory" "$log" | head -1 || true)
    kind=${kind:-exit $status}
    result="FAILED ($kind): ${artifact:-see $log}"
    grep -m1 -A2 "property violated" "$log" || true
  fi
  printf '%-10s %12s %9s %7s %9s  %s\n' "$target" "${executions:-?}" "${speed:-?}" "${coverage:-?}" "$elapsed" "$result"
done
exit $failed
