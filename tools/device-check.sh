#!/usr/bin/env bash
# The device checks of the GPU backend, in one run on a machine with an NVIDIA GPU (the device machine
# a session may be lent): the device test on small and full sizes, the GPU benchmark, and
# compute-sanitizer's memcheck and racecheck on the smallest case. Keep it under 8 minutes.
#
# Usage: tools/device-check.sh [OUT_DIR]        (default: $OUT, else out/device)
#   STEPS="quick full bench memcheck racecheck lesson"   the steps to run (default: all of them;
#             lesson renders scripts/gpu/rain.lua when tools/device-bundle.sh's bundle is carried)
#   BIN=DIR   where gpu_device_check and bench_gpu are (default .device, as tools/device-build.sh
#             leaves them; when they are missing or cannot run there, they are built from source
#             with the minimal build: the engine, the GPU backend, nvcc and cmake, nothing else)
# Writes OUT_DIR/device-check.txt (everything printed), gpu_device_check.txt, gpu.csv, gpu.txt and,
# with the bundle, gpu_rain_device.png.
set -u
cd "$(dirname "$0")/.."
out=${1:-${OUT:-out/device}}
mkdir -p "$out"
exec > >(tee "$out/device-check.txt") 2>&1
started=$(date +%s)
elapsed() { echo $(($(date +%s) - started)); }
status_all=0
note() { printf '\n== %s (at %ss)\n' "$1" "$(elapsed)"; }

note "machine"
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv 2>&1 || true
nproc
bin=${BIN:-.device}

# usable DIR: both programs are there and load (--info only reads the device; 126 and up: cannot run)
usable() {
	[ -x "$1/gpu_device_check" ] && [ -x "$1/bench_gpu" ] || return 1
	"$1/gpu_device_check" --info
	[ $? -lt 126 ]
}
if ! usable "$bin"; then
	note "building from source (the carried programs are missing or cannot run here)"
	cmake -S . -B build-device -DCOLLIDE_MINIMAL=ON -DCMAKE_BUILD_TYPE=Release > /dev/null &&
		cmake --build build-device -j "$(nproc)" > build-device.log 2>&1 || { tail -30 build-device.log; exit 1; }
	mkdir -p .device
	cp build-device/tests/gpu/gpu_device_check build-device/bench/bench_gpu .device/
	bin=.device
fi

steps=" ${STEPS:-quick full bench memcheck racecheck lesson} "
run() { # run KEY NAME LIMIT COMMAND...: a step of STEPS with a time limit, its status remembered
	key=$1
	name=$2
	limit=$3
	shift 3
	case "$steps" in *" $key "*) ;; *) return 0 ;; esac
	note "$name"
	timeout "$limit" "$@"
	status=$?
	echo "-> $name: exit $status"
	[ $status -eq 0 ] || status_all=1
	summary="$summary$(printf '%-34s exit %3d  (%ss)' "$name" "$status" "$(elapsed)")\n"
}
summary=""

run quick "device test, quick" 60 "$bin/gpu_device_check" --quick
run full "device test, full" 120 "$bin/gpu_device_check" --report "$out/gpu_device_check.txt"
run bench "benchmark" 240 bash -c "'$bin/bench_gpu' --csv '$out/gpu.csv' | tee '$out/gpu.txt'; exit \${PIPESTATUS[0]}"
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null || true)
if [ -n "$sanitizer" ]; then
	run memcheck "compute-sanitizer memcheck" 100 "$sanitizer" --tool memcheck --leak-check full --error-exitcode 9 \
		"$bin/gpu_device_check" --quick
	run racecheck "compute-sanitizer racecheck" 100 "$sanitizer" --tool racecheck --error-exitcode 9 \
		"$bin/gpu_device_check" --quick
else
	echo "compute-sanitizer: not found"
	summary="${summary}compute-sanitizer                  not found\n"
fi
run lesson "rain lesson, headless EGL" 150 sh tools/device-lesson.sh "$out"

note "summary"
printf "$summary"
echo "total $(elapsed) s; $([ $status_all -eq 0 ] && echo 'every step passed' || echo 'SOME STEPS FAILED')"
exit $status_all
