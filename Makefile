# judge: the two set-up commands on a fresh machine are `make check` and
# `make test`. Everything else is for working on the harness.

CARGO ?= cargo
JUDGE := target/release/judge

.PHONY: all build check test regen bench lint fmt clean

all: check

## Release build of the judge binary.
build:
	$(CARGO) build --release --locked

## Build, then prove the whole test set: strict input validation and case
## hygiene, every expected output equal to the reference solver's, and every
## expected-verdict submission getting its folder's verdict. Then the same
## for the problem kinds in testdata/kinds (checker programs, an in-crate
## checker, an interactive problem, a scoring problem).
check: build
	$(JUDGE) validate --report-dir reports/validate
	$(JUDGE) check
	$(JUDGE) --problems testdata/kinds validate --report-dir reports/kinds-validate
	$(JUDGE) --problems testdata/kinds check --report-dir reports/kinds

## The harness's own unit and integration tests.
test:
	$(CARGO) test --locked

## Recompute every expected output (atomic; failing cases keep their file).
regen: build
	$(JUDGE) regen

## Throughput and solver benchmarks (figures printed; no pass/fail).
bench:
	$(CARGO) bench --locked

## Formatting and lints, as CI enforces them.
lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets --locked -- -D warnings

fmt:
	$(CARGO) fmt

clean:
	$(CARGO) clean
	find reports -mindepth 1 ! -name .gitkeep -delete
