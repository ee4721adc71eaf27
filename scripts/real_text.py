#!/usr/bin/python3
"""Builds small out-of-domain evaluation sets from real human translations.

Run through scripts/real-text, which fetches and unpacks the Debian packages first.
Standard library only, so it runs with Debian's /usr/bin/python3 and nothing else.

  libreoffice.tsv  en, de, zh_TW, source   LibreOffice help paragraphs, aligned by (file, id)
  ding.tsv         en, de                  example sentences from the Ding dictionary
  *.sample.tsv     a fixed-seed random subset of each: the held-out test split
  *.train.tsv      the rest, less any sentence of the everyday test set: training data
"""
import argparse
import random
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

HELP = "usr/share/libreoffice/help"          # inside the --out dir, where dpkg-deb -x put it
LANGS = ("en-US", "de", "zh-TW")
PARAGRAPH_TAGS = {"p", "h1", "h2", "h3", "h4", "h5", "h6"}

# Abbreviations that may end in "." inside a single sentence (the word before the dot, lowercased).
# Deliberately short: LibreOffice help uses few, and a missed one only drops a sentence.
ABBREVIATIONS = {"e.g", "i.e", "etc", "vs", "approx", "cf"}
# A possible sentence end inside the text: . ! or ? (after optional closing quotes/brackets)
# followed by whitespace. Dots inside tokens (file.odt, 3.5) are not followed by whitespace.
INNER_END = re.compile(r"(\S*)[.!?][\"')\]]*\s")
ZH_INNER_END = re.compile(r"[。！？](?=.)")


class Fail(Exception):
    """An expected failure: reported as one line, without a traceback."""


def clean(text):
    # Collapse all whitespace (including tabs and newlines) so every field is TSV-safe.
    text = " ".join(text.split())
    # A dropped inline icon leaves "the Text icon ." (while zh-TW has "icon."): close the gap.
    return re.sub(r" ([.,;:!?])(?= |$)", r"\1", text)


def is_single_sentence(en):
    if not (4 <= len(en.split()) <= 40 and en[0].isupper() and en[-1] in ".!?"):
        return False
    for m in INNER_END.finditer(en):
        word = m.group(1).lower()
        # "Save As..." is a menu name inside the sentence, not a sentence end.
        if word not in ABBREVIATIONS and not word.endswith(".."):
            return False
    return True


class Paragraphs(HTMLParser):
    """Collects {id: text} for every <p>/<h1..h6> with an id (first occurrence in the file wins).

    LibreOffice's help pages carry every platform/application variant of a phrase inside the
    paragraph ("<span hidden class=MAC>Command</span><span hidden id=default...>Ctrl</span>"),
    and JavaScript shows one. We keep the "default" variant and drop the others, otherwise the
    text reads "CommandCtrl + F".
    """

    def __init__(self):
        super().__init__(convert_charrefs=True)  # entities are unescaped for us
        self.found = {}
        self.tag = self.id = None   # the paragraph being read, if any
        self.pieces = []
        self.skip_tag, self.skip_depth = None, 0   # inside a hidden non-default variant

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.skip_depth:
            self.skip_depth += tag == self.skip_tag
        elif self.tag is None:
            if tag in PARAGRAPH_TAGS and attrs.get("id"):
                self.tag, self.id, self.pieces = tag, attrs["id"], []
        elif "hidden" in attrs and not (attrs.get("id") or "").startswith("default"):
            self.skip_tag, self.skip_depth = tag, 1
        elif tag == "br":
            self.pieces.append(" ")

    def handle_endtag(self, tag):
        if self.skip_depth:
            self.skip_depth -= tag == self.skip_tag
        elif tag == self.tag:
            self.found.setdefault(self.id, clean("".join(self.pieces)))
            self.tag = None

    def handle_data(self, data):
        if self.tag is not None and not self.skip_depth:
            self.pieces.append(data)


def read_paragraphs(path):
    parser = Paragraphs()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.found


def build_libreoffice(out):
    roots = {lang: out / HELP / lang / "text" for lang in LANGS}
    for lang, root in roots.items():
        if not root.is_dir():
            raise Fail(f"{root} is missing: unpack libreoffice-help-{lang.lower()} first (scripts/real-text does)")
    n_par = 0
    rows = {}  # en -> row; files and ids are visited in sorted order, so the first one kept is deterministic
    for en_file in sorted(roots["en-US"].rglob("*.html")):
        rel = en_file.relative_to(roots["en-US"])
        other = {}
        for lang in ("de", "zh-TW"):
            f = roots[lang] / rel
            other[lang] = read_paragraphs(f) if f.is_file() else {}
        en_pars = read_paragraphs(en_file)
        n_par += len(en_pars)
        for pid in sorted(en_pars):
            en, de, zh = en_pars[pid], other["de"].get(pid, ""), other["zh-TW"].get(pid, "")
            # An untranslated paragraph is shipped as a copy of the English: not a translation.
            if en in rows or not de or not zh or en in (de, zh) or not is_single_sentence(en):
                continue
            # Guards against stale or broken translations seen in the data: a German fragment
            # ("allgemeinen Tastenkombinationen von LibreOffice.") or a zh-TW paragraph of several
            # sentences that translates an older, longer English text.
            if de[0].islower() or ZH_INNER_END.search(zh):
                continue
            rows[en] = (en, de, zh, f"text/{rel.as_posix()}#{pid}")
    print(f"libreoffice: {n_par} English paragraphs with an id, "
          f"{len(rows)} unique single sentences translated into both de and zh-TW")
    return sorted(rows.values())


def first_sentence(alt):
    """One Ding alternative, without annotations; of whole-sentence synonyms, the first."""
    # {m} grammar and [coll.] usage labels are annotations, not part of the sentence.
    alt = clean(re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", alt))
    # "Es reicht!; Jetzt reicht’s!" lists synonymous sentences; the first is Ding's main one.
    # A ";" that does not follow a sentence end is ordinary punctuation and is left in (and rejected).
    synonyms = alt.split("; ")
    if len(synonyms) > 1 and all(s[-1:] in (".", "!", "?") for s in synonyms):
        return synonyms[0]
    return alt


def build_ding(path):
    if not path.is_file():
        raise Fail(f"{path} is missing: install trans-de-en first (scripts/real-text does)")
    n_alt = 0
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or " :: " not in line:
            continue
        de_side, en_side = line.split(" :: ", 1)
        de_alts, en_alts = de_side.split(" | "), en_side.split(" | ")
        if len(de_alts) != len(en_alts):   # alternatives are aligned by position; skip if they can't be
            continue
        for de, en in zip(de_alts, en_alts):
            n_alt += 1
            de, en = first_sentence(de), first_sentence(en)
            if (en in rows or len(en.split()) < 3
                    # "/" alternatives, stray labels, "(optional)" words and "…" placeholders make
                    # the sentence a template rather than one reference translation.
                    or any(c in de + en for c in "/;{}[]()…")
                    or not (de and en and de[0].isupper() and en[0].isupper()
                            and de[-1] in ".!?" and en[-1] in ".!?")):
                continue
            rows[en] = (en, de)
    print(f"ding: {n_alt} aligned alternatives, {len(rows)} unique full-sentence pairs")
    return sorted(rows.values())


def english_key(en):
    """How two English sentences are compared for held-out checks: case, spacing and punctuation aside."""
    return " ".join(re.findall(r"[a-z0-9']+", en.lower().replace("\u2019", "'")))


def read_held_out(path):
    if not path.is_file():
        raise Fail(f"{path} is missing: the everyday test set must be kept out of the training split")
    keys = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if len(cells) >= 3 and cells[0] != "id":
            keys.add(english_key(cells[2]))
    return keys


def write_tsv(path, rows):
    tmp = path.with_name(path.name + ".tmp")   # write then rename: a killed run never leaves half a file
    with tmp.open("w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write("\t".join(row) + "\n")
    tmp.replace(path)
    print(f"  wrote {len(rows):6d} rows  {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="build/real-text", help="folder holding the unpacked packages; outputs go here")
    ap.add_argument("--ding", default="/usr/share/trans/de-en", help="the Ding dictionary file")
    ap.add_argument("--sample", type=int, default=500, metavar="N", help="rows in each *.sample.tsv (default 500)")
    ap.add_argument("--seed", type=int, default=1, metavar="S", help="random seed for the samples (default 1)")
    ap.add_argument("--held-out", default="assets/everyday/everyday.tsv",
                    help="a TSV whose third column holds English sentences no training split may contain")
    args = ap.parse_args()
    if args.sample < 0:
        ap.error("--sample must be >= 0")
    out = Path(args.out)
    try:
        held_out = read_held_out(Path(args.held_out))
        for name, rows in (("libreoffice", build_libreoffice(out)), ("ding", build_ding(Path(args.ding)))):
            write_tsv(out / f"{name}.tsv", rows)
            # Sampled from the sorted list with a fixed seed, so the same N and S always give the same
            # rows; written back in sorted order so samples diff cleanly against the full file.
            sample = random.Random(args.seed).sample(rows, min(args.sample, len(rows)))
            write_tsv(out / f"{name}.sample.tsv", sorted(sample))
            # The sample is what the model card reports as held-out real text, so training sees
            # only the other rows, and never a sentence a test set asks for.
            tested = set(sample)
            train = [r for r in rows if r not in tested and english_key(r[0]) not in held_out]
            write_tsv(out / f"{name}.train.tsv", train)
    except (Fail, OSError, UnicodeDecodeError) as e:
        sys.exit(f"real_text.py: {e}")


if __name__ == "__main__":
    main()
