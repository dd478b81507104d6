#!/bin/sh
# Builds the .deb of a configured and built FusionScope build tree, unpacks it into a scratch root
# (dpkg -x, no root needed) and checks that the installed programs work without the build tree:
#   * the package lists real Debian dependencies (dpkg-shlibdeps) and carries the data files;
#   * usr/bin/fusionscope-cli --version reports the project version;
#   * `classify` reads kernel_registry.yaml from the scratch root's usr/share/fusionscope, not from
#     the source tree that is still on disk;
#   * `summary` runs on the installed sample trace and on a shared real trace (when ../shared/traces
#     exists), `compare` on the installed sample pair (fusion_patterns.yaml, gpu_specs.yaml).
# usage: tools/check-package.sh [BUILD_DIR]     (default build/pkg; needs dpkg-deb, dpkg-shlibdeps)
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src/build/pkg}" && pwd)
[ -f "$build/CPackConfig.cmake" ] || { echo "check-package: $build is not a configured build tree" >&2; exit 2; }
command -v dpkg-shlibdeps >/dev/null || { echo "check-package: dpkg-shlibdeps missing (apt-get install dpkg-dev)" >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/fusionscope-pkg.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }

# 1. The package.
"${CPACK:-cpack}" --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1 \
    || { cat "$scratch/cpack.log" >&2; fail "cpack -G DEB"; }
deb=$(ls "$scratch"/out/*.deb)
version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
echo "package: $(basename "$deb")"
echo "Depends: $depends"
for lib in libc6 libstdc++6 libyaml-cpp libarchive; do
    case "$depends" in *"$lib"*) ;; *) fail "Depends lacks $lib" ;; esac
done
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$scratch/files"
need="/usr/bin/fusionscope-cli /usr/share/fusionscope/kernel_registry.yaml /usr/share/fusionscope/fusion_patterns.yaml
/usr/share/fusionscope/gpu_specs.yaml /usr/share/fusionscope/samples/sample_amd.json.gz"
if grep -qx /usr/bin/fusionscope "$scratch/files"; then
    case "$depends" in *libqt6widgets6*) ;; *) fail "Depends lacks libqt6widgets6" ;; esac
    need="$need /usr/share/applications/io.github.fusionscope.FusionScope.desktop
/usr/share/metainfo/io.github.fusionscope.FusionScope.metainfo.xml
/usr/share/icons/hicolor/scalable/apps/io.github.fusionscope.FusionScope.svg"
fi
for f in $need; do
    grep -qx "$f" "$scratch/files" || fail "the package lacks $f"
done

# 2. Unpack into a scratch root and run the installed CLI from elsewhere, without overrides.
dpkg -x "$deb" "$scratch/root"
root=$(cd "$scratch/root" && pwd -P)
cli="$root/usr/bin/fusionscope-cli"
unset FUSIONSCOPE_DATA_DIR
cd "$scratch"

out=$("$cli" --version) || fail "fusionscope-cli --version"
[ "$out" = "fusionscope-cli $version" ] || fail "--version says '$out', the package is $version"
echo "$out"

"$cli" classify --format json 'void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>' \
    >"$scratch/classify.json" || fail "classify"
python3 - "$scratch/classify.json" "$root/usr/share/fusionscope/kernel_registry.yaml" <<'PY' || fail "classify did not use the installed registry"
import json, sys
doc = json.load(open(sys.argv[1]))
files = doc["registry"]["files"]
k = doc["kernels"][0]
print("classify: registry", files, "->", k["op"], "/", k["category"])
assert sys.argv[2] in files, files
assert k["rule"] is not None and k["op"] and k["op"] != "Other", k
PY

summary() {
    "$cli" summary --format json "$1" >"$scratch/summary.json" || fail "summary $1"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("summary:", sys.argv[2], "ok,", len(json.dumps(d)), "bytes of JSON")' \
        "$scratch/summary.json" "$(basename "$1")" || fail "summary $1: bad JSON"
}
summary "$root/usr/share/fusionscope/samples/sample_amd.json.gz"
shared="$src/../shared/traces/tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
if [ -f "$shared" ]; then
    summary "$shared"
else
    echo "summary: shared trace $shared absent, skipped"
fi
"$cli" compare --format json "$root/usr/share/fusionscope/samples/sample_nvidia.json.gz" \
    "$root/usr/share/fusionscope/samples/sample_amd.json.gz" >"$scratch/compare.json" || fail "compare of the sample pair"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$scratch/compare.json" || fail "compare: bad JSON"
echo "compare: sample pair ok"

# 3. Desktop metadata, when the validators are installed.
if [ -f "$root/usr/share/metainfo/io.github.fusionscope.FusionScope.metainfo.xml" ] && command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.fusionscope.FusionScope.metainfo.xml" >/dev/null \
        || fail "appstreamcli validate"
    echo "metainfo: valid"
fi
echo "check-package: OK"
