# Quick start: `make run` (the server and web board on ./kanban.db) and `make test` (the whole suite).
SWIFT ?= swift

KANBAN_DB ?= ./kanban.db
PORT ?= 8080
# The release binary links the Swift runtime and Foundation statically: every command starts in
# about a third of the time (no dynamic loading of Foundation's libraries). Every release build
# here passes the same flags, so that one does not rebuild everything after another.
RELEASE ?= -c release --static-swift-stdlib

.PHONY: run demo test browser-test load setup bench-setup build bench bench-check bench-chart bench-test fuzz clean

## Load-test kanban serve with wrk (not part of make test; see scripts/load/README.md).
load: build
	scripts/load/run.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)/kanban"

## Install what the build needs (liblmdb-dev through apt-get or brew) when it is missing.
setup:
	@scripts/ensure-lmdb.sh

## Build the kanban CLI in release mode.
build: setup
	$(SWIFT) build $(RELEASE) --product kanban

## Build, then serve the API and the web board on $(KANBAN_DB) (default ./kanban.db) at http://127.0.0.1:$(PORT).
run: build
	@echo "Open http://127.0.0.1:$(PORT)/ in a browser (Ctrl-C stops the server)."
	@"$$($(SWIFT) build $(RELEASE) --show-bin-path)/kanban" serve --db "$(KANBAN_DB)" --port $(PORT)

## Build, then run the scripted command-line demo on a fresh temporary database.
demo: build
	@scripts/demo.sh "$$($(SWIFT) build $(RELEASE) --show-bin-path)/kanban"

## Set up, then run the whole test suite: the Swift tests (the PostgreSQL ones on a throwaway
## cluster that scripts/postgres-test-cluster.sh starts and stops, unless KANBAN_TEST_POSTGRES_URL
## names a server already), then the web board in headless Chromium. The wake-up tests run on
## their own afterwards: they time hints that travel through Swift's shared task pool, which the
## rest of the suite, running in parallel, keeps busy for seconds at a time. So does the fault test
## of 500 streams that never read: it times /healthz, which the rest of the suite would slow; and
## the requests to the OpenID provider, timed against one that drips its answer. Then the engine's
## tests again, each fixture's engine a node of a shared log on PostgreSQL (EngineFixture).
test: setup
	$(SWIFT) build --build-tests
	if [ -z "$$KANBAN_TEST_POSTGRES_URL" ]; then . scripts/postgres-test-cluster.sh; fi; \
	  $(SWIFT) test --skip-build --skip PostgresWakeUpsTests --skip CLIServeStreamMemoryTests --skip NIOOIDCHTTPTests && \
	  $(SWIFT) test --skip-build --filter PostgresWakeUpsTests && $(SWIFT) test --skip-build --filter CLIServeStreamMemoryTests && \
	  $(SWIFT) test --skip-build --filter NIOOIDCHTTPTests && \
	  KANBAN_TEST_ENGINES_ON_POSTGRES=1 $(SWIFT) test --skip-build --filter KanbanTests
	scripts/browser-test.sh "$$($(SWIFT) build --show-bin-path)/kanban"

## Only the browser test (installs chromium, chromium-driver and Selenium when missing).
browser-test: setup
	$(SWIFT) build --product kanban
	scripts/browser-test.sh "$$($(SWIFT) build --show-bin-path)/kanban"

## The benchmark package needs SQLite's headers too (GRDB, for the SQLite comparison).
bench-setup:
	@scripts/ensure-lmdb.sh --with-sqlite

## Run the package-benchmark suite (a nested package in Benchmarks/; KANBAN_BENCH_LARGE=1 adds 1,000,000 events).
bench: bench-setup
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

## Compare a benchmark run with the committed thresholds (Benchmarks/Thresholds/).
bench-check: bench-setup
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark thresholds check

## Redraw Benchmarks/chart.svg from a fresh 100,000-event run (and 1,000,000 with KANBAN_BENCH_LARGE=1).
bench-chart: bench-setup
	mkdir -p Benchmarks/.build/bench-export
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --format influx --path .build/bench-export
	python3 scripts/bench-chart.py Benchmarks/.build/bench-export -o Benchmarks/chart.svg

## The benchmark package's tests: the SQLite store passes the LogStore contract and folds to LMDB's state.
bench-test: bench-setup
	cd Benchmarks && $(SWIFT) test

## Fuzz the event decoder and the command parser with libFuzzer (1,000,000 inputs each; FUZZ_RUNS=N for fewer).
fuzz: setup
	Fuzz/run.sh

clean:
	rm -rf .build
