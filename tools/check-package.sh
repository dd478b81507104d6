#!/bin/sh
# Builds the .deb of a configured and built FusionScope build tree, checks it as Debian would, unpacks
# it into a scratch root (dpkg -x, no root needed) and checks that the installed programs work without
# the build tree:
#   * lintian reports no error (its warnings are printed); the desktop entry passes
#     desktop-file-validate and the AppStream metainfo `appstreamcli validate --no-net`;
#   * the package lists real Debian dependencies (dpkg-shlibdeps), recommends a CJK font, and carries
#     the data files, man pages, copyright, changelog and the documentation with every picture and
#     page its relative links point at;
#   * the programs are hardened (read-only relocations bound at start, stack protector, fortified
#     libc calls);
#   * usr/bin/fusionscope-cli --version reports the project version, and so does usr/bin/fusionscope
#     without a display;
#   * `classify` reads kernel_registry.yaml from the scratch root's usr/share/fusionscope, not from
#     the source tree that is still on disk;
#   * `summary` runs on the installed sample trace and on a shared real trace (when ../shared/traces
#     exists), `compare` on the installed sample pair (fusion_patterns.yaml, gpu_specs.yaml);
#   * the Python module, when the build made one: the package depends on the python3 it is built
#     for, and Debian's python3 imports it from the scratch root, where it reads the registries
#     installed beside it and compares the installed sample pair.
# usage: tools/check-package.sh [BUILD_DIR]     (default build/pkg; tools/install-deps.sh installs
#        what it needs: dpkg-dev, lintian, desktop-file-utils, appstream)
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src/build/pkg}" && pwd)
[ -f "$build/CPackConfig.cmake" ] || { echo "check-package: $build is not a configured build tree" >&2; exit 2; }
for tool in dpkg-deb dpkg-shlibdeps lintian desktop-file-validate appstreamcli readelf python3; do
    command -v $tool >/dev/null || { echo "check-package: $tool missing (run tools/install-deps.sh)" >&2; exit 2; }
done

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
for lib in libc6 libstdc++6 libyaml-cpp libarchive libsqlite3; do
    case "$depends" in *"$lib"*) ;; *) fail "Depends lacks $lib" ;; esac
done
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$scratch/files"
doc=/usr/share/doc/fusionscope
need="/usr/bin/fusionscope-cli /usr/share/fusionscope/kernel_registry.yaml /usr/share/fusionscope/fusion_patterns.yaml
/usr/share/fusionscope/gpu_specs.yaml /usr/share/fusionscope/samples/sample_amd.json.gz
/usr/share/man/man1/fusionscope-cli.1.gz $doc/copyright $doc/changelog.gz $doc/README.md $doc/docs/user-guide.md"
gui=""
if grep -qx /usr/bin/fusionscope "$scratch/files"; then
    gui=/usr/bin/fusionscope
    case "$depends" in *libqt6widgets6*) ;; *) fail "Depends lacks libqt6widgets6" ;; esac
    recommends=$(dpkg-deb -f "$deb" Recommends)
    case "$recommends" in *fonts-noto-cjk*) ;; *) fail "Recommends lacks a CJK font: $recommends" ;; esac
    need="$need /usr/share/applications/io.github.fusionscope.FusionScope.desktop
/usr/share/metainfo/io.github.fusionscope.FusionScope.metainfo.xml
/usr/share/icons/hicolor/scalable/apps/io.github.fusionscope.FusionScope.svg /usr/share/man/man1/fusionscope.1.gz"
fi
for f in $need; do
    grep -qx "$f" "$scratch/files" || fail "the package lacks $f"
done

# lintian: errors fail, warnings are shown. Exit 1 means it found errors, more means it could not run.
# (Run as root it says so on stderr.)
rc=0
lintian --no-cfg "$deb" >"$scratch/lintian.txt" 2>"$scratch/lintian.err" || rc=$?
sed 's/^/lintian: /' "$scratch/lintian.txt"
grep -v 'running with root privileges' "$scratch/lintian.err" >&2 || true
[ "$rc" -le 1 ] || fail "lintian did not run (exit $rc)"
grep -q '^E: ' "$scratch/lintian.txt" && fail "lintian reports errors"
echo "lintian: no errors, $(grep -c '^W: ' "$scratch/lintian.txt") warnings"

# 2. Unpack into a scratch root and run the installed CLI from elsewhere, without overrides.
dpkg -x "$deb" "$scratch/root"
root=$(cd "$scratch/root" && pwd -P)
cli="$root/usr/bin/fusionscope-cli"
unset FUSIONSCOPE_DATA_DIR
cd "$scratch"

out=$("$cli" --version) || fail "fusionscope-cli --version"
[ "$out" = "fusionscope-cli $version" ] || fail "--version says '$out', the package is $version"
echo "$out"
if [ -n "$gui" ]; then
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$root$gui" --version) || fail "fusionscope --version without a display"
    [ "$out" = "fusionscope $version" ] || fail "fusionscope --version says '$out', the package is $version"
    echo "$out (no display)"
fi

module=$(grep -x '/usr/lib/python3/dist-packages/fusionscope\..*\.so' "$scratch/files" || true)

# Hardening: a read-only relocation segment, bound at start, a stack protector, fortified libc calls.
for prog in $root/usr/bin/* ${module:+$root$module}; do
    readelf -lW "$prog" | grep -q GNU_RELRO || fail "$(basename "$prog"): no RELRO segment (-z relro)"
    readelf -dW "$prog" | grep -q 'BIND_NOW\|FLAGS_1.*NOW' || fail "$(basename "$prog"): not bound at start (-z now)"
    syms=$(readelf --dyn-syms -W "$prog")
    echo "$syms" | grep -q __stack_chk_fail || fail "$(basename "$prog"): no stack protector"
    echo "$syms" | grep -q '__[a-z]*_chk' || fail "$(basename "$prog"): no fortified libc call (_FORTIFY_SOURCE)"
done
echo "hardening: relro, bindnow, stack protector, fortify in $(ls "$root/usr/bin" | tr '\n' ' ')${module:+$(basename "$module")}"

# Man pages: generated from --help (help2man), so they list the real options.
zcat "$root/usr/share/man/man1/fusionscope-cli.1.gz" | grep -q 'max\\-size' || fail "fusionscope-cli.1 lacks --max-size"
[ -z "$gui" ] || zcat "$root/usr/share/man/man1/fusionscope.1.gz" | grep -q 'screenshot' || fail "fusionscope.1 lacks --screenshot"
echo "man pages: ok"

# Every relative link and picture of the installed documentation is installed too.
python3 - "$root$doc" <<'PY' || fail "the installed documentation links files the package lacks"
import os, re, sys
bad = 0
for folder, _, files in os.walk(sys.argv[1]):
    for f in files:
        if not f.endswith(".md"):
            continue
        text = open(os.path.join(folder, f), encoding="utf-8").read()
        for target in re.findall(r"\]\(([A-Za-z0-9_./#-]+)\)", text):
            if target.startswith("#"):
                continue
            if not os.path.exists(os.path.join(folder, target.split("#")[0])):
                print("%s links %s, which is not installed" % (os.path.relpath(os.path.join(folder, f), sys.argv[1]), target))
                bad += 1
sys.exit(1 if bad else 0)
PY
echo "documentation: every relative link resolves"

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

if [ -n "$module" ]; then
    case "$depends" in *"python3 (>= 3."*) ;; *) fail "Depends lacks the python3 the module is built for: $depends" ;; esac
    py=/usr/bin/python3
    [ -x "$py" ] || py=python3
    PYTHONPATH="$root/usr/lib/python3/dist-packages" "$py" - "$root" <<'PY' || fail "the installed Python module"
import os, sys
import fusionscope
root = sys.argv[1]
assert fusionscope.__file__.startswith(root + "/"), fusionscope.__file__
registry = fusionscope.resource_path("kernel_registry.yaml")
assert registry == root + "/usr/share/fusionscope/kernel_registry.yaml", registry
samples = root + "/usr/share/fusionscope/samples/"
c = fusionscope.compare(samples + "sample_nvidia.json.gz", samples + "sample_amd.json.gz")
assert len(c.fusion_patterns) == 4 and c.a.kernel_count == 930, c
print("python module:", fusionscope.__file__[len(root):], "reads", registry[len(root):] + ";", repr(c))
PY
fi

# 3. Desktop metadata, as installed.
if [ -n "$gui" ]; then
    desktop-file-validate "$root/usr/share/applications/io.github.fusionscope.FusionScope.desktop" || fail "desktop-file-validate"
    appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.fusionscope.FusionScope.metainfo.xml" >/dev/null \
        || fail "appstreamcli validate --no-net"
    echo "desktop entry and metainfo: valid"
fi
echo "check-package: OK"
