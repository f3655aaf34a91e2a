#!/usr/bin/env bash
# The JSON number harness outside libFuzzer: CASES (default 3,000,000) SplitMix64 decimals
# (Tests/ScrollSimCoreTests/DecimalCases.swift) read by JSONReader and by strtod, bit for bit,
# in an optimized build of ScrollSimCore. Usage: Fuzz/number-loop.sh [CASES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p Fuzz/.build
swiftc -O -D NUMBER_LOOP -parse-as-library -module-name ScrollSimCore -package-name ScrollSim \
  Sources/ScrollSimCore/*.swift Tests/ScrollSimCoreTests/DecimalCases.swift Fuzz/NumberLoop.swift \
  -lm -o Fuzz/.build/number-loop
Fuzz/.build/number-loop "$@"
