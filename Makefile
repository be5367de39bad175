# CaptureKit: the two commands of the README, plus the measuring ones.
SWIFT ?= swift
RELEASE_BIN = .build/release/capkit

.PHONY: demo test bench eval bootstrap build release clean loadtest

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release --product capkit

## make demo: scan the bundled sample documents and print their MRZ fields.
demo: release
	$(RELEASE_BIN) demo

## make test: the whole test suite.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## make eval: accuracy on generated documents (exact MRZ per tier, localisation).
eval: release
	$(RELEASE_BIN) eval

## make bench: CPU time per frame, with PassportEye as the peer in the same script.
bench: release
	scripts/bench

## make loadtest: licence validation and resource download under wrk (release server, SQLite, loopback).
loadtest: bootstrap
	scripts/loadtest

clean:
	rm -rf .build
