#!/usr/bin/python3
"""A stand-in for build/lexicon/zh_request.tsv, for developing the Chinese side before the merge
step writes the real one.

Reads: build/lexicon/en_lemmas.tsv when it exists (the English lemma list, frequency order;
columns en pos rank score sense wn offset written gloss); otherwise WordNet 3.0's cntlist.rev
(Debian wordnet-base): lemmas ranked by their summed SemCor tag counts, with the gloss of the
sense with the highest count.
Writes: build/lexicon/zh_request_standin.tsv  en<TAB>pos<TAB>wn_gloss, in frequency order
(never zh_request.tsv itself, which belongs to the merge step).
Usage: zh_standin.py [N]   (cntlist fallback only: how many lemmas, default 1500)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zh_common import BUILD, WordNet, read_tsv  # noqa: E402

OUT = os.path.join(BUILD, "zh_request_standin.tsv")


def main():
    lemmas = os.path.join(BUILD, "en_lemmas.tsv")
    rows = []
    if os.path.exists(lemmas):
        for f in read_tsv(lemmas, 9):
            rows.append((f[0], f[1], f[8] or "-"))
        src = lemmas
    else:
        n = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
        wn = WordNet()
        tot = {}
        for (lemma, pos, _), c in wn.counts.items():
            if " " in lemma or not lemma.isalpha() or not lemma.islower():
                continue
            tot[(lemma, pos)] = tot.get((lemma, pos), 0) + c
        for (lemma, pos), c in sorted(tot.items(), key=lambda kv: (-kv[1], kv[0]))[:n]:
            syn = wn.dominant(lemma, pos)
            rows.append((lemma, pos, wn.definition(syn["gloss"]) if syn else "-"))
        src = "cntlist.rev"
    with open(OUT, "w", encoding="utf-8") as fh:
        for en, pos, g in rows:
            fh.write("%s\t%s\t%s\n" % (en, pos, g.replace("\t", " ")))
    print("%s: %d entries from %s" % (OUT, len(rows), src))


if __name__ == "__main__":
    main()
