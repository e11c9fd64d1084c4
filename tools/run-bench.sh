#!/bin/sh
# Runs every benchmark built in BUILD_DIR and draws the plots; `make bench` calls it after building.
# Usage: tools/run-bench.sh BUILD_DIR [--quick]
#   --quick  a hundredth of the queries: checks the harness in seconds; its figures mean little
# Writes bench/results/polygon.csv (one row per case x query set x method), bench/results/polygon.txt
# (the table as printed, with the machine line) and docs/images/bench_polygon.png.
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

# Keep the benchmark's exit status through the pipe (POSIX sh has no pipefail).
{
	"$build/bench/bench_polygon" --csv bench/results/polygon.csv "$@"
	echo $? > "$work/status"
} | tee bench/results/polygon.txt
status=$(cat "$work/status")
if [ "$status" -ne 0 ]; then
	echo "run-bench: bench_polygon failed (exit $status)" >&2
	exit "$status"
fi

if ! command -v gnuplot > /dev/null 2>&1; then
	echo "run-bench: gnuplot not found, no plots drawn (tools/install-deps.sh installs it)"
	exit 0
fi

# The CSV is long (one row per method); the plots want one line per case and one column per method.
# wide SET METHOD... : ns per query (build_ms for the build rows) of each method, "?" where missing.
wide()
{
	set_name=$1
	shift
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
		}' bench/results/polygon.csv
}
wide unif crossing winding boost.covered_by cgal.bounded_side_2 > "$work/pip_unif.dat"
wide traj crossing winding boost.covered_by cgal.bounded_side_2 > "$work/pip_traj.dat"
wide unif circle boost.circle cgal.circle > "$work/circle_unif.dat"
wide - build boost.build cgal.build > "$work/build.dat"

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
