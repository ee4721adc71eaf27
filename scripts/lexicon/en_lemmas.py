#!/usr/bin/python3
"""Choose the English lemmas of the generated lexicon and their dominant WordNet sense.

Reads: build/lexicon/en_freq.tsv (en_freq.py), WordNet 3.0 (/usr/share/wordnet).
Writes: build/lexicon/en_lemmas.tsv with columns
  en pos rank score sense wn offset written gloss
  (rank = position in en_freq.tsv; sense = WordNet sense number of the dominant sense, the one
  with the highest SemCor tag count, first sense on ties; wn = its lexicographer file; offset =
  its synset offset; written = the lemma as WordNet writes it in that synset; gloss = its
  definition), and build/lexicon/en_dropped.tsv (en pos rank why) for the pairs left out.
Kept: open-class pairs (noun verb adj adv) in frequency order until KEEP pairs, dropping
closed-class words (determiners, numbers, pronouns, prepositions/particles, auxiliaries), proper
nouns (capitalised in the dominant synset, or instances; days, months, languages and a few more in
CAPITALISED_OK are kept), abbreviations (all capitals or dotted),
words whose dominant sense is marked trade name, slang, archaism, disparagement, ethnic slur,
obscenity, acronym or combining form, a short list of offensive words, lemmas with digits or odd
characters, and multiword lemmas of more than three words. The attention/machine-learning
vocabulary in FIELD is kept whatever its rank.
The 660 hand-written entries of assets/lexicon/*.tsv are always kept (hand = 1), with their
frequency rank where en_freq.tsv has one (else -) and their WordNet sense where WordNet has the
lemma (else -), so that every later step also runs on them (the report measures the automatic
German choice against them).
Usage: en_lemmas.py EN_FREQ.tsv OUT.tsv DROPPED.tsv
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wordnet  # noqa: E402

KEEP = 5600
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HAND_FILES = {"noun": "assets/lexicon/nouns.tsv", "verb": "assets/lexicon/verbs.tsv",
              "adj": "assets/lexicon/adjectives.tsv", "adv": "assets/lexicon/adverbs.tsv"}

CLOSED = set("""
a an the this that these those some any all each every no none both either neither another other
others such own same many much more most few fewer less least several enough lot lots plenty
one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty
seventy eighty ninety hundred thousand million billion trillion zero dozen
first second third fourth fifth sixth seventh eighth ninth tenth
i me my mine you your yours he him his she her hers it its we us our ours they them their theirs
myself yourself himself herself itself ourselves themselves who whom whose which what whatever
whoever whichever where when why how whether if than as so because though although while until
unless since or nor and but yet also
in on at by to of for from with without into onto upon about above below under over up down out
off through across along around round after before behind beyond between among against toward
towards within inside outside near past via per plus minus versus throughout underneath beneath
be am is are was were been being can could may might must shall should will would ought dare need_aux
not yes no ok okay hi hello bye goodbye
there here
""".split())
# kept even though they look closed-class
NOT_CLOSED = {"need", "dare", "lot", "second"}
CLOSED -= {"yet", "need"}

BAD_USAGE = {"trade_name", "trademark", "slang", "archaism", "disparagement", "ethnic_slur",
             "obscenity", "acronym", "combining_form"}

OFFENSIVE = set("""
fuck shit cunt bitch bastard dick cock pussy whore slut nigger nigga fag faggot dyke retard
crap piss tit tits boob boobs arse ass asshole wank wanker bollocks bugger prick twat spic
kike chink gook wop honky cracker_slur screw_slur bloody_slur damn hell_slur
""".split())

# The field the project is about: kept whatever their frequency (WordNet lemma, POS).
FIELD = [
    ("attention", "noun"), ("model", "noun"), ("network", "noun"), ("layer", "noun"),
    ("data", "noun"), ("learn", "verb"), ("train", "verb"), ("translate", "verb"),
    ("translation", "noun"), ("word", "noun"), ("sentence", "noun"), ("vector", "noun"),
    ("weight", "noun"), ("computer", "noun"), ("software", "noun"), ("internet", "noun"),
    ("algorithm", "noun"), ("matrix", "noun"), ("language", "noun"), ("text", "noun"),
    ("image", "noun"), ("pixel", "noun"), ("input", "noun"), ("output", "noun"),
    ("program", "noun"), ("code", "noun"), ("machine", "noun"), ("memory", "noun"),
    ("probability", "noun"), ("token", "noun"), ("dictionary", "noun"), ("grammar", "noun"),
    ("meaning", "noun"), ("information", "noun"), ("knowledge", "noun"), ("example", "noun"),
    ("error", "noun"), ("test", "noun"), ("result", "noun"), ("experiment", "noun"),
    ("research", "noun"), ("science", "noun"), ("scientist", "noun"), ("mathematics", "noun"),
    ("number", "noun"), ("function", "noun"), ("process", "noun"), ("pattern", "noun"),
    ("prediction", "noun"), ("predict", "verb"), ("calculate", "verb"), ("compute", "verb"),
    ("measure", "verb"), ("focus", "verb"), ("attend", "verb"), ("understand", "verb"),
    ("teach", "verb"), ("label", "noun"), ("classify", "verb"), ("recognize", "verb"),
    ("screen", "noun"), ("keyboard", "noun"), ("file", "noun"), ("website", "noun"),
    ("email", "noun"), ("robot", "noun"), ("brain", "noun"), ("neuron", "noun"),
    ("signal", "noun"), ("score", "noun"), ("accuracy", "noun"), ("speech", "noun"),
    ("question", "noun"), ("answer", "noun"), ("answer", "verb"), ("query", "noun"),
    ("search", "verb"), ("artificial", "adj"), ("digital", "adj"), ("automatic", "adj"),
    ("statistical", "adj"), ("linguistic", "adj"), ("correct", "adj"), ("wrong", "adj"),
    ("accurate", "adj"), ("automatically", "adv"), ("online", "adj"), ("chip", "noun"),
    ("graphics", "noun"), ("database", "noun"), ("server", "noun"), ("user", "noun"),
    ("application", "noun"), ("computer science", "noun"), ("translator", "noun"),
    ("programmer", "noun"), ("download", "verb"), ("click", "verb"), ("type", "verb"),
]

# Capitalised in English but everyday words: kept (written lower case, as FORMAT.md asks).
CAPITALISED_OK = set("""
monday tuesday wednesday thursday friday saturday sunday january february march april may june
july august september october november december christmas easter
english german chinese french spanish japanese italian russian korean arabic
american british european asian african earth moon
""".split())

WORD_OK = re.compile(r"^[a-z]+(?:[ '-][a-z]+)*$")


def main():
    src, out, dropped_path = sys.argv[1:4]
    wn = wordnet.WordNet()
    usage_targets = {}
    for (pos, off), s in wn.synsets.items():
        if pos == "noun" and s.words and s.words[0].lower() in BAD_USAGE:
            usage_targets[off] = s.words[0].lower()
    rows = []
    with open(src, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            f = line.rstrip("\n").split("\t")
            rows.append((f[0], f[1], int(f[7]), float(f[6])))
    field = set(FIELD)
    kept, dropped = [], []

    def why_not(lemma, pos):
        if not WORD_OK.match(lemma):
            return "characters"
        if len(lemma.replace(" ", "")) < 2:
            return "short"
        if lemma.count(" ") > 2:
            return "long multiword"
        if (lemma in CLOSED and lemma not in CAPITALISED_OK) or lemma.split(" ")[0] in ("a", "an", "the"):
            return "closed class"
        if any(w in OFFENSIVE for w in re.split(r"[ -]", lemma)):
            return "offensive"
        n, syn = wn.dominant(lemma, pos)
        if syn is None:
            return "not in wordnet"
        written = wn.word_as_written(syn, lemma)
        if written != written.lower() and lemma not in CAPITALISED_OK:
            if written.isupper() or written.replace(".", "").isupper():
                return "abbreviation"
            return "proper noun"
        if "." in written:
            return "abbreviation"
        if pos == "noun" and lemma not in CAPITALISED_OK and any(sym == "@i" for sym, _, _, _ in syn.ptrs):
            return "instance (proper noun)"
        for sym, off, p, _ in syn.ptrs:
            if sym == ";u" and off in usage_targets:
                return "usage " + usage_targets[off]
        # an adjective or adverb whose only senses are in a domain of usage we drop
        return None

    for lemma, pos, rank, score in rows:
        if pos not in ("noun", "verb", "adj", "adv"):
            continue
        in_field = (lemma, pos) in field
        if len(kept) >= KEEP and not in_field:
            continue
        w = why_not(lemma, pos)
        if w:
            if len(kept) < KEEP:
                dropped.append((lemma, pos, rank, w))
            continue
        kept.append((lemma, pos, rank, score))
    have = {(k[0], k[1]) for k in kept}
    missing = [f for f in FIELD if f not in have]
    ranks = {(r[0], r[1]): (r[2], r[3]) for r in rows}
    hand = set()
    for pos, rel in HAND_FILES.items():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("#") or not line.strip():
                    continue
                en = line.split("\t")[0]
                hand.add((en, pos))
                if (en, pos) not in have:
                    rk, sc = ranks.get((en, pos), (None, 0.0))
                    kept.append((en, pos, rk, sc))
                    have.add((en, pos))
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("# en\tpos\trank\tscore\tsense\twn\toffset\twritten\tgloss\thand\n")
        for lemma, pos, rank, score in kept:
            n, syn = wn.dominant(lemma, pos)
            h = "1" if (lemma, pos) in hand else "0"
            rk = str(rank) if rank else "-"
            if syn is None:
                fh.write("\t".join([lemma, pos, rk, "%.4f" % score, "-", "-", "-", lemma, "-", h]) + "\n")
                continue
            fh.write("\t".join([lemma, pos, rk, "%.4f" % score, str(n), syn.lexfile, syn.offset,
                                wn.word_as_written(syn, lemma), syn.definition().replace("\t", " "), h]) + "\n")
    with open(dropped_path, "w", encoding="utf-8") as fh:
        fh.write("# en\tpos\trank\twhy\n")
        for d in dropped:
            fh.write("%s\t%s\t%d\t%s\n" % d)
    by_pos = {}
    for k in kept:
        by_pos[k[1]] = by_pos.get(k[1], 0) + 1
    print("en_lemmas: kept %d (%s), dropped %d above the cut; field words missing from WordNet: %s"
          % (len(kept), " ".join("%s %d" % kv for kv in sorted(by_pos.items())), len(dropped),
             ", ".join("%s/%s" % m for m in missing) or "none"))


if __name__ == "__main__":
    main()
