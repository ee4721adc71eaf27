"""German morphology rules (library module, no output of its own): verb present forms, separable
prefixes, past participles, perfect auxiliary, object case, noun plurals and the weak
(n-declension) flag, adjective stems, comparatives and superlatives. Used by de_forms.py where
Ding gives no form, and to derive the six present forms from Ding's 3rd person singular.
"""
import re

SEP_PREFIXES = sorted("""ab an auf aus bei dar durch ein empor entgegen entlang fern fest fort frei
her herab heran herauf heraus herbei herein herum herunter hervor hin hinab hinauf hinaus hinein
hinterher hinunter hinzu los mit nach nieder statt teil vor voran voraus vorbei vorüber weg weiter
wieder zu zurecht zurück zusammen zwischen kennen spazieren fest hoch heim""".split(), key=len, reverse=True)
INSEP_PREFIXES = ("be", "ge", "er", "ver", "zer", "ent", "emp", "miss", "hinter", "wider")

# present forms ich|du|er|wir|ihr|sie of the verbs no rule derives
IRREGULAR_PRESENT = {
    "sein": "bin|bist|ist|sind|seid|sind", "haben": "habe|hast|hat|haben|habt|haben",
    "werden": "werde|wirst|wird|werden|werdet|werden", "wissen": "weiß|weißt|weiß|wissen|wisst|wissen",
    "tun": "tue|tust|tut|tun|tut|tun", "können": "kann|kannst|kann|können|könnt|können",
    "müssen": "muss|musst|muss|müssen|müsst|müssen", "dürfen": "darf|darfst|darf|dürfen|dürft|dürfen",
    "sollen": "soll|sollst|soll|sollen|sollt|sollen", "wollen": "will|willst|will|wollen|wollt|wollen",
    "mögen": "mag|magst|mag|mögen|mögt|mögen",
}
IRREGULAR_PP = {"sein": "gewesen", "haben": "gehabt", "werden": "geworden", "wissen": "gewusst",
                "tun": "getan", "können": "gekonnt", "müssen": "gemusst", "dürfen": "gedurft",
                "sollen": "gesollt", "wollen": "gewollt", "mögen": "gemocht", "bringen": "gebracht",
                "denken": "gedacht", "kennen": "gekannt", "nennen": "genannt", "rennen": "gerannt",
                "brennen": "gebrannt", "senden": "gesandt", "wenden": "gewandt"}

# verbs whose perfect takes sein (the base verb; prefixed verbs inherit it when intransitive)
SEIN_BASES = set("""gehen kommen fahren laufen fliegen reisen wandern schwimmen springen fallen steigen
sinken bleiben sein werden sterben wachsen passieren geschehen folgen begegnen gelingen misslingen
erscheinen verschwinden entstehen schmelzen rennen eilen kriechen klettern rutschen stürzen reiten
segeln rudern fliehen flüchten gelangen geraten platzen landen starten joggen spazieren ziehen
treten weichen gleiten schleichen wandern sterben ertrinken verunglücken zerfallen explodieren
verderben aufwachen einschlafen aufstehen erwachen aufwachsen umziehen auswandern einwandern
zurückkehren abreisen ankommen abfahren verreisen reisen schreiten stolpern hüpfen fließen
strömen tauchen wehen""".split())
ALWAYS_SEIN = {"sein", "werden", "bleiben", "passieren", "geschehen", "gelingen", "misslingen",
               "sterben", "begegnen", "folgen", "erscheinen", "verschwinden", "entstehen",
               "aufwachen", "einschlafen", "aufstehen", "ankommen", "geraten", "gelangen", "wachsen",
               "aufwachsen", "erwachen", "zurückkehren", "explodieren", "verunglücken", "ertrinken"}

DATIVE_VERBS = set("""helfen danken folgen gehören gefallen antworten begegnen vertrauen zuhören
zuschauen zusehen gratulieren schaden widersprechen gehorchen dienen drohen nützen passen
schmecken verzeihen winken zustimmen ausweichen beitreten fehlen ähneln applaudieren nachgeben
gelingen glauben weh gehorchen zuwinken zujubeln nachlaufen entkommen entgehen beistehen
beipflichten misstrauen imponieren kondolieren assistieren""".split())

WEAK_NOUNS = set("""Mensch Herr Bär Held Prinz Fürst Graf Narr Nachbar Bauer Kunde Name Gedanke
Buchstabe Glaube Wille Friede Funke Same Automat Planet Komet Soldat Kamerad Pilot Astronaut
Junge Affe Löwe Hase Rabe Kollege Bote Zeuge Experte Kunde Franzose Chinese Deutsche Laie Riese
Sklave Erbe Neffe Matrose Pate Kandidat Präsident Student Tourist Polizist Journalist Elefant
Fotograf Architekt Philosoph Biologe Psychologe Diplomat Demokrat Patient Agent Assistent
Dirigent Produzent Konsument Lieferant Praktikant Musikant Emigrant Kapitalist Spezialist
Prophet Idiot Pirat Rebell Satellit Christ Heide Ochse Falke Bursche Knabe Lotse Gatte Genosse
Jurist Komponist Pianist Gitarrist Polizist Soldat Bandit Despot Katholik Bär""".split())
WEAK_SUFFIXES = ("ent", "ant", "ist", "at", "oge", "graf", "graph", "nom", "soph", "ot", "et", "it")

UMLAUT_ADJ = {"alt", "arm", "hart", "kalt", "warm", "lang", "kurz", "stark", "schwach", "klug",
              "dumm", "scharf", "krank", "jung", "groß", "grob", "gesund", "nass", "schmal",
              "glatt", "blass", "fromm", "krumm", "rot", "schwarz"}
IRREGULAR_ADJ = {"gut": ("besser", "best"), "viel": ("mehr", "meist"), "hoch": ("höher", "höchst"),
                 "nah": ("näher", "nächst"), "gern": ("lieber", "liebst"), "groß": ("größer", "größt")}
UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "au": "äu"}


def split_sep(inf, pp=None, third=None):
    """(prefix, rest) of a separable verb, from Ding's 3sg ('ruft an') or its participle
    (angerufen = an + ge + rufen), else ('', inf)."""
    if third and " " in third:
        last = third.split(" ")[-1]
        if inf.startswith(last) and len(inf) > len(last) + 2:
            return last, inf[len(last):]
    if pp:
        for p in SEP_PREFIXES:
            if inf.startswith(p) and pp.startswith(p) and len(inf) > len(p) + 2:
                rest_pp = pp[len(p):]
                rest = inf[len(p):]
                if rest_pp.startswith("ge") and not rest.startswith("ge"):
                    return p, rest
                if rest.endswith("ieren") or rest.startswith(INSEP_PREFIXES):
                    # ab+bestellen -> abbestellt; zu+bereiten -> zubereitet
                    if rest_pp.startswith(rest[:2]):
                        return p, rest
    return "", inf


def stem_of(inf):
    if inf.endswith(("eln", "ern")):
        return inf[:-1]
    if inf.endswith("en"):
        return inf[:-2]
    if inf.endswith("n"):
        return inf[:-1]
    return inf


def _needs_e(stem):
    if stem.endswith(("d", "t")):
        return True
    m = re.search(r"(.)([^aeiouäöüy])([mn])$", stem)
    if not m or m.group(2) in "lrmn":
        return False
    return not (m.group(2) == "h" and m.group(1) != "c")  # wohnst, but rechnest


def present(inf_base, third=None, du=None):
    """Six present forms (ich du er wir ihr sie) of a verb without its separable prefix, from the
    infinitive and, when known, Ding's 3rd person singular and 2nd person singular."""
    if inf_base in IRREGULAR_PRESENT:
        return IRREGULAR_PRESENT[inf_base].split("|")
    stem = stem_of(inf_base)
    wir = inf_base
    if inf_base.endswith("eln"):
        ich = stem[:-2] + "le"
        reg_du, reg_er, ihr = stem + "st", stem + "t", stem + "t"
    elif inf_base.endswith("ern"):
        ich = stem + "e"
        reg_du, reg_er, ihr = stem + "st", stem + "t", stem + "t"
    else:
        ich = stem + "e"
        e = _needs_e(stem)
        sib = stem.endswith(("s", "ß", "z", "x"))
        reg_du = stem + ("est" if e else ("t" if sib else "st"))
        reg_er = stem + ("et" if e else "t")
        ihr = stem + ("et" if e else "t")
    er = third or reg_er
    if du:
        pass
    elif er == reg_er:
        du = reg_du
    elif er.endswith("dt"):
        du = er[:-1] + "st"
    elif stem.endswith(("t", "d")) and not er.endswith("et"):
        du = er + "st"  # hält -> hältst, tritt -> trittst, gilt -> giltst
    elif er.endswith("t"):
        base = er[:-1]
        du = base + ("t" if base.endswith(("s", "ß", "z", "x")) else "st")
    else:
        du = reg_du
    return [ich, du, er, wir, ihr, inf_base]


def participle(inf, sep=""):
    """A weak past participle by rule (for verbs Ding gives no participle for)."""
    if inf in IRREGULAR_PP:
        return IRREGULAR_PP[inf]
    rest = inf[len(sep):] if sep else inf
    if sep and rest in IRREGULAR_PP:
        g = IRREGULAR_PP[rest]
        return sep + g
    stem = stem_of(rest)
    t = stem + ("et" if _needs_e(stem) and not rest.endswith(("eln", "ern")) else "t")
    if rest.endswith("ieren") or rest.startswith(INSEP_PREFIXES):
        return sep + t
    return sep + "ge" + t


def aux(inf, sep, intransitive):
    base = inf[len(sep):] if sep else inf
    if inf in ALWAYS_SEIN or base in ALWAYS_SEIN:
        return "sein"
    if intransitive and (inf in SEIN_BASES or base in SEIN_BASES):
        return "sein"
    return "haben"


def plural(sg, gender):
    """A German plural by rule, for nouns Ding gives none for."""
    w = sg.split(" ")[-1]
    pre = sg[: len(sg) - len(w)]
    if w.endswith(("a", "i", "o", "u", "y")) and not w.endswith(("ie", "au", "eu", "ei")):
        p = w + "s"
    elif w.endswith(("ung", "heit", "keit", "schaft", "ion", "tät", "ik", "ur", "enz", "anz")):
        p = w + "en"
    elif w.endswith("in") and gender == "f":
        p = w + "nen"
    elif gender == "f":
        p = w + ("n" if w.endswith(("e", "el", "er")) else "en")
    elif w.endswith(("er", "el", "en", "chen", "lein")):
        p = w
    elif w.endswith("e"):
        p = w + "n"
    elif w.endswith(("eum", "ium", "zum", "rum", "tum")) and gender == "n":
        p = w[:-2] + "en"  # Museum, Studium, Zentrum
    else:
        p = w + "e"
    return pre + p


def weak(sg, pl, gender, cat):
    if gender != "m" or not pl:
        return False
    w = sg.split(" ")[-1]
    head = re.split(r"(?<=[a-zäöüß])(?=[A-ZÄÖÜ])", w)[-1]
    for x in WEAK_NOUNS:
        if w == x or (w.endswith(x.lower()) and len(w) > len(x)) or head == x:
            return pl.endswith("n")
    if w.endswith("e") and pl == sg + "n" and cat in ("person", "animal"):
        return True
    if w.endswith(WEAK_SUFFIXES) and pl == sg + "en" and cat in ("person", "animal"):
        return True
    return False


def adj_attr(pred):
    if pred == "hoch":
        return "hoh"
    if pred.endswith("el") and len(pred) > 3:
        return pred[:-2] + "l"
    if pred.endswith(("euer", "auer")):
        return pred[:-2] + "r"
    if pred.endswith("e") and len(pred) > 2:
        return pred[:-1]
    return pred


def _umlaut(w):
    m = re.search(r"(au|a|o|u)([^aeiouäöü]*)$", w)
    if not m:
        return w
    return w[: m.start()] + UMLAUT[m.group(1)] + m.group(2)


def adj_degrees(pred):
    """(comparative stem, superlative stem): teuer -> teurer, teuerst."""
    if pred in IRREGULAR_ADJ:
        return IRREGULAR_ADJ[pred]
    base = pred
    if pred in UMLAUT_ADJ:
        base = _umlaut(pred)
    if base.endswith("el"):
        comp = base[:-2] + "ler"
    elif base.endswith(("euer", "auer")):
        comp = base[:-2] + "rer"
    elif base.endswith("e"):
        comp = base + "r"
    else:
        comp = base + "er"
    if base.endswith(("d", "t", "s", "ß", "x", "z", "sch")) and not base.endswith(("end", "isch")):
        sup = base + "est"
    elif base.endswith("e"):
        sup = base + "st"
    else:
        sup = base + "st"
    return comp, sup
