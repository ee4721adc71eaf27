#!/usr/bin/python3
"""Expected multi-reference chrF and BLEU for tests/fixtures/multi_ref_sample.tsv, written to
tests/fixtures/multi_ref_reference.json, which tests/text/test_chrf.cpp matches to 0.01.

BLEU: NLTK's (Debian's python3-nltk) clipped n-gram counts against both references
(modified_precision) and closest reference length, on the tokens of the regular-expression
tokenisers in make_bleu_reference.py (13a; for Chinese every CJK character a token), summed over
the corpus as sacreBLEU does. NLTK's own corpus_bleu differs from sacreBLEU in one place: it counts
a hypothesis shorter than n as one n-gram (max(1, ...)), so the totals are taken from the
hypotheses' lengths instead. chrF: written here from sacreBLEU 2's definition, independently of the C++: character
n-grams 1..6 of the text with all whitespace removed (Python's str.split), beta 2, per sentence the
statistics of the reference with the best sentence chrF, summed over the corpus, precision and
recall averaged over the orders where both sides have n-grams, then F-beta.

    apt-get install python3-nltk     # once; ./test does not need it
    /usr/bin/python3 tests/reference/make_multi_ref_reference.py
"""
import json
import os
from collections import Counter

import math

from nltk.translate.bleu_score import closest_ref_length, modified_precision

from make_bleu_reference import tokenize_13a, tokenize_zh

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "fixtures")
ORDER, BETA = 6, 2.0


def char_ngrams(text, n):
    chars = "".join(text.split())
    return Counter(chars[i:i + n] for i in range(len(chars) - n + 1))


def chrf_stats(hyp, ref):
    stats = []
    for n in range(1, ORDER + 1):
        h, r = char_ngrams(hyp, n), char_ngrams(ref, n)
        stats.append((sum(h.values()), sum(r.values()), sum(min(c, r[g]) for g, c in h.items() if g in r)))
    return stats


def chrf_score(stats):
    prec = rec = 0.0
    orders = 0
    for n_hyp, n_ref, n_match in stats:
        if n_hyp > 0 and n_ref > 0:
            prec += n_match / n_hyp
            rec += n_match / n_ref
            orders += 1
    if orders == 0:
        return 0.0
    prec, rec = prec / orders, rec / orders
    if prec + rec == 0:
        return 0.0
    b2 = BETA * BETA
    return 100.0 * (1 + b2) * prec * rec / (b2 * prec + rec)


def corpus_chrf(hyps, refs):
    total = [[0, 0, 0] for _ in range(ORDER)]
    for hyp, alternatives in zip(hyps, refs):
        best, best_f = None, -1.0
        for ref in alternatives:
            s = chrf_stats(hyp, ref)
            f = chrf_score(s)
            if f > best_f:
                best, best_f = s, f
        for i, s in enumerate(best):
            for j in range(3):
                total[i][j] += s[j]
    return chrf_score(total)


def corpus_bleu(refs, hyps):
    matched, total = [0] * 4, [0] * 4
    hyp_len = ref_len = 0
    for alternatives, hyp in zip(refs, hyps):
        hyp_len += len(hyp)
        ref_len += closest_ref_length(alternatives, len(hyp))
        for n in range(1, 5):
            matched[n - 1] += modified_precision(alternatives, hyp, n).numerator
            total[n - 1] += max(0, len(hyp) - n + 1)
    if min(matched) == 0:
        return 0.0
    bp = 1.0 if hyp_len >= ref_len else math.exp(1 - ref_len / hyp_len)
    return bp * math.exp(sum(0.25 * math.log(m / t) for m, t in zip(matched, total)))


def main():
    rows = {"de": [], "zh": []}
    with open(os.path.join(DATA, "multi_ref_sample.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            lang, hyp, ref1, ref2 = line.rstrip("\n").split("\t")
            rows[lang].append((hyp, [ref1, ref2]))
    out = {}
    for lang, items in rows.items():
        tok = tokenize_zh if lang == "zh" else tokenize_13a
        hyps = [h for h, _ in items]
        refs = [r for _, r in items]
        bleu = 100.0 * corpus_bleu([[tok(x) for x in r] for r in refs], [tok(h) for h in hyps])
        out[lang] = {"bleu": bleu, "chrf": corpus_chrf(hyps, refs), "sentences": len(items),
                     "sentence_chrf": [corpus_chrf([h], [r]) for h, r in items]}
        print(lang, round(bleu, 4), round(out[lang]["chrf"], 4))
    with open(os.path.join(DATA, "multi_ref_reference.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
