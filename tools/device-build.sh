#!/bin/sh
# Builds, here, the two programs tools/device-check.sh runs on the device machine (the minimal build:
# the engine, the GPU backend and nvcc; Release) into .device/, which git ignores and the device
# tool carries. The device machine builds them itself when these cannot run there.
set -eu
cd "$(dirname "$0")/.."
cmake -S . -B build-device -DCOLLIDE_MINIMAL=ON -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build-device -j "$(nproc)"
mkdir -p .device
cp build-device/tests/gpu/gpu_device_check build-device/bench/bench_gpu .device/
ls -l .device
