#!/usr/bin/env python3
"""Peer for `make eval`: zxing-cpp (PyPI `zxing-cpp`) alone on the same frames as `capkit eval-barcode`.

Reads each PGM frame written by `capkit eval-barcode --out DIR` (the exact gray pixels CaptureKit's
reader saw), asks zxing-cpp for PDF417 symbols on the whole raw frame (its defaults: try rotate,
try downscale, local-average binariser), and counts the frames where a symbol's bytes equal the
printed payload. Prints one JSON object per tier folder given.
"""
import base64
import importlib.metadata
import json
import os
import resource
import sys
import time


def cpu_seconds():
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def read_pgm(path):
    import numpy as np

    with open(path, "rb") as f:
        data = f.read()
    # Header: "P5", width, height, maxval, each followed by one whitespace byte (no comments in our
    # files); the pixels start right after the whitespace byte that follows maxval.
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(data[start:at])
    at += 1
    if fields[0] != b"P5" or int(fields[3]) != 255:
        raise ValueError(f"{path}: not an 8-bit binary PGM")
    width, height = int(fields[1]), int(fields[2])
    return np.frombuffer(data[at:at + width * height], dtype=np.uint8).reshape(height, width)


def evaluate(folder):
    import zxingcpp

    frames = []
    with open(os.path.join(folder, "truth.jsonl")) as f:
        for line in f:
            t = json.loads(line)
            frames.append((t["file"], base64.b64decode(t["payload"])))
    exact = misread = 0
    start_cpu = cpu_seconds()
    for name, payload in frames:
        image = read_pgm(os.path.join(folder, name))
        results = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.PDF417)
        if any(bytes(r.bytes) == payload for r in results):
            exact += 1
        elif results:
            misread += 1
    cpu = cpu_seconds() - start_cpu
    return {
        "peer": "zxing-cpp " + importlib.metadata.version("zxing-cpp"),
        "folder": os.path.basename(os.path.normpath(folder)),
        "frames": len(frames),
        "exact": exact,
        "exactRate": exact / max(1, len(frames)),
        "otherSymbolRead": misread,
        "cpuMillisecondsPerFrame": 1000 * cpu / max(1, len(frames)),
    }


def main():
    if len(sys.argv) < 2:
        print("usage: zxing_peer.py TIER_FOLDER... (written by capkit eval-barcode --out)", file=sys.stderr)
        sys.exit(2)
    for folder in sys.argv[1:]:
        print(json.dumps(evaluate(folder)))


if __name__ == "__main__":
    main()
