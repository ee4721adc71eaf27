#!/usr/bin/env python3
"""Runs `attn eval --everyday` (the command after `--`; --out FILE is appended) on a translator into
LANG (`check_eval_everyday.py zh_TW|de -- COMMAND`) and checks its table
against chrF recomputed here from sacreBLEU 2's definition, independently of src/text/chrf.cpp:
character n-grams 1..6 of the text without whitespace, beta 2, statistics summed over the corpus,
precision and recall averaged over the orders where both sides have n-grams; with several
references a sentence keeps the statistics of the reference it scores best against.

Checked: a row per category with the set's sentence counts, the whole set (both references), and
the two rows that put the model beside a second translator: the model's outputs (from --out) and
the second reference, each against the first reference alone. Standard library only.
Exit 0 when all hold; 1 with the reasons otherwise."""
import collections
import os
import subprocess
import sys
import tempfile

EVERYDAY = os.path.join(os.path.dirname(__file__), "..", "..", "assets", "everyday", "everyday.tsv")


def stats(hyp, ref):
    h, r = "".join(hyp.split()), "".join(ref.split())
    out = []
    for n in range(1, 7):
        hc = collections.Counter(h[i:i + n] for i in range(len(h) - n + 1))
        rc = collections.Counter(r[i:i + n] for i in range(len(r) - n + 1))
        out.append((sum(hc.values()), sum(rc.values()), sum(min(c, rc[g]) for g, c in hc.items())))
    return out


def score(s):
    p = r = 0.0
    orders = 0
    for nh, nr, m in s:
        if nh and nr:
            p, r, orders = p + m / nh, r + m / nr, orders + 1
    if not orders or p + r == 0:
        return 0.0
    p, r = p / orders, r / orders
    return 100 * 5 * p * r / (4 * p + r)


def corpus_chrf(hyps, refs):
    total = [[0, 0, 0] for _ in range(6)]
    for h, rs in zip(hyps, refs):
        best = max((stats(h, r) for r in rs), key=score)
        for k in range(6):
            for j in range(3):
                total[k][j] += best[k][j]
    return score(total)


def main():
    cmd = sys.argv[sys.argv.index("--") + 1:]
    column = {"zh_TW": 3, "de": 5}[sys.argv[1]]  # the references' first column in everyday.tsv
    rows = [line.rstrip("\n").split("\t") for line in open(EVERYDAY, encoding="utf-8")]
    with tempfile.TemporaryDirectory() as tmp:
        out_path = os.path.join(tmp, "outputs.tsv")
        run = subprocess.run(cmd + ["--out", out_path], capture_output=True, text=True)
        if run.returncode != 0:
            print("attn eval failed:", run.stderr)
            return 1
        hyps = [line.rstrip("\n").split("\t")[3] for line in open(out_path, encoding="utf-8")]
    table = {}
    for line in run.stdout.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 7 and cells[1].isdigit():
            table[cells[0]] = (int(cells[1]), float(cells[2]))
    problems = []
    counts = collections.Counter(r[1] for r in rows)
    for category, n in counts.items():
        if table.get(category, (None,))[0] != n:
            problems.append(f"category {category}: expected {n} sentences, got {table.get(category)}")
    first = [[r[column]] for r in rows]
    both = [[r[column], r[column + 1]] for r in rows]
    expected = {
        "all": corpus_chrf(hyps, both),
        "the model against the first reference alone": corpus_chrf(hyps, first),
        "the second reference against the first (a second translator)": corpus_chrf([r[column + 1] for r in rows], first),
    }
    for name, value in expected.items():
        got = table.get(name)
        if got is None or got[0] != len(rows) or abs(got[1] - value) > 0.051:
            problems.append(f"{name}: expected {len(rows)} sentences at chrF {value:.2f}, got {got}")
    for p in problems:
        print(p)
    print("ok" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
