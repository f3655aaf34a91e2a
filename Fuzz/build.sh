#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets against the ScrollTrace sources (compiled into
# the same module, so targets may use internal API). Not part of `swift build`/`swift test`.
# Usage: Fuzz/build.sh [target…]   (default: every target)   → Fuzz/.build/<Target>
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p Fuzz/.build
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(cd Fuzz/Targets && ls *.swift | sed 's/\.swift$//'))
fi
for target in "${targets[@]}"; do
  echo "== $target"
  rm -f "Fuzz/.build/$target"  # so a failed compile cannot leave an old binary behind
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name ScrollTrace \
    Sources/ScrollTrace/*.swift "Fuzz/Targets/$target.swift" -o "Fuzz/.build/$target" \
    2>&1 | grep -v "Cannot export local symbol" || true
  test -x "Fuzz/.build/$target"
done
