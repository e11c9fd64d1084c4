#!/bin/sh
# `make demo`: the default scene in a window when there is a display, otherwise rendered headless
# (EGL, Mesa's software rasteriser) into out/demo.png with the scene's summary printed.
# Usage: tools/run-demo.sh BUILD_DIR
set -u

build=${1:-build}
collide="$build/collide"
script=scripts/demo.lua
if [ ! -x "$collide" ]; then
	echo "run-demo: $collide not found: build first (make build)" >&2
	exit 1
fi

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
	"$collide" "$script"
	status=$?
	# 3: the window could not open (no usable display or GL); anything else is the demo's own.
	[ "$status" -ne 3 ] && exit "$status"
	echo "run-demo: no window could be opened; rendering headless instead" >&2
fi

mkdir -p out
"$collide" "$script" --headless --frames 180 --size 960x640 --screenshot out/demo.png
status=$?
if [ "$status" -eq 0 ]; then
	echo "run-demo: the picture is in $(pwd)/out/demo.png"
fi
exit "$status"
