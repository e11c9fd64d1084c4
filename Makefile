# The front door. Everything real lives in CMakeLists.txt; these targets install what is missing,
# configure, build and run.
#   make demo    the default scene: a window with a display, else out/demo.png and a summary
#   make test    every test (ctest), then again built with ASan + UBSan
#   make test-long  the normal build's tests with the long sweeps too (COLLIDE_LONG_TESTS=1)
#   make bench   benchmarks against the peers found on the machine -> bench/results, docs/
#   make docs    the pictures in docs/, rendered headless by the project's own scripts
#   make fuzz-short  each fuzz target of tests/fuzz for FUZZ_SECONDS (30) with libFuzzer (clang)
#   make fuzz        the same for long (FUZZ_SECONDS=3600), keeping new inputs in build-fuzz/corpus

BUILD      ?= build
BUILD_ASAN ?= build-asan
BUILD_BENCH?= build-bench
BUILD_FUZZ ?= build-fuzz
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS?=
# cmake's own make runs as a fresh top-level make: no "Entering directory" noise from recursion.
CMAKE_BUILD = MAKEFLAGS= MAKELEVEL= cmake --build

.PHONY: all deps build demo test test-fast test-long test-asan bench docs fuzz fuzz-short clean

all: build

deps:
	@sh tools/install-deps.sh core

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) > /dev/null
	@$(CMAKE_BUILD) $(BUILD) -j $(JOBS)

demo: build
	@sh tools/run-demo.sh $(BUILD)

test: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE_WERROR=ON $(CMAKE_FLAGS) > /dev/null
	@$(CMAKE_BUILD) $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory test-asan
	@$(MAKE) --no-print-directory fuzz-short

test-fast: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The sweeps make test leaves out for time: more random cases per class, every combination.
test-long: build
	cd $(BUILD) && COLLIDE_LONG_TESTS=1 ctest --output-on-failure -j $(JOBS) --timeout 7200

# -O1: the sanitizers check the same accesses as at -O0, and the suite runs faster. -g1: line
# tables, all a sanitizer report needs to name file and line, and a fifth less compile time.
test-asan: deps
	@cmake -S . -B $(BUILD_ASAN) -DCMAKE_BUILD_TYPE=Debug -DCOLLIDE_WERROR=ON -DCOLLIDE_SANITIZE=ON \
	  -DCOLLIDE_FAST_TESTS=ON "-DCMAKE_C_FLAGS_DEBUG=-g1 -O1" $(CMAKE_FLAGS) > /dev/null
	@$(CMAKE_BUILD) $(BUILD_ASAN) -j $(JOBS)
	cd $(BUILD_ASAN) && ctest --output-on-failure -j $(JOBS)

bench:
	@sh tools/install-deps.sh bench
	@cmake -S . -B $(BUILD_BENCH) -DCMAKE_BUILD_TYPE=Release -DCOLLIDE_BENCH=ON -DCOLLIDE_TESTS=OFF $(CMAKE_FLAGS) > /dev/null
	@$(CMAKE_BUILD) $(BUILD_BENCH) -j $(JOBS)
	@sh tools/run-bench.sh $(BUILD_BENCH)

docs: build
	@sh tools/make-docs.sh $(BUILD)

# FUZZ_SECONDS is per target; the default differs between the two.
fuzz-short: deps
	@sh tools/run-fuzz.sh $(BUILD_FUZZ) short $(or $(FUZZ_SECONDS),30)

fuzz: deps
	@sh tools/run-fuzz.sh $(BUILD_FUZZ) long $(or $(FUZZ_SECONDS),3600)

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_BENCH) $(BUILD_FUZZ) out
