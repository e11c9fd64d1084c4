#!/bin/sh
# The one install step of `make demo`, `make test` and `make bench`: installs the Debian packages
# collide needs that are missing, says which, and does nothing when all are present.
# Usage: tools/install-deps.sh [core|bench]   (bench adds the peer libraries)
set -eu

core="cmake make gcc g++ clang pkg-config
liblua5.4-dev lua5.4 lua-busted
libsdl2-dev libepoxy-dev libegl-dev libegl-mesa0 libgl1-mesa-dri libgbm1
libassimp-dev assimp-testmodels libqhull-dev libstb-dev
libcmocka-dev libgmp-dev gnuplot-nox fonts-dejavu-core"
bench="libcgal-dev libboost-dev libbox2d-dev libembree-dev libfcl-dev libccd-dev libbullet-dev"

wanted=$core
[ "${1:-core}" = bench ] && wanted="$core $bench"

missing=""
for package in $wanted; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
	[ "$status" = installed ] || missing="$missing $package"
done

if [ -z "$missing" ]; then
	exit 0
fi

echo "collide: installing missing Debian packages:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing
