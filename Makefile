# LayoutBench. Every target first makes sure the system packages SwiftPM cannot fetch are installed
# (libjemalloc-dev, pkg-config; see scripts/ensure-system-packages.sh), then hands over to SwiftPM.
#
#   make                  the default benchmark suite, release build (same as `make run`)
#   make run ARGS="..."   extra arguments for `layoutbench`
#   make verify           check every strategy against the linear scan, and time them
#   make test             the tests (debug build)
#   make gate             the performance gate: the gate suite, instruction counts included (valgrind), against
#                         results/baseline.json (exit 2 on a regression)
#   make benchmarks-check the package-benchmark suite (Benchmarks/): malloc counts against Benchmarks/Thresholds/6.3;
#                         BENCHMARK_SCRATCH=DIR builds into DIR (CI passes this checkout's .build: its release modules
#                         are reused, since Benchmarks/ depends on this package by path)
#   make fuzz             the fuzzers (Fuzz/, libFuzzer): every reader of user input, FUZZ_SECONDS (60) each, seeded;
#                         exit 1 on any crash, with the input's path
#   make docs             the API reference: one DocC archive of every library module, warnings as errors, from the
#                         debug build (.build/documentation/LayoutBench.doccarchive; scripts/docs.sh)
#   make command-reference  rewrite the help golden files and Guides/Commands.md's help blocks from the built binary
#   make deps             only install the system packages (DEPS_FLAGS=--with-valgrind adds valgrind)

SWIFT ?= swift
ARGS ?=
DEPS_FLAGS ?=
FUZZ_SECONDS ?= 60

.DEFAULT_GOAL := run
# package-benchmark reads static thresholds from --path, not per toolchain by itself; its CPU and memory metrics read
# /proc inside the malloc-counted window (16 allocations an iteration), so the allocation gate counts mallocs alone.
BENCHMARK_THRESHOLDS ?= Thresholds/6.3
BENCHMARK_SCRATCH ?=

.PHONY: run test verify gate benchmarks-check fuzz docs command-reference deps deps-valgrind

run: deps
	$(SWIFT) run -c release layoutbench $(ARGS)

test: deps
	$(SWIFT) test $(ARGS)

verify: deps
	$(SWIFT) run -c release layoutbench verify $(ARGS)

# The gate counts instructions under callgrind, so it needs valgrind (installed when missing) before the release build:
# the build compiles callgrind.h's client requests in only when the header is there.
gate: deps-valgrind
	$(SWIFT) run -c release layoutbench gate --instructions $(ARGS)

benchmarks-check: deps
	cd Benchmarks && $(SWIFT) package $(if $(BENCHMARK_SCRATCH),--scratch-path "$(BENCHMARK_SCRATCH)") benchmark thresholds check --path $(BENCHMARK_THRESHOLDS) --metric mallocCountTotal --no-progress

fuzz: deps
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

docs: deps
	bash scripts/docs.sh

# The help texts are golden-tested (Tests/layoutbenchTests/Golden) and quoted in Guides/Commands.md; after a change to
# an option or a command, this rewrites both from `layoutbench … --help`. Review the diff and commit it.
command-reference: deps
	LAYOUTBENCH_UPDATE_GOLDEN=1 $(SWIFT) test --filter 'HelpTextTests|CommandReferenceTests'

deps:
	@bash scripts/ensure-system-packages.sh $(DEPS_FLAGS)

deps-valgrind:
	@bash scripts/ensure-system-packages.sh --with-valgrind $(DEPS_FLAGS)
