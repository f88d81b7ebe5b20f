# LayoutBench. Every target first makes sure the system packages SwiftPM cannot fetch are installed
# (libjemalloc-dev, pkg-config; see scripts/ensure-system-packages.sh), then hands over to SwiftPM.
#
#   make                  the default benchmark suite, release build (same as `make run`)
#   make run ARGS="..."   extra arguments for `layoutbench`
#   make verify           check every strategy against the linear scan, and time them
#   make test             the tests (debug build)
#   make gate             the performance gate: the gate suite against results/baseline.json (exit 2 on a regression)
#   make deps             only install the system packages (DEPS_FLAGS=--with-valgrind adds valgrind)

SWIFT ?= swift
ARGS ?=
DEPS_FLAGS ?=

.DEFAULT_GOAL := run
.PHONY: run test verify gate deps

run: deps
	$(SWIFT) run -c release layoutbench $(ARGS)

test: deps
	$(SWIFT) test $(ARGS)

verify: deps
	$(SWIFT) run -c release layoutbench verify $(ARGS)

gate: deps
	$(SWIFT) run -c release layoutbench gate $(ARGS)

deps:
	@bash scripts/ensure-system-packages.sh $(DEPS_FLAGS)
