#!/bin/sh
# Installs the Debian 12 packages FusionScope needs to build, test, package and run.
# Idempotent and quiet: when everything is present it only runs dpkg-query and locale -a.
#   tools/install-deps.sh          install what is missing (as root, or through sudo)
#   tools/install-deps.sh --list   print the package list (tools/check-install-deps.py checks it)
# The build: compiler, CMake, Qt 6 (Widgets, Charts; Charts needs the OpenGL module, which nothing
# pulls in without Recommends), the parsing and archive libraries, SQLite (Nsight Systems exports);
# pybind11 and the Python headers for the Python module. The tests and CI: Xvfb, python3 with pandas
# (the module's DataFrames), zstd, time, file, and locales (a German locale with a decimal comma). The package and its checks:
# dpkg-dev (dpkg-shlibdeps), help2man (man pages), desktop-file-utils, appstream and lintian.
set -eu
PKGS="build-essential cmake ninja-build pkg-config python3 \
qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n \
libgl1-mesa-dev libsimdjson-dev libyaml-cpp-dev libarchive-dev zlib1g-dev libsqlite3-dev pybind11-dev python3-dev python3-pandas \
zstd xvfb xauth time \
dpkg-dev file locales help2man desktop-file-utils appstream lintian"
if [ "${1:-}" = "--list" ]; then
    echo $PKGS | tr ' ' '\n'
    exit 0
fi
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ -n "$missing" ]; then
    echo "Installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
# A locale with a decimal comma, for the test that loads a trace as on a German desktop.
if ! locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\{0,1\}8'; then
    echo "Generating the de_DE.UTF-8 locale"
    $SUDO localedef -i de_DE -f UTF-8 de_DE.UTF-8
fi
