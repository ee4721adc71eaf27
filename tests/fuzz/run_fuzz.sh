#!/usr/bin/env bash
# Runs one libFuzzer target for a bounded time and fails on anything it finds.
#   run_fuzz.sh FUZZER SEED_CORPUS WORK_DIR [REGRESSIONS_DIR]
# ATTN_FUZZ_SECONDS (default 60) bounds the run. New inputs go to WORK_DIR/corpus, never to the
# committed SEED_CORPUS (it stays small and reviewed); a crashing input is written to
# WORK_DIR/artifacts/ and its path printed, ready to be committed as a regression input. Inputs in
# REGRESSIONS_DIR (past crashes, tests/fuzz/regressions/<target>) are replayed first, like seeds.
set -uo pipefail
fuzzer=$1 seeds=$2 work=$3
extra=()
if [ -n "${4:-}" ] && [ -d "$4" ]; then extra=("$4"); fi
secs=${ATTN_FUZZ_SECONDS:-60}
# A fixed seed by default, so a CI run repeats the same mutations on the same code and a red run
# means a change, not luck; ATTN_FUZZ_SEED=0 lets libFuzzer pick one (the long exploratory runs).
seed=${ATTN_FUZZ_SEED:-1}
mkdir -p "$work/corpus" "$work/artifacts"
# detect_leaks: a leak in a parser is a bug too. -rss_limit_mb/-malloc_limit_mb: the parsers must
# respect their own allocation limits, so an input that makes them allocate >512 MB is a finding.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  "$fuzzer" -seed="$seed" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" "$seeds" "${extra[@]}" 2>&1 | tail -n 40
rc=${PIPESTATUS[0]}
if [ "$rc" != 0 ]; then
  echo "run_fuzz: $(basename "$fuzzer") failed (exit $rc); inputs in $work/artifacts/:" >&2
  ls -l "$work/artifacts" >&2
fi
exit "$rc"
