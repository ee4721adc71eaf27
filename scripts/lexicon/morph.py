"""English morphology over WordNet (library module, no output of its own).

lemmas(): an inflected word form -> the WordNet lemmas (lemma, pos) it may be an inflection of
(WordNet's morphy: the *.exc exception lists, then its detachment rules).
inflect_*(): a lemma -> its inflected forms, from the exception lists read backwards and
regular spelling rules (consonant doubling, y -> i, e-drop, -es after sibilants).
Reads nothing itself; takes a wordnet.WordNet.
"""

RULES = {
    "noun": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
             ("men", "man"), ("ies", "y")],
    "verb": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
             ("ing", "e"), ("ing", "")],
    "adj": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    "adv": [],
}

VOWELS = set("aeiou")


class Morph:
    def __init__(self, wn, counts=None):
        self.wn = wn
        self.counts = counts or {}  # word form -> corpus count, to choose among alternatives
        self._cache = {}
        # exception lists read backwards: base -> inflected forms
        self.rev = {p: {} for p in RULES}
        for pos, d in wn.exc.items():
            for form, bases in d.items():
                for b in bases:
                    if b != form:
                        self.rev[pos].setdefault(b, []).append(form)

    def lemmas(self, form):
        """[(lemma, pos)] for a lower-case word form (may be empty)."""
        if form in self._cache:
            return self._cache[form]
        out = []
        idx = self.wn.index
        for pos, rules in RULES.items():
            cands = []
            if (form, pos) in idx:
                cands.append(form)
            for b in self.wn.exc[pos].get(form, []):
                if (b, pos) in idx:
                    cands.append(b)
            for suf, rep in rules:
                if form.endswith(suf) and len(form) > len(suf) + 1:
                    b = form[: -len(suf)] + rep
                    if (b, pos) in idx:
                        cands.append(b)
            for c in dict.fromkeys(cands):
                out.append((c, pos))
        self._cache[form] = out
        return out

    # ---- generation -------------------------------------------------------------------
    @staticmethod
    def _cvc(w):
        """Ends consonant-vowel-consonant with a short stressed last syllable (stop, plan, admit)."""
        if len(w) < 3:
            return False
        a, b, c = w[-3], w[-2], w[-1]
        return (a not in VOWELS and b in VOWELS and c not in VOWELS and c not in "wxy"
                and not (a == "q"))

    def _exc_forms(self, lemma, pos):
        return self.rev[pos].get(lemma, [])

    def plural(self, noun):
        words = noun.split(" ")
        head = words[-1]
        exc = [f for f in self._exc_forms(noun, "noun")]
        if not exc and len(words) > 1:
            hx = self._exc_forms(head, "noun")
            if hx:
                exc = [" ".join(words[:-1] + [hx[0]])]
        regular = self._regular_plural(noun)
        if exc:
            # the exception list has only irregular plurals (children, feet, brethren, data);
            # the regular plural may still be the common one (brothers): the commoner form wins
            cands = list(dict.fromkeys(exc + [regular]))
            c = self.counts
            best = max(cands, key=lambda f: (c.get(f, 0), f == regular))
            if c.get(best, 0) == 0:
                best = sorted(exc, key=lambda f: (not f.endswith("s"), len(f)))[0]
            return best
        return regular

    def _regular_plural(self, noun):
        words = noun.split(" ")
        w = words[-1]
        if w.endswith("man") and (w == "man" or w.endswith("woman") or w[:-3] in MAN_COMPOUND_OK
                                  or (len(w) > 5 and w not in MAN_REGULAR)):
            p = w[:-3] + "men"
        elif w.endswith(("s", "x", "z", "ch", "sh")):
            p = w + "es"
        elif w.endswith("y") and len(w) > 1 and w[-2] not in VOWELS:
            p = w[:-1] + "ies"
        elif w.endswith("o") and w in O_ES:
            p = w + "es"
        elif w.endswith("fe") and w in FE_VES:
            p = w[:-2] + "ves"
        elif w.endswith("f") and w in F_VES:
            p = w[:-1] + "ves"
        else:
            p = w + "s"
        return " ".join(words[:-1] + [p])

    def verb_forms(self, verb):
        """(3sg, past, past participle, -ing) for a verb; phrasal verbs inflect the first word."""
        words = verb.split(" ")
        head, rest = words[0], words[1:]
        if len(words) > 1 and (verb, "verb") in self.wn.index and self._exc_forms(verb, "verb"):
            pass  # exceptions are listed per head word in practice
        f = self._verb_head(head)
        return tuple(" ".join([x] + rest) for x in f)

    def _verb_head(self, v):
        if v in IRREGULAR_VERBS:
            past, pp = IRREGULAR_VERBS[v]
        else:
            # WordNet's exception list gives past and participle forms (and odd -ing/-s forms)
            # without saying which is which: -n forms are taken as participles, the rest as pasts;
            # the regular form competes, and the commoner form in the corpus wins.
            exc = [f for f in self._exc_forms(v, "verb") if not f.endswith(("ing", "s"))]
            reg = self._regular_past(v)
            c = self.counts
            ens = [f for f in exc if f.endswith(("en", "wn", "ne", "un", "ln", "rn"))]
            others = [f for f in exc if f not in ens]
            pick = lambda cands: max(cands, key=lambda f: (c.get(f, 0), f == reg))
            past = pick(others + [reg])
            pp = pick(ens) if ens else past
        return (self._third(v), past, pp, self._ing(v))

    def _third(self, v):
        if v in ("have",):
            return "has"
        if v in ("be",):
            return "is"
        if v in ("do", "go", "undo", "forgo", "outdo", "redo", "overdo", "veto", "echo", "torpedo"):
            return v + "es"
        if v.endswith(("s", "x", "z", "ch", "sh")):
            return v + "es"
        if v.endswith("y") and v[-2:-1] not in VOWELS:
            return v[:-1] + "ies"
        return v + "s"

    def _double(self, v):
        if v in NO_DOUBLE:
            return False
        if v in DOUBLE:
            return True
        # monosyllables ending CVC double (stop, plan); longer words only when listed
        syll = sum(1 for i, ch in enumerate(v) if ch in VOWELS and (i == 0 or v[i - 1] not in VOWELS))
        return syll == 1 and self._cvc(v)

    def _regular_past(self, v):
        if v.endswith("e"):
            return v + "d"
        if v.endswith("y") and v[-2:-1] not in VOWELS:
            return v[:-1] + "ied"
        if v.endswith("c") and v in C_CK:
            return v + "ked"
        if self._double(v):
            return v + v[-1] + "ed"
        return v + "ed"

    def _ing(self, v):
        if v.endswith("ie"):
            return v[:-2] + "ying"
        if v.endswith("e") and not v.endswith(("ee", "ye", "oe")) and v not in ("be", "singe", "dye"):
            return v[:-1] + "ing"
        if v.endswith("c") and v in C_CK:
            return v + "king"
        if self._double(v):
            return v + v[-1] + "ing"
        return v + "ing"

    def adj_forms(self, adj, lexfile=None):
        """(comparative, superlative): -er/-est for short adjectives whose -er form occurs in the
        corpus, more/most for the others, ('-', '-') for relational (adj.pert) and other
        non-gradable adjectives."""
        exc = self._exc_forms(adj, "adj")
        if adj in IRREGULAR_ADJ:
            return IRREGULAR_ADJ[adj]
        if adj in NONGRADABLE or lexfile == "adj.pert":
            return "-", "-"
        if exc:
            ers = [f for f in exc if f.endswith("er")]
            ests = [f for f in exc if f.endswith("est")]
            if ers and ests:
                return ers[0], ests[0]
        if " " in adj or "-" in adj:
            return "more " + adj, "most " + adj
        if adj.endswith("e"):
            er, est = adj + "r", adj + "st"
        elif adj.endswith("y") and adj[-2:-1] not in VOWELS:
            er, est = adj[:-1] + "ier", adj[:-1] + "iest"
        elif self._double(adj) and not adj.endswith("w"):
            er, est = adj + adj[-1] + "er", adj + adj[-1] + "est"
        else:
            er, est = adj + "er", adj + "est"
        if self.short_adj(adj) and (not self.counts or self.counts.get(er, 0) >= 3 or adj in INFLECTED_ADJ):
            return er, est
        return "more " + adj, "most " + adj

    def short_adj(self, adj):
        if adj in PERIPHRASTIC:
            return False
        if adj in INFLECTED_ADJ:
            return True
        exc = self._exc_forms(adj, "adj")
        if exc:
            return True
        syll = 0
        prev = False
        for ch in adj:
            v = ch in "aeiouy"
            if v and not prev:
                syll += 1
            prev = v
        if adj.endswith("e") and not adj.endswith(("le", "ee")) and syll > 1:
            syll -= 1
        if syll <= 1:
            return not adj.endswith(("ed",))
        if syll == 2 and adj.endswith(("y", "ow", "le", "er")) and not adj.endswith(("ly",)):
            return adj.endswith("y") or adj in INFLECTED_ADJ
        return False


IRREGULAR_VERBS = {
    "be": ("was", "been"), "have": ("had", "had"), "do": ("did", "done"), "go": ("went", "gone"),
    "get": ("got", "gotten"), "make": ("made", "made"), "say": ("said", "said"),
    "see": ("saw", "seen"), "come": ("came", "come"), "take": ("took", "taken"),
    "give": ("gave", "given"), "know": ("knew", "known"), "think": ("thought", "thought"),
    "find": ("found", "found"), "tell": ("told", "told"), "become": ("became", "become"),
    "leave": ("left", "left"), "feel": ("felt", "felt"), "bring": ("brought", "brought"),
    "begin": ("began", "begun"), "keep": ("kept", "kept"), "hold": ("held", "held"),
    "write": ("wrote", "written"), "stand": ("stood", "stood"), "hear": ("heard", "heard"),
    "let": ("let", "let"), "mean": ("meant", "meant"), "set": ("set", "set"),
    "meet": ("met", "met"), "run": ("ran", "run"), "pay": ("paid", "paid"), "sit": ("sat", "sat"),
    "speak": ("spoke", "spoken"), "lie": ("lay", "lain"), "lead": ("led", "led"),
    "read": ("read", "read"), "grow": ("grew", "grown"), "lose": ("lost", "lost"),
    "fall": ("fell", "fallen"), "send": ("sent", "sent"), "build": ("built", "built"),
    "understand": ("understood", "understood"), "draw": ("drew", "drawn"),
    "break": ("broke", "broken"), "spend": ("spent", "spent"), "cut": ("cut", "cut"),
    "rise": ("rose", "risen"), "drive": ("drove", "driven"), "buy": ("bought", "bought"),
    "wear": ("wore", "worn"), "choose": ("chose", "chosen"), "seek": ("sought", "sought"),
    "throw": ("threw", "thrown"), "catch": ("caught", "caught"), "deal": ("dealt", "dealt"),
    "win": ("won", "won"), "forget": ("forgot", "forgotten"), "lay": ("laid", "laid"),
    "sell": ("sold", "sold"), "fight": ("fought", "fought"), "eat": ("ate", "eaten"),
    "sing": ("sang", "sung"), "teach": ("taught", "taught"), "fly": ("flew", "flown"),
    "swim": ("swam", "swum"), "drink": ("drank", "drunk"), "sleep": ("slept", "slept"),
    "ride": ("rode", "ridden"), "hide": ("hid", "hidden"), "shoot": ("shot", "shot"),
    "hit": ("hit", "hit"), "put": ("put", "put"), "shut": ("shut", "shut"),
    "hurt": ("hurt", "hurt"), "cost": ("cost", "cost"), "beat": ("beat", "beaten"),
    "bite": ("bit", "bitten"), "blow": ("blew", "blown"), "dig": ("dug", "dug"),
    "feed": ("fed", "fed"), "forgive": ("forgave", "forgiven"), "freeze": ("froze", "frozen"),
    "hang": ("hung", "hung"), "light": ("lit", "lit"), "ring": ("rang", "rung"),
    "shake": ("shook", "shaken"), "shine": ("shone", "shone"), "sink": ("sank", "sunk"),
    "steal": ("stole", "stolen"), "stick": ("stuck", "stuck"), "strike": ("struck", "struck"),
    "swear": ("swore", "sworn"), "sweep": ("swept", "swept"), "swing": ("swung", "swung"),
    "tear": ("tore", "torn"), "wake": ("woke", "woken"), "lend": ("lent", "lent"),
    "bend": ("bent", "bent"), "bet": ("bet", "bet"), "bind": ("bound", "bound"),
    "bleed": ("bled", "bled"), "breed": ("bred", "bred"), "burst": ("burst", "burst"),
    "cling": ("clung", "clung"), "creep": ("crept", "crept"), "fit": ("fit", "fit"),
    "flee": ("fled", "fled"), "fling": ("flung", "flung"), "forbid": ("forbade", "forbidden"),
    "grind": ("ground", "ground"), "kneel": ("knelt", "knelt"), "leap": ("leapt", "leapt"),
    "quit": ("quit", "quit"), "rid": ("rid", "rid"), "seek": ("sought", "sought"),
    "shed": ("shed", "shed"), "slide": ("slid", "slid"), "spin": ("spun", "spun"),
    "spit": ("spat", "spat"), "split": ("split", "split"), "spread": ("spread", "spread"),
    "spring": ("sprang", "sprung"), "sting": ("stung", "stung"), "stink": ("stank", "stunk"),
    "stride": ("strode", "stridden"), "string": ("strung", "strung"), "strive": ("strove", "striven"),
    "weave": ("wove", "woven"), "weep": ("wept", "wept"), "wind": ("wound", "wound"),
    "withdraw": ("withdrew", "withdrawn"), "wring": ("wrung", "wrung"), "undergo": ("underwent", "undergone"),
    "undertake": ("undertook", "undertaken"), "overcome": ("overcame", "overcome"),
    "arise": ("arose", "arisen"), "awake": ("awoke", "awoken"), "bear": ("bore", "borne"),
    "dive": ("dove", "dived"), "dream": ("dreamed", "dreamed"), "learn": ("learned", "learned"),
    "burn": ("burned", "burned"), "smell": ("smelled", "smelled"), "spell": ("spelled", "spelled"),
    "spill": ("spilled", "spilled"), "show": ("showed", "shown"), "prove": ("proved", "proven"),
    "sew": ("sewed", "sewn"), "saw": ("sawed", "sawn"), "mow": ("mowed", "mowed"),
    "shrink": ("shrank", "shrunk"), "slay": ("slew", "slain"), "tread": ("trod", "trodden"),
    "mistake": ("mistook", "mistaken"), "forecast": ("forecast", "forecast"),
    "broadcast": ("broadcast", "broadcast"), "upset": ("upset", "upset"),
    "input": ("input", "input"), "output": ("output", "output"), "fly": ("flew", "flown"),
    "lean": ("leaned", "leaned"), "dwell": ("dwelled", "dwelled"), "plead": ("pleaded", "pleaded"),
    "hang up": ("hung up", "hung up"), "outgrow": ("outgrew", "outgrown"),
    "overtake": ("overtook", "overtaken"), "oversee": ("oversaw", "overseen"),
    "foresee": ("foresaw", "foreseen"), "withhold": ("withheld", "withheld"),
    "uphold": ("upheld", "upheld"), "behold": ("beheld", "beheld"), "mislead": ("misled", "misled"),
    "misunderstand": ("misunderstood", "misunderstood"), "rewrite": ("rewrote", "rewritten"),
    "rebuild": ("rebuilt", "rebuilt"), "retell": ("retold", "retold"), "resell": ("resold", "resold"),
    "override": ("overrode", "overridden"), "overhear": ("overheard", "overheard"),
    "overthrow": ("overthrew", "overthrown"), "sell out": ("sold out", "sold out"),
    "babysit": ("babysat", "babysat"), "slit": ("slit", "slit"), "thrust": ("thrust", "thrust"),
    "cast": ("cast", "cast"), "spit out": ("spat out", "spat out"),
}

MAN_COMPOUND_OK = {"fire", "police", "business", "chair", "sales", "fisher", "gentle", "spokes",
                   "post", "milk", "fresh", "country", "sports", "work", "door", "mail", "snow",
                   "foot", "horse", "gun", "sea", "noble", "states", "clergy", "chess", "camera"}
MAN_REGULAR = {"human", "german", "roman", "shaman", "caiman", "talisman", "ottoman", "walkman",
               "doberman", "cayman", "dolman", "desman"}

IRREGULAR_ADJ = {
    "good": ("better", "best"), "bad": ("worse", "worst"), "far": ("farther", "farthest"),
    "little": ("smaller", "smallest"), "well": ("better", "best"), "ill": ("worse", "worst"),
    "many": ("more", "most"), "much": ("more", "most"), "old": ("older", "oldest"),
}

# short adjectives that still take more/most; longer ones that take -er/-est
PERIPHRASTIC = {"real", "right", "wrong", "just", "fake", "ill", "main", "whole", "prime", "due",
                "apt", "glad", "own", "loath", "afraid", "alive", "alone", "aware", "asleep",
                "awake", "unique", "dead", "male", "female", "past", "chief", "sole", "mere", "live",
                "bored", "tired", "pleased", "scared", "worried", "crowded", "used", "fixed",
                "mixed", "naked", "wicked", "beloved", "sacred", "rugged", "learned", "aged",
                "round", "square", "top", "gross", "net", "spare", "pure", "fond"}
INFLECTED_ADJ = {"clever", "simple", "gentle", "narrow", "shallow", "quiet", "common", "humble",
                 "noble", "subtle", "tender", "bitter", "polite", "stable", "handsome", "pleasant",
                 "mellow", "yellow", "hollow", "sober", "clever"}

NONGRADABLE = set("""
only last next main whole total single entire extra half left front back upper lower former
actual current present final daily weekly monthly yearly dead pregnant married due own same
other such several various certain particular specific general major minor chief principal
prime primary secondary future past previous initial unique sole mere real_only top bottom
inner outer northern southern eastern western born like very best worst better away extra
additional basic overall maximum minimum average
""".split())

O_ES = {"potato", "tomato", "hero", "echo", "veto", "torpedo", "mosquito", "volcano", "tornado",
        "domino", "embargo", "buffalo", "cargo", "motto", "no"}
FE_VES = {"knife", "wife", "life", "midwife", "housewife", "penknife"}
F_VES = {"leaf", "loaf", "thief", "shelf", "wolf", "calf", "half", "self", "elf", "sheaf"}
C_CK = {"panic", "picnic", "traffic", "mimic", "frolic"}
NO_DOUBLE = {"open", "happen", "visit", "listen", "enter", "offer", "answer", "order", "suffer",
             "cover", "develop", "gather", "consider", "remember", "wonder", "limit", "edit",
             "credit", "deposit", "exhibit", "inhabit", "benefit", "target", "budget", "market",
             "fix", "mix", "box", "tax", "relax", "wax", "show", "snow", "sew", "row", "blow",
             "bow", "allow", "borrow", "follow", "swallow", "widow", "threaten", "listen",
             "travel", "cancel", "label", "model", "signal", "fuel", "total", "level", "marvel",
             "worship", "kidnap", "focus", "bias", "gas", "bus", "lower", "power", "shower",
             "water", "matter", "alter", "filter", "render", "wander", "murder", "deliver",
             "discover", "recover", "bother", "differ"}
DOUBLE = {"admit", "commit", "omit", "permit", "submit", "transmit", "emit", "refer", "prefer",
          "infer", "defer", "confer", "transfer", "occur", "recur", "incur", "deter", "regret",
          "forget", "begin", "upset", "control", "patrol", "compel", "expel", "propel", "repel",
          "excel", "rebel", "equip", "acquit", "abet", "allot", "outwit", "forbid", "befit",
          "unzip", "handicap", "format", "program", "input", "output", "quit"}
