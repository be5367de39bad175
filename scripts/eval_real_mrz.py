#!/usr/bin/env python3
"""Scores `capkit scan --json` on the real MRZ set (run through scripts/eval-real-mrz, see its --help).

Standard library only. The images are fetched at their pinned commits, checked against their SHA-256,
scanned by one capkit process and compared line by line with Evaluation/real-mrz/truth.jsonl.
"""
import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

TRUTH = os.environ.get("REAL_MRZ_TRUTH", "Evaluation/real-mrz/truth.jsonl")
SOURCES = os.environ.get("REAL_MRZ_SOURCES", "")
MIRROR = os.environ.get("REAL_MRZ_MIRROR", "/work/.mirror")
CACHE = os.environ.get("REAL_MRZ_CACHE", os.path.join(os.path.expanduser("~"), ".cache", "capturekit", "real-mrz"))
OFFLINE = os.environ.get("REAL_MRZ_OFFLINE", "") not in ("", "0")
RELEASE_BIN = os.environ.get("RELEASE_BIN", ".build/release/capkit")
GIT_BASE = os.environ.get("REAL_MRZ_GIT_BASE", "https://github.com")
CLONE_TIMEOUT = 300

SHAPES = {"TD1": (3, 30), "TD2": (2, 36), "TD3": (2, 44), "MRV-A": (2, 44), "MRV-B": (2, 36)}
MRZ_CHARACTERS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")


class SetupError(Exception):
    """A problem with the set-up (not with the reads): exit status 2."""


def check_digit(text):
    """ICAO 9303 check digit (weights 7, 3, 1; '<' counts 0, A-Z count 10-35)."""
    total = 0
    for index, character in enumerate(text):
        if character.isdigit():
            value = int(character)
        elif character == "<":
            value = 0
        else:
            value = ord(character) - 55
        total += value * (7, 3, 1)[index % 3]
    return str(total % 10)


def printed_checks_agree(kind, lines):
    """Whether every check digit printed in the MRZ agrees with its field."""
    pairs = []
    if kind == "TD1":
        first, second, _ = lines
        pairs = [(first[5:14], first[14]), (second[0:6], second[6]), (second[8:14], second[14]),
                 (first[5:30] + second[0:7] + second[8:15] + second[18:29], second[29])]
    else:
        second = lines[1]
        pairs = [(second[0:9], second[9]), (second[13:19], second[19]), (second[21:27], second[27])]
        if kind == "TD2":
            pairs.append((second[0:10] + second[13:20] + second[21:35], second[35]))
        elif kind == "TD3":
            pairs.append((second[28:42], second[42]))
            pairs.append((second[0:10] + second[13:20] + second[21:43], second[43]))
    return all(digit == check_digit(field) or (digit == "<" and set(field) == {"<"}) for field, digit in pairs)


def load_truth(path):
    """The truth records, checked for shape; a malformed record is a setup error."""
    if not os.path.isfile(path):
        raise SetupError(f"no truth file at {path}")
    records = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise SetupError(f"{where}: not JSON ({error})") from None
            for key in ("repository", "commit", "path", "sha256", "licence"):
                if not isinstance(record.get(key), str) or not record[key]:
                    raise SetupError(f"{where}: '{key}' missing")
            if len(record["commit"]) != 40 or len(record["sha256"]) != 64:
                raise SetupError(f"{where}: commit must be 40 hex digits and sha256 64")
            if not record.get("skipped"):
                kind, lines = record.get("kind"), record.get("lines")
                if kind not in SHAPES:
                    raise SetupError(f"{where}: kind must be one of {', '.join(SHAPES)}")
                count, width = SHAPES[kind]
                if not isinstance(lines, list) or len(lines) != count or any(
                        not isinstance(text, str) or len(text) != width or not set(text) <= MRZ_CHARACTERS
                        for text in lines):
                    raise SetupError(f"{where}: {kind} needs {count} lines of {width} MRZ characters")
                if record.get("printedChecksAgree") != printed_checks_agree(kind, lines):
                    raise SetupError(f"{where}: printedChecksAgree does not match the check digits of the lines")
            records.append(record)
    if not records:
        raise SetupError(f"{path} holds no record")
    return records


def git(git_dir, *arguments, timeout=120):
    return subprocess.run(["git", "--git-dir", git_dir, *arguments], capture_output=True, timeout=timeout,
                          env=dict(os.environ, GIT_TERMINAL_PROMPT="0"))


def has_commit(git_dir, commit):
    try:
        return git(git_dir, "cat-file", "-e", f"{commit}^{{commit}}").returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def folder_reader(folder):
    def read(path):
        full = os.path.join(folder, path)
        if not os.path.isfile(full):
            raise SetupError(f"{full}: missing (REAL_MRZ_SOURCES is set and holds this repository)")
        with open(full, "rb") as handle:
            return handle.read()
    return read


def git_reader(git_dir, commit, label):
    def read(path):
        try:
            result = git(git_dir, "cat-file", "blob", f"{commit}:{path}", timeout=CLONE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise SetupError(f"{label}: {path} at {commit[:8]}: git timed out") from None
        if result.returncode != 0:
            raise SetupError(f"{label}: {path} at {commit[:8]}: {result.stderr.decode(errors='replace').strip()}")
        return result.stdout
    return read


def clone(repository, commit):
    """A blob-less bare clone in the cache holding the commit, or None when GitHub cannot be reached."""
    target = os.path.join(CACHE, repository.replace("/", "+") + ".git")
    try:
        if not os.path.isdir(target):
            os.makedirs(CACHE, exist_ok=True)
            partial = target + ".partial"
            subprocess.run(["rm", "-rf", partial], check=False)
            result = subprocess.run(
                ["git", "clone", "--quiet", "--bare", "--filter=blob:none",
                 f"{GIT_BASE}/{repository}.git", partial],
                capture_output=True, timeout=CLONE_TIMEOUT, env=dict(os.environ, GIT_TERMINAL_PROMPT="0"))
            if result.returncode != 0:
                subprocess.run(["rm", "-rf", partial], check=False)
                lines = [line for line in result.stderr.decode(errors="replace").splitlines() if line.strip()]
                return None, lines[:1] or [f"git clone exit status {result.returncode}"]
            os.rename(partial, target)
        if not has_commit(target, commit):
            git(target, "fetch", "--quiet", "--filter=blob:none", "origin", commit, timeout=CLONE_TIMEOUT)
        if not has_commit(target, commit):
            return None, [f"commit {commit[:8]} not in the clone"]
        return target, []
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, [str(error)]


def reader_for(repository, commit):
    """A function from a path to its bytes at the commit, and where they come from; (None, reason) if none."""
    owner, name = repository.split("/", 1)
    if SOURCES:
        for folder in (os.path.join(SOURCES, owner, name), os.path.join(SOURCES, name)):
            if os.path.isdir(folder):
                return folder_reader(folder), f"folder {folder}"
    for git_dir in (os.path.join(MIRROR, f"{owner}+{name}", "repo"), os.path.join(MIRROR, f"{owner}+{name}")):
        if os.path.isdir(git_dir) and has_commit(git_dir, commit):
            return git_reader(git_dir, commit, repository), f"mirror {git_dir}"
    if OFFLINE:
        return None, "not in REAL_MRZ_SOURCES or the mirror, and REAL_MRZ_OFFLINE is set"
    git_dir, problems = clone(repository, commit)
    if git_dir is None:
        return None, f"not in REAL_MRZ_SOURCES or the mirror; clone from {GIT_BASE}: " + "; ".join(problems)
    return git_reader(git_dir, commit, repository), f"clone {git_dir}"


def scan(files):
    """One capkit process over every image: {absolute path: JSON object}, CPU seconds, wall seconds."""
    if not (os.path.isfile(RELEASE_BIN) and os.access(RELEASE_BIN, os.X_OK)):
        raise SetupError(f"no capkit binary at {RELEASE_BIN} (run `make release` or set RELEASE_BIN)")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run([RELEASE_BIN, "scan", "--json", *files], capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    answers = {}
    for line in result.stdout.splitlines():
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(answer, dict) and isinstance(answer.get("input"), str):
            answers[os.path.abspath(answer["input"])] = answer
    if not answers:
        message = result.stderr.strip().splitlines()[-1:] or [f"exit status {result.returncode}"]
        raise SetupError(f"{RELEASE_BIN} scan --json answered nothing: {message[0]}")
    return answers, result.stderr, cpu, wall


def short_label(record):
    """The repository's name and the path, without the folder every image of Arg0s1080/mrz shares."""
    return f"{record['repository'].split('/')[1]}/{record['path'].removeprefix('docs/images/')}"


def outcome(record, answer):
    """The per-image figures and the words for the table."""
    mrz = answer.get("mrz") if answer else None
    if answer is None or answer.get("error"):
        reason = answer.get("error") if answer else "no answer for this file"
        return dict(found=False, exact=False, verified=False, misread=False), f"not read (scan error: {reason})"
    if not isinstance(mrz, dict):
        return dict(found=False, exact=False, verified=False, misread=False), "not read"
    lines = mrz.get("rawLines") or []
    exact = lines == record["lines"]
    verified = mrz.get("verified") is True
    misread = verified and (not exact or not record["printedChecksAgree"])
    if misread:
        words = "MISREAD: reported verified, " + ("printed checks do not agree" if exact else "not the printed text")
    elif exact:
        words = "exact, verified" if verified else "exact, not verified"
    else:
        differing = sum(a != b for a, b in zip("".join(lines), "".join(record["lines"])))
        differing += abs(len("".join(lines)) - len("".join(record["lines"])))
        words = f"wrong ({differing} character{'' if differing == 1 else 's'}), not verified"
    return dict(found=True, exact=exact, verified=verified, misread=misread), words


def fetch_pinned(scored, work):
    """Writes every record's image under `work`, read at its pinned commit and checked against its
    SHA-256; returns ({id(record): path}, [(repository, commit, why) of sources not available]).
    Raises SetupError on a digest that is not the pinned one."""
    files, unavailable = {}, []
    for repository, commit in sorted({(record["repository"], record["commit"]) for record in scored}):
        read, origin = reader_for(repository, commit)
        if read is None:
            unavailable.append((repository, commit, origin))
            print(f"source {repository}@{commit[:8]}: not available ({origin})")
            continue
        print(f"source {repository}@{commit[:8]}: {origin}")
        for record in scored:
            if (record["repository"], record["commit"]) != (repository, commit):
                continue
            data = read(record["path"])
            digest = hashlib.sha256(data).hexdigest()
            if digest != record["sha256"]:
                raise SetupError(f"{repository}:{record['path']} at {commit[:8]}: SHA-256 {digest} "
                                 f"is not the pinned {record['sha256']}")
            target = os.path.join(work, repository.replace("/", "+"), record["path"])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(data)
            files[id(record)] = os.path.abspath(target)
    return files, unavailable


def main():
    if not (os.path.isfile(RELEASE_BIN) and os.access(RELEASE_BIN, os.X_OK)):
        raise SetupError(f"no capkit binary at {RELEASE_BIN} (run `make release` or set RELEASE_BIN)")
    records = load_truth(TRUTH)
    skipped = [record for record in records if record.get("skipped")]
    scored = [record for record in records if not record.get("skipped")]
    print(f"== Real MRZ set: {len(records)} public specimen images, {len(scored)} scored, "
          f"{len(skipped)} skipped ({TRUTH}) ==")

    work = tempfile.mkdtemp(prefix="capkit-real-mrz-")
    try:
        files, unavailable = fetch_pinned(scored, work)
        if not files:
            print("real set: not available (no source reachable: set REAL_MRZ_SOURCES, provide a mirror, "
                  "or allow access to github.com)")
            return 0

        answers, _, cpu, wall = scan([files[id(record)] for record in scored if id(record) in files])
        totals = dict(found=0, exact=0, verified=0, misread=0)
        exact_verified = 0
        valid_count, valid_exact_verified = 0, 0
        rows = []
        for record in scored:
            if id(record) not in files:
                continue
            figures, words = outcome(record, answers.get(files[id(record)]))
            for key in totals:
                totals[key] += figures[key]
            exact_verified += figures["exact"] and figures["verified"] and not figures["misread"]
            if record["printedChecksAgree"]:
                valid_count += 1
                valid_exact_verified += figures["exact"] and figures["verified"]
            label = short_label(record)
            note = "" if record["printedChecksAgree"] or figures["misread"] else "  [printed checks do not agree]"
            rows.append((label, record["kind"], words + note))
        width = max(len(label) for label, _, _ in rows)
        print(f"{'image':<{width}}  {'kind':<5}  result")
        for label, kind, words in rows:
            print(f"{label:<{width}}  {kind:<5}  {words}")
        count = len(rows)

        def share(value):
            return f"{value}/{count} ({value / count:.2f})"

        print(f"total: {count} images scored")
        print(f"  found     {share(totals['found'])}")
        print(f"  exact     {share(totals['exact'])}")
        print(f"  verified  {share(totals['verified'])} (exact and rightly verified {exact_verified})")
        print(f"  misread   {totals['misread']} (reported verified but not the printed text, or verified although "
              "the printed check digits do not agree; must be 0)")
        print(f"  not read  {count - totals['found']}")
        if valid_count:
            print(f"  on the {valid_count} images whose printed check digits agree: exact and verified "
                  f"{valid_exact_verified}/{valid_count} ({valid_exact_verified / valid_count:.2f})")
        print(f"  capkit scan: {cpu * 1000 / count:.0f} ms CPU per image incl. decoding, "
              f"{wall:.1f} s wall for the {count} images in one process")
        if unavailable:
            missing = sum(1 for record in scored if id(record) not in files)
            print(f"  not scored: {missing} images of {', '.join(r for r, _, _ in unavailable)} (source not available)")
        print(f"skipped in the truth ({len(skipped)}):")
        for record in skipped:
            print(f"  {short_label(record)}: {record['notes']}")
        return 0
    finally:
        subprocess.run(["rm", "-rf", work], check=False)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SetupError as error:
        print(f"eval-real-mrz: {error}", file=sys.stderr)
        sys.exit(2)
