#!/usr/bin/env python3
"""Scores the printed fields (VIZ) of `capkit scan --json` on the real specimen set (see scripts/eval-real-viz --help).

Standard library only. The images are the real MRZ set's (fetched at their pinned commits and checked against
their SHA-256 by the functions of eval_real_mrz.py); the truth is the printed fields typed by eye in
Evaluation/real-viz/truth.jsonl. Values are compared as `capkit eval-viz` compares them (EvalVizCommand.matches):
dates by day, month and year (the reported ISO `date`), document numbers in capitals without spaces, every
other field in capitals with runs of spaces collapsed (the reported value too: real print is not always in
capitals).
"""
import json
import os
import subprocess
import sys
import tempfile
import unicodedata

sys.dont_write_bytecode = True  # no scripts/__pycache__ from the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import eval_real_mrz as real  # noqa: E402  (fetching, SHA-256 check and the scan are shared)

TRUTH = os.environ.get("REAL_VIZ_TRUTH", "Evaluation/real-viz/truth.jsonl")
FIELDS = ["primaryName", "secondaryName", "fullName", "documentNumber", "dateOfBirth", "dateOfIssue",
          "dateOfExpiry", "sex", "nationality", "placeOfBirth", "issuingAuthority"]
DATES = {"dateOfBirth", "dateOfIssue", "dateOfExpiry"}
# The fields of eval-viz's "names+no.+dates" line: name, code and date kinds, place of birth excepted.
TARGETS = ["primaryName", "secondaryName", "fullName", "documentNumber", "dateOfBirth", "dateOfIssue", "dateOfExpiry"]
KINDS = ("TD3", "TD2", "TD1")


def load_truth(path):
    """The truth records, checked for shape; a malformed record is a setup error."""
    if not os.path.isfile(path):
        raise real.SetupError(f"no truth file at {path}")
    records = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise real.SetupError(f"{where}: not JSON ({error})") from None
            for key in ("repository", "commit", "path", "sha256", "licence"):
                if not isinstance(record.get(key), str) or not record[key]:
                    raise real.SetupError(f"{where}: '{key}' missing")
            if len(record["commit"]) != 40 or len(record["sha256"]) != 64:
                raise real.SetupError(f"{where}: commit must be 40 hex digits and sha256 64")
            if not record.get("skipped"):
                check_record(record, where)
            records.append(record)
    if not records:
        raise real.SetupError(f"{path} holds no record")
    return records


def check_record(record, where):
    """Every scored field is typed, unknown or absent, exactly once; dates carry an ISO date, sex a letter."""
    if record.get("kind") not in KINDS:
        raise real.SetupError(f"{where}: kind must be one of {', '.join(KINDS)}")
    fields, unknown, absent = record.get("fields"), record.get("unknown"), record.get("absent")
    if not isinstance(fields, dict) or not isinstance(unknown, dict) or not isinstance(absent, list):
        raise real.SetupError(f"{where}: needs 'fields' and 'unknown' objects and an 'absent' list")
    named = list(fields) + list(unknown) + list(absent)
    if sorted(named) != sorted(FIELDS):
        raise real.SetupError(f"{where}: every field of {', '.join(FIELDS)} must be in exactly one of "
                              "fields, unknown and absent")
    for name, truth in fields.items():
        if not isinstance(truth, dict) or not isinstance(truth.get("printed"), str) or not truth["printed"]:
            raise real.SetupError(f"{where}: {name} needs its 'printed' string")
        if not all(isinstance(form, str) and form for form in truth.get("accept", [])):
            raise real.SetupError(f"{where}: {name}: 'accept' must list strings")
        date = truth.get("date")
        if (name in DATES) != isinstance(date, str) or (date is not None and not valid_date(date)):
            raise real.SetupError(f"{where}: {name}: dates (and only dates) need 'date' as YYYY-MM-DD")
        if (name == "sex") != (truth.get("value") in ("M", "F", "X")):
            raise real.SetupError(f"{where}: {name}: the sex (and only it) needs 'value' M, F or X")


def valid_date(text):
    parts = text.split("-")
    return (len(parts) == 3 and [len(part) for part in parts] == [4, 2, 2] and all(part.isdigit() for part in parts)
            and 1 <= int(parts[1]) <= 12 and 1 <= int(parts[2]) <= 31)


def collapse(text):
    return " ".join(text.split())


def accepted(field, truth):
    """The normalised values that count as exact for a typed field (a date field compares its ISO date)."""
    if field in DATES:
        return {truth["date"]}
    if field == "sex":
        return {truth["value"]}
    forms = [truth["printed"], *truth.get("accept", [])]
    if field == "documentNumber":
        return {"".join(form.upper().split()) for form in forms}
    return {collapse(form.upper()) for form in forms}


def reported_form(field, value):
    """The part of a reported value that is compared, normalised as the truth is: the ISO date for dates, the
    value in capitals otherwise (without spaces for a document number, runs of spaces collapsed elsewhere).
    eval-viz capitalises only the printed value, its generator printing capitals; real print is not always."""
    if field in DATES:
        return value.get("date")
    text = value.get("value")
    if not isinstance(text, str):
        return None
    if field == "documentNumber":
        return "".join(text.upper().split())
    return collapse(text.upper())


def folded(text):
    """Capitals without diacritics (and ß as SS), as eval-viz's '(accents)' column folds them."""
    text = text.upper().replace("ß", "SS")
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def score(record, answer):
    """Per field of the record: 'exact', 'wrong', 'not read' (typed fields), 'spurious' (a value reported for a
    field the side does not print) or 'unscored' (a value reported for a field typed unknown); plus the details
    of every wrong or spurious value and the layouts the scan chose."""
    viz = answer.get("viz") if isinstance(answer, dict) and not answer.get("error") else None
    sides = [side for side in viz if isinstance(side, dict)] if isinstance(viz, list) else []
    layouts = [f"{side.get('layout', '?')} ({side.get('side', '?')})" for side in sides]
    if not isinstance(answer, dict):
        status = "no answer"
    elif answer.get("error"):
        status = "scan error"
    else:
        status = answer.get("detectionStatus") or "-"
    outcomes, details, accents = {}, [], set()
    for field in FIELDS:
        values = [side["fields"][field] for side in sides
                  if isinstance(side.get("fields"), dict) and isinstance(side["fields"].get(field), dict)]
        if field in record["fields"]:
            truth = record["fields"][field]
            if not values:
                outcomes[field] = "not read"
                continue
            forms = accepted(field, truth)
            bad = [value for value in values if reported_form(field, value) not in forms]
            if not bad:
                outcomes[field] = "exact"
                continue
            outcomes[field] = "wrong"
            for value in bad:
                shown = value.get("value", "")
                if field in DATES:
                    shown += f" ({value.get('date') or 'no date'})"
                    expected = f"{truth['printed']} ({truth['date']})"
                else:
                    expected = truth["printed"]
                    if field != "sex" and any(folded(form) == folded(collapse(value.get("value", "")))
                                              for form in [truth["printed"], *truth.get("accept", [])]):
                        accents.add(field)
                details.append(f"{field}: printed '{expected}' read '{shown}'")
        elif values:
            if field in record["absent"]:
                outcomes[field] = "spurious"
                details.append(f"{field}: not printed, read '{values[0].get('value', '')}'")
            else:
                outcomes[field] = "unscored"
    return outcomes, details, layouts, accents, status


def rate(part, total):
    return "-" if total == 0 else f"{part / total:.3f}"


def table(title, tallies, fields):
    """Lines of a per-field table: typed, exact, wrong, (accents), not read, spurious."""
    lines = [title, f"  {'field':<18}{'typed':>6}{'exact':>8}{'wrong':>8}{'(accents)':>10}{'not read':>10}{'spurious':>10}"]
    total = dict(typed=0, exact=0, wrong=0, accents=0, notRead=0, spurious=0)
    targets = dict(total)

    def row(label, t):
        return (f"  {label:<18}{t['typed']:>6}{rate(t['exact'], t['typed']):>8}{rate(t['wrong'], t['typed']):>8}"
                f"{rate(t['accents'], t['typed']):>10}{rate(t['notRead'], t['typed']):>10}{t['spurious']:>10}")
    for field in fields:
        t = tallies[field]
        if t["typed"] == 0 and t["spurious"] == 0:
            continue
        lines.append(row(field, t))
        for key in total:
            total[key] += t[key]
            if field in TARGETS:
                targets[key] += t[key]
    lines.append(row("names+no.+dates", targets))
    lines.append(row("all fields", total))
    lines.append(f"  (counts: exact {total['exact']}, wrong {total['wrong']}, not read {total['notRead']} of "
                 f"{total['typed']} typed values; names+no.+dates exact {targets['exact']}, wrong {targets['wrong']} "
                 f"of {targets['typed']})")
    return lines


def empty_tallies():
    return {field: dict(typed=0, exact=0, wrong=0, accents=0, notRead=0, spurious=0) for field in FIELDS}


MARGIN = 0.25


def with_margin(records, files, work):
    """Copies of the images with a grey margin (ffmpeg), or None without ffmpeg."""
    margined = {}
    for record in records:
        source = files[id(record)]
        target = os.path.splitext(source)[0] + "-margin.png"
        size = f"iw*{1 + 2 * MARGIN}:ih*{1 + 2 * MARGIN}:iw*{MARGIN}:ih*{MARGIN}"
        try:
            result = subprocess.run(
                ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", source,
                 "-vf", f"pad={size}:color=0x808080", target], capture_output=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if result.returncode != 0:
            raise real.SetupError(f"ffmpeg could not add a margin to {record['path']}: "
                                  f"{result.stderr.decode(errors='replace').strip()[:200]}")
        margined[id(record)] = os.path.abspath(target)
    return margined


def report(records, files):
    """Scans the files in one capkit process and prints the per-image rows and the per-field tables."""
    answers, _, cpu, wall = real.scan([files[id(record)] for record in records])
    tallies = {kind: empty_tallies() for kind in ("all", *KINDS)}
    layouts_chosen, statuses, unscored, rows = {}, {}, 0, []
    for record in records:
        outcomes, wrongs, layouts, accents, status = score(record, answers.get(files[id(record)]))
        statuses[status] = statuses.get(status, 0) + 1
        for kind in ("all", record["kind"]):
            for field in FIELDS:
                t = tallies[kind][field]
                outcome = outcomes.get(field)
                if field in record["fields"]:
                    t["typed"] += 1
                    t[{"exact": "exact", "wrong": "wrong", "not read": "notRead"}[outcome]] += 1
                    t["accents"] += field in accents
                elif outcome == "spurious":
                    t["spurious"] += 1
        unscored += sum(1 for outcome in outcomes.values() if outcome == "unscored")
        key = ", ".join(layouts) or "none (no printed field reported)"
        layouts_chosen[key] = layouts_chosen.get(key, 0) + 1
        count = {name: sum(1 for outcome in outcomes.values() if outcome == name)
                 for name in ("exact", "wrong", "not read", "spurious")}
        rows.append((real.short_label(record), record["kind"], status, ", ".join(layouts) or "-",
                     f"{count['exact']}/{len(record['fields'])} exact, {count['wrong']} wrong, "
                     f"{count['not read']} not read" + (f", {count['spurious']} spurious" if count["spurious"] else ""),
                     wrongs))
    width = max(len(label) for label, *_ in rows)
    status_width = max(len("detection"), *(len(row[2]) for row in rows))
    layout_width = max(len("layout"), *(len(row[3]) for row in rows))
    print(f"{'image':<{width}}  {'kind':<4}  {'detection':<{status_width}}  {'layout':<{layout_width}}  printed fields")
    for label, kind, status, layout, words, wrongs in rows:
        print(f"{label:<{width}}  {kind:<4}  {status:<{status_width}}  {layout:<{layout_width}}  {words}")
        for detail in wrongs:
            print(f"{'':<{width}}        {detail}")
    count = len(rows)
    print(f"total: {count} images scored")
    for line in table("per field, all images:", tallies["all"], FIELDS):
        print(line)
    for kind, title in (("TD3", "passport data pages (TD3)"), ("TD1", "TD1 cards"), ("TD2", "TD2 cards")):
        images = sum(1 for record in records if record["kind"] == kind)
        if images:
            print(f"  {title}: {images} images")
            for line in table("", tallies[kind], FIELDS)[-3:-1]:
                print(line.replace("  names+no.+dates", f"  {kind} names+no.+dates").replace(
                    "  all fields", f"  {kind} all fields"))
    print("  wrong: a value reported that is not the printed one; spurious: a value reported for a field the "
          f"side does not print; {unscored} values reported for fields typed unknown are not scored")
    print("detection status (images): " + ", ".join(
        f"{name} {number}" for name, number in sorted(statuses.items(), key=lambda item: (-item[1], item[0]))))
    print("layout chosen (images):")
    for key, number in sorted(layouts_chosen.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {number:>3}  {key}")
    print(f"capkit scan: {cpu * 1000 / count:.0f} ms CPU per image incl. decoding, MRZ and VIZ, "
          f"{wall:.1f} s wall for the {count} images in one process")


def main():
    if not (os.path.isfile(real.RELEASE_BIN) and os.access(real.RELEASE_BIN, os.X_OK)):
        raise real.SetupError(f"no capkit binary at {real.RELEASE_BIN} (run `make release` or set RELEASE_BIN)")
    records = load_truth(TRUTH)
    skipped = [record for record in records if record.get("skipped")]
    scored = [record for record in records if not record.get("skipped")]
    typed = sum(len(record["fields"]) for record in scored)
    print(f"== Real VIZ set: {len(records)} public specimen images, {len(scored)} scored ({typed} printed values "
          f"typed), {len(skipped)} left out ({TRUTH}); measurement only ==")

    work = tempfile.mkdtemp(prefix="capkit-real-viz-")
    try:
        files, unavailable = real.fetch_pinned(scored, work)
        if not files:
            print("real VIZ set: not available (no source reachable: set REAL_MRZ_SOURCES, provide a mirror, "
                  "or allow access to github.com)")
            return 0

        present = [record for record in scored if id(record) in files]
        print("-- as published --")
        report(present, {id(record): files[id(record)] for record in present})
        margined = with_margin(present, files, work)
        if margined is None:
            print("-- with a margin: not available (no ffmpeg to add it) --")
        else:
            print(f"-- with a margin: each image centred on a grey ground {MARGIN:.0%} of its size wide on every side "
                  "(the published pictures are cropped to the document, which photo mode takes as too close) --")
            report(present, margined)
        if unavailable:
            missing = sum(1 for record in scored if id(record) not in files)
            print(f"not scored: {missing} images of {', '.join(r for r, _, _ in unavailable)} (source not available)")
        print(f"left out ({len(skipped)}):")
        for record in skipped:
            print(f"  {real.short_label(record)}: {record['notes']}")
        return 0
    finally:
        subprocess.run(["rm", "-rf", work], check=False)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except real.SetupError as error:
        print(f"eval-real-viz: {error}", file=sys.stderr)
        sys.exit(2)
