"""WordNet 3.0 reader (library module, no output of its own).

Reads the Debian package wordnet-base under /usr/share/wordnet: index.{noun,verb,adj,adv}
(lemmas and their senses in WordNet's order), data.* (synsets: lexicographer file, words,
pointers, verb frames, gloss), cntlist.rev (SemCor tag counts per sense key) and *.exc (irregular
inflections). Nothing is written. The lexicographer file names (lexnames) and the 35 generic verb
frames are not shipped by wordnet-base; they are the fixed lists of WordNet 3.0 (wninput(5WN),
wndb(5WN)) and are written out below.
"""
import os

WN_DIR = os.environ.get("WN_DIR", "/usr/share/wordnet")

LEXNAMES = [
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal", "noun.artifact",
    "noun.attribute", "noun.body", "noun.cognition", "noun.communication", "noun.event",
    "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive", "noun.object",
    "noun.person", "noun.phenomenon", "noun.plant", "noun.possession", "noun.process",
    "noun.quantity", "noun.relation", "noun.shape", "noun.state", "noun.substance", "noun.time",
    "verb.body", "verb.change", "verb.cognition", "verb.communication", "verb.competition",
    "verb.consumption", "verb.contact", "verb.creation", "verb.emotion", "verb.motion",
    "verb.perception", "verb.possession", "verb.social", "verb.stative", "verb.weather", "adj.ppl",
]

# The generic sentence frames of WordNet 3.0 verbs (frames.vrb), by number.
FRAMES = {
    1: "Something ----s", 2: "Somebody ----s", 3: "It is ----ing", 4: "Something is ----ing PP",
    5: "Something ----s something Adjective/Noun", 6: "Something ----s Adjective/Noun",
    7: "Somebody ----s Adjective", 8: "Somebody ----s something", 9: "Somebody ----s somebody",
    10: "Something ----s somebody", 11: "Something ----s something", 12: "Something ----s to somebody",
    13: "Somebody ----s on something", 14: "Somebody ----s somebody something",
    15: "Somebody ----s something to somebody", 16: "Somebody ----s something from somebody",
    17: "Somebody ----s somebody with something", 18: "Somebody ----s somebody of something",
    19: "Somebody ----s something on somebody", 20: "Somebody ----s somebody PP",
    21: "Somebody ----s something PP", 22: "Somebody ----s PP", 23: "Somebody's (body part) ----s",
    24: "Somebody ----s somebody to INFINITIVE", 25: "Somebody ----s somebody INFINITIVE",
    26: "Somebody ----s that CLAUSE", 27: "Somebody ----s to somebody",
    28: "Somebody ----s to INFINITIVE", 29: "Somebody ----s whether INFINITIVE",
    30: "Somebody ----s somebody into V-ing something", 31: "Somebody ----s something with something",
    32: "Somebody ----s INFINITIVE", 33: "Somebody ----s VERB-ing", 34: "It ----s that CLAUSE",
    35: "Something ----s INFINITIVE",
}

POS_FILES = {"noun": "noun", "verb": "verb", "adj": "adj", "adv": "adv"}
SS_POS = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
KEY_POS = {"1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj"}


class Synset:
    __slots__ = ("offset", "pos", "lexfile", "words", "ptrs", "frames", "gloss", "ss_type")

    def __init__(self, line, pos):
        body, _, gloss = line.partition(" | ")
        f = body.split()
        self.offset = f[0]
        self.lexfile = LEXNAMES[int(f[1])]
        self.ss_type = f[2]
        self.pos = pos
        n = int(f[3], 16)
        self.words = []  # (word as written, with case and underscores)
        i = 4
        for _ in range(n):
            w = f[i]
            if w.endswith(")") and "(" in w:  # adjective markers (a) (p) (ip)
                w = w[:w.index("(")]
            self.words.append(w)
            i += 2
        p = int(f[i]); i += 1
        self.ptrs = []  # (symbol, offset, pos letter, source/target)
        for _ in range(p):
            self.ptrs.append((f[i], f[i + 1], f[i + 2], f[i + 3]))
            i += 4
        self.frames = []  # (frame number, word number or 0 for all)
        if pos == "verb" and i < len(f):
            k = int(f[i]); i += 1
            for _ in range(k):
                self.frames.append((int(f[i + 1]), int(f[i + 2], 16)))
                i += 3
        self.gloss = gloss.strip()

    def definition(self):
        """The gloss without its quoted examples."""
        return self.gloss.split('; "')[0].split(' "')[0].strip()

    def examples(self):
        out, s = [], self.gloss
        while '"' in s:
            a = s.index('"')
            b = s.find('"', a + 1)
            if b < 0:
                break
            out.append(s[a + 1:b])
            s = s[b + 1:]
        return out

    def lemmas(self):
        return [w.lower().replace("_", " ") for w in self.words]


class WordNet:
    def __init__(self, wn_dir=WN_DIR):
        self.dir = wn_dir
        self.synsets = {}   # (pos, offset) -> Synset
        self.index = {}     # (lemma, pos) -> [offset...] in WordNet sense order
        self.counts = {}    # (lemma, pos, sense number 1..) -> SemCor tag count
        self.exc = {}       # pos -> {inflected: [base...]}
        for pos in POS_FILES:
            self._read_data(pos)
            self._read_index(pos)
            self._read_exc(pos)
        self._read_counts()

    def _read_data(self, pos):
        with open(os.path.join(self.dir, "data." + pos), encoding="latin-1") as fh:
            for line in fh:
                if line.startswith("  "):
                    continue
                s = Synset(line.rstrip("\n"), pos)
                self.synsets[(pos, s.offset)] = s

    def _read_index(self, pos):
        with open(os.path.join(self.dir, "index." + pos), encoding="latin-1") as fh:
            for line in fh:
                if line.startswith("  "):
                    continue
                f = line.split()
                lemma = f[0].replace("_", " ")
                p_cnt = int(f[3])
                offs = f[4 + p_cnt + 2:]
                self.index[(lemma, pos)] = offs

    def _read_exc(self, pos):
        d = {}
        with open(os.path.join(self.dir, pos + ".exc"), encoding="latin-1") as fh:
            for line in fh:
                f = line.split()
                if len(f) >= 2:
                    d.setdefault(f[0].replace("_", " "), []).extend(x.replace("_", " ") for x in f[1:])
        self.exc[pos] = d

    def _read_counts(self):
        with open(os.path.join(self.dir, "cntlist.rev"), encoding="latin-1") as fh:
            for line in fh:
                key, num, cnt = line.split()
                lemma, _, rest = key.partition("%")
                pos = KEY_POS[rest[0]]
                k = (lemma.replace("_", " "), pos, int(num))
                self.counts[k] = self.counts.get(k, 0) + int(cnt)

    def senses(self, lemma, pos):
        return [self.synsets[(pos, o)] for o in self.index.get((lemma, pos), [])]

    def sense_counts(self, lemma, pos):
        return [self.counts.get((lemma, pos, i + 1), 0) for i in range(len(self.index.get((lemma, pos), [])))]

    def dominant(self, lemma, pos):
        """(sense number, Synset) of the sense with the highest SemCor count (first on ties)."""
        ss = self.senses(lemma, pos)
        if not ss:
            return None, None
        cs = self.sense_counts(lemma, pos)
        best = max(range(len(ss)), key=lambda i: (cs[i], -i))
        return best + 1, ss[best]

    def hypernyms(self, syn, depth=20):
        """All hypernym synsets (also instance hypernyms), breadth first."""
        seen, out, frontier = set(), [], [syn]
        for _ in range(depth):
            nxt = []
            for s in frontier:
                for sym, off, p, _ in s.ptrs:
                    if sym in ("@", "@i") and (p, off) not in seen:
                        seen.add((p, off))
                        h = self.synsets[(SS_POS[p], off)]
                        out.append(h)
                        nxt.append(h)
            if not nxt:
                break
            frontier = nxt
        return out

    def pointed(self, syn, symbol):
        return [self.synsets[(SS_POS[p], off)] for sym, off, p, _ in syn.ptrs if sym == symbol]

    def word_as_written(self, syn, lemma):
        for w in syn.words:
            if w.lower().replace("_", " ") == lemma:
                return w.replace("_", " ")
        return lemma
