#!/bin/sh
# Installs the Debian 12 packages FusionScope needs to build, test and run.
# Idempotent and quiet: when everything is present it only runs dpkg-query.
set -eu
PKGS="build-essential cmake ninja-build pkg-config python3 \
qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n \
libgl1-mesa-dev libsimdjson-dev libyaml-cpp-dev libarchive-dev zlib1g-dev zstd xvfb xauth time \
dpkg-dev file"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "Installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
