#!/bin/sh
# Builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan + fuzzer coverage) and runs
# each one for a while, failing on any crash, leak, timeout or out-of-memory.
# Usage: tools/run-fuzz.sh BUILD_DIR short|long SECONDS [NAME...]
#   Targets run as many at once as there are cores.
#   short  each target starts from a scratch copy of its seed corpus (tests/fuzz/corpus/<name> and
#          regressions/<name>), so the repository's folders are never written; make fuzz-short
#   long   new inputs are kept in BUILD_DIR/corpus/<name> across runs; make fuzz
# What libFuzzer finds is written to BUILD_DIR/artifacts/<name>/ (crash-*, leak-*, timeout-*,
# oom-*); tests/fuzz/README.md says how to keep it as a regression.
set -eu

build=$1
mode=$2
seconds=$3
shift 3
jobs=$(nproc 2>/dev/null || echo 2)

if ! command -v clang >/dev/null 2>&1; then
	echo "fuzz: clang is not installed (tools/install-deps.sh core installs it)" >&2
	exit 1
fi
# -g1: line tables, all a finding's stack trace needs, and less compile time in make test.
CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
	-DCOLLIDE_FUZZ=ON -DCOLLIDE_VIEWER=OFF -DCOLLIDE_CUDA=OFF > /dev/null
MAKEFLAGS= MAKELEVEL= cmake --build "$build" -j "$jobs" --target fuzz_targets

if [ $# -eq 0 ]; then
	for source in tests/fuzz/fuzz_*.c; do
		name=${source#tests/fuzz/fuzz_}
		set -- "$@" "${name%.c}"
	done
fi

# fuzz_one NAME: one target's run; a finding leaves BUILD/artifacts/NAME.failed behind.
fuzz_one() {
	name=$1
	binary="$build/tests/fuzz/fuzz_$name"
	artifacts="$build/artifacts/$name"
	mkdir -p "$artifacts"
	rm -f "$build/artifacts/$name.failed"
	if [ "$mode" = long ]; then
		work="$build/corpus/$name"
		mkdir -p "$work"
	else
		rm -rf "$build/scratch/$name"
		work="$build/scratch/$name"
		mkdir -p "$work"
	fi
	for seeds in "tests/fuzz/corpus/$name" "tests/fuzz/regressions/$name"; do
		[ -d "$seeds" ] && cp "$seeds"/* "$work"/ 2>/dev/null || true
	done
	echo "fuzz: $name for ${seconds}s (corpus $work)"
	# -timeout: one input may take 10 s; -rss_limit_mb: and 2 GiB; -error_exitcode: any finding fails.
	if ! "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$artifacts/" -print_final_stats=1 "$work" \
		> "$build/artifacts/$name.log" 2>&1; then
		tail -n 40 "$build/artifacts/$name.log" >&2
		echo "fuzz: $name FAILED; the input is in $artifacts/ (see tests/fuzz/README.md)" >&2
		touch "$build/artifacts/$name.failed"
	else
		grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$build/artifacts/$name.log" |
			sed "s/^/fuzz: $name /"
	fi
}

# As many targets at once as there are cores (each libFuzzer run is one process).
running=0
for name in "$@"; do
	fuzz_one "$name" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
failed=""
for name in "$@"; do
	[ -f "$build/artifacts/$name.failed" ] && failed="$failed $name"
done
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed" >&2
	exit 1
fi
