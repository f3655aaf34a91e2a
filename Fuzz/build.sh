#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets. Not part of `swift build`/`swift test`.
# A target is compiled into the module of the sources it fuzzes (so it may use internal API):
# by default ScrollTrace; a first line `// modules: A B` compiles A as an instrumented static
# library and the target into module B (the last name).
# Usage: Fuzz/build.sh [target…]   (default: every target)   → Fuzz/.build/<Target>
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p Fuzz/.build/modules
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name ScrollSim)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(cd Fuzz/Targets && ls *.swift | sed 's/\.swift$//'))
fi
quiet() { grep -v "Cannot export local symbol" || true; }
for target in "${targets[@]}"; do
  echo "== $target"
  rm -f "Fuzz/.build/$target"  # so a failed compile cannot leave an old binary behind
  modules=($(sed -n '1s#^// modules: ##p' "Fuzz/Targets/$target.swift"))
  [ ${#modules[@]} -gt 0 ] || modules=(ScrollTrace)
  own=${modules[-1]}
  libraries=()
  for dependency in "${modules[@]:0:${#modules[@]}-1}"; do
    swiftc "${flags[@]}" -module-name "$dependency" -I Fuzz/.build/modules \
      -emit-module -emit-module-path "Fuzz/.build/modules/$dependency.swiftmodule" \
      -emit-library -static -o "Fuzz/.build/modules/lib$dependency.a" \
      Sources/"$dependency"/*.swift 2>&1 | quiet
    libraries+=("Fuzz/.build/modules/lib$dependency.a")
  done
  swiftc "${flags[@]}" -module-name "$own" -I Fuzz/.build/modules \
    Sources/"$own"/*.swift "Fuzz/Targets/$target.swift" "${libraries[@]}" \
    -o "Fuzz/.build/$target" 2>&1 | quiet
  test -x "Fuzz/.build/$target"
done
