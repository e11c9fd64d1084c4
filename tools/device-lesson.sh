#!/bin/sh
# On the device machine: renders scripts/gpu/rain.lua headless with 10^6 particles on the GPU, through
# EGL on the NVIDIA driver, with what tools/device-bundle.sh packed here (.hostbundle/, .gl/).
# Writes OUT_DIR/gpu_rain_device.png; the HUD in it gives the step's counts and times.
#
# Usage: tools/device-lesson.sh OUT_DIR     (tools/device-check.sh runs it as its step "lesson")
set -u
cd "$(dirname "$0")/.."
out=$1
if [ ! -x .hostbundle/collide ]; then
	echo "device-lesson: no .hostbundle here (run tools/device-bundle.sh and carry .hostbundle and .gl): skipped"
	exit 0
fi
# glvnd's loaders, unpacked only where the machine has none (the device machine's image)
if ! ldconfig -p | grep -q 'libEGL.so.1 '; then
	for deb in .gl/*.deb; do dpkg -x "$deb" /; done
	ldconfig
fi
vendor=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f "$vendor" ] && export __EGL_VENDOR_LIBRARY_FILENAMES="$vendor"
LD_LIBRARY_PATH="$PWD/.hostbundle/lib" COLLIDE_FONT="$PWD/.hostbundle/DejaVuSansMono.ttf" \
	.hostbundle/collide scripts/gpu/rain.lua --headless --frames 120 --size 960x640 \
	--screenshot "$out/gpu_rain_device.png" response=stick
