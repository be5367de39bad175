#!/usr/bin/env python3
"""Real MRZ line crops for the recogniser: fetch, vet, split and convert (tooling, see --help).

Source: DoubangoTelecom/tesseractMRZ at a pinned commit (BSD-3-Clause; its images were gathered from web
image searches, so only pictures whose MRZ names a specimen are used: Evaluation/mrz-lines/). The crops
are read from a local git mirror or a blob-less clone, converted from TIFF to 8-bit PNG with Pillow
(installed from PyPI on first use) and written, with their text, to a cache folder outside the
repository. Nothing of the dataset is committed; the recogniser's weights are what training keeps.
"""
import argparse
import hashlib
import io
import json
import os
import re
import subprocess
import sys

REPOSITORY = "DoubangoTelecom/tesseractMRZ"
SHORT_COMMIT = "1e7adfe"
MARKERS = "Evaluation/mrz-lines/specimen-markers.txt"
REAL_TRUTH = "Evaluation/real-mrz/truth.jsonl"
MRZ_ALPHABET = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
LENGTHS = (30, 36, 44)


def parse_arguments():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Prints what it kept and left out; exits 3, writing nothing, when the source cannot be reached.")
    parser.add_argument("--out", default=os.path.join(os.path.expanduser("~"), ".cache", "capturekit", "mrz-lines"),
                        help="folder to write train/, validation/ and index.jsonl into (default %(default)s)")
    parser.add_argument("--mirror", default=os.environ.get("REAL_MRZ_MIRROR", "/work/.mirror"),
                        help="folder of git mirrors, OWNER+NAME/repo (default %(default)s)")
    parser.add_argument("--git-base", default="https://github.com", help="where to clone from when no mirror has it")
    parser.add_argument("--validation-share", type=int, default=30,
                        help="percent of pictures (by a hash of the picture's name) kept for validation (default %(default)s)")
    return parser.parse_args()


def git_dir(arguments):
    """A git directory holding the pinned commit: the mirror, else a blob-less clone in the cache."""
    owner, name = REPOSITORY.split("/")
    for candidate in (os.path.join(arguments.mirror, f"{owner}+{name}", "repo", ".git"),
                      os.path.join(arguments.mirror, f"{owner}+{name}")):
        if os.path.isdir(candidate) and has_commit(candidate):
            return candidate
    clone = os.path.join(os.path.dirname(arguments.out.rstrip("/")), "tesseractMRZ.git")
    if not os.path.isdir(clone):
        try:
            subprocess.run(["git", "clone", "--bare", "--filter=blob:none", f"{arguments.git_base}/{REPOSITORY}.git",
                            clone], check=True, timeout=600, capture_output=True)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
            return None
    return clone if has_commit(clone) else None


def has_commit(directory):
    result = subprocess.run(["git", "-C", directory, "rev-parse", "--verify", "--quiet", SHORT_COMMIT + "^{commit}"],
                            capture_output=True, text=True)
    return result.returncode == 0


def read_blobs(directory, commit, paths):
    """The bytes of `paths` at `commit`, through one `git cat-file --batch`."""
    request = "".join(f"{commit}:{p}\n" for p in paths).encode()
    out = subprocess.run(["git", "-C", directory, "cat-file", "--batch"], input=request,
                         capture_output=True, check=True).stdout
    blobs, i = [], 0
    for _ in paths:
        newline = out.index(b"\n", i)
        header = out[i:newline].split()
        if len(header) < 3 or header[1] != b"blob":
            blobs.append(None)
            i = newline + 1
            continue
        size = int(header[2])
        blobs.append(out[newline + 1:newline + 1 + size])
        i = newline + 1 + size + 1
    return blobs


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ca != cb))
    return row[-1]


def main():
    arguments = parse_arguments()
    try:
        from PIL import Image
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pillow"], check=True)
        from PIL import Image
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    markers = [line.strip() for line in open(MARKERS) if line.strip() and not line.startswith("#")]
    truth_lines = [line for record in map(json.loads, open(REAL_TRUTH)) for line in record.get("lines", [])]
    directory = git_dir(arguments)
    if directory is None:
        print(f"real MRZ lines: not available ({REPOSITORY} at {SHORT_COMMIT} is neither in the mirror "
              f"{arguments.mirror} nor reachable at {arguments.git_base})")
        sys.exit(3)
    commit = subprocess.run(["git", "-C", directory, "rev-parse", SHORT_COMMIT + "^{commit}"],
                            capture_output=True, text=True, check=True).stdout.strip()
    names = subprocess.run(["git", "-C", directory, "ls-tree", "-r", "-z", "--name-only", commit, "dataset/"],
                           capture_output=True, check=True).stdout.decode().split("\0")
    gts = [n for n in names if n.endswith(".gt.txt") and "font_generate" not in n]
    texts = read_blobs(directory, commit, gts)
    pictures = {}
    for path, blob in zip(gts, texts):
        match = re.match(r"dataset/(.*)-(\d+)\.gt\.txt$", path)
        if match and blob is not None:
            pictures.setdefault(match.group(1), {})[path[:-len(".gt.txt")] + ".tif"] = blob.decode("utf-8", "replace").strip()
    kept, left_out = {}, {"no specimen marker": 0, "near a real-set line": 0}
    for picture, lines in pictures.items():
        joined = "|".join(lines.values())
        if not any(marker in joined for marker in markers):
            left_out["no specimen marker"] += 1
        elif any(edit_distance(line, truth) <= 4 for line in lines.values() for truth in truth_lines
                 if abs(len(line) - len(truth)) <= 4):
            left_out["near a real-set line"] += 1
        else:
            kept[picture] = lines
    lines_left_out = 0
    for split in ("train", "validation"):
        os.makedirs(os.path.join(arguments.out, split), exist_ok=True)
    paths = [(picture, tif, text) for picture, lines in sorted(kept.items()) for tif, text in sorted(lines.items())
             if len(text) in LENGTHS and set(text) <= MRZ_ALPHABET]
    lines_left_out = sum(len(lines) for lines in kept.values()) - len(paths)
    images = read_blobs(directory, commit, [tif for _, tif, _ in paths])
    index, counts = [], {"train": 0, "validation": 0}
    for number, ((picture, tif, text), blob) in enumerate(zip(paths, images)):
        if blob is None:
            continue
        digest = hashlib.sha256(picture.encode()).hexdigest()
        split = "validation" if int(digest[:8], 16) % 100 < arguments.validation_share else "train"
        image = Image.open(io.BytesIO(blob)).convert("L")
        name = f"{split}/{number:04d}.png"
        image.save(os.path.join(arguments.out, name))
        index.append({"file": name, "text": text, "split": split, "picture": digest[:16],
                      "sourceSHA256": hashlib.sha256(blob).hexdigest()})
        counts[split] += 1
    with open(os.path.join(arguments.out, "index.jsonl"), "w") as handle:
        for record in index:
            handle.write(json.dumps(record) + "\n")
    print(f"{REPOSITORY} at {commit}: {len(pictures)} pictures of real crops, {len(kept)} kept "
          f"({left_out['no specimen marker']} without a specimen marker, {left_out['near a real-set line']} near a "
          f"line of Evaluation/real-mrz); {counts['train']} training and {counts['validation']} validation lines "
          f"({lines_left_out} partial or off-alphabet lines left out) in {arguments.out}")


if __name__ == "__main__":
    main()
