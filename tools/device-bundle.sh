#!/bin/sh
# Packs, here, what the viewer needs to render a lesson headless on the device machine, which has the
# NVIDIA driver but none of the Debian packages: the host program and the libraries it links (not
# glibc or the C++ runtime: the device machine's own are newer), a font, and glvnd's EGL and GL
# loaders as .deb files (the driver there provides the vendor library behind them). Writes
# .hostbundle/ and .gl/, which git ignores and the device tool carries (about 35 MB together);
# tools/device-lesson.sh uses them there.
#
# Usage: tools/device-bundle.sh [BUILD_DIR]      (default build: `make build` first)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
if [ ! -x "$build/collide" ]; then
	echo "device-bundle: $build/collide is missing: run make build first" >&2
	exit 1
fi
rm -rf .hostbundle
mkdir -p .hostbundle/lib
cp "$build/collide" .hostbundle/
ldd "$build/collide" | awk '$3 ~ /^\// { print $3 }' | while read -r library; do
	name=$(basename "$library")
	case $name in
	libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux* | libstdc++* | libgcc_s*) ;;
	*) cp -L "$library" ".hostbundle/lib/$name" ;;
	esac
done
strip --strip-unneeded .hostbundle/collide .hostbundle/lib/*
cp /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf .hostbundle/

# glvnd's loaders, downloaded (not installed) for amd64 with a private package list
rm -rf .gl
mkdir -p .gl /tmp/collide-apt-lists/partial
apt="-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/collide-apt-lists"
# shellcheck disable=SC2086
apt-get $apt update > /dev/null
# shellcheck disable=SC2086
(cd .gl && apt-get $apt download libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 2> /dev/null)
du -sh .hostbundle .gl
