#!/usr/bin/python3
"""Checks zh_forms.py against the 660 hand-written entries of assets/lexicon/*.tsv.

Reads: assets/lexicon/{nouns,verbs,adjectives,adverbs}.tsv (en_sg / en_base / en / en and their
zh, zh_cl, zh_pred, zh_asp columns), WordNet 3.0 (dominant-sense glosses, Debian wordnet-base).
Writes:
  build/lexicon/hand_in.tsv        en<TAB>pos<TAB>wn_gloss  (the zh_forms.py input)
  build/lexicon/hand_out.tsv       zh_forms.py's output on it (overrides NOT applied, so the
                                   numbers measure the automatic ranking alone)
  build/lexicon/hand_debug.tsv     the candidates behind each choice
  build/lexicon/hand_compare.tsv   en, pos, hand zh, auto zh, verdict (same / nospace / differ / none)
                                   plus the classifier, predicative and aspect columns side by side
  build/lexicon/hand_sample.tsv    a fixed-seed sample of 100 of the 'differ' entries, to be judged
                                   by hand (acceptable or not)
Prints the agreement figures.
"""
import hashlib
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zh_common import BUILD, ROOT, WordNet, read_tsv  # noqa: E402

LEX = os.path.join(ROOT, "assets", "lexicon")


def hand_entries():
    out = []
    for r in read_tsv(os.path.join(LEX, "nouns.tsv")):
        out.append((r[0], "noun", r[4], r[5], "-", "-", r[2]))
    for r in read_tsv(os.path.join(LEX, "verbs.tsv")):
        out.append((r[0], "verb", r[7], "-", "-", r[8], r[4]))
    for r in read_tsv(os.path.join(LEX, "adjectives.tsv")):
        out.append((r[0], "adj", r[1], "-", r[2], "-", r[6]))
    for r in read_tsv(os.path.join(LEX, "adverbs.tsv")):
        out.append((r[0], "adv", r[1], "-", "-", "-", r[3]))
    return out


def split(en, pos):
    """The halves of zh_tune.py: A (weights fitted) and B (held out)."""
    return "A" if int(hashlib.md5(("%s|%s" % (en, pos)).encode()).hexdigest(), 16) % 2 == 0 else "B"


def main():
    os.makedirs(BUILD, exist_ok=True)
    wn = WordNet()
    hand = hand_entries()
    inp = os.path.join(BUILD, "hand_in.tsv")
    with open(inp, "w", encoding="utf-8") as fh:
        for en, pos, *_ in hand:
            syn = wn.dominant(en, pos)
            g = wn.definition(syn["gloss"]) if syn else "-"
            fh.write("%s\t%s\t%s\n" % (en, pos, g.replace("\t", " ") or "-"))
    outp = os.path.join(BUILD, "hand_out.tsv")
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "zh_forms.py"), inp, outp,
                    "--no-overrides", "--debug", os.path.join(BUILD, "hand_debug.tsv")], check=True)
    auto = read_tsv(outp)
    stats = {}
    rows = []
    for h, a in zip(hand, auto):
        en, pos, zh, cl, pred, asp, cat = h
        assert a[0] == en and a[1] == pos
        if a[2] == "-":
            v = "none"
        elif a[2] == zh:
            v = "same"
        elif a[2].replace(" ", "") == zh.replace(" ", ""):
            v = "nospace"
        else:
            v = "differ"
        key = pos + ("/name" if cat == "name" else "")
        s = stats.setdefault(key, {"n": 0, "same": 0, "nospace": 0, "differ": 0, "none": 0, "cl": 0, "cln": 0,
                                   "pred": 0, "asp": 0})
        s["n"] += 1
        s[v] += 1
        if pos == "noun" and v in ("same", "nospace"):
            s["cln"] += 1
            s["cl"] += a[3] == cl
        if pos == "adj" and v in ("same", "nospace"):
            s["pred"] += a[4] == pred
        if pos == "verb":
            s["asp"] += a[5] == asp
        rows.append([en, pos, zh, a[2], v, cl, a[3], pred, a[4], asp, a[5], cat])
    with open(os.path.join(BUILD, "hand_compare.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# en\tpos\thand_zh\tauto_zh\tverdict\thand_cl\tauto_cl\thand_pred\tauto_pred\thand_asp\tauto_asp\tcat\n")
        for r in rows:
            fh.write("\t".join(r) + "\n")
    tot = {"n": 0, "same": 0, "nospace": 0, "differ": 0, "none": 0}
    for k, s in sorted(stats.items()):
        extra = ""
        if k == "noun":
            extra = "  classifier equal where zh equal: %d/%d" % (s["cl"], s["cln"])
        if k == "adj":
            extra = "  zh_pred equal where zh equal: %d/%d" % (s["pred"], s["same"] + s["nospace"])
        if k == "verb":
            extra = "  zh_asp equal: %d/%d" % (s["asp"], s["n"])
        print("%-10s n=%3d same=%3d nospace=%2d differ=%3d none=%2d%s" % (
            k, s["n"], s["same"], s["nospace"], s["differ"], s["none"], extra))
        for x in tot:
            tot[x] += s[x]
    for part in ("A", "B"):
        rs = [r for r in rows if split(r[0], r[1]) == part]
        print("split %s (%s): n=%d same=%d (%.1f%%)" % (
            part, "weights fitted here" if part == "A" else "held out", len(rs),
            sum(r[4] == "same" for r in rs), 100.0 * sum(r[4] == "same" for r in rs) / len(rs)))
    differ = [r for r in rows if r[4] == "differ"]
    random.Random(660).shuffle(differ)
    with open(os.path.join(BUILD, "hand_sample.tsv"), "w", encoding="utf-8") as fh:
        for r in sorted(differ[:100], key=lambda r: (r[1], r[0])):
            fh.write("\t".join([r[0], r[1], r[2], r[3]]) + "\n")
    print("%-10s n=%3d same=%3d (%.1f%%) same-or-nospace=%d (%.1f%%) differ=%d none=%d" % (
        "all", tot["n"], tot["same"], 100.0 * tot["same"] / tot["n"], tot["same"] + tot["nospace"],
        100.0 * (tot["same"] + tot["nospace"]) / tot["n"], tot["differ"], tot["none"]))


if __name__ == "__main__":
    main()
