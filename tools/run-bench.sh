#!/bin/sh
# Runs every benchmark built in BUILD_DIR and draws the plots; `make bench` calls it after building.
# Usage: [BENCH_ONLY=NAME] tools/run-bench.sh BUILD_DIR [--quick]
#   --quick     a hundredth of the queries: checks the harness in seconds; its figures mean little
#   BENCH_ONLY  runs only that benchmark (polygon, point_location, tritree_study, mesh_point, mesh_query,
#               tetratree_study3d, convex, boxtree_study, cga); the others keep their last CSVs, and every
#               plot is drawn again
# Writes, per benchmark, bench/results/NAME.csv (one row per case x query set x method),
# bench/results/NAME.txt (the tables as printed, with the machine line) and docs/images/bench_NAME.png:
#   polygon          bench_polygon: point in polygon, circle vs polygon, build (star and regular)
#   point_location   bench_point_location: point location on large non-star-shaped polygons
#   tritree_study    bench_tritree: source 000's study (DC, DC-TT, DC-List, quadtree; build times)
#   mesh_point       bench_mesh_point: point in polyhedron, star and non-star meshes (CGAL, Embree)
#   mesh_query       bench_mesh_query: sphere vs mesh and mesh vs mesh on the same meshes (FCL, CGAL)
#   convex       bench_convex: convex pairs (docs/benchmarks.md): intersect, distance, penetration against
#                libccd, FCL, Bullet; 2D 8-gons against Box2D; wrong answers against a certified truth
#   boxtree_study  bench_boxtree: source 001's study (double box hierarchy vs GJK, 25% and 75% arenas)
#   cga          bench_cga: source 003's question, CGA vs Euclidean collision tests per primitive pair
#                (and the full-multivector path), segment / triangle vs the bumpy spheres and mesh vs
#                mesh, one thread and all cores
#   gpu          bench_gpu: the GPU backend against the CPU path on the same machine; run only where a CUDA
#                device is (the device machine: tools/device-check.sh); elsewhere bench/results/gpu.* keep
#                the device's figures, and only the plot is drawn again
#   tetratree_study3d  bench_tetratree_study: source 000's 3D study (DC, DC-TT, Inc-TT, octree; spheres;
#                    DC-TT vs DC-List pairs by size ratio; tetra-tree vs octree build times)
set -eu

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: tools/run-bench.sh BUILD_DIR [--quick]" >&2
	exit 2
fi
build=$(cd "$1" && pwd)
shift
cd "$(dirname "$0")/.."

if [ ! -x "$build/bench/bench_polygon" ]; then
	echo "run-bench: $build/bench/bench_polygon is missing; configure with -DCOLLIDE_BENCH=ON and build" >&2
	exit 1
fi
mkdir -p bench/results docs/images
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run NAME PROGRAM [ARGS]: runs a benchmark into bench/results/NAME.csv and NAME.txt, keeping its
# exit status through the pipe (POSIX sh has no pipefail).
run()
{
	name=$1
	program=$2
	shift 2
	if [ -n "${BENCH_ONLY:-}" ] && [ "$BENCH_ONLY" != "$name" ]; then
		echo "run-bench: BENCH_ONLY=$BENCH_ONLY: $name keeps its last results"
		return 0
	fi
	{
		# `|| status=$?`: under set -e a bare failing command would end the group before the
		# status is written, and a crash would pass for success.
		status=0
		"$build/bench/$program" --csv "bench/results/$name.csv" "$@" || status=$?
		echo "$status" > "$work/status"
	} | tee "bench/results/$name.txt"
	status=$(cat "$work/status")
	if [ "$status" -ne 0 ]; then
		echo "run-bench: $program failed (exit $status)" >&2
		exit "$status"
	fi
}

run polygon bench_polygon "$@"
have_point_location=no
if [ -x "$build/bench/bench_point_location" ]; then
	run point_location bench_point_location "$@"
	have_point_location=yes
else
	echo "run-bench: $build/bench/bench_point_location is missing; its benchmark is skipped" >&2
fi
have_study=no
if [ -x "$build/bench/bench_tritree" ]; then
	run tritree_study bench_tritree "$@"
	have_study=yes
else
	echo "run-bench: $build/bench/bench_tritree is missing; the study is skipped" >&2
fi
have_mesh_point=no
if [ -x "$build/bench/bench_mesh_point" ]; then
	run mesh_point bench_mesh_point "$@"
	have_mesh_point=yes
else
	echo "run-bench: $build/bench/bench_mesh_point is missing; its benchmark is skipped" >&2
fi
have_mesh_query=no
if [ -x "$build/bench/bench_mesh_query" ]; then
	run mesh_query bench_mesh_query "$@"
	have_mesh_query=yes
else
	echo "run-bench: $build/bench/bench_mesh_query is missing; its benchmark is skipped" >&2
fi
have_study3d=no
if [ -x "$build/bench/bench_tetratree_study" ]; then
	run tetratree_study3d bench_tetratree_study "$@"
	have_study3d=yes
else
	echo "run-bench: $build/bench/bench_tetratree_study is missing; the 3D study is skipped" >&2
fi
have_convex=no
if [ -x "$build/bench/bench_convex" ]; then
	run convex bench_convex "$@"
	have_convex=yes
else
	echo "run-bench: $build/bench/bench_convex is missing; the convex benchmark is skipped" >&2
fi
if [ -x "$build/bench/bench_boxtree" ]; then
	run boxtree_study bench_boxtree "$@"
else
	echo "run-bench: $build/bench/bench_boxtree is missing; source 001's study is skipped" >&2
fi
have_cga=no
if [ -x "$build/bench/bench_cga" ]; then
	run cga bench_cga "$@"
	have_cga=yes
else
	echo "run-bench: $build/bench/bench_cga is missing; the CGA benchmark is skipped" >&2
fi
# The GPU benchmark measures only where a device is: this machine's CPU alone would be no comparison.
if [ -x "$build/bench/bench_gpu" ] && [ -x "$build/tests/gpu/gpu_device_check" ] &&
	"$build/tests/gpu/gpu_device_check" --info > /dev/null 2>&1; then
	run gpu bench_gpu "$@"
else
	echo "run-bench: no CUDA device here: bench/results/gpu.* keep the device machine's figures (tools/device-check.sh)"
fi

if ! command -v gnuplot > /dev/null 2>&1; then
	echo "run-bench: gnuplot not found, no plots drawn (tools/install-deps.sh installs it)"
	exit 0
fi

# The CSV is long (one row per method); the plots want one line per case and one column per method.
# wide CSV SET METHOD... : ns per query (build_ms for the build rows) of each method, "?" where
# missing. Both CSVs have case, query_set, method and ns_per_query in columns 1, 3, 5 and 7.
wide()
{
	csv=$1
	set_name=$2
	shift 2
	awk -F, -v set_name="$set_name" -v methods="$*" '
		BEGIN { m = split(methods, method, " ") }
		NR == 1 { next }
		$3 == set_name {
			if (!($1 in seen)) { seen[$1] = 1; order[++cases] = $1 }
			value[$1, $5] = (set_name == "-") ? $8 : $7
		}
		END {
			for (c = 1; c <= cases; c++) {
				line = order[c]
				for (k = 1; k <= m; k++) {
					v = value[order[c], method[k]]
					line = line " " (v == "" ? "?" : v)
				}
				print line
			}
		}' "$csv"
}
polygon_csv=bench/results/polygon.csv
wide $polygon_csv unif crossing winding boost.covered_by cgal.bounded_side_2 > "$work/pip_unif.dat"
wide $polygon_csv traj crossing winding boost.covered_by cgal.bounded_side_2 > "$work/pip_traj.dat"
wide $polygon_csv unif circle boost.circle cgal.circle > "$work/circle_unif.dat"
wide $polygon_csv - build boost.build cgal.build > "$work/build.dat"

terminal="png size 1400,1000"
if gnuplot -e "set terminal" 2>&1 | grep -q pngcairo; then
	terminal="pngcairo size 1400,1000 font 'DejaVu Sans,11'"
fi
machine=$(sed -n 's/^machine: //p' bench/results/polygon.txt | sed 's/"/\\"/g')

gnuplot <<GNUPLOT
set terminal $terminal
set output "docs/images/bench_polygon.png"
set datafile missing "?"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set grid ytics
set key top left
set xtics nomirror
set multiplot layout 2,2 title "collide polygon benchmark (lower is better)\n{/*0.8 $machine}"
set title "point in polygon, uniform queries"
set ylabel "ns per query (log scale)"
plot "$work/pip_unif.dat" using 2:xtic(1) title "collide crossing", \
     "" using 3 title "collide winding", "" using 4 title "Boost covered\\\\_by", \
     "" using 5 title "CGAL bounded\\\\_side\\\\_2"
set title "point in polygon, trajectory queries"
plot "$work/pip_traj.dat" using 2:xtic(1) title "collide crossing", \
     "" using 3 title "collide winding", "" using 4 title "Boost covered\\\\_by", \
     "" using 5 title "CGAL bounded\\\\_side\\\\_2"
set title "circle (r = 0.05) vs polygon, uniform centres"
plot "$work/circle_unif.dat" using 2:xtic(1) title "collide", \
     "" using 3 title "Boost distance <= r", "" using 4 title "CGAL bounded\\\\_side\\\\_2 + squared\\\\_distance"
set title "polygon creation with validation"
set ylabel "ms per polygon (log scale)"
plot "$work/build.dat" using 2:xtic(1) title "collide create", \
     "" using 3 title "Boost copy + is\\\\_valid", "" using 4 title "CGAL copy + is\\\\_simple\\\\_2"
unset multiplot
GNUPLOT
echo "plot: docs/images/bench_polygon.png"

# mesh_plot FILE_PREFIX ITEMS...: a plot command over the non-empty files only (gnuplot stops on a
# plot without data); each item is "suffix|title|style".
mesh_plot()
{
	prefix=$1
	shift
	clause=""
	for item in "$@"; do
		suffix=${item%%|*}
		rest=${item#*|}
		title=${rest%%|*}
		style=${rest#*|}
		if [ -s "$work/${prefix}$suffix.dat" ]; then
			[ -z "$clause" ] || clause="$clause, "
			clause="$clause\"$work/${prefix}$suffix.dat\" using 1:2 title \"$title\" $style"
		fi
	done
	# printf, not echo: dash's echo would turn the titles' \\ into \
	if [ -n "$clause" ]; then
		printf 'plot %s\n' "$clause"
	else
		echo "set label 1 \"no data\" at graph 0.5, 0.5 center; plot 1 notitle lc rgb \"white\"; unset label 1"
	fi
}

# The point-in-polyhedron plot: ns per query against the triangle count (log-log), one panel per
# mesh class, one line per method; the sixth panel is the goal, Embree's ns / collide's best.
mesh_csv=bench/results/mesh_point.csv
if [ "$have_mesh_point" = yes ] && [ -s "$mesh_csv" ] && [ -s bench/results/mesh_point.txt ]; then
	mesh_methods="collide.tetratree collide.octree collide.crossing cgal.side_of_triangle_mesh embree.ray_parity"
	mesh_classes="bumpy torus tori plate shells"
	for c in $mesh_classes; do
		for m in $mesh_methods; do
			# columns: 2 triangles, 5 method, 7 ns_per_query, 16 class
			awk -F, -v c="$c" -v m="$m" 'NR > 1 && $16 == c && $5 == m && $7 != "" { print $2, $7 }' \
				"$mesh_csv" | sort -n > "$work/mp_${c}_$m.dat"
		done
		# the goal: per mesh, the largest embree_over_this (column 14) of the collide methods
		awk -F, -v c="$c" 'NR > 1 && $16 == c && $6 == "collide" && $14 != "" {
				if (!($2 in best) || $14 + 0 > best[$2]) best[$2] = $14 + 0
			}
			END { for (t in best) print t, best[t] }' "$mesh_csv" | sort -n > "$work/mp_goal_$c.dat"
	done
	{
		for c in $mesh_classes; do
			case $c in
			bumpy) title="bumpy sphere (star-shaped)" ;;
			torus) title="bumpy torus" ;;
			tori) title="two interlocked tori" ;;
			plate) title="thin folded plate" ;;
			shells) title="nested shells (cavity and island)" ;;
			esac
			echo "set title \"$title\""
			mesh_plot "mp_${c}_" \
				"collide.tetratree|collide tetra-tree|lw 2 pt 7" \
				"collide.octree|collide octree|lw 2 pt 5" \
				"collide.crossing|collide crossing (brute force)|dt 2 pt 1" \
				"cgal.side_of_triangle_mesh|CGAL Side\\\\_of\\\\_triangle\\\\_mesh|lw 2 pt 9" \
				"embree.ray_parity|Embree ray parity (float)|lw 2 pt 11"
		done
		echo 'set title "the goal: Embree ns / collide best ns, >= 2"'
		echo 'set ylabel "ratio (log scale)"'
		echo 'set arrow 1 from graph 0, first 2 to graph 1, first 2 nohead dt 2 lc rgb "red"'
		mesh_plot "mp_goal_" "bumpy|bumpy sphere|pt 7" "torus|torus|pt 5" "tori|two tori|pt 9" \
			"plate|folded plate|pt 11" "shells|nested shells|pt 13"
	} > "$work/mesh_plots.gp"
	mesh_machine=$(sed -n 's/^machine: //p' bench/results/mesh_point.txt | sed 's/"/\\"/g')
	mesh_terminal=$(echo "$terminal" | sed 's/size 1400,1000/size 1800,1200/')
	gnuplot <<GNUPLOT
set terminal $mesh_terminal
set output "docs/images/bench_mesh_point.png"
set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set grid
set key below horizontal maxrows 3 samplen 3
set style data linespoints
set xlabel "triangles"
set ylabel "ns per query (log scale)"
set multiplot layout 2,3 title "collide point in polyhedron, 10^6 uniform points a mesh (lower is better)\\n{/*0.8 $mesh_machine}"
load "$work/mesh_plots.gp"
unset multiplot
GNUPLOT
	echo "plot: docs/images/bench_mesh_point.png"
fi

# The mesh query plot, 3 x 3 panels: sphere vs mesh, ns per query against the triangle count (log-log),
# one panel per mesh class and one line per method (the tetra-tree's and the BVH's); the sphere goal
# (FCL's time / our best of each semantics, >= 10); the mesh pairs' us per pose per case and method
# (bars); the pair goal (FCL's time / our best of each semantics, >= 2); bytes per triangle of each
# structure.
query_csv=bench/results/mesh_query.csv
if [ "$have_mesh_query" = yes ] && [ -s "$query_csv" ] && [ -s bench/results/mesh_query.txt ]; then
	# columns: 2 triangles, 5 method, 6 library, 7 ns_per_query, 10 bytes_per_triangle, 18 fcl_over_this,
	# 19 semantics, 20 part, 22 class
	query_classes="bumpy torus tori plate shells"
	for c in $query_classes; do
		for m in collide.tetratree.solid collide.tetratree.surface collide.bvh.solid collide.bvh.surface collide.brute fcl; do
			awk -F, -v c="$c" -v m="$m" 'NR > 1 && $20 == "sphere" && $22 == c && $5 == m && $7 != "" { print $2, $7 }' \
				"$query_csv" | sort -n > "$work/mq_${c}_$m.dat"
		done
		# the goal: the best fcl_over_this of our methods (not the brute force) of each semantics (column 19)
		for sem in solid surface; do
			awk -F, -v c="$c" -v sem="$sem" 'NR > 1 && $20 == "sphere" && $22 == c && $6 == "collide" && $5 != "collide.brute" && $19 == sem && $18 != "" {
					if (!($2 in best) || $18 + 0 > best[$2]) best[$2] = $18 + 0
				}
				END { for (t in best) print t, best[t] }' "$query_csv" | sort -n > "$work/mq_goal_${c}_$sem.dat"
		done
	done
	for m in collide.tetratree.solid collide.bvh.solid fcl; do
		awk -F, -v m="$m" 'NR > 1 && $20 == "sphere" && $22 == "bumpy" && $5 == m && $10 != "" { print $2, $10 }' \
			"$query_csv" | sort -n > "$work/mq_bytes_$m.dat"
	done
	awk -F, 'NR > 1 && $20 == "pair" && $5 == "cgal.solid" && $10 != "" && $22 == "bumpy" { print $2, $10 }' \
		"$query_csv" | sort -n > "$work/mq_bytes_cgal.dat"
	# the pairs, one line per case: us per pose of dc_tt, dc_list, bvh, bvh.surface, fcl, cgal.surface,
	# cgal.solid ("?" where missing), and the goal: the best fcl_over_this of our surface methods (FCL's
	# semantics), then of our solid ones
	awk -F, 'NR > 1 && $20 == "pair" {
			if (!($1 in seen)) { seen[$1] = 1; order[++cases] = $1 }
			if ($7 != "") us[$1, $5] = $7 / 1000
			if ($6 == "collide" && $18 != "" && (!(($1, $19) in best) || $18 + 0 > best[$1, $19])) best[$1, $19] = $18 + 0
		}
		END {
			split("collide.dc_tt collide.dc_list collide.bvh collide.bvh.surface fcl cgal.surface cgal.solid", m, " ")
			for (c = 1; c <= cases; c++) {
				line = order[c]
				for (k = 1; k <= 7; k++) line = line " " ((order[c], m[k]) in us ? us[order[c], m[k]] : "?")
				line = line " " ((order[c], "surface") in best ? best[order[c], "surface"] : "?")
				print line " " ((order[c], "solid") in best ? best[order[c], "solid"] : "?")
			}
		}' "$query_csv" > "$work/mq_pairs.dat"
	{
		echo 'set logscale xy'
		echo 'set format x "10^{%L}"'
		echo 'set format y "10^{%L}"'
		echo 'set xlabel "triangles"'
		echo 'set ylabel "ns per query (log scale)"'
		for c in $query_classes; do
			case $c in
			bumpy) title="sphere vs bumpy sphere (star-shaped)" ;;
			torus) title="sphere vs bumpy torus" ;;
			tori) title="sphere vs two interlocked tori" ;;
			plate) title="sphere vs thin folded plate" ;;
			shells) title="sphere vs nested shells" ;;
			esac
			echo "set title \"$title\""
			mesh_plot "mq_${c}_" \
				"collide.tetratree.solid|collide tetra-tree, solid|with linespoints lw 2 pt 7" \
				"collide.tetratree.surface|collide tetra-tree, surface|with linespoints lw 2 pt 5" \
				"collide.bvh.solid|collide BVH, solid|with linespoints lw 2 pt 13" \
				"collide.bvh.surface|collide BVH, surface|with linespoints lw 2 pt 11" \
				"collide.brute|collide brute force|with points pt 1 ps 2" \
				"fcl|FCL BVHModel<OBBRSS> (surface)|with linespoints lw 2 pt 9"
		done
		echo 'set title "sphere goal: FCL ns / collide best ns, >= 10"'
		echo 'set ylabel "ratio (log scale)"'
		echo 'set arrow 1 from graph 0, first 10 to graph 1, first 10 nohead dt 2 lc rgb "red"'
		echo 'set yrange [*:1000]'
		mesh_plot "mq_goal_" \
			"bumpy_surface|bumpy, surface|with linespoints lw 2 pt 7 lc 1" \
			"torus_surface|torus, surface|with linespoints lw 2 pt 5 lc 2" \
			"tori_surface|two tori, surface|with linespoints lw 2 pt 9 lc 3" \
			"plate_surface|plate, surface|with linespoints lw 2 pt 11 lc 4" \
			"shells_surface|shells, surface|with linespoints lw 2 pt 13 lc 7" \
			"bumpy_solid|bumpy, solid|with linespoints dt 2 pt 7 lc 1" \
			"torus_solid|torus, solid|with linespoints dt 2 pt 5 lc 2" \
			"tori_solid|two tori, solid|with linespoints dt 2 pt 9 lc 3" \
			"plate_solid|plate, solid|with linespoints dt 2 pt 11 lc 4" \
			"shells_solid|shells, solid|with linespoints dt 2 pt 13 lc 7"
		echo 'unset arrow 1'
		echo 'set yrange [*:*]'
		echo 'unset logscale x'
		echo 'unset xlabel'
		echo 'set format x "%g"'
		echo 'set xtics nomirror rotate by -35 noenhanced'
		echo 'set style histogram clustered gap 1'
		echo 'set style fill solid 0.85 border -1'
		echo 'set boxwidth 0.9'
		echo 'set ylabel "us per pose (log scale)"'
		echo 'set title "mesh vs mesh: us per pose"'
		if [ -s "$work/mq_pairs.dat" ]; then
			echo "plot \"$work/mq_pairs.dat\" using 2:xtic(1) with histograms title \"collide DC-TT\", \"\" using 3 with histograms title \"collide DC-List\", \"\" using 4 with histograms title \"collide BVH, solid\", \"\" using 5 with histograms title \"collide BVH, surface\", \"\" using 6 with histograms title \"FCL\", \"\" using 7 with histograms title \"CGAL surface\", \"\" using 8 with histograms title \"CGAL solid\""
			echo 'set title "mesh vs mesh goal: FCL us / collide best us, >= 2"'
			echo 'set ylabel "ratio (log scale)"'
			echo 'set arrow 2 from graph 0, first 2 to graph 1, first 2 nohead dt 2 lc rgb "red"'
			echo 'set yrange [1e-7:100]'
			echo "plot \"$work/mq_pairs.dat\" using 9:xtic(1) with histograms title \"FCL / collide best, surface (FCL's semantics)\", \"\" using 10 with histograms title \"FCL / collide best, solid\""
			echo 'unset arrow 2'
			echo 'set yrange [*:*]'
		else
			echo 'set label 1 "no data" at graph 0.5, 0.5 center; plot 1 notitle lc rgb "white"; plot 1 notitle lc rgb "white"; unset label 1'
		fi
		echo 'set logscale xy'
		echo 'set xtics norotate enhanced'
		echo 'set format x "10^{%L}"'
		echo 'set format y "%g"'
		echo 'set xlabel "triangles"'
		echo 'set ylabel "bytes per triangle (log scale)"'
		echo 'set title "memory of the structures (bumpy sphere)"'
		mesh_plot "mq_bytes_" \
			"collide.tetratree.solid|collide tetra-tree|with linespoints lw 2 pt 7" \
			"collide.bvh.solid|collide BVH (with its octree)|with linespoints lw 2 pt 13" \
			"fcl|FCL BVHModel<OBBRSS>|with linespoints lw 2 pt 9" \
			"cgal|CGAL Surface\\\\_mesh + AABB tree|with linespoints lw 2 pt 11"
	} > "$work/query_plots.gp"
	query_machine=$(sed -n 's/^machine: //p' bench/results/mesh_query.txt | sed 's/"/\\"/g')
	query_terminal=$(echo "$terminal" | sed 's/size 1400,1000/size 1800,1600/')
	gnuplot <<GNUPLOT
set terminal $query_terminal
set output "docs/images/bench_mesh_query.png"
set datafile missing "?"
set grid
set key below horizontal maxrows 3 samplen 3
set multiplot layout 3,3 title "collide sphere vs mesh (r = 0.05, 10^6 centres) and mesh vs mesh (10^4 poses), beside FCL and CGAL (lower times are better)\\n{/*0.8 $query_machine}"
load "$work/query_plots.gp"
unset multiplot
GNUPLOT
	echo "plot: docs/images/bench_mesh_query.png"
fi

# The 3D study's plot (bench_tetratree_study): ns per frame (log) per method; build ms against cells.
# Columns of tetratree_study3d.csv: 1 case, 3 query_set, 5 method, 7 ns_per_query, 8 build_ms,
# 13 table, 14 triangles, 15 path, 16 x.
study3d_csv=bench/results/tetratree_study3d.csv
if [ "$have_study3d" = yes ] && [ -s "$study3d_csv" ] && [ -s bench/results/tetratree_study3d.txt ]; then
	for p in circular contour; do
		for m in dc dc-tt inc-tt inc-oct; do
			awk -F, -v p="$p" -v m="$m" 'NR > 1 && $13 == "point" && $15 == p && $5 == m && $7 != "" { print $14, $7 }' \
				"$study3d_csv" | sort -n > "$work/s3_point_${p}_$m.dat"
		done
		for c in complex1 cat horse golf; do
			awk -F, -v p="$p" -v c="$c" 'NR > 1 && $13 == "sphere" && $15 == p && $1 == c && $5 == "dc-tt" { print $16, $7 }' \
				"$study3d_csv" | sort -n > "$work/s3_sphere_${p}_$c.dat"
		done
		for m in dc-tt dc-list; do
			awk -F, -v p="$p" -v m="$m" 'NR > 1 && $13 == "ratio" && $15 == p && $5 == m { print $16, $7 }' \
				"$study3d_csv" | sort -n > "$work/s3_ratio_${p}_$m.dat"
		done
	done
	for c in complex1 cat horse golf; do
		for m in tetratree octree; do
			awk -F, -v c="$c" -v m="$m" 'NR > 1 && $13 == "build" && $1 == c && $5 == m && $3 ~ /^build\.full\./ { print $16, $8 }' \
				"$study3d_csv" | sort -n > "$work/s3_build_${c}_$m.dat"
		done
	done
	for f in 0 1 2 4 8; do
		awk -F, -v m="tetratree.aa$f" 'NR > 1 && $13 == "build" && $5 == m { v = $3; sub(/^build\.fit\./, "", v); print v, $8 }' \
			"$study3d_csv" | sort -n > "$work/s3_fit_$f.dat"
	done
	# study3d_plot ITEMS...: a plot command over the non-empty files only; each item is "file|title|style"
	study3d_plot()
	{
		clause=""
		for item in "$@"; do
			file=${item%%|*}
			rest=${item#*|}
			title=${rest%%|*}
			style=${rest#*|}
			if [ -s "$work/$file.dat" ]; then
				[ -z "$clause" ] || clause="$clause, "
				clause="$clause\"$work/$file.dat\" using 1:2 title \"$title\" $style"
			fi
		done
		if [ -n "$clause" ]; then
			printf 'plot %s\n' "$clause"
		else
			echo "set label 1 \"no data\" at graph 0.5, 0.5 center; plot 1 notitle lc rgb \"white\"; unset label 1"
		fi
	}
	{
		echo 'set xlabel "triangles"'
		echo 'set ylabel "ns per frame (log scale)"'
		for p in circular contour; do
			echo "set title \"point in polyhedron, $p path (Table 5.2)\""
			study3d_plot "s3_point_${p}_dc-tt|DC-TT (tree + cache)|lw 2 pt 7" "s3_point_${p}_inc-tt|Inc-TT (tree)|pt 5" \
				"s3_point_${p}_inc-oct|Inc-Oct (octree crossing)|lw 2 pt 9" "s3_point_${p}_dc|DC (covering + cache)|dt 2 pt 1"
		done
		echo 'set xlabel "bounding radius / sphere radius"'
		echo 'set logscale x 2'
		echo 'set format x "%g"'
		echo 'set title "sphere vs polyhedron, DC-TT (Table 5.4; solid: circular, dashed: contour)"'
		study3d_plot "s3_sphere_circular_complex1|complex1|lw 2 pt 7 lc 1" "s3_sphere_circular_cat|cat|lw 2 pt 5 lc 2" \
			"s3_sphere_circular_horse|horse|lw 2 pt 9 lc 3" "s3_sphere_circular_golf|golf|lw 2 pt 11 lc 4" \
			"s3_sphere_contour_complex1|complex1 contour|dt 2 pt 7 lc 1" "s3_sphere_contour_cat|cat contour|dt 2 pt 5 lc 2" \
			"s3_sphere_contour_horse|horse contour|dt 2 pt 9 lc 3" "s3_sphere_contour_golf|golf contour|dt 2 pt 11 lc 4"
		echo 'set xlabel "size ratio 1:k"'
		echo 'set title "horse stand-in pair by size ratio (Table 5.6)"'
		study3d_plot "s3_ratio_circular_dc-tt|DC-TT, circular|lw 2 pt 7 lc 1" "s3_ratio_circular_dc-list|DC-List, circular|lw 2 pt 5 lc 2" \
			"s3_ratio_contour_dc-tt|DC-TT, contour|dt 2 pt 7 lc 1" "s3_ratio_contour_dc-list|DC-List, contour|dt 2 pt 5 lc 2"
		echo 'set xlabel "cells (subdivisions)"'
		echo 'set logscale x 10'
		echo 'set format x "10^{%L}"'
		echo 'set ylabel "build ms (log scale)"'
		echo 'set title "build at full depth, no fitting (Fig. 5.41; solid: tetra-tree, dashed: octree)"'
		study3d_plot "s3_build_complex1_tetratree|complex1 tetra-tree|lw 2 pt 7 lc 1" "s3_build_complex1_octree|complex1 octree|dt 2 pt 7 lc 1" \
			"s3_build_cat_tetratree|cat tetra-tree|lw 2 pt 5 lc 2" "s3_build_cat_octree|cat octree|dt 2 pt 5 lc 2" \
			"s3_build_horse_tetratree|horse tetra-tree|lw 2 pt 9 lc 3" "s3_build_horse_octree|horse octree|dt 2 pt 9 lc 3" \
			"s3_build_golf_tetratree|golf tetra-tree|lw 2 pt 11 lc 4" "s3_build_golf_octree|golf octree|dt 2 pt 11 lc 4"
		echo 'set title "horse stand-in tetra-tree build by fitting iterations (Fig. 5.44)"'
		study3d_plot "s3_fit_0|AA 0|pt 7" "s3_fit_1|AA 1|pt 5" "s3_fit_2|AA 2|pt 9" "s3_fit_4|AA 4|pt 11" "s3_fit_8|AA 8|lw 2 pt 13"
	} > "$work/study3d_plots.gp"
	study3d_machine=$(sed -n 's/^machine: //p' bench/results/tetratree_study3d.txt | sed 's/"/\\"/g')
	study3d_terminal=$(echo "$terminal" | sed 's/size 1400,1000/size 1800,1200/')
	gnuplot <<GNUPLOT
set terminal $study3d_terminal
set output "docs/images/bench_tetratree_study3d.png"
set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set grid
set key top left samplen 3
set style data linespoints
set multiplot layout 2,3 title "source 000's 3D study, reproduced (lower is better)\\n{/*0.8 $study3d_machine}"
load "$work/study3d_plots.gp"
unset multiplot
GNUPLOT
	echo "plot: docs/images/bench_tetratree_study3d.png"
fi

if [ "$have_point_location" = no ]; then
	exit 0
fi

# The point-location plot: ns per query per case, one bar per method, uniform and trajectory.
point_methods="collide.grid collide.quadtree collide.crossing cgal.cdt_hierarchy cgal.cdt_walk
cgal.arrangement cgal.bounded_side_2 boost.covered_by box2d.test_point collide.tritree"
# shellcheck disable=SC2086
wide bench/results/point_location.csv unif $point_methods > "$work/pl_unif.dat"
# shellcheck disable=SC2086
wide bench/results/point_location.csv traj $point_methods > "$work/pl_traj.dat"
machine=$(sed -n 's/^machine: //p' bench/results/point_location.txt | sed 's/"/\\"/g')
point_terminal=$(echo "$terminal" | sed 's/size 1400,1000/size 2000,1200/')

gnuplot <<GNUPLOT
set terminal $point_terminal
set output "docs/images/bench_point_location.png"
set datafile missing "?"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set format y "10^{%L}"
set grid ytics
set key outside right top vertical
set xtics nomirror rotate by -35 noenhanced
set ylabel "ns per query (log scale)"
set multiplot layout 2,1 title "collide point location on large polygons (lower is better)\\n{/*0.8 $machine}"
set title "uniform points (10^6 a case; fewer for the methods that visit every edge)"
plot "$work/pl_unif.dat" using 2:xtic(1) title "collide grid", \\
     "" using 3 title "collide quadtree", "" using 4 title "collide crossing", \\
     "" using 5 title "CGAL CDT + hierarchy", "" using 6 title "CGAL CDT walk", \\
     "" using 7 title "CGAL arrangement", "" using 8 title "CGAL bounded\\\\_side\\\\_2", \\
     "" using 9 title "Boost covered\\\\_by", "" using 10 title "Box2D TestPoint" lc rgb "#8c564b", \\
     "" using 11 title "collide tri-tree" lc rgb "#7f7f7f"
set title "trajectory (10^6 steps; the CDT walk starts each search from the previous face)"
plot "$work/pl_traj.dat" using 2:xtic(1) title "collide grid", \\
     "" using 3 title "collide quadtree", "" using 4 title "collide crossing", \\
     "" using 5 title "CGAL CDT + hierarchy", "" using 6 title "CGAL CDT walk", \\
     "" using 7 title "CGAL arrangement", "" using 8 title "CGAL bounded\\\\_side\\\\_2", \\
     "" using 9 title "Boost covered\\\\_by", "" using 10 title "Box2D TestPoint" lc rgb "#8c564b", \\
     "" using 11 title "collide tri-tree" lc rgb "#7f7f7f"
unset multiplot
GNUPLOT
echo "plot: docs/images/bench_point_location.png"

[ "$have_study" = yes ] || exit 0
# The study's plot: queries per second (log) against the study's variable, one line per method.
# series TABLE SHAPE RATIO PATH METHOD X: "x value" lines from tritree_study.csv, where X is the
# column giving the x value (3: vertices, 4: ratio denominator, 7: leaves in the parameter).
series()
{
	awk -F, -v t="$1" -v s="$2" -v q="$3" -v p="$4" -v m="$5" -v x="$6" '
		NR > 1 && $1 == t && (s == "*" || $2 == s) && (q == "*" || $4 == q) && $5 == p && $6 == m {
			v = $x
			if (x == 4) { sub(/^1:/, "", v) }
			if (x == 7) { sub(/^[a-z]+=/, "", v) }
			print v, $8
		}' bench/results/tritree_study.csv
}
for m in dc dc.convex dc.star dc-tt quadtree; do
	for t in I II III IV; do
		awk -F, -v t="$t" -v m="$m" 'NR > 1 && $1 == "points" && $2 == t && $5 == "circular" && $6 == m { print $3, $8 }' \
			bench/results/tritree_study.csv > "$work/pt_${t}_$m.dat"
	done
done
for m in dc dc-tt; do
	series circles I "*" circular "$m" 4 | awk '$0 ~ /./' > "$work/circle_all_$m.dat"
	awk -F, -v m="$m" 'NR > 1 && $1 == "circles" && $3 == 256 && $5 == "circular" && $6 == m { v = $4; sub(/^1:/, "", v); print v, $8 }' \
		bench/results/tritree_study.csv > "$work/circle_$m.dat"
done
for m in dc dc-tt dc-list; do
	awk -F, -v m="$m" 'NR > 1 && $1 == "depth" && $5 == "circular" && $6 == m { v = $2; sub(/^V-V\//, "", v); print v, $8 }' \
		bench/results/tritree_study.csv > "$work/depth_$m.dat"
	awk -F, -v m="$m" 'NR > 1 && $1 == "ratio" && $5 == "circular" && $6 == m { v = $4; sub(/^1:/, "", v); print v, $8 }' \
		bench/results/tritree_study.csv > "$work/ratio_$m.dat"
done
for m in quadtree tritree.fit0 tritree.fit8; do
	awk -F, -v m="$m" 'NR > 1 && $1 == "build" && $3 == 10000 && $6 == m { v = $7; sub(/^leaves=/, "", v); print v, $8 }' \
		bench/results/tritree_study.csv > "$work/build_$m.dat"
done
gnuplot <<GNUPLOT
set terminal $terminal
set output "docs/images/bench_tritree_study.png"
set logscale y
set grid
set key bottom left
set style data linespoints
set multiplot layout 2,3 title "source 000's study, reproduced (queries per second, higher is better)\n{/*0.8 $machine}"
set logscale x 2
set title "point, type I (non-convex irregular), circular path"
set xlabel "vertices"
plot "$work/pt_I_dc.dat" title "DC (sign mask)", "$work/pt_I_dc-tt.dat" title "DC-TT", "$work/pt_I_quadtree.dat" title "quadtree crossing"
set title "point, types III (star) and IV (convex), circular"
plot "$work/pt_III_dc.star.dat" title "III: DC star walk", "$work/pt_III_dc-tt.dat" title "III: DC-TT", \
     "$work/pt_IV_dc.convex.dat" title "IV: DC convex walk", "$work/pt_IV_dc-tt.dat" title "IV: DC-TT", \
     "$work/pt_IV_quadtree.dat" title "IV: quadtree"
set title "circle vs type I (256 vertices), circular"
set xlabel "size ratio 1:k"
plot "$work/circle_dc.dat" title "DC", "$work/circle_dc-tt.dat" title "DC-TT"
set title "polygon pair V-V (256), circular, by tree size"
set xlabel "leaf cones"
plot "$work/depth_dc.dat" title "DC", "$work/depth_dc-tt.dat" title "DC-TT", "$work/depth_dc-list.dat" title "DC-List"
set title "polygon pair I-I (256), circular, by size ratio"
set xlabel "size ratio 1:k"
plot "$work/ratio_dc.dat" title "DC", "$work/ratio_dc-tt.dat" title "DC-TT", "$work/ratio_dc-list.dat" title "DC-List"
set title "build time, type I, 10,000 vertices (ms, lower is better)"
set xlabel "leaf cells"
set key top left
plot "$work/build_quadtree.dat" title "quadtree", "$work/build_tritree.fit0.dat" title "tri-tree, no fitting", \
     "$work/build_tritree.fit8.dat" title "tri-tree, 8 fitting iterations"
unset multiplot
GNUPLOT
echo "plot: docs/images/bench_tritree_study.png"

# The convex plot: ns per query of every method, one panel per question (3D), bars; the 2D case
# beside. Columns of convex.csv: 1 question, 2 dimension, 3 method, 4 library, 5 queries,
# 6 ns_per_query, 7 wrong, 8 wrong_1e-6, 9 max_error, 10 speedup_of_collide.
convex_csv=bench/results/convex.csv
if [ "$have_convex" = yes ] && [ -s "$convex_csv" ] && [ -s bench/results/convex.txt ]; then
	for q in intersect distance penetration; do
		awk -F, -v q="$q" 'NR > 1 && $1 == q && $2 == 3 && $6 != "" { m = $3; gsub("_", "-", m); printf "\"%s\" %s\n", m, $6 }' \
			"$convex_csv" > "$work/cvx_$q.dat"
	done
	awk -F, 'NR > 1 && $2 == 2 && $6 != "" { printf "\"%s %s\" %s\n", $3, $1, $6 }' "$convex_csv" > "$work/cvx_2d.dat"
	convex_machine=$(sed -n 's/^machine: //p' bench/results/convex.txt | sed 's/"/\\"/g')
	gnuplot <<GNUPLOT
set terminal $terminal
set output "docs/images/bench_convex.png"
set multiplot layout 2,2 title "convex pairs: ns per query (lower is better)\n{/*0.8 $convex_machine}"
set style data histogram
set style fill solid 0.8 border -1
set boxwidth 0.8
set logscale y
set grid y
set xtics rotate by -35 font ",8"
unset key
set yrange [50:*]
set title "intersect (3D hulls of 32 points, 10^6 pairs)"
plot "$work/cvx_intersect.dat" using 2:xtic(1) lc rgb "#4477aa"
set title "distance with witnesses"
plot "$work/cvx_distance.dat" using 2:xtic(1) lc rgb "#228833"
set title "penetration depth (overlapping pairs)"
plot "$work/cvx_penetration.dat" using 2:xtic(1) lc rgb "#cc6677"
set title "2D: 8-gons (Box2D in float)"
plot "$work/cvx_2d.dat" using 2:xtic(1) lc rgb "#ddaa33"
unset multiplot
GNUPLOT
	echo "plot: docs/images/bench_convex.png"
fi

# The CGA plot: per primitive pair, ns per test of the Euclidean, CGA and multivector paths (bars);
# against the bumpy spheres, ns per triangle test by triangle count, one thread and all cores; and
# the goal, CGA / Euclidean, with the 1.5 line. Columns of cga.csv: 1 case, 2 triangles, 3 query_set,
# 5 method, 6 threads, 8 ns_per_test, 9 ratio_to_euclidean, 15 part.
cga_csv=bench/results/cga.csv
if [ "$have_cga" = yes ] && [ -s "$cga_csv" ] && [ -s bench/results/cga.txt ]; then
	awk -F, 'NR > 1 && $15 == "pair" {
			if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
			v[$1, $5] = $8
		}
		END {
			for (i = 1; i <= n; i++) {
				c = order[i]; name = c; gsub("_", "/", name)
				m = v[c, "cga.multivector"]
				printf "\"%s\" %s %s %s\n", name, v[c, "euclidean"], v[c, "cga"], (m == "" ? "?" : m)
			}
		}' "$cga_csv" > "$work/cga_pairs.dat"
	for set in segment triangle; do
		for m in euclidean cga; do
			awk -F, -v s="$set" -v m="$m" 'NR > 1 && $15 == "mesh" && $3 == s && $5 == m && $6 == 1 { print $2, $8 }' \
				"$cga_csv" | sort -n > "$work/cga_${set}_${m}_1.dat"
			awk -F, -v s="$set" -v m="$m" 'NR > 1 && $15 == "mesh" && $3 == s && $5 == m && $6 > 1 { print $2, $8 }' \
				"$cga_csv" | sort -n > "$work/cga_${set}_${m}_n.dat"
		done
		awk -F, -v s="$set" 'NR > 1 && $15 == "mesh" && $3 == s && $5 == "cga" && $6 == 1 { print $2, $9 }' \
			"$cga_csv" | sort -n > "$work/cga_ratio_${set}_1.dat"
		awk -F, -v s="$set" 'NR > 1 && $15 == "mesh" && $3 == s && $5 == "cga" && $6 > 1 { print $2, $9 }' \
			"$cga_csv" | sort -n > "$work/cga_ratio_${set}_n.dat"
	done
	awk -F, 'NR > 1 && $15 == "meshes" && $5 == "cga" && $6 == 1 { print $2, $9 }' "$cga_csv" | sort -n \
		> "$work/cga_ratio_meshes_1.dat"
	cores=$(awk -F, 'NR > 1 && $6 > 1 { print $6; exit }' "$cga_csv")
	cga_machine=$(sed -n 's/^machine: //p' bench/results/cga.txt | sed 's/"/\\"/g')
	{
		echo 'set title "segment vs bumpy sphere (brute force)"'
		mesh_plot "cga_segment_" "euclidean_1|Euclidean, 1 thread|lw 2 pt 5" "cga_1|CGA, 1 thread|lw 2 pt 7" \
			"euclidean_n|Euclidean, ${cores:-all} threads|dt 2 pt 4" "cga_n|CGA, ${cores:-all} threads|dt 2 pt 6"
		echo 'set title "triangle vs bumpy sphere (brute force)"'
		mesh_plot "cga_triangle_" "euclidean_1|Euclidean, 1 thread|lw 2 pt 5" "cga_1|CGA, 1 thread|lw 2 pt 7" \
			"euclidean_n|Euclidean, ${cores:-all} threads|dt 2 pt 4" "cga_n|CGA, ${cores:-all} threads|dt 2 pt 6"
		echo 'set title "the goal: CGA ns / Euclidean ns, <= 1.5"'
		echo 'set ylabel "ratio"'
		echo 'unset logscale y'
		echo 'set format y "%g"'
		echo 'set yrange [0:2]'
		echo 'set arrow 1 from graph 0, first 1.5 to graph 1, first 1.5 nohead dt 2 lc rgb "red"'
		mesh_plot "cga_ratio_" "segment_1|segment, 1 thread|lw 2 pt 7" "segment_n|segment, all threads|dt 2 pt 6" \
			"triangle_1|triangle, 1 thread|lw 2 pt 5" "triangle_n|triangle, all threads|dt 2 pt 4" \
			"meshes_1|mesh vs bumpy L3, 1 thread|lw 2 pt 9"
	} > "$work/cga_plots.gp"
	gnuplot <<GNUPLOT
set terminal $terminal
set output "docs/images/bench_cga.png"
set multiplot layout 2,2 title "CGA vs Euclidean collision tests (source 003), lower is better\n{/*0.8 $cga_machine}"
set title "primitive pairs (4096 random pairs, in cache)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set datafile missing "?"
set logscale y
set grid ytics
set key top left
set yrange [*:50000]
set xtics rotate by -25 font ",9"
set ylabel "ns per test (log scale)"
plot "$work/cga_pairs.dat" using 2:xtic(1) title "Euclidean" lc rgb "#4477aa", \
     "" using 3 title "CGA (compact)" lc rgb "#228833", "" using 4 title "CGA, 32-blade multivectors" lc rgb "#cc6677"
unset style
set style data linespoints
set xtics norotate font ""
set yrange [*:*]
set logscale xy
set format x "10^{%L}"
set xlabel "triangles"
set ylabel "ns per triangle test (log scale)"
set key top right
set grid
load "$work/cga_plots.gp"
unset multiplot
GNUPLOT
	echo "plot: docs/images/bench_cga.png"
fi

# The GPU plot: for each case, the GPU's speed-up over the CPU path of the same machine (log scale),
# from bench/results/gpu.csv (bench, "method", device, elements, compute_ms, wall_ms, rate, ratio, "note":
# split on the quotes, the third piece holds device ... ratio).
gpu_csv=bench/results/gpu.csv
if [ -s "$gpu_csv" ] && [ -s bench/results/gpu.txt ] && grep -q ',gpu,' "$gpu_csv"; then
	awk -F'"' 'NR > 1 { split($3, f, ","); if (f[2] == "gpu") { b = $1; sub(",$", "", b); printf "\"%s: %s\" %s\n", b, $2, f[7] } }' \
		"$gpu_csv" > "$work/gpu_ratios.dat"
	gpu_device=$(sed -n 's/^device: \([^,]*\),.*/\1/p' bench/results/gpu.txt | sed 's/"/\\"/g')
	gpu_date=$(sed -n '1s/.*benchmark, //p' bench/results/gpu.txt)
	gnuplot <<GNUPLOT
set terminal pngcairo size 1100,620 font "DejaVu Sans,10"
set output "docs/images/bench_gpu.png"
set title "GPU (${gpu_device}) over the CPU path on the same machine's cores, ${gpu_date}"
set style fill solid 0.8
set boxwidth 0.7
set logscale y
set ylabel "speed-up (log scale)"
set yrange [0.05:500]
set xtics rotate by -35 left font ",9"
set grid ytics
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "red"
unset key
plot "$work/gpu_ratios.dat" using 0:2:xtic(1) with boxes lc rgb "#4a86e8", \
     "" using 0:2:(sprintf("%.3g", \$2)) with labels offset 0,0.8 font ",9"
GNUPLOT
	echo "plot: docs/images/bench_gpu.png"
fi
