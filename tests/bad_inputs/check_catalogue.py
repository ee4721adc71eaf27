#!/usr/bin/python3
"""Feeds every file of the bad-input catalogue (catalogue.tsv, beside this script) to the real code
path of the command-line tool and checks what a visitor would get. Standard library only.

    check_catalogue.py --attn build/native/attn --models assets/models

  text     attn translate --model <models>/en-de.safetensors "<the file's bytes>"   (exit 0, a note)
  image    attn classify --json <file>         (exit 0 with predictions, or 1 with {"error": ...})
  weights  attn translate --model <file> "the dog"   (the model loader: exit 1, the reason)
  url      skipped here: tests/app/test_url_catalogue.cpp (a gtest) checks them

Each must end within the time limit, without a signal (a crash, or a sanitizer's abort under
build/asan), with the outcome the table gives and its message. Exit 0 when all hold."""
import argparse
import csv
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def rows():
    with open(os.path.join(HERE, "catalogue.tsv"), encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def command(row, attn, models):
    path = os.path.join(HERE, row["file"])
    if row["kind"] == "text":
        with open(path, "rb") as f:
            text = f.read()  # bytes: invalid UTF-8 reaches the tool as it is
        return [attn, "translate", "--model", os.path.join(models, "en-de.safetensors"), text]
    if row["kind"] == "image":
        return [attn, "classify", "--json", path]
    if row["kind"] == "weights":
        return [attn, "translate", "--model", path, "the dog"]
    raise ValueError(f"unknown kind {row['kind']}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--models", required=True)
    ap.add_argument("--timeout", type=float, default=120)
    args = ap.parse_args()
    failures = 0
    table = rows()
    if len(table) < 20:
        print(f"FAIL the catalogue has only {len(table)} rows")
        failures += 1
    for row in table:
        name = row["file"]
        if row["kind"] == "url":
            continue  # no command-line path: the gtest UrlCatalogue feeds these to the parser and the app state
        if not os.path.exists(os.path.join(HERE, name)):
            print(f"FAIL {name}: missing (run make_bad_inputs.py)")
            failures += 1
            continue
        try:
            p = subprocess.run(command(row, args.attn, args.models), capture_output=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"FAIL {name}: no answer in {args.timeout} s")
            failures += 1
            continue
        out = (p.stdout + p.stderr).decode("utf-8", "replace")
        problems = []
        if p.returncode < 0 or p.returncode > 2:
            problems.append(f"exit {p.returncode} (crash or sanitizer report): {out[-2000:]}")
        elif (p.returncode == 0) != (row["outcome"] == "ok"):
            problems.append(f"exit {p.returncode}, expected outcome {row['outcome']}")
        if row["message"] not in out:
            problems.append(f"no \"{row['message']}\" in the output")
        if row["kind"] == "image":
            try:
                answer = json.loads(p.stdout.decode("utf-8"))
                if row["outcome"] == "error" and "error" not in answer:
                    problems.append("no error field in the JSON")
            except ValueError:
                problems.append("stdout is not one JSON object")
        shown = out.strip().splitlines()
        summary = next((line for line in shown if row["message"] in line), shown[-1] if shown else "")
        print(f"{'FAIL' if problems else 'PASS'} {name} ({row['kind']}, {row['outcome']}): {summary[:160]}")
        for problem in problems:
            print(f"     {problem[:3000]}")
        failures += bool(problems)
    print(f"{failures} failure(s)" if failures else "all catalogue entries behave")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
