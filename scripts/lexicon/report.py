#!/usr/bin/python3
"""Validation report of the lexicon build, printed and written to build/lexicon/report.txt.

Reads: assets/lexicon/generated/{nouns,verbs,adjectives,adverbs}.tsv and overrides-de.tsv,
build/lexicon/{de_forms,en_forms,agreement,merge_log,en_freq}.tsv (via agreement.py for the
comparison with the hand entries), build/lexicon/fetched-versions.txt.
Writes: build/lexicon/report.txt.
Contents: entries per file; per POS the categories / frames / kinds; sources; how many entries
were checked by hand; how many overrides the hand check made; the agreement of the automatic
German choice with the 660 hand entries (before the hand entries override it); what the merge
left out.
Usage: report.py
"""
import collections
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
B = os.path.join(ROOT, "build/lexicon")
GEN = os.path.join(ROOT, "assets/lexicon/generated")
FILES = [("nouns.tsv", "cat", 2), ("verbs.tsv", "frame", 5), ("adjectives.tsv", "kind", 10),
         ("adverbs.tsv", "kind", 3)]


def load(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return [l.rstrip("\n").split("\t") for l in fh if not l.startswith("#") and l.strip()]


def main():
    out = ["Lexicon build report", "===================="]
    v = os.path.join(B, "fetched-versions.txt")
    if os.path.exists(v):
        out.append("optional sources: " + ", ".join(l.strip() for l in open(v, encoding="utf-8") if l.strip()))
    total = 0
    for fn, col, idx in FILES:
        rows = load(os.path.join(GEN, fn))
        total += len(rows)
        src_i, chk_i = len(rows[0]) - 2, len(rows[0]) - 1
        hand = sum(1 for r in rows if r[src_i] == "hand")
        chk = sum(1 for r in rows if r[chk_i] == "1")
        out.append("")
        out.append("%s: %d entries (%d hand-written, %d generated; checked by hand %d)" % (
            fn, len(rows), hand, len(rows) - hand, chk))
        c = collections.Counter(r[idx].split(",")[0] for r in rows)
        out.append("  by %s: %s" % (col + (" (first)" if col == "frame" else ""),
                                     ", ".join("%s %d" % kv for kv in c.most_common())))
        if fn == "nouns.tsv":
            out.append("  mass nouns: %d; place nouns with a preposition: %d; weak (n-declension): %d" % (
                sum(r[3] == "1" for r in rows), sum(r[10] != "-" for r in rows), sum(r[9] == "1" for r in rows)))
            out.append("  genders: %s" % ", ".join("%s %d" % kv for kv in collections.Counter(r[8] for r in rows).most_common()))
        if fn == "verbs.tsv":
            fr = collections.Counter(f for r in rows for f in r[5].split(","))
            out.append("  frames (any): %s" % ", ".join("%s %d" % kv for kv in fr.most_common()))
            out.append("  aux sein %d, separable %d, dative object %d" % (
                sum(r[13] == "sein" for r in rows), sum(r[14] != "-" for r in rows), sum(r[15] == "dat" for r in rows)))
        if fn == "adjectives.tsv":
            out.append("  gradable (en_comp set): %d" % sum(r[1] != "-" for r in rows))
        s = collections.Counter(x for r in rows for x in r[src_i].split(","))
        out.append("  sources used: %s" % ", ".join("%s %d" % kv for kv in s.most_common()))
        zh = sum(1 for r in rows if r[{"nouns.tsv": 4, "verbs.tsv": 8, "adjectives.tsv": 3, "adverbs.tsv": 1}[fn]] != "-")
        out.append("  with Chinese forms: %d" % zh)
    out.append("")
    out.append("total entries: %d" % total)
    ov = load(os.path.join(GEN, "overrides-de.tsv"))
    out.append("hand-check overrides: %d lines for %d entries (%d drops)" % (
        len(ov), len({(o[0], o[1]) for o in ov}), sum(1 for o in ov if len(o) > 2 and o[2] == "drop")))
    out.append("")
    r = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "agreement.py")],
                       capture_output=True, text=True)
    out.append(r.stdout.rstrip())
    de = load(os.path.join(B, "de_forms.tsv"))
    srcs = collections.Counter(x[10] for x in de)
    out.append("")
    out.append("German source of the automatic choice (all entries, before overrides): %s" % (
        ", ".join("%s %d" % kv for kv in srcs.most_common())))
    log = load(os.path.join(B, "merge_log.tsv"))
    why = collections.Counter(("dropped by the hand check" if l[3].startswith("dropped by the hand check") else l[3])
                              if l[0] == "left out" and len(l) > 3 else l[0] + " " + l[1] for l in log)
    out.append("left out or not applied by the merge: %s" % (", ".join("%s %d" % kv for kv in why.most_common()) or "none"))
    text = "\n".join(out) + "\n"
    with open(os.path.join(B, "report.txt"), "w", encoding="utf-8") as fh:
        fh.write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
