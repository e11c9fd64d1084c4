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

# 2D lessons (docs/2d.md): each script places its query somewhere telling when given no input;
# the words after the size are the script's own arguments (key=value, see each script's header).
render scripts/2d/covering.lua covering.png 3 960x640
render scripts/2d/covering.lua covering_star.png 3 960x640 shape=star method=star
render scripts/2d/tritree.lua tritree.png 3 960x640
render scripts/2d/tritree.lua tritree_fit.png 3 960x640 show=raw level=2
render scripts/2d/tritree.lua tritree_envelope.png 3 960x640 show=circles,envelope level=3
render scripts/2d/tritree.lua tritree_step.png 3 960x640 step=2
render scripts/2d/circle_polygon.lua circle_polygon.png 3 960x640
render scripts/2d/circle_polygon.lua circle_influence.png 3 960x640 shape=spiral area=extended
render scripts/2d/polygon_polygon.lua polygon_polygon.png 3 960x640 preset=1 method=cone_list
render scripts/2d/polygon_polygon.lua polygon_containment.png 3 960x640 preset=3
render scripts/2d/polygon_polygon.lua polygon_hole.png 3 960x640 preset=6
render scripts/2d/grid.lua grid.png 3 960x640
render scripts/2d/grid.lua quadtree.png 3 960x640 kind=quadtree
render scripts/3d/covering3d.lua covering3d.png 3 960x640
render scripts/3d/covering3d.lua covering3d_origin_outside.png 3 960x640 mesh=torus origin=outside shown=60
render scripts/3d/covering3d.lua covering3d_step.png 3 960x640 mesh=box probe=2 step=2
render scripts/3d/tetratree.lua tetratree.png 3 960x640 mesh=torus min=16 depth=5
render scripts/3d/tetratree.lua tetratree_envelope.png 3 960x640 show=envelope,nofitted,solid level=3
render scripts/3d/tetratree.lua tetratree_step.png 3 960x640 step=3
render scripts/3d/tetratree.lua tetratree_sphere.png 3 960x640 level=2 show=sphere
render scripts/3d/sphere_mesh.lua sphere_mesh.png 3 960x640
render scripts/3d/sphere_mesh.lua sphere_mesh_influence.png 150 960x640 mesh=two_boxes path=on r=0.3
render scripts/3d/sphere_mesh.lua sphere_mesh_ray.png 3 960x640 mesh=torus mode=ray
render scripts/3d/mesh_mesh.lua mesh_mesh.png 3 960x640
render scripts/3d/mesh_mesh.lua mesh_mesh_cavity.png 3 960x640 mesh=hollow_ball other=box at=0.75,0.1,0 turn=30,20
render scripts/3d/bvh.lua bvh.png 3 960x640 depth=4
render scripts/3d/bvh.lua bvh_levels.png 3 960x640 mesh=bumpy_sphere depth=4 show=nested,novisited
render scripts/3d/bvh.lua bvh_pair.png 3 960x640 mode=pair mesh=hollow_ball other=box at=0.75,0.1,0 turn=30,20 depth=2

# Convex lessons (docs/convex.md).
render scripts/convex/gjk2d.lua convex_gjk2d.png 3 960x640 step=2
render scripts/convex/gjk3d.lua convex_gjk3d.png 3 960x640 step=3
render scripts/convex/gjk3d.lua convex_epa.png 3 960x640 at=-1.0,0.4,0.2 turn=30,35 phase=epa step=2
render scripts/convex/boxtree.lua convex_boxtree.png 3 960x640 level=1
render scripts/convex/boxtree.lua convex_boxtree_pair.png 3 960x640 mode=pair
render scripts/convex/contacts.lua convex_contacts.png 3 960x640 margin=0.3
render scripts/convex/contacts.lua convex_contacts_cast.png 3 960x640 mode=cast
render scripts/convex/contacts.lua convex_contacts_ray.png 3 960x640 dim=2 mode=ray
# Conformal geometric algebra lessons (docs/cga.md).
render scripts/cga/meet.lua cga_meet_real.png 2 960x640 step=1
render scripts/cga/meet.lua cga_meet_tangent.png 2 960x640 step=2
render scripts/cga/meet.lua cga_meet_imaginary.png 2 960x640 step=3
render scripts/cga/meet.lua cga_meet_nested.png 2 960x640 step=4
render scripts/cga/meet.lua cga_meet_pair.png 2 960x640 step=6
render scripts/cga/meet.lua cga_meet_parallel.png 2 960x640 step=9
render scripts/cga/versors.lua cga_versors_rotor.png 2 960x640 step=2
render scripts/cga/versors.lua cga_versors_motor.png 2 960x640 step=3
render scripts/cga/versors.lua cga_versors_dilator.png 2 960x640 step=4
render scripts/cga/versors.lua cga_versors_commute.png 2 960x640 step=6
render scripts/cga/mesh_query.lua cga_mesh_query.png 2 960x640 query=triangle
render scripts/cga/mesh_query.lua cga_mesh_mesh.png 2 960x640 query=mesh
# The GPU lesson (docs/gpu.md), on the CPU fallback where there is no device.
render scripts/gpu/rain.lua gpu_rain.png 90 960x640 response=stick
# the meet following a drag: B's centre taken 40 pixels right and 20 up (tests/viewer/drag3d.lua)
render tests/viewer/drag3d.lua cga_meet_drag.png 4 960x640 scripts/cga/meet.lua handle=1,0,0
