#!/usr/bin/env bash
# The API reference: one DocC archive of every library module of the package (Documentation/LayoutBench.docc is its
# landing page), built from the debug build's modules, with warnings as errors: a broken symbol link, a link to a
# symbol the reference does not show, or a parameter left out of a `- Parameters:` list fails the build.
#
# swift-docc-plugin would build the whole package a second time with symbol-graph flags; this script reads the
# modules the debug build already compiled (`make test` builds them), so it costs seconds: swift-symbolgraph-extract
# per module (public symbols only), then one `docc convert` over all of them, so that links from one module to
# another resolve. Both tools come with the Swift toolchain.
#
# Usage: scripts/docs.sh [OUTPUT]   (default .build/documentation/LayoutBench.doccarchive; the archive is built for
#        static hosting: serve its folder, or run `docc preview Documentation/LayoutBench.docc
#        --additional-symbol-graph-dir .build/documentation/symbol-graphs` to browse it)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/documentation/LayoutBench.doccarchive}
for tool in swift-symbolgraph-extract docc; do
    command -v "$tool" >/dev/null || { echo "docs: $tool not found; it comes with the Swift toolchain" >&2; exit 1; }
done
swift build --build-tests >/dev/null
bin=$(swift build --show-bin-path)
graphs=.build/documentation/symbol-graphs
rm -rf "$graphs"
mkdir -p "$graphs" "$(dirname "$output")"
# The library modules (Swift targets that are neither tests nor executables, nor the `_Testing_` overlays, which
# only re-export, nor the package's own test fixtures, which no product holds), and the module maps of the C modules
# they import.
modules=$(swift package describe --type json | python3 -c '
import json, sys
for target in json.load(sys.stdin)["targets"]:
    if target["type"] == "library" and target.get("module_type") == "SwiftTarget" and not target["name"].startswith("_") \
            and target.get("product_memberships"):
        print(target["name"])')
maps=()
for map in "$bin"/*.build/module.modulemap "$bin"/*.build/include/module.modulemap Sources/*/module.modulemap \
    .build/checkouts/*/Sources/*/module.modulemap; do
    [[ -f $map && $map != *-tool.build/* ]] || continue
    [[ $map == /* ]] || map=$PWD/$map
    maps+=(-Xcc "-fmodule-map-file=$map")
done
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
count=0
for module in $modules; do
    if [[ ! -f $bin/Modules/$module.swiftmodule ]]; then
        echo "docs: $module was not built ($bin/Modules/$module.swiftmodule)" >&2
        exit 1
    fi
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" "${maps[@]}" -minimum-access-level public \
        -target "$triple" -output-dir "$graphs"
    count=$((count + 1))
done
temporary="$output.partial"
rm -rf "$temporary"
docc convert Documentation/LayoutBench.docc --additional-symbol-graph-dir "$graphs" --warnings-as-errors \
    --fallback-display-name LayoutBench --fallback-bundle-identifier org.layoutbench.LayoutBench \
    --transform-for-static-hosting --output-path "$temporary"
rm -rf "$output"
mv "$temporary" "$output"
echo "docs: $count modules, no warning: $output"
