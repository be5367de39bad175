#!/usr/bin/env python3
"""Peer for `make bench`: PassportEye (PyPI `passporteye`, Debian tesseract) on the same frames.

Prints one JSON object: frames, CPU seconds per frame (this process and its tesseract children),
and how many MRZs it read exactly (compared with the ground truth file written by `capkit synth`).
"""
import json
import os
import resource
import sys
import time


def cpu_seconds():
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main():
    if len(sys.argv) != 2:
        print("usage: passporteye_peer.py FOLDER (with truth.jsonl from capkit synth)", file=sys.stderr)
        sys.exit(2)
    folder = sys.argv[1]
    from passporteye import read_mrz  # imported here so --help works without it

    truth = {}
    with open(os.path.join(folder, "truth.jsonl")) as f:
        for line in f:
            t = json.loads(line)
            truth[t["file"]] = t["mrz"]
    files = sorted(truth)
    exact = 0
    start_cpu, start_wall = cpu_seconds(), time.time()
    for name in files:
        mrz = read_mrz(os.path.join(folder, name))
        if mrz is not None:
            lines = [l.strip() for l in mrz.aux.get("text", "").split("\n") if l.strip()]
            if lines == truth[name]:
                exact += 1
    cpu = cpu_seconds() - start_cpu
    print(json.dumps({
        "peer": "passporteye",
        "frames": len(files),
        "cpuSecondsPerFrame": cpu / max(1, len(files)),
        "wallSecondsPerFrame": (time.time() - start_wall) / max(1, len(files)),
        "exactMRZ": exact,
    }))


if __name__ == "__main__":
    main()
