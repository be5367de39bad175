# CaptureKit: the two commands of the README, plus the measuring ones.
SWIFT ?= swift
RELEASE_BIN = .build/release/capkit

.PHONY: demo test bench eval eval-barcode eval-face bench-face train-ocr bootstrap build release clean loadtest loadtest-fortface

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release --product capkit

## make demo: scan the bundled sample documents and print their MRZ fields, then try eyewear on
## the sample faces (pictures in out/).
demo: release
	$(RELEASE_BIN) demo
	@mkdir -p out
	$(RELEASE_BIN) tryon --sku FBX-AVI-004 samples/faces/fr_obama.jpg -o out/tryon-obama.png
	$(RELEASE_BIN) tryon --sku FBX-RND-001 samples/faces/skimage_astronaut.png -o out/tryon-astronaut.png
	@echo "try-on pictures: out/tryon-obama.png out/tryon-astronaut.png"

## make test: the whole test suite.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## make eval: accuracy on generated documents (exact MRZ per tier, localisation; exact PDF417
## payloads per tier on generated licence backs, with zxing-cpp alone on the same frames; the document
## classifier's confusion matrix per tier on passports, ID cards, visas, RG/CNH sides and empty frames).
eval: release eval-barcode eval-face
	$(RELEASE_BIN) eval
	$(RELEASE_BIN) eval-classify

## make eval-barcode: the PDF417/AAMVA part of make eval (BARCODE_EVAL_COUNT frames per tier).
eval-barcode: release
	RELEASE_BIN=$(RELEASE_BIN) scripts/eval_barcode

## make bench: CPU time per frame, with PassportEye as the peer in the same script.
bench: release
	RELEASE_BIN=$(RELEASE_BIN) scripts/bench

## make train-ocr: retrain the MRZ recogniser from OCR-B renders (about 40 minutes on 2 cores) into
## /tmp/mrz-ocrb.bin; copy it to Sources/DocumentEngine/Resources and run `capkit resources pack`.
train-ocr: release
	$(RELEASE_BIN) train-ocr --out /tmp/mrz-ocrb.bin

## make eval-face: the try-on tracker on the sample faces moved along known paths at 1280x720
## (presence, eye-corner error, jitter, frames to re-detect, per path kind).
eval-face: release
	$(RELEASE_BIN) eval-face

## make bench-face: the face part of make bench: CPU per 720p frame of tracking + rendering, with
## plain per-frame dlib as the peer.
bench-face: release
	$(RELEASE_BIN) bench-face

## make loadtest: licence validation and resource download under wrk (release server, SQLite, loopback).
loadtest: bootstrap
	scripts/loadtest

## make loadtest-fortface: POST /v1/handshake latency (release server, SQLite, loopback, Python driver).
loadtest-fortface: bootstrap
	scripts/loadtest-fortface

clean:
	rm -rf .build
