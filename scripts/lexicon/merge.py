#!/usr/bin/python3
"""Merge the generated English, class, German (and Chinese) columns with the hand-written lexicon
and the hand-check overrides into the four output tables.

Reads: build/lexicon/{en_lemmas,en_forms,en_classes,de_forms}.tsv, build/lexicon/zh_forms.tsv
(the colleague's zh_forms.py output; optional: without it the Chinese cells are -), the hand
tables assets/lexicon/{nouns,verbs,adjectives,adverbs}.tsv, and the hand check
assets/lexicon/generated/overrides-de.tsv (en pos column value why; column `drop` with value 1
removes an entry) and assets/lexicon/generated/checked-de.tsv (en pos: entries a person checked).
Writes: assets/lexicon/generated/{nouns,verbs,adjectives,adverbs}.tsv (format:
assets/lexicon/generated/FORMAT.md), build/lexicon/zh_request.tsv (en pos wn_gloss, the input of
zh_forms.py, for the entries that are not hand-written) and build/lexicon/merge_log.tsv (entries
left out and why, overrides that did not apply).
Precedence: generated values < overrides < hand entries (src=hand, checked=1; their new columns
en_ing, comparatives, rank and wn are still filled from the generated data).
Usage: merge.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import de_morph  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
B = os.path.join(ROOT, "build/lexicon")
GEN = os.path.join(ROOT, "assets/lexicon/generated")
HAND = os.path.join(ROOT, "assets/lexicon")

COLS = {
    "noun": ["en_sg", "en_pl", "cat", "mass", "zh", "zh_cl", "de_sg", "de_pl", "de_gender", "de_weak",
             "en_prep", "de_prep", "zh_loc", "rank", "wn", "src", "checked"],
    "verb": ["en_base", "en_3sg", "en_past", "en_pp", "en_ing", "frame", "subj", "obj", "zh", "zh_asp",
             "de_inf", "de_pres", "de_pp", "de_aux", "de_sep", "de_case", "rank", "wn", "src", "checked"],
    "adj": ["en", "en_comp", "en_sup", "zh", "zh_pred", "de_attr", "de_pred", "de_comp", "de_sup",
            "applies", "kind", "rank", "wn", "src", "checked"],
    "adv": ["en", "zh", "de", "kind", "tense", "rank", "src", "checked"],
}
# the hand tables' columns (assets/lexicon/FORMAT.md)
HAND_COLS = {
    "noun": COLS["noun"][:13],
    "verb": ["en_base", "en_3sg", "en_past", "en_pp", "frame", "subj", "obj", "zh", "zh_asp", "de_inf",
             "de_pres", "de_pp", "de_aux", "de_sep", "de_case"],
    "adj": ["en", "zh", "zh_pred", "de_attr", "de_pred", "applies", "kind"],
    "adv": ["en", "zh", "de", "kind", "tense"],
}
FILES = {"noun": "nouns.tsv", "verb": "verbs.tsv", "adj": "adjectives.tsv", "adv": "adverbs.tsv"}
TITLE = {"noun": "nouns", "verb": "verbs", "adj": "adjectives", "adv": "adverbs"}


def load(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return [l.rstrip("\n").split("\t") for l in fh if not l.startswith("#") and l.strip()]


def main():
    lemmas = load(os.path.join(B, "en_lemmas.tsv"))
    ef = {(r[0], r[1]): r for r in load(os.path.join(B, "en_forms.tsv"))}
    ec = {(r[0], r[1]): r for r in load(os.path.join(B, "en_classes.tsv"))}
    de = {(r[0], r[1]): r for r in load(os.path.join(B, "de_forms.tsv"))}
    zh_path = os.path.join(B, "zh_forms.tsv")
    zh = {(r[0], r[1]): r for r in load(zh_path) if len(r) >= 8}
    overrides = load(os.path.join(GEN, "overrides-de.tsv"))
    checked = {(r[0], r[1]) for r in load(os.path.join(GEN, "checked-de.tsv"))}
    hand = {}
    for pos, fn in FILES.items():
        for r in load(os.path.join(HAND, fn)):
            hand[(r[0], pos)] = dict(zip(HAND_COLS[pos], r))
    log = []
    rows = {p: [] for p in COLS}
    for r in lemmas:
        en, pos, rank, lexfile, gloss = r[0], r[1], r[2], r[5], r[8]
        key = (en, pos)
        e = gen_entry(en, pos, rank, lexfile, ef.get(key), ec.get(key), de.get(key), zh.get(key))
        e["_gloss"] = gloss
        rows[pos].append(e)
    by_key = {(e[COLS[p][0]], p): e for p in rows for e in rows[p]}
    # overrides (the hand check)
    n_over = 0
    for o in overrides:
        if len(o) < 4:
            log.append("override\tbad line\t" + "\t".join(o)); continue
        en, pos, col, val = o[:4]
        e = by_key.get((en, pos))
        if e is None:
            log.append("override\tno such entry\t%s\t%s\t%s" % (en, pos, col)); continue
        if col == "drop":
            e["_drop"] = o[4] if len(o) > 4 else "override"
        elif col in COLS[pos]:
            e[col] = val
            e.setdefault("_over", []).append(col)
        else:
            log.append("override\tno such column\t%s\t%s\t%s" % (en, pos, col)); continue
        n_over += 1
    # hand entries win
    for key, h in hand.items():
        e = by_key.get(key)
        if e is None:
            continue
        for col, val in h.items():
            e[col] = val
        e["src"] = "hand"
        e["checked"] = "1"
        if key[1] == "adj":
            # German comparatives of the hand word: Ding's when the automatic choice is the same word
            a = de.get(key)
            if a and a[2] == h["de_pred"]:
                e["de_comp"], e["de_sup"] = a[4], a[5]
            elif e.get("en_comp", "-") != "-":
                e["de_comp"], e["de_sup"] = de_morph.adj_degrees(h["de_pred"])
    for key in checked:
        if key in by_key and by_key[key].get("src") != "hand":
            by_key[key]["checked"] = "1"
    # consistency and output
    counts = {}
    os.makedirs(GEN, exist_ok=True)
    for pos, es in rows.items():
        out = []
        seen = set()
        for e in es:
            why = finish(pos, e)
            if e.get("_drop"):
                why = "dropped by the hand check: " + e["_drop"]
            if why:
                log.append("left out\t%s\t%s\t%s" % (e[COLS[pos][0]], pos, why)); continue
            k = e[COLS[pos][0]]
            if k in seen:
                log.append("left out\t%s\t%s\tduplicate" % (k, pos)); continue
            seen.add(k)
            out.append(e)
        out.sort(key=lambda e: (int(e["rank"]) if e["rank"] != "-" else 10 ** 9, e[COLS[pos][0]]))
        counts[pos] = len(out)
        with open(os.path.join(GEN, FILES[pos]), "w", encoding="utf-8") as fh:
            fh.write("# %s.tsv: generated by scripts/lexicon/build; do not edit (fix entries in overrides-de.tsv)\n"
                     % TITLE[pos])
            fh.write("# format: assets/lexicon/generated/FORMAT.md; %d entries, most frequent first\n" % len(out))
            fh.write("# " + "\t".join(COLS[pos]) + "\n")
            for e in out:
                fh.write("\t".join(cell(e.get(c, "-")) for c in COLS[pos]) + "\n")
    with open(os.path.join(B, "zh_request.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# en\tpos\twn_gloss\n")
        for pos, es in rows.items():
            for e in es:
                if e.get("src") != "hand" and not e.get("_drop"):
                    fh.write("%s\t%s\t%s\n" % (e[COLS[pos][0]], pos, e["_gloss"] or "-"))
    with open(os.path.join(B, "merge_log.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# what\twhy/en\t...\n" + "\n".join(log) + ("\n" if log else ""))
    print("merge: %s; %d overrides applied; zh forms %s; %d log lines (build/lexicon/merge_log.tsv)" % (
        ", ".join("%s %d" % (TITLE[p], counts[p]) for p in COLS), n_over,
        "read (%d)" % len(zh) if zh else "absent (zh cells -)", len(log)))


def cell(v):
    v = " ".join(str(v).split())
    return v if v else "-"


def gen_entry(en, pos, rank, lexfile, f, c, d, z):
    e = {c_: "-" for c_ in COLS[pos]}
    e["rank"] = rank
    if pos != "adv":
        e["wn"] = lexfile
    src = ["wn"] if lexfile != "-" else []
    if d and d[10] not in ("none",):
        src += [x for x in d[10].split(",") if x in ("ding", "freedict")]
    if z:
        zs = z[6]
        if zs != "-" and "cedict" in zs:
            src.append("cedict")
    e["src"] = ",".join(dict.fromkeys(src)) or "-"
    e["checked"] = "0"
    if pos == "noun":
        e["en_sg"] = en
        e["_pl"] = f[2] if f else "-"
        e["mass"] = f[6] if f else "0"
        if c:
            e["cat"], e["_en_prep"], e["_de_prep"] = c[2], c[3], c[4]
        if d:
            e["de_sg"], e["_de_pl"], e["de_gender"], e["de_weak"] = d[2], d[3], d[4], d[5]
        if z:
            e["zh"], e["zh_cl"] = z[2], z[3]
    elif pos == "verb":
        e["en_base"] = en
        if f:
            e["en_3sg"], e["en_past"], e["en_pp"], e["en_ing"] = f[2:6]
        if c:
            e["frame"], e["subj"], e["obj"] = c[2], c[3], c[4]
        if d:
            (e["de_inf"], e["de_pres"], e["de_pp"], e["de_aux"], e["de_sep"], e["de_case"]) = d[2:8]
        if z:
            e["zh"], e["zh_asp"] = z[2], z[5]
    elif pos == "adj":
        e["en"] = en
        if f:
            e["en_comp"], e["en_sup"] = f[2], f[3]
        if c:
            e["applies"], e["kind"] = c[2], c[3]
        if d:
            e["de_pred"], e["de_attr"], e["de_comp"], e["de_sup"] = d[2], d[3], d[4], d[5]
        if z:
            e["zh"], e["zh_pred"] = z[2], z[4]
    else:
        e["en"] = en
        if c:
            e["kind"], e["tense"] = c[2], c[3]
        if d:
            e["de"] = d[2]
        if z:
            e["zh"] = z[2]
    return e


def finish(pos, e):
    """Make the entry consistent; return why it must be left out, or None."""
    if pos == "noun":
        if e.get("src") != "hand":
            mass = e["mass"] == "1"
            if e["en_pl"] == "-" and not mass:
                e["en_pl"] = e.get("_pl", "-")
            if e["de_pl"] == "-" and not mass:
                e["de_pl"] = e.get("_de_pl", "-")
            if mass:
                e["en_pl"] = e["de_pl"] = "-"
            if e["cat"] == "place":
                if e["en_prep"] == "-" and e["de_prep"] == "-" and "en_prep" not in e.get("_over", []):
                    e["en_prep"], e["de_prep"] = e.get("_en_prep", "in"), e.get("_de_prep", "in")
            elif "en_prep" not in e.get("_over", []):
                e["en_prep"] = e["de_prep"] = "-"
        if e["de_sg"] == "-" or not e["de_sg"][:1].isupper():
            return "no German noun"
        if " " in e["de_sg"] and " " not in e["en_sg"] and e.get("src") != "hand":
            return "German phrase for a one-word noun"
        if e["cat"] == "-":
            return "no category"
        if e["de_gender"] not in ("m", "f", "n", "p"):
            return "no gender"
        if e["mass"] == "0" and e["cat"] != "name" and (e["en_pl"] == "-" or e["de_pl"] == "-"):
            return "countable without plural"
    elif pos == "verb":
        if e["de_inf"] == "-":
            return "no German verb"
        if " " in e["de_inf"] and e.get("src") != "hand":
            return "German verb phrase (Milch geben): the format conjugates one word"
        if e["frame"] == "-":
            return "no frame"
        fr = e["frame"].split(",")
        if not ("tr" in fr or "ditr" in fr):
            e["obj"] = "-"
            e["de_case"] = "refl" if e["de_case"] == "refl" else "-"  # sich beeilen keeps its reflexive
        elif e["obj"] == "-":
            return "transitive without object categories"
        sep = e["de_sep"]
        if sep != "-" and not (e["de_inf"].startswith(sep) and e["de_pp"].startswith(sep)):
            return "separable prefix does not start de_inf/de_pp"
        if len(e["de_pres"].split("|")) != 6:
            return "de_pres needs six forms"
    elif pos == "adj":
        if e["de_pred"] == "-":
            return "no German adjective"
        if " " in e["de_pred"] and " " not in e["en"] and e.get("src") != "hand":
            return "German phrase for a one-word adjective"
        if e["applies"] == "-":
            return "no categories"
    else:
        if e["de"] == "-":
            return "no German adverb"
    return None


if __name__ == "__main__":
    main()
