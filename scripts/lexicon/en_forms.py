#!/usr/bin/python3
"""English inflected forms and mass-noun marks for the chosen lemmas.

Reads: build/lexicon/en_lemmas.tsv (en_lemmas.py), WordNet 3.0 (exception lists), and the SUBTLEX-US
word-form counts (build/lexicon/npm/subtlex/package/index.json, optional) for the mass-noun test.
Writes: build/lexicon/en_forms.tsv with columns
  en pos f1 f2 f3 f4 mass
  noun: f1 = plural (given for mass nouns too; the merge writes - for them), mass = 0/1; verb: f1..f4 = 3sg past past-participle -ing;
  adj: f1 f2 = comparative superlative (more/most X for long adjectives); adv: all -.
Forms: WordNet's exception lists read backwards plus regular spelling rules (morph.py).
Mass nouns: a noun is mass when it is in the MASS list below, or when its dominant sense is in
one of MASS_FILES (substances, food, abstract files) and its plural is rare in SUBTLEX-US:
plural count / (singular count x the noun share of the form's SemCor tags) below 0.04. Nouns in
COUNT are never mass. Where WordNet's exception lists and the regular rule offer several
plurals or pasts (brothers/brethren, worked/wrought), the commoner form in SUBTLEX-US wins.
Usage: en_forms.py EN_LEMMAS.tsv OUT.tsv
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import morph  # noqa: E402
import wordnet  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SUBTLEX_JSON = os.path.join(ROOT, "build/lexicon/npm/subtlex/package/index.json")

MASS = set("""
information advice news music knowledge research evidence furniture equipment luggage baggage
homework housework traffic weather money water rice bread milk sugar salt butter cheese meat
soup tea coffee juice beer wine air oil gas electricity data software hardware progress
happiness love fun health education attention help work mail snow rain sand dust grass wood
paper glass plastic gold silver iron steel cotton wool leather chocolate honey flour pasta
garbage trash rubbish clothing jewelry jewellery machinery vocabulary grammar poetry literature
luck patience courage safety peace violence anger fear pain sleep food fruit
""".split())
COUNT = set("""
time way thing day man woman child person people year world life hand part place case week
number point group problem fact word idea question room house job book car computer game story
friend family eye head face door window table line name city country state company system
program heart reason mind moment minute hour night morning evening
""".split())


def main():
    src, out = sys.argv[1:3]
    wn = wordnet.WordNet()
    counts = {}
    if os.path.exists(SUBTLEX_JSON):
        with open(SUBTLEX_JSON, encoding="utf-8") as fh:
            for e in json.load(fh):
                w = e["word"].lower()
                counts[w] = counts.get(w, 0) + e["count"]
    mo = morph.Morph(wn, counts)
    rows = []
    with open(src, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            f = line.rstrip("\n").split("\t")
            rows.append((f[0], f[1], f[5]))
    n_mass = 0
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("# en\tpos\tf1\tf2\tf3\tf4\tmass\n")
        for en, pos, lexfile in rows:
            forms, mass = ["-"] * 4, "-"
            if pos == "noun":
                pl = mo.plural(en)
                m = is_mass(en, pl, lexfile, counts, noun_share(wn, en))
                mass = "1" if m else "0"
                n_mass += m
                forms[0] = pl  # also for mass nouns: the merge blanks it, an override may need it
            elif pos == "verb":
                forms = list(mo.verb_forms(en))
            elif pos == "adj":
                forms[0], forms[1] = mo.adj_forms(en, lexfile)
            fh.write("\t".join([en, pos] + forms + [mass]) + "\n")
    print("en_forms: %d entries, %d mass nouns" % (len(rows), n_mass))


# Only nouns of these lexicographer files may be made mass by the plural-ratio test; the others
# (artifacts, places, people, times...) only through MASS.
MASS_FILES = {"noun.substance", "noun.food", "noun.cognition", "noun.attribute", "noun.state",
              "noun.feeling", "noun.act", "noun.phenomenon", "noun.communication",
              "noun.possession", "noun.process", "noun.Tops", "noun.relation", "noun.motive"}


def noun_share(wn, en):
    """Share of the word form's SemCor tags that are noun tags (+1 smoothing per POS)."""
    tot, noun = 0.0, 0.0
    for pos in ("noun", "verb", "adj", "adv"):
        if (en, pos) in wn.index:
            c = sum(wn.sense_counts(en, pos)) + 1.0
            tot += c
            if pos == "noun":
                noun = c
    return noun / tot if tot else 1.0


def is_mass(en, pl, lexfile, counts, share):
    if en in COUNT:
        return False
    if en in MASS:
        return True
    if lexfile not in MASS_FILES:
        return False
    if " " in en or pl == en:
        return False
    sg, p = counts.get(en, 0) * share, counts.get(pl, 0)
    if sg < 20:
        return False
    return p / sg < 0.04


if __name__ == "__main__":
    main()
