"""Ding German-English dictionary reader (library module, no output of its own).

Reads /usr/share/trans/de-en (Debian package trans-de-en). Each line is
`German side :: English side`; both sides are split on ` | ` into parallel sub-entries (the
first is the headword group, the others inflected forms or examples, in the same order on both
sides); inside a sub-entry `; ` separates synonyms. German words carry {m} {f} {n} {pl} {vt} {vi}
{vr} {adj} {adv} tags, both sides carry [subject] and [usage] labels and (notes).
Nothing is written.
"""
import os
import re

DING_PATH = os.environ.get("DING_PATH", "/usr/share/trans/de-en")

_brace = re.compile(r"\{[^{}]*\}")
_square = re.compile(r"\[[^\[\]]*\]")
_paren = re.compile(r"\([^()]*\)")
_angle = re.compile(r"<[^<>]*>")
_abbr = re.compile(r"(?:^|\s)/[^/\s][^/]*/(?=\s|$)")


def split_syn(sub):
    """Split a sub-entry on `; ` but not inside brackets."""
    out, depth, cur, abbr = [], 0, [], False
    for i, ch in enumerate(sub):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == "/" and (abbr or (i > 0 and sub[i - 1] == " ")):
            abbr = not abbr  # an abbreviation like /Min.; min./
        if ch == ";" and depth == 0 and not abbr:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur).strip())
    return [x for x in out if x]


def split_subs(side):
    return [s.strip() for s in side.split(" | ")]


def tags(item):
    """The {..} tags of an item, e.g. ['m'] or ['vt']."""
    return [t.strip("{} ") for t in _brace.findall(item)]


def labels(item):
    """The [..] labels of an item, e.g. ['bot.', 'Am.']."""
    return [t.strip("[] ") for t in _square.findall(item)]


def bare(item):
    """The item without tags, labels, notes, <> markers and /abbreviations/; whitespace normalised."""
    s = _abbr.sub(" ", _angle.sub(" ", item))
    for _ in range(2):
        s = _brace.sub(" ", s)
        s = _square.sub(" ", s)
        s = _paren.sub(" ", s)
    return " ".join(s.split())


def notes(item):
    return [t.strip("() ") for t in _paren.findall(item)]


class Line:
    __slots__ = ("no", "de", "en")

    def __init__(self, no, de, en):
        self.no = no
        self.de = split_subs(de)
        self.en = split_subs(en)


def read_lines(path=DING_PATH):
    out = []
    with open(path, encoding="utf-8") as fh:
        for no, line in enumerate(fh):
            if line.startswith("#") or " :: " not in line:
                continue
            de, _, en = line.rstrip("\n").partition(" :: ")
            out.append(Line(no, de, en))
    return out


def english_text(path=DING_PATH):
    """The English side of each line, one string per line (for frequency counts)."""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or " :: " not in line:
                continue
            yield line.rstrip("\n").partition(" :: ")[2]


def german_text(path=DING_PATH):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or " :: " not in line:
                continue
            yield line.rstrip("\n").partition(" :: ")[0]
