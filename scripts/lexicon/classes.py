#!/usr/bin/python3
"""Semantic classes of the chosen lemmas: noun categories and locations, verb frames and argument
categories, adjective kinds and the noun categories they modify, adverb kinds and tenses.

Reads: build/lexicon/en_lemmas.tsv, build/lexicon/en_forms.tsv, WordNet 3.0 (lexicographer files,
hypernyms, verb frames, glosses and their examples), the English side of Ding
(/usr/share/trans/de-en) for usage evidence ("to eat sth.", "to help sb.", "to read a book",
"expensive car").
Writes: build/lexicon/en_classes.tsv with columns  en pos c1 c2 c3 c4
  noun: cat  en_prep  de_prep  why      verb: frames  subj  obj  why
  adj:  applies  kind  -  why           adv:  kind  tense  -  -
The rules (documented in assets/lexicon/generated/FORMAT.md):
Nouns: the dominant sense's lexicographer file, refined by its hypernyms (HYPER_CAT, checked in
order: beverage -> drink, food -> food, clothing -> clothing, self-propelled/wheeled vehicle ->
vehicle, musical instrument -> instrument, publication/document/letter/map -> readable,
building/room/area/region/road/shore/body of water... -> place, money -> object), else LEXFILE_CAT.
Place nouns get en_prep/de_prep from their kind of place (PLACE_PREPS).
Verbs: frames from WordNet's sentence frames of the dominant sense (8-11 tr, 14/15 ditr,
26 clause, 28/32 inf, 33 ing, 1/2/22 intr; ordered by evidence), subjects from Somebody/Something
frames and the lexicographer file, objects from usage evidence where there is enough of it
(the category shares of the nouns that follow the verb in Ding and WordNet examples), else from
the lexicographer file (VERB_OBJ).
Adjectives: kind from WordNet attributes (= pointers to size/age/color...), the noun senses of the
same word (red is a color) and the gloss; applies from usage evidence (the categories of the
nouns they precede), else a default per kind. Adverbs: kind and tense from word lists and
WordNet pertainyms (manner adverbs are -ly pertainyms of adjectives).
Usage: classes.py EN_LEMMAS.tsv EN_FORMS.tsv OUT.tsv
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ding  # noqa: E402
import wordnet  # noqa: E402

ALL_CATS = ["person", "name", "animal", "food", "drink", "clothing", "vehicle", "place", "readable",
            "object", "plant", "instrument", "abstract", "activity", "body", "time", "group"]
CONCRETE = ["person", "name", "animal", "food", "drink", "clothing", "vehicle", "place", "readable",
            "object", "plant", "instrument"]
THINGS = ["food", "drink", "clothing", "vehicle", "readable", "object", "plant", "instrument"]

# hypernym synset offset -> category, checked in this order (first hit wins)
HYPER_CAT = [
    ("00007846", "person"), ("00015388", "animal"), ("00017222", "plant"),  # the Tops themselves
    ("07881800", "drink"),        # beverage
    ("14845743", "drink"),        # water (liquid)
    ("00021265", "food"), ("07555863", "food"), ("07566340", "food"),  # food, solid food, foodstuff
    ("03051540", "clothing"), ("03380867", "clothing"), ("03502509", "clothing"),  # clothing, footwear, headdress
    ("04170037", "vehicle"), ("04576211", "vehicle"), ("04019101", "vehicle"),  # self-propelled, wheeled, public transport
    ("02858304", "vehicle"),      # boat
    ("03800933", "instrument"),   # musical instrument
    ("06589574", "readable"), ("06470073", "readable"), ("06624161", "readable"),  # publication, document, letter
    ("03720163", "readable"), ("06492939", "readable"), ("06387980", "readable"),  # map, menu, text
    ("06362953", "readable"),     # writing, written material
    ("13384557", "object"), ("13385913", "object"),  # money, currency
    ("02913152", "place"), ("04105893", "place"), ("02735688", "place"),  # building, room, area
    ("03315023", "place"), ("03297735", "place"), ("03748162", "place"),  # facility, establishment, shop
    ("04564698", "place"), ("04096066", "place"),  # way, road
    ("08574314", "place"), ("08630039", "place"),  # geographical area, region
    ("09225146", "place"), ("09287968", "place"), ("09334396", "place"),  # body of water, geological formation, land
]

LEXFILE_CAT = {
    "noun.person": "person", "noun.animal": "animal", "noun.plant": "plant", "noun.food": "food",
    "noun.artifact": "object", "noun.object": "object", "noun.substance": "object",
    "noun.location": "place", "noun.body": "body", "noun.time": "time", "noun.group": "group",
    "noun.act": "activity", "noun.event": "activity",
    "noun.cognition": "abstract", "noun.communication": "abstract", "noun.attribute": "abstract",
    "noun.feeling": "abstract", "noun.state": "abstract", "noun.motive": "abstract",
    "noun.relation": "abstract", "noun.shape": "abstract", "noun.quantity": "abstract",
    "noun.possession": "abstract", "noun.process": "abstract", "noun.phenomenon": "abstract",
    "noun.Tops": "abstract",
}
# noun.location words that are directions or parts, not places one is in/at
NOT_A_PLACE = set("""direction position space top bottom side left right center centre middle front
back end line point distance north south east west interior exterior edge corner surface
place location area part region zone section spot""".split())

# place kind (by hypernym offset or word) -> (en_prep, de_prep)
PLACE_PREPS = [
    (("04564698", "04096066", "04334599"), ("on", "auf")),     # way, road, street
    (("09316454", "09359803", "09303008", "03933529"), ("on", "auf")),  # island, mountain, hill, pier
    (("08659446",), ("in", "auf")),                             # field
    (("09433442", "09428293"), ("on", "an")),                   # shore, seashore
    (("04306080", "02687992"), ("at", "an")),                  # station, airfield
    (("03748162", "04081281", "03297735", "03315023"), ("at", "in")),  # shop, restaurant, establishment, facility
]
PLACE_WORD_PREPS = {
    "street": ("on", "auf"), "road": ("on", "auf"), "avenue": ("on", "auf"), "highway": ("on", "auf"),
    "square": ("on", "auf"), "island": ("on", "auf"), "mountain": ("on", "auf"), "hill": ("on", "auf"),
    "farm": ("on", "auf"), "field": ("in", "auf"), "market": ("at", "auf"), "playground": ("at", "auf"),
    "bridge": ("on", "auf"), "platform": ("on", "auf"), "roof": ("on", "auf"), "floor": ("on", "auf"),
    "stage": ("on", "auf"), "deck": ("on", "auf"), "balcony": ("on", "auf"), "terrace": ("on", "auf"),
    "beach": ("on", "an"), "coast": ("on", "an"), "shore": ("on", "an"), "lake": ("at", "an"),
    "station": ("at", "an"), "airport": ("at", "an"), "stop": ("at", "an"), "university": ("at", "an"),
    "college": ("at", "an"), "sea": ("at", "an"), "ocean": ("in", "in"), "river": ("in", "in"),
    "party": ("at", "auf"), "post office": ("at", "auf"), "campus": ("on", "auf"),
    "restaurant": ("at", "in"), "hotel": ("at", "in"), "museum": ("at", "in"), "cinema": ("at", "in"),
    "theater": ("at", "in"), "bank": ("at", "in"), "shop": ("at", "in"), "store": ("at", "in"),
    "supermarket": ("at", "in"), "bakery": ("at", "in"), "cafe": ("at", "in"), "bar": ("at", "in"),
    "club": ("at", "in"), "zoo": ("at", "in"), "gym": ("at", "in"), "pharmacy": ("at", "in"),
    "library": ("in", "in"), "school": ("in", "in"),
}

# verb lexicographer file -> default object categories
VERB_OBJ = {
    "verb.consumption": ["food", "drink"],
    "verb.perception": CONCRETE,
    "verb.emotion": CONCRETE + ["activity"],
    "verb.communication": ["readable", "abstract"],
    "verb.cognition": ["abstract", "readable"],
    "verb.creation": ["food", "clothing", "readable", "object"],
    "verb.possession": THINGS,
    "verb.contact": ["object", "clothing", "vehicle", "instrument", "food", "plant", "readable"],
    "verb.motion": ["object", "vehicle"],
    "verb.change": ["object", "food", "clothing", "vehicle", "readable", "plant"],
    "verb.body": ["clothing", "body"],
    "verb.social": ["person", "name", "group", "activity"],
    "verb.competition": ["person", "name", "group", "activity"],
    "verb.stative": CONCRETE + ["abstract"],
    "verb.weather": ["object"],
}
SUBJ_ANIMAL = {"verb.body", "verb.consumption", "verb.motion", "verb.perception", "verb.contact",
               "verb.emotion"}
SOMETHING_SUBJ = {
    "verb.motion": ["vehicle", "object", "animal"], "verb.change": ["object", "plant", "food", "drink"],
    "verb.weather": ["abstract"], "verb.stative": ["object", "abstract"],
    "verb.contact": ["object", "vehicle"], "verb.creation": ["object"],
}

ADJ_DEFAULT = {
    "color": ["clothing", "vehicle", "object", "animal", "plant", "instrument"],
    "size": ["animal", "clothing", "vehicle", "place", "object", "plant", "instrument"],
    "age": ["clothing", "vehicle", "object", "readable", "instrument", "place"],
    "feeling": ["person", "name", "animal"],
}
SIZE_ATTRS = {"size", "magnitude", "length", "height", "width", "breadth", "thickness", "weight",
              "bigness", "largeness", "smallness", "littleness", "stature", "tallness", "depth",
              "fatness", "thinness", "wideness", "narrowness", "shortness", "heaviness", "lightness"}
AGE_ATTRS = {"age", "oldness", "newness", "youngness", "youth", "modernity", "antiquity", "freshness"}
COLOR_ATTRS = {"color", "colour", "chromatic_color", "lightness", "brightness", "hue"}
FEELING_WORDS = {"feeling", "emotion", "emotional", "mood", "afraid", "angry", "happy", "sad",
                 "disposition", "temperament", "character", "personality", "manners", "behavior",
                 "behaviour", "courage", "fear", "anger", "pleasure", "eager", "worried"}
ADJ_OTHER = set("""main certain possible likely same whole particular various specific actual total
only former able unable sure due next last previous following general usual average likely
present current final own such own extra additional entire major minor primary real overall
unlikely impossible necessary available free ready""".split())

ADV_TIME = {
    "yesterday": "past", "ago": "past", "recently": "past", "lately": "past", "formerly": "past",
    "once": "past", "before": "past", "previously": "past", "earlier": "past", "already": "past",
    "tomorrow": "future", "soon": "future", "later": "future", "tonight": "future",
    "eventually": "future", "someday": "future", "shortly": "future", "afterwards": "any",
    "now": "present", "nowadays": "present", "currently": "present", "presently": "present",
    "today": "any", "then": "any", "immediately": "any", "finally": "any", "early": "any",
    "late": "any", "meanwhile": "any", "still": "any", "yet": "any", "just": "any",
    "overnight": "any", "instantly": "any", "suddenly": "any", "first": "any", "again": "any",
}
ADV_FREQ = set("""always often sometimes usually never rarely seldom frequently occasionally
regularly constantly generally normally ever repeatedly continually continuously daily weekly
monthly yearly annually hourly nightly periodically commonly routinely typically mostly
sporadically""".split())
ADV_OTHER = set("""really very quite pretty absolutely totally completely entirely nearly almost
hardly barely simply only even also too probably certainly perhaps maybe actually obviously
clearly exactly especially particularly definitely surely indeed rather fairly extremely highly
largely mainly mostly partly slightly somewhat truly merely basically essentially apparently
possibly necessarily seriously literally virtually practically approximately roughly exactly
else however therefore thus hence instead otherwise anyway besides furthermore moreover
well far much least more most enough so just right straight alright anyhow""".split())

FRAME_CLASS = {1: "intr", 2: "intr", 22: "intr", 23: "intr", 4: "intr", 12: "intr", 13: "intr",
               27: "intr", 8: "tr", 9: "tr", 10: "tr", 11: "tr", 20: "tr", 21: "tr", 17: "tr",
               18: "tr", 31: "tr", 14: "ditr", 15: "ditr", 16: "tr", 19: "tr", 26: "clause",
               34: "clause", 28: "inf", 32: "inf", 35: "inf", 24: "tr", 25: "tr", 33: "ing", 29: "clause",
               30: "tr", 5: "tr", 6: "intr", 7: "intr", 3: "intr"}

DET = set("""a an the this that these those my your his her its our their some any no every each
one two three several many much more few his someone's sb's sth's another other all own""".split())
STOP = set("""to of in on at by for from with into onto out up down off over about and or but as
than sb sth sb. sth. oneself one's it him them me us you""".split())
TOK = re.compile(r"[a-z]+(?:[-'][a-z]+)*\.?")


def load_tsv(path):
    with open(path, encoding="utf-8") as fh:
        return [l.rstrip("\n").split("\t") for l in fh if not l.startswith("#")]


class Classifier:
    def __init__(self, wn, lemmas, forms):
        self.wn = wn
        self.lem = {(r[0], r[1]): r for r in lemmas}
        self.forms = {(r[0], r[1]): r for r in forms}

    def syn(self, en, pos):
        r = self.lem[(en, pos)]
        return self.wn.synsets[(pos, r[6])]

    # ---------- nouns ----------
    def noun_cat(self, en):
        s = self.syn(en, "noun")
        hyp = [h.offset for h in self.wn.hypernyms(s)] + [s.offset]
        hs = set(hyp)
        lex = s.lexfile
        if lex in ("noun.person", "noun.animal", "noun.plant", "noun.body", "noun.time", "noun.group"):
            return LEXFILE_CAT[lex], lex
        for off, cat in HYPER_CAT:
            if off in hs:
                if cat == "place" and (en in NOT_A_PLACE or lex not in ("noun.artifact", "noun.location", "noun.object")):
                    continue
                if cat in ("food", "drink") and lex not in ("noun.food", "noun.substance", "noun.plant", "noun.artifact"):
                    continue
                if cat == "readable" and lex not in ("noun.communication", "noun.artifact"):
                    continue
                return cat, "hypernym %s" % self.wn.synsets[("noun", off)].words[0]
        cat = LEXFILE_CAT.get(lex, "object")
        if cat == "place" and en in NOT_A_PLACE:
            cat = "abstract"
        return cat, lex

    def place_preps(self, en):
        if en in PLACE_WORD_PREPS:
            return PLACE_WORD_PREPS[en]
        last = en.split(" ")[-1]
        if last in PLACE_WORD_PREPS:
            return PLACE_WORD_PREPS[last]
        s = self.syn(en, "noun")
        hs = {h.offset for h in self.wn.hypernyms(s)} | {s.offset}
        hw = {w.lower() for h in self.wn.hypernyms(s) for w in h.words}
        for w, pp in PLACE_WORD_PREPS.items():
            if w in hw and w not in ("party", "field", "floor", "bar", "club"):
                return pp
        for offs, pp in PLACE_PREPS:
            if hs & set(offs):
                return pp
        return ("in", "in")


def mine_usage(wn, cls, nouns_cat, verbs, adjs):
    """Count the categories of nouns that follow each verb (objects) and each adjective."""
    noun_forms = {}
    for en, cat in nouns_cat.items():
        noun_forms[en] = cat
        f = cls.forms.get((en, "noun"))
        if f and f[2] != "-":
            noun_forms[f[2]] = cat
    verb_forms = {}
    for en in verbs:
        f = cls.forms[(en, "verb")]
        for x in [en] + f[2:6]:
            if x != "-":
                verb_forms.setdefault(x.split(" ")[0], set()).add(en)
    adj_set = set(adjs)
    vobj = {v: {} for v in verbs}
    vpat = {v: {"sb": 0, "sth": 0, "sbsth": 0, "bare": 0, "that": 0, "to": 0, "ing": 0} for v in verbs}
    aobj = {a: {} for a in adjs}

    def scan(tokens, is_ding):
        n = len(tokens)
        for i, t in enumerate(tokens):
            vs = verb_forms.get(t)
            if vs:
                for v in vs:
                    parts = v.split(" ")
                    if tokens[i:i + len(parts)][1:] != parts[1:]:
                        continue
                    j = i + len(parts)
                    nxt = tokens[j] if j < n else ""
                    nx2 = tokens[j + 1] if j + 1 < n else ""
                    if is_ding and i > 0 and tokens[i - 1] == "to":
                        if nxt == "sb." and nx2 == "sth.":
                            vpat[v]["sbsth"] += 1
                        elif nxt == "sb.":
                            vpat[v]["sb"] += 1
                        elif nxt == "sth.":
                            vpat[v]["sth"] += 1
                        elif nxt == "":
                            vpat[v]["bare"] += 1
                        elif nxt == "that":
                            vpat[v]["that"] += 1
                        elif nxt == "to" and nx2 not in ("sb.", "sth."):
                            vpat[v]["to"] += 1
                        elif nxt.endswith("ing") and nxt not in noun_forms:
                            vpat[v]["ing"] += 1
                    k = j
                    while k < n and k < j + 4 and (tokens[k] in DET or tokens[k] in adj_set):
                        k += 1
                    if k < n and tokens[k] in noun_forms and tokens[k] not in STOP:
                        c = noun_forms[tokens[k]]
                        vobj[v][c] = vobj[v].get(c, 0) + 1
            if t in adj_set and i + 1 < n:
                k = i + 1
                while k < n and k < i + 3 and tokens[k] in adj_set:
                    k += 1
                if k < n and tokens[k] in noun_forms:
                    c = noun_forms[tokens[k]]
                    aobj[t][c] = aobj[t].get(c, 0) + 1

    for en in ding.english_text():
        for sub in ding.split_subs(en):
            for item in ding.split_syn(sub):
                toks = TOK.findall(ding.bare(item).lower())
                toks = [x if x in ("sb.", "sth.") else x.rstrip(".") for x in toks]
                scan(toks, True)
    for s in wn.synsets.values():
        for ex in s.examples():
            scan([x.rstrip(".") for x in TOK.findall(ex.lower())], False)
    return vobj, vpat, aobj


def verb_classes(wn, cls, en, vobj, vpat):
    s = cls.syn(en, "verb")
    lex = s.lexfile
    idx = [w.lower().replace("_", " ") for w in s.words].index(en) + 1 if en in s.lemmas() else 0
    frames = sorted({f for f, w in s.frames if w == 0 or w == idx})
    kinds = []
    for f in frames:
        k = FRAME_CLASS.get(f)
        if k and k not in kinds:
            kinds.append(k)
    p = vpat[en]
    # usage evidence from Ding ("to help sb.", "to give sb. sth.", "to go")
    if p["sbsth"] >= 2 and "ditr" not in kinds and lex in ("verb.possession", "verb.communication"):
        kinds.append("ditr")
    if (p["sb"] + p["sth"]) >= 2 and "tr" not in kinds:
        kinds.append("tr")
    if p["that"] >= 1 and "clause" not in kinds and lex in ("verb.cognition", "verb.communication", "verb.perception"):
        kinds.append("clause")
    if not kinds:
        kinds = ["tr"] if (p["sb"] + p["sth"]) else ["intr"]

    def weight(k):
        if k == "clause" and lex in ("verb.cognition", "verb.communication") and 26 in frames:
            return -1 if not (p["sb"] + p["sth"] > 3 * (p["that"] + 1)) else 1.5
        if k == "ditr":
            return 0.5 if (lex == "verb.possession" and (14 in frames or 15 in frames)) else 2.5
        return {"tr": 1, "intr": 2, "clause": 3, "inf": 4, "ing": 5}[k]

    kinds.sort(key=weight)
    # clause verbs of WordNet without a that-frame but with strong Ding evidence stay as they are
    somebody = any(wordnet.FRAMES[f].startswith("Somebody") for f in frames) or not frames
    something = any(wordnet.FRAMES[f].startswith("Something") or wordnet.FRAMES[f].startswith("It") for f in frames)
    if somebody:
        subj = ["person", "name"] + (["animal"] if lex in SUBJ_ANIMAL else [])
    else:
        subj = SOMETHING_SUBJ.get(lex, ["object"])
    if something and somebody and lex in ("verb.motion",):
        subj = subj + ["vehicle"]
    obj = "-"
    why = "frames %s; %s" % (",".join(map(str, frames)) or "none", lex)
    if "tr" in kinds or "ditr" in kinds:
        ev = vobj.get(en, {})
        tot = sum(ev.values())
        person_obj = any(f in (9, 10, 14, 20, 24, 25, 17, 18) for f in frames) or p["sb"] > p["sth"]
        thing_obj = any(f in (8, 11, 14, 15, 21, 31, 16, 19) for f in frames) or p["sth"] > 0
        if tot >= 6:
            cats = [c for c in ALL_CATS if ev.get(c, 0) >= 3 and ev.get(c, 0) / tot >= (
                0.3 if c in ("time", "body", "group") else 0.15)]
            why += "; objects seen %s" % ",".join("%s:%d" % kv for kv in sorted(ev.items(), key=lambda x: -x[1])[:5])
        else:
            cats = list(VERB_OBJ.get(lex, THINGS)) if thing_obj or not person_obj else []
        if person_obj and "person" not in cats:
            cats = ["person", "name"] + cats
        if "person" in cats and "name" not in cats:
            cats.insert(cats.index("person") + 1, "name")
        if not person_obj and thing_obj and tot < 6:
            cats = [c for c in cats if c not in ("person", "name")] or cats
        if not cats:
            cats = list(VERB_OBJ.get(lex, THINGS))
        obj = ",".join(sorted(dict.fromkeys(cats), key=ALL_CATS.index))
    subj = ",".join(sorted(dict.fromkeys(subj), key=ALL_CATS.index))
    return ",".join(kinds), subj, obj, why


def adj_classes(wn, cls, en, aobj):
    s = cls.syn(en, "adj")
    lex = s.lexfile
    attrs = set()
    for a in wn.pointed(s, "="):
        attrs.update(w.lower() for w in a.words)
    # satellites: the head adjective's attributes
    for h in wn.pointed(s, "&"):
        for a in wn.pointed(h, "="):
            attrs.update(w.lower() for w in a.words)
    gloss = s.definition().lower()
    nsyn = wn.senses(en, "noun")
    is_color_noun = any("04956594" in {h.offset for h in wn.hypernyms(n)} for n in nsyn[:2])
    kind = "quality"
    if lex == "adj.pert" or en in ADJ_OTHER:
        kind = "other"
    elif is_color_noun or attrs & COLOR_ATTRS - {"lightness", "brightness"} or re.search(r"\bcolou?r(ed)?\b|\bhue\b", gloss):
        kind = "color"
    elif attrs & SIZE_ATTRS or re.search(r"\b(size|large|small|height|tall|long|wide|weight)\b", gloss) and len(gloss) < 60:
        kind = "size"
    elif attrs & AGE_ATTRS or re.search(r"\b(age|years old|recently made)\b", gloss):
        kind = "age"
    elif any(w in FEELING_WORDS for w in re.findall(r"[a-z]+", gloss)) or any(
            n.lexfile == "noun.feeling" for n in wn.pointed(s, "+")) or any(
            a in ("happiness", "emotionality", "courage", "sociability", "friendliness", "kindness",
                  "politeness", "intelligence", "cleverness", "shyness", "laziness", "bravery",
                  "fearfulness", "calmness", "cheerfulness", "sadness", "anger") for a in attrs):
        kind = "feeling"
    ev = aobj.get(en, {})
    tot = sum(ev.values())
    why = "%s; attr %s" % (lex, ",".join(sorted(attrs)) or "-")
    if kind in ("other",):
        applies = "any"
    elif kind == "feeling":
        applies = ",".join(ADJ_DEFAULT["feeling"])
    elif tot >= 5:
        cats = [c for c in ALL_CATS if ev.get(c, 0) / tot >= 0.08 and ev.get(c, 0) >= 2]
        if "person" in cats and "name" not in cats:
            cats.append("name")
        applies = ",".join(sorted(cats, key=ALL_CATS.index)) if cats else "any"
        why += "; nouns seen %s" % ",".join("%s:%d" % kv for kv in sorted(ev.items(), key=lambda x: -x[1])[:5])
    else:
        applies = ",".join(ADJ_DEFAULT.get(kind, [])) or "any"
    return applies, kind, why


def adv_classes(wn, en):
    if en in ADV_TIME:
        return "time", ADV_TIME[en]
    if en in ADV_FREQ:
        return "freq", "any"
    if en in ADV_OTHER:
        return "other", "any"
    senses = wn.senses(en, "adv")
    pert = any(sym == "\\" for s in senses[:1] for sym, _, _, _ in s.ptrs)
    if en.endswith("ly") and pert:
        return "manner", "any"
    if senses and re.search(r"\b(time|moment|day|past|future|present)\b", senses[0].definition()):
        return "time", "any"
    if en.endswith("ly"):
        return "manner", "any"
    return "other", "any"


def main():
    lem_path, forms_path, out = sys.argv[1:4]
    wn = wordnet.WordNet()
    lemmas = load_tsv(lem_path)
    forms = load_tsv(forms_path)
    cls = Classifier(wn, lemmas, forms)
    nouns = {}
    noun_rows = {}
    lemmas_wn = [r for r in lemmas if r[6] != "-"]
    for r in lemmas_wn:
        if r[1] == "noun":
            cat, why = cls.noun_cat(r[0])
            nouns[r[0]] = cat
            noun_rows[r[0]] = why
    verbs = [r[0] for r in lemmas_wn if r[1] == "verb"]
    adjs = [r[0] for r in lemmas_wn if r[1] == "adj"]
    vobj, vpat, aobj = mine_usage(wn, cls, nouns, verbs, adjs)
    counts = {}
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("# en\tpos\tc1\tc2\tc3\tc4  (noun: cat en_prep de_prep why | verb: frames subj obj why |"
                 " adj: applies kind - why | adv: kind tense - -)\n")
        for r in lemmas:
            en, pos = r[0], r[1]
            if r[6] == "-":  # a hand entry WordNet does not have: the hand values are used
                fh.write("\t".join([en, pos, "-", "-", "-", "not in WordNet"]) + "\n")
                continue
            if pos == "noun":
                cat = nouns[en]
                ep, dp = cls.place_preps(en)  # the merge keeps them only for place nouns
                row = [cat, ep, dp, noun_rows[en]]
                counts[("noun", cat)] = counts.get(("noun", cat), 0) + 1
            elif pos == "verb":
                fr, subj, obj, why = verb_classes(wn, cls, en, vobj, vpat)
                row = [fr, subj, obj, why]
                counts[("verb", fr.split(",")[0])] = counts.get(("verb", fr.split(",")[0]), 0) + 1
            elif pos == "adj":
                applies, kind, why = adj_classes(wn, cls, en, aobj)
                row = [applies, kind, "-", why]
                counts[("adj", kind)] = counts.get(("adj", kind), 0) + 1
            else:
                kind, tense = adv_classes(wn, en)
                row = [kind, tense, "-", "-"]
                counts[("adv", kind)] = counts.get(("adv", kind), 0) + 1
            fh.write("\t".join([en, pos] + row) + "\n")
    print("classes: " + "; ".join("%s %s %d" % (k[0], k[1], v) for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
