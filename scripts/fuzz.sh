#!/usr/bin/env bash
# Runs Bricks' libFuzzer targets (Fuzz/, one executable; see Docs/Testing.md, "Fuzzing") under
# AddressSanitizer and LeakSanitizer, each for a given time, and prints one line per target:
# executions, executions per second, coverage, and any crash with its reproducer.
#
#   bash scripts/fuzz.sh                   # every Bricks target for 10 s (a smoke run)
#   bash scripts/fuzz.sh 60                # every Bricks target for 60 s
#   bash scripts/fuzz.sh --long            # every target, the generator's too, for 600 s or 5M executions
#   bash scripts/fuzz.sh 30 sse lines      # only these targets
#   bash scripts/fuzz.sh 60 generator      # bricks-openapi's document reader (Fuzz/GeneratorFuzz)
#   bash scripts/fuzz.sh --list            # the targets' names
#
# Every run: -rss_limit_mb=512 (bounded memory), at most 1 s of CPU an input (checked by the
# targets themselves, BRICKS_FUZZ_CPU_LIMIT_MS; libFuzzer's -timeout counts wall time, which on a
# shared machine stops an input that got no CPU), -timeout=10 as a guard against a hang
# (BRICKS_FUZZ_TIMEOUT), the target's dictionary (Fuzz/Dictionaries/TARGET.dict), its checked-in
# seeds (Fuzz/Corpus/TARGET, Fuzz/GeneratorFuzz/Corpus/generator) and the corpus grown by earlier
# runs (Fuzz/.build/corpus/TARGET, kept between runs). A crash, leak, too slow an input or
# out-of-memory leaves its input in Fuzz/.build/artifacts/ and makes the script fail; replay one with
#   SWIFT_BACKTRACE=enable=no Fuzz/.build/debug/BricksFuzz TARGET Fuzz/.build/artifacts/TARGET-crash-…
# (the generator's: Fuzz/GeneratorFuzz/.build/debug/GeneratorFuzz generator …).
# The generator's target is a package of its own: its sanitized build of OpenAPIKit and Yams takes
# far longer than the Bricks targets' (see Docs/Testing.md), so it is built only when named or --long.
# Set BRICKS_FUZZ_SKIP_BUILD=1 to reuse the last build, BRICKS_FUZZ_NICE=1 to run at nice 19.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=10
runs=0
targets=()
generator=0
for argument in "$@"; do
  case "$argument" in
    --long) seconds=600; runs=5000000; generator=1 ;;
    --list) list=1 ;;
    generator) generator=1; targets+=("$argument") ;;
    ''|*[!0-9]*) targets+=("$argument") ;;
    *) seconds="$argument" ;;
  esac
done

fuzz=Fuzz/.build/debug/BricksFuzz
generator_fuzz=Fuzz/GeneratorFuzz/.build/debug/GeneratorFuzz
build() { # package path, scratch path
  # The linker's notes about the sanitizer's local symbols are noise. The build's own status
  # decides (a failed build must not leave an earlier binary to be run).
  local status
  swift build --package-path "$1" --scratch-path "$2" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -warnings-as-errors 2>&1 | { grep -v "Cannot export local symbol" || true; }
  status=${PIPESTATUS[0]}
  return "$status"
}
if [ "${BRICKS_FUZZ_SKIP_BUILD:-0}" != "1" ]; then
  echo "==> building the fuzz targets (-sanitize=fuzzer,address)"
  build Fuzz Fuzz/.build && [ -x "$fuzz" ] || { echo "the fuzz targets did not build" >&2; exit 1; }
  if [ "$generator" = 1 ]; then
    echo "==> building the generator's fuzz target (OpenAPIKit and Yams with the sanitizers: minutes)"
    build Fuzz/GeneratorFuzz Fuzz/GeneratorFuzz/.build && [ -x "$generator_fuzz" ] ||
      { echo "the generator's fuzz target did not build" >&2; exit 1; }
  fi
fi
if [ -n "${list:-}" ]; then "$fuzz" list; echo generator; exit 0; fi
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <("$fuzz" list)
  [ "$generator" = 1 ] && targets+=(generator)
fi

# The Swift runtime's own crash reporter would race libFuzzer's; the suppressions name one-time
# allocations of the toolchain's libraries that LeakSanitizer reports (see the file).
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0"
mkdir -p Fuzz/.build/artifacts Fuzz/.build/logs
nice=()
[ "${BRICKS_FUZZ_NICE:-0}" = "1" ] && nice=(nice -n 19)
TIMEFORMAT='%U %S'

failed=0
printf '%-10s %10s %7s %6s %6s %6s %6s %5s %7s  %s\n' target executions exec/s cov ft wall-s cpu-s rss-mb slow-ms result
for target in "${targets[@]}"; do
  corpus=Fuzz/.build/corpus/$target
  seeds=Fuzz/Corpus/$target
  binary=$fuzz
  if [ "$target" = generator ]; then binary=$generator_fuzz; seeds=Fuzz/GeneratorFuzz/Corpus/generator; fi
  mkdir -p "$corpus" "$seeds"
  options=(-max_total_time="$seconds" -rss_limit_mb=512 -timeout="${BRICKS_FUZZ_TIMEOUT:-10}" -print_final_stats=1
    -artifact_prefix="Fuzz/.build/artifacts/$target-")
  [ "$runs" -gt 0 ] && options+=(-runs="$runs")
  [ -f "Fuzz/Dictionaries/$target.dict" ] && options+=(-dict="Fuzz/Dictionaries/$target.dict")
  log=Fuzz/.build/logs/$target.log
  # AddressSanitizer keeps 256 MB of freed memory to catch its reuse; with the generator's larger
  # heap that alone passes 512 MB, so its target keeps 64 MB.
  asan=${ASAN_OPTIONS:-}
  [ "$target" = generator ] && asan=${ASAN_OPTIONS:-quarantine_size_mb=64}
  start=$(date +%s)
  status=0
  { time ASAN_OPTIONS=$asan "${nice[@]}" "$binary" "$target" "${options[@]}" "$corpus" "$seeds" >"$log" 2>&1 || status=$?; } 2>"$log.cpu"
  elapsed=$(( $(date +%s) - start ))
  cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$log.cpu")
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  slowest=$(sed -n 's/^stat::slowest_input_cpu_ms: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  result=ok
  if [ "$status" -ne 0 ]; then
    failed=1
    artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | cut -d' ' -f5)
    kind=$(grep -m1 -oE "property violated|ERROR: [A-Za-z]+: [a-z-]+|ERROR: libFuzzer: [a-z-]+|timeout|out-of-memory" "$log" | head -1 || true)
    kind=${kind:-exit $status}
    result="FAILED ($kind): ${artifact:-see $log}"
    grep -m1 -A2 "property violated" "$log" || true
  fi
  printf '%-10s %10s %7s %6s %6s %6s %6s %5s %7s  %s\n' "$target" "${executions:-?}" "${speed:-?}" "${coverage:-?}" \
    "${features:-?}" "$elapsed" "${cpu:-?}" "${rss:-?}" "${slowest:-?}" "$result"
done
exit $failed
