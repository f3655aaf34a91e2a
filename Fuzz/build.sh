#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets. Not part of `swift build`/`swift test`.
# A target is compiled into the module of the sources it fuzzes (so it may use internal API):
# by default ScrollTrace; a first line `// modules: A B` compiles A as an instrumented static
# library and the target into module B (the last name). ScrollSimCore, which every module
# imports (and ScrollTrace and ScrollPhysics re-export), is always compiled first, once per run,
# as an instrumented static library and linked into every target (`// modules: ScrollSimCore`
# alone compiles the target into ScrollSimCore itself). `-package-name ScrollSim` lets the
# modules use ScrollSimCore's `package` API, as in `swift build`.
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
declare -A built=()  # libraries compiled by this run
library() {  # compiles module $1 as an instrumented static library (once per run)
  local module=$1
  [ -z "${built[$module]:-}" ] || return 0
  echo "   library $module"
  rm -f "Fuzz/.build/modules/lib$module.a" "Fuzz/.build/modules/$module.swiftmodule"
  swiftc "${flags[@]}" -module-name "$module" -I Fuzz/.build/modules \
    -emit-module -emit-module-path "Fuzz/.build/modules/$module.swiftmodule" \
    -emit-library -static -o "Fuzz/.build/modules/lib$module.a" \
    $(find Sources/"$module" -name "*.swift") 2>&1 | quiet
  test -f "Fuzz/.build/modules/lib$module.a"
  built[$module]=1
}
for target in "${targets[@]}"; do
  echo "== $target"
  rm -f "Fuzz/.build/$target"  # so a failed compile cannot leave an old binary behind
  modules=($(sed -n '1s#^// modules: ##p' "Fuzz/Targets/$target.swift"))
  [ ${#modules[@]} -gt 0 ] || modules=(ScrollTrace)
  own=${modules[-1]}
  libraries=()
  for dependency in ScrollSimCore "${modules[@]:0:${#modules[@]}-1}"; do
    [ "$dependency" != "$own" ] || continue
    [[ " ${libraries[*]} " != *" Fuzz/.build/modules/lib$dependency.a "* ]] || continue
    library "$dependency"
    libraries+=("Fuzz/.build/modules/lib$dependency.a")
  done
  swiftc "${flags[@]}" -module-name "$own" -I Fuzz/.build/modules \
    $(find Sources/"$own" -name "*.swift") "Fuzz/Targets/$target.swift" "${libraries[@]}" \
    -o "Fuzz/.build/$target" 2>&1 | quiet
  test -x "Fuzz/.build/$target"
done
