#!/usr/bin/python3
"""How often the automatic German choice agrees with the hand-written lexicon (the pipeline's
accuracy on the 660 hand entries, measured before the hand entries override anything).

Reads: build/lexicon/de_forms.tsv (de_forms.py), build/lexicon/en_forms.tsv, and the hand tables
assets/lexicon/{nouns,verbs,adjectives,adverbs}.tsv.
Writes: build/lexicon/agreement.tsv (one line per hand entry: en pos field hand auto same) and
prints a summary; with --summary FILE also writes the summary there (report.py includes it).
Compared: the headword (noun de_sg, verb de_inf, adjective de_pred, adverb de) - the choice of
the equivalent - and, where the headword agrees, the forms (plural+gender, present+participle+
aux+prefix, attributive stem), so that choice and morphology are scored separately. English
forms (plural, verb forms) are compared too. The two halves of the hand list (by line parity)
are also reported separately. The scoring weights of de_forms.py were adjusted while looking at
disagreements from the whole list, so the numbers are somewhat optimistic for other entries.
Usage: agreement.py [--summary FILE]
"""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
B = os.path.join(ROOT, "build/lexicon")
HAND = {"noun": "nouns.tsv", "verb": "verbs.tsv", "adj": "adjectives.tsv", "adv": "adverbs.tsv"}


def load(path):
    with open(path, encoding="utf-8") as fh:
        return [l.rstrip("\n").split("\t") for l in fh if not l.startswith("#") and l.strip()]


def main():
    auto = {(r[0], r[1]): r for r in load(os.path.join(B, "de_forms.tsv"))}
    eng = {(r[0], r[1]): r for r in load(os.path.join(B, "en_forms.tsv"))}
    stats = {}
    lines = []

    def add(pos, field, half, ok):
        for k in ((pos, field, half), (pos, field, "all")):
            a, n = stats.get(k, (0, 0))
            stats[k] = (a + ok, n + 1)

    for pos, fn in HAND.items():
        for i, h in enumerate(load(os.path.join(ROOT, "assets/lexicon", fn))):
            en = h[0]
            half = "even" if i % 2 == 0 else "odd"
            a = auto.get((en, pos))
            if pos == "noun" and h[2] == "name":
                continue  # names: copied, not translated
            if a is None:
                continue
            if pos == "noun":
                hp = h[7] + " " + h[8]
                ap = (a[3] if h[7] != "-" else "-") + " " + a[4]  # mass nouns: gender only
                pairs = [("head", h[6], a[2]), ("plural+gender", hp, ap),
                         ("weak", h[9], a[5])]
                e = eng.get((en, pos))
                if e and h[1] != "-" and e[2] != "-":
                    pairs.append(("en_pl", h[1], e[2]))
            elif pos == "verb":
                pairs = [("head", h[9], a[2]), ("forms", "%s %s %s %s" % (h[10], h[11], h[12], h[13]),
                                                 "%s %s %s %s" % (a[3], a[4], a[5], a[6]))]
                e = eng.get((en, pos))
                if e:
                    pairs.append(("en_forms", " ".join(h[1:4]), " ".join(e[2:5])))
            elif pos == "adj":
                pairs = [("head", h[4], a[2]), ("attr", h[3], a[3])]
            else:
                pairs = [("head", h[2], a[2])]
            head_ok = pairs[0][1] == pairs[0][2]
            for field, hv, av in pairs:
                if field not in ("head", "en_pl", "en_forms") and not head_ok:
                    continue
                ok = hv == av
                add(pos, field, half, ok)
                lines.append("\t".join([en, pos, field, hv, av, "1" if ok else "0"]))
    with open(os.path.join(B, "agreement.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# en\tpos\tfield\thand\tauto\tsame\n")
        fh.write("\n".join(lines) + "\n")
    out = ["Agreement of the automatic German choice with the hand entries (names excluded;",
           "forms are compared only where the headword agrees):"]
    for pos in ("noun", "verb", "adj", "adv"):
        for field in ("head", "plural+gender", "weak", "forms", "attr", "en_pl", "en_forms"):
            if (pos, field, "all") not in stats:
                continue
            a, n = stats[(pos, field, "all")]
            e = stats.get((pos, field, "even"), (0, 0))
            o = stats.get((pos, field, "odd"), (0, 0))
            out.append("  %-4s %-14s %4d/%-4d = %5.1f%%   (even half %d/%d, odd half %d/%d)" % (
                pos, field, a, n, 100.0 * a / n if n else 0, e[0], e[1], o[0], o[1]))
    a = sum(v[0] for k, v in stats.items() if k[1] == "head" and k[2] == "all")
    n = sum(v[1] for k, v in stats.items() if k[1] == "head" and k[2] == "all")
    out.append("  all  head           %4d/%-4d = %5.1f%%" % (a, n, 100.0 * a / n if n else 0))
    text = "\n".join(out) + "\n"
    print(text, end="")
    if len(sys.argv) > 2 and sys.argv[1] == "--summary":
        with open(sys.argv[2], "w", encoding="utf-8") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
