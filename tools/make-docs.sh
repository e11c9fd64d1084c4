#!/bin/sh
# `make docs`: renders the pictures in docs/ with the project's own scripts, headless, so every
# picture can be made again by one command. Usage: tools/make-docs.sh BUILD_DIR
set -eu

build=${1:-build}
collide="$build/collide"
[ -x "$collide" ] || { echo "make-docs: $collide not found: build first" >&2; exit 1; }
mkdir -p docs/images

render() { # render SCRIPT PICTURE FRAMES SIZE [ARGS...]
	script=$1 picture=$2 frames=$3 size=$4
	shift 4
	"$collide" "$script" --headless --frames "$frames" --size "$size" --screenshot "docs/images/$picture" "$@" > /dev/null
	echo "make-docs: docs/images/$picture  <- $script"
}

render scripts/demo.lua demo.png 180 960x640
render scripts/2d/polygon_baselines.lua polygon_baselines.png 2 960x640
render scripts/3d/mesh_view.lua mesh_view.png 2 1200x800
render scripts/3d/mesh_view.lua bumpy_sphere.png 2 960x640 bumpy:4
