#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's `docc` (no
# swift-docc-plugin, no packages) and fails on any warning: a broken symbol link, a parameter
# documented but not declared or declared but not documented, a public symbol without a summary,
# or a library product without a catalog.
#
#   scripts/build-docs.sh            # archives in .build/docs/<Module>.doccarchive
#   DOCS_OUTPUT=DIR scripts/build-docs.sh
#
# Every catalog `Sources/<Module>/<Module>.docc` is picked up; every `.library(name: "M", …)`
# product of Package.swift must have one. Links to another module's symbols are written with a
# leading slash (``/ScrollPhysics/ScrollSimulator``): they resolve against that module's archive.
# Two passes: the first builds every archive with link metadata, the second builds each one
# again against all the others (`--dependency`) and reports its diagnostics.
# Exit status: 0 clean, 1 warnings or errors (printed), other: the build failed.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${DOCS_OUTPUT:-.build/docs}
start=$SECONDS

# Symbol graphs of the public API (builds the package in debug first when needed). Its status
# is not used: it also tries the test runner's modules, which have none, and fails on them.
mkdir -p "$out"
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
  >"$out/symbol-graphs.log" 2>&1 || true
graphs=$(sed -n 's/^Files written to //p' "$out/symbol-graphs.log")
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
  cat "$out/symbol-graphs.log" >&2
  echo "build-docs: swift package dump-symbol-graph wrote no symbol graphs" >&2
  exit 2
fi
graph_time=$((SECONDS - start))

modules=()
for catalog in Sources/*/*.docc; do
  [ -d "$catalog" ] || continue
  module=$(basename "$catalog" .docc)
  if [ "$module" != "$(basename "$(dirname "$catalog")")" ]; then
    echo "build-docs: $catalog: a catalog is named after its module (Sources/M/M.docc)" >&2
    exit 1
  fi
  modules+=("$module")
done

failed=0
for product in $(sed -nE 's/.*\.library\(name: "([A-Za-z0-9_]+)".*/\1/p' Package.swift); do
  if [ ! -d "Sources/$product/$product.docc" ]; then
    echo "build-docs: library product $product has no catalog Sources/$product/$product.docc"
    failed=1
  fi
done

rm -rf "$out/graphs" "$out/links" "$out"/*.doccarchive "$out"/*.log.txt
mkdir -p "$out/graphs" "$out/links"

# The symbol graphs of one module: its own and those of its extensions to other modules.
for module in "${modules[@]}"; do
  mkdir -p "$out/graphs/$module"
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    cat "$out/symbol-graphs.log" >&2
    echo "build-docs: no symbol graph for $module (is it a library target?)" >&2
    exit 2
  fi
  cp "$graphs/$module.symbols.json" "$out/graphs/$module/"
  cp "$graphs/$module"@*.symbols.json "$out/graphs/$module/" 2>/dev/null || true
done

convert() { # module output [docc options…]
  local module=$1 archive=$2
  shift 2
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$out/graphs/$module" --output-dir "$archive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.scrollsim.$module" \
    --fallback-default-module-kind "Swift Package" "$@"
}

# Pass 1: link metadata of every module, diagnostics ignored.
for module in "${modules[@]}"; do
  convert "$module" "$out/links/$module.doccarchive" \
    --enable-experimental-external-link-support --diagnostic-level error >/dev/null 2>&1 || true
done

# Pass 2: each module against the others; every warning fails. docc does not warn about a
# public symbol without documentation, so its coverage table is read: a symbol without an
# abstract fails, except members the compiler synthesises (no source to document them in).
synthesized='^(init\(rawValue:\)|rawValue|hashValue|hash\(into:\)|==\(_:_:\)|!=\(_:_:\)|allCases|AllCases|RawValue|init\(from:\)|encode\(to:\))$'
for module in "${modules[@]}"; do
  dependencies=()
  for other in "${modules[@]}"; do
    [ "$other" = "$module" ] || dependencies+=(--dependency "$out/links/$other.doccarchive")
  done
  log="$out/$module.log.txt"
  status=0
  convert "$module" "$out/$module.doccarchive" "${dependencies[@]}" \
    --enable-experimental-external-link-support \
    --diagnostic-level warning --experimental-documentation-coverage \
    --coverage-summary-level detailed >"$log" 2>&1 || status=$?
  warnings=$(grep -cE '^(warning|error): ' "$log" || true)
  undocumented=$(awk -F'|' -v s="$synthesized" '
    NF > 7 && $3 ~ /false/ {
      name = $1; gsub(/^ +| +$/, "", name)
      kind = $2; gsub(/^ +| +$/, "", kind)
      if (kind !~ /^(Module|Article|CollectionGroup)$/ && name !~ s) {
        print "  " kind " " name ": no summary (" $8 ")"
      }
    }' "$log")
  if [ "$status" -ne 0 ] || [ "$warnings" -ne 0 ] || [ -n "$undocumented" ]; then
    failed=1
    echo "== $module: docc status $status, $warnings warnings or errors"
    awk '/--- Experimental coverage output enabled/ { exit } { print }' "$log"
    [ -z "$undocumented" ] || printf '%s\n' "$undocumented"
  else
    echo "== $module: no warnings ($out/$module.doccarchive)"
  fi
done

rm -rf "$out/links" "$out/graphs"
echo "build-docs: ${#modules[@]} catalogs in $((SECONDS - start)) s" \
  "(symbol graphs $graph_time s, docc $((SECONDS - start - graph_time)) s)"
exit "$failed"
