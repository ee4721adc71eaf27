#!/usr/bin/python3
"""Tunes the candidate-ranking weights of zh_forms.py on half of the hand-written entries.

Reads: build/lexicon/hand_in.tsv and build/lexicon/hand_compare.tsv (written by zh_validate.py;
the hand zh is taken from there), the sources zh_forms.py reads.
Writes: nothing but its report on stdout. Two searches, each fitted on split A (entries whose
md5(en|pos) is even) and scored on the held-out split B:
  --greedy   coordinate search maximising exact agreement (overfits: A up, B down)
  (default)  conditional-logit fit: maximises the mean log-probability of the hand form among an
             entry's candidates (softmax over candidate scores), with an L2 pull towards the
             hand-set weights; then exact agreement on A and B.
The weights are copied into zh_forms.py's WEIGHTS by hand, only if B improves.
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zh_forms  # noqa: E402
from zh_common import BUILD, read_tsv  # noqa: E402

STEPS = (-1.0, -0.6, -0.3, -0.15, 0.15, 0.3, 0.6, 1.0)   # added to a weight in the search


def split(en, pos):
    return "A" if int(hashlib.md5(("%s|%s" % (en, pos)).encode()).hexdigest(), 16) % 2 == 0 else "B"


def main():
    rows = read_tsv(os.path.join(BUILD, "hand_in.tsv"), 3)
    hand = {(r[0], r[1]): r[2] for r in read_tsv(os.path.join(BUILD, "hand_compare.tsv"))}
    lex = zh_forms.Lexicon()
    ch = zh_forms.Chooser(lex)
    items = []
    for en, pos, g in rows:
        cands, syn, gloss, from_adj = zh_forms.gather(ch, en, pos, g)
        if cands:
            items.append((en, pos, hand[(en, pos)], cands, gloss, from_adj, split(en, pos)))

    def agree(w, part):
        n = 0
        for en, pos, hz, cands, gloss, from_adj, sp in items:
            if sp != part:
                continue
            r = zh_forms.rank(cands, w)
            n += zh_forms.finish(r[0][1], pos, gloss, from_adj) == hz
        return n

    if "--greedy" not in sys.argv:
        return logit(items, agree)
    nA = sum(1 for i in items if i[6] == "A")
    nB = len(items) - nA
    w = dict(zh_forms.WEIGHTS)
    print("start: A %d/%d  B %d/%d" % (agree(w, "A"), nA, agree(w, "B"), nB))
    best = agree(w, "A")
    for rnd in range(3):
        changed = False
        for k in zh_forms.WEIGHTS:
            if k == "proper":
                continue
            for d in STEPS:
                w2 = dict(w)
                w2[k] = round(w[k] + d, 3)
                a = agree(w2, "A")
                if a > best:
                    best, w, changed = a, w2, True
        print("round %d: A %d/%d  B %d/%d" % (rnd + 1, best, nA, agree(w, "B"), nB))
        if not changed:
            break
    print("weights:")
    for k in zh_forms.WEIGHTS:
        print("    %r: %s," % (k, w[k]))


def logit(items, agree, l2=0.02, lr=0.05, iters=300, train_part="A"):
    import math
    w0 = dict(zh_forms.WEIGHTS)
    keys = [k for k in w0 if k != "proper"]
    w = dict(w0)
    train = [i for i in items if i[6] == train_part and i[2] in i[3]]
    nA = sum(1 for i in items if i[6] == "A")
    nB = len(items) - nA
    print("start: A %d/%d  B %d/%d  (train items with the hand form among candidates: %d)" % (
        agree(w, "A"), nA, agree(w, "B"), nB, len(train)))
    for it in range(iters):
        grad = {k: 0.0 for k in keys}
        ll = 0.0
        for en, pos, hz, cands, gloss, from_adj, sp in train:
            feats, scores = [], []
            for form, fts in cands.items():
                best = max(fts, key=lambda ft: zh_forms.score_of(ft, w))
                feats.append((form, best))
                scores.append(zh_forms.score_of(best, w))
            m = max(scores)
            ex = [math.exp(x - m) for x in scores]
            z = sum(ex)
            for (form, ft), e in zip(feats, ex):
                p = e / z
                y = 1.0 if form == hz else 0.0
                if y:
                    ll += math.log(max(p, 1e-12))
                for k in keys:
                    v = ft.get(k, 0.0)
                    if v:
                        grad[k] += (y - p) * v
        n = len(train)
        for k in keys:
            w[k] += lr * (grad[k] / n - l2 * (w[k] - w0[k]))
        if it % 50 == 49 or it == iters - 1:
            print("iter %d: mean log p %.3f  A %d/%d  B %d/%d" % (
                it + 1, ll / n, agree(w, "A"), nA, agree(w, "B"), nB))
    print("weights:")
    for k in zh_forms.WEIGHTS:
        print("    %r: %.2f," % (k, w[k]))
    return w


if __name__ == "__main__":
    main()
