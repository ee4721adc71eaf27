#!/usr/bin/python3
"""Turns hand-check notes into rows of assets/lexicon/generated/overrides-zh.tsv.

Usage: zh_check_apply.py REQUEST.tsv AUTO_OUT.tsv NOTES.txt [NOTES.txt ...]

Reads:
  REQUEST.tsv   the list that was read (en<TAB>pos<TAB>wn_gloss, frequency order)
  AUTO_OUT.tsv  zh_forms.py's output on it WITHOUT overrides (--no-overrides), as it was read
  NOTES.txt     the reader's notes (build/lexicon/zh_check/*.txt):
                  range A-B                  entries A..B (1-based lines of REQUEST) were read
                  N<TAB>zh [col=value ...]   entry N is wrong: its zh (or '=' to keep it), and
                                             optionally zh_cl= zh_pred= zh_asp= (values use '_'
                                             for spaces: zh_pred=很_貴) and why=... (with '_')
                  en/pos<TAB>...             the same, naming the entry instead of its number
                  # comments
  assets/lexicon/generated/overrides-zh.tsv (existing rows are kept unless replaced)
Writes: assets/lexicon/generated/overrides-zh.tsv, sorted by (en, pos, column): for every entry in
a read range a `zh` row (the corrected form, or the automatic one confirmed, why 'ok: read', unless
the entry already has a zh row), plus
the rows for any corrected zh_cl / zh_pred / zh_asp. A multi-token Chinese cell keeps its spaces
(write it with '_' in the notes: 上_個_星期).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zh_common import ROOT, read_tsv  # noqa: E402

OV = os.path.join(ROOT, "assets", "lexicon", "generated", "overrides-zh.tsv")
HEADER = """# overrides-zh.tsv: hand corrections and confirmations of the Chinese side of the generated lexicon.
# en<TAB>pos<TAB>column<TAB>value<TAB>why   (column: zh zh_cl zh_pred zh_asp; read by scripts/lexicon/zh_forms.py,
# applied after the automatic choice; an entry with any row here gets checked=1).
# why 'ok: read' = the automatic zh was read by hand and kept; anything else says why it was changed.
# Written by scripts/lexicon/zh_check_apply.py from the reader's notes; Traditional Chinese, Taiwan usage.
"""


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    req = read_tsv(argv[1], 3)
    auto = {(r[0], r[1]): r for r in read_tsv(argv[2], 8)}
    index = {"%s/%s" % (r[0], r[1]): i for i, r in enumerate(req)}
    rows = {}
    if os.path.exists(OV):
        for f in read_tsv(OV, 5):
            rows[(f[0], f[1], f[2])] = f[3:5]
    for notes in argv[3:]:
        ranges, fixes = [], {}
        for line in open(notes, encoding="utf-8"):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("range "):
                a, b = line.split()[1].split("-")
                ranges.append((int(a), int(b)))
                continue
            key, _, rest = line.partition("\t")
            key = key.strip()
            if key.isdigit():
                i = int(key) - 1
            elif key in index:
                i = index[key]
            else:
                sys.exit("%s: unknown entry %r" % (notes, key))
            parts = rest.split()
            if not parts:
                sys.exit("%s: no value for %r" % (notes, key))
            fix = {"zh": parts[0]}
            for p in parts[1:]:
                k, _, v = p.partition("=")
                if k not in ("zh_cl", "zh_pred", "zh_asp", "why"):
                    sys.exit("%s: bad field %r in %r" % (notes, p, line))
                fix[k] = v
            fixes[i] = fix
        todo = set()
        for a, b in ranges:
            todo |= set(range(a - 1, min(b, len(req))))
        todo |= set(fixes)
        for i in sorted(todo):
            en, pos = req[i][0], req[i][1]
            a = auto.get((en, pos))
            if a is None:
                sys.exit("%s/%s missing from %s" % (en, pos, argv[2]))
            fix = fixes.get(i)
            if fix is None:
                if a[2] == "-" or (en, pos, "zh") in rows:
                    continue   # nothing to confirm, or already corrected / confirmed earlier
                rows[(en, pos, "zh")] = [a[2], "ok: read"]
                continue
            why = fix.get("why", "").replace("_", " ") or "hand: corrected"
            zh = a[2] if fix["zh"] == "=" else fix["zh"].replace("_", " ")
            rows[(en, pos, "zh")] = [zh, "ok: read" if zh == a[2] else why]
            for k in ("zh_cl", "zh_pred", "zh_asp"):
                if k in fix:
                    rows[(en, pos, k)] = [fix[k].replace("_", " "), why]
    os.makedirs(os.path.dirname(OV), exist_ok=True)
    with open(OV, "w", encoding="utf-8") as fh:
        fh.write(HEADER)
        for (en, pos, col), (val, why) in sorted(rows.items()):
            fh.write("\t".join([en, pos, col, val, why]) + "\n")
    n_fix = sum(1 for (en, pos, col), (v, w) in rows.items() if w != "ok: read")
    print("%s: %d rows (%d corrections, %d confirmations)" % (OV, len(rows), n_fix, len(rows) - n_fix))


if __name__ == "__main__":
    main(sys.argv)
