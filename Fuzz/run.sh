#!/usr/bin/env bash
# Runs each fuzz target for SECONDS (default 60) on a copy of its corpus (new inputs go to
# Fuzz/.build/corpus-<Target>, not into the repository). Crashes land in Fuzz/.build/.
# Usage: Fuzz/run.sh [SECONDS] [target…]
set -euo pipefail
cd "$(dirname "$0")/.."
# A failed precondition prints its message and stops: no Swift backtracer (under ASan it
# reports a stack-buffer-underflow of its own instead of the message).
export SWIFT_BACKTRACE=enable=no
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(cd Fuzz/Targets && ls *.swift | sed 's/\.swift$//'))
fi
for target in "${targets[@]}"; do
  work="Fuzz/.build/corpus-$target"
  mkdir -p "$work"
  cp -n Fuzz/corpus/"$target"/* "$work"/ 2>/dev/null || true
  echo "== $target for ${seconds}s"
  "Fuzz/.build/$target" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -artifact_prefix="Fuzz/.build/$target-" -print_final_stats=1 2>&1 \
    | grep -E "^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)|Fatal error" || true
done
