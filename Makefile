# judge: the two set-up commands on a fresh machine are `make check` and
# `make test`. Everything else is for working on the harness.

CARGO ?= cargo
JUDGE := target/release/judge

.PHONY: all build check test test-slow install peers deps regen bench lint fmt clean mutants container container-test

all: check

## Install the programs the tests and `make check` run (the one list is
## .ci/deps.txt; Debian packages, as root or with sudo). Without them
## `make test` still passes, naming each test it skipped and why.
deps:
	bash .ci/deps install

## Release build of the judge binary.
build:
	$(CARGO) build --release --locked

## Build, then prove the whole test set: strict input validation and case
## hygiene, every expected output equal to the reference solver's, and every
## expected-verdict submission getting its folder's verdict. Then the same
## for the problem kinds in testdata/kinds (checker programs, an in-crate
## checker, an interactive problem, a scoring problem).
check: build
	$(JUDGE) validate
	$(JUDGE) check
	$(JUDGE) --problems testdata/kinds validate
	$(JUDGE) --problems testdata/kinds check

## The harness's own unit and integration tests, but the slow tier: the
## integration tests tests/it/slow-tier.txt names (measured the longest;
## `make test-slow` runs them, and CI runs both). `cargo test --workspace`
## alone runs everything.
SLOW_TESTS = $(shell sed 's/\#.*//' tests/it/slow-tier.txt)
test:
	$(CARGO) test --workspace --locked -- --exact $(addprefix --skip ,$(SLOW_TESTS))

## The slow tier of the integration tests (tests/it/slow-tier.txt).
test-slow:
	$(CARGO) test --locked --test it -- --exact $(SLOW_TESTS)

## Put `judge` on PATH: builds this checkout in release mode and installs
## the binary into Cargo's bin folder (~/.cargo/bin).
install:
	$(CARGO) install --path . --locked

## The peers' checkers on judge's output (problemtools' verifyproblem and
## BAPCtools' bt on every exported problem), and the peers beside judge on
## every fixture package, verdicts compared (docs/peer-differences.md):
## installs the pinned releases from PyPI into venvs under target/ once;
## minutes of CPU.
peers:
	$(CARGO) test --locked --test peers

## judge's container image (Containerfile: judge and C, C++, Python, Java),
## built with podman from the release binary.
container: build
	rm -rf target/container/context && mkdir -p target/container/context
	cp $(JUDGE) target/container/context/judge
	podman build -f Containerfile -t judge target/container/context

## judge in a stock container, for real: a Debian base made with
## debootstrap, the Containerfile built on it, run with podman's defaults
## (default seccomp profile, no --privileged); inside, the hostile suite
## gets its verdicts and fixture packages keep their promises. As root.
container-test:
	bash tests/container/run.sh

## Recompute every expected output (atomic; failing cases keep their file).
regen: build
	$(JUDGE) regen

## Throughput and solver benchmarks (figures printed; no pass/fail).
bench:
	$(CARGO) bench --locked

## Mutation score of each problem's test set (slow; not part of CI; needs
## `cargo install cargo-mutants`): mutates one reference solver's crate
## (crates/<problem>; not its validator, generator or tests) and runs only
## that crate's `committed_cases` test, so a mutant dies exactly when some
## committed case's expected output changes. `make mutants P=atoms`, or
## all five; the results are in target/mutants/<problem>/mutants.out/
## (caught.txt, missed.txt, timeout.txt, unviable.txt), summarised in
## problems/<problem>/mutants.md. `SHARD=K/N` runs one of N deterministic
## shards (output in target/mutants/<problem>-K), for solvers whose whole
## run does not fit a sitting (sudoku-checker: 692 mutants, about 2.5 h).
## `ITERATE=1` re-tests only what the last run did not catch (after
## `judge harden` added cases: the "after" figure).
MUTANT_PROBLEMS := atoms four-in-a-row slink star-battle sudoku-checker
MUTANT_SKIP := validate|::bounds |::generate |::id|::variants|::solve_variant|engine_name
mutants:
	@for p in $(or $(P),$(MUTANT_PROBLEMS)); do \
	  o=target/mutants/$$p$(if $(SHARD),-$(firstword $(subst /, ,$(SHARD)))); \
	  mkdir -p $$o; \
	  $(CARGO) mutants --profile mutants --no-shuffle -j 1 $(if $(SHARD),--shard $(SHARD)) $(if $(ITERATE),--iterate) \
	    --package judge-$$p -f "crates/$$p/src/**" \
	    -e "**/generate.rs" -e "**/*tests.rs" -e "**/tests.rs" \
	    --exclude-re '$(MUTANT_SKIP)' -o $$o \
	    -- --lib -- --exact committed_cases; \
	  for k in caught missed timeout unviable; do \
	    printf '%s %s: %s\n' $$p $$k "$$(wc -l < $$o/mutants.out/$$k.txt)"; \
	  done; \
	done

## Formatting and lints, as CI enforces them; the docs too: a broken
## intra-doc link is an error in the private items' docs, and a link from
## public docs to a private item in the published ones.
lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	$(CARGO) clippy --locked --test peers -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps --document-private-items --locked
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps --locked

fmt:
	$(CARGO) fmt

clean:
	$(CARGO) clean
	find reports -mindepth 1 ! -name .gitkeep -delete
