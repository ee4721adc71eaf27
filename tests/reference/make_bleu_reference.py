#!/usr/bin/python3
"""Expected BLEU scores for tests/fixtures/bleu_sample.tsv, computed by NLTK's corpus_bleu (Debian's
python3-nltk) on tokens from an independent, regular-expression port of sacreBLEU's tokenisers:
13a for German, and for Chinese every CJK character a token, then 13a. Writes
tests/fixtures/bleu_reference.json, which tests/text/test_bleu.cpp matches to 0.01 BLEU.

    apt-get install python3-nltk     # once; ./test does not need it
    /usr/bin/python3 tests/reference/make_bleu_reference.py
"""
import json
import os
import re

from nltk.translate.bleu_score import corpus_bleu

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "fixtures")


def tokenize_13a(line):
    """mteval-v13a's normalisation and tokenisation, as sacreBLEU's default tokeniser."""
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in line:
        line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    line = f" {line} "
    line = re.sub(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])", r" \1 ", line)
    line = re.sub(r"([^0-9])([\.,])", r"\1 \2 ", line)
    line = re.sub(r"([\.,])([^0-9])", r" \1 \2", line)
    line = re.sub(r"([0-9])(-)", r"\1 \2 ", line)
    return line.split()


CJK = re.compile("([\u2e80-\u2fdf\u3000-\u303f\u31c0-\u31ef\u3200-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
                 "\U00020000-\U0002fa1f])")


def tokenize_zh(line):
    return tokenize_13a(CJK.sub(r" \1 ", line))


def main():
    rows = {"de": [], "zh": []}
    with open(os.path.join(DATA, "bleu_sample.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            lang, hyp, ref = line.rstrip("\n").split("\t")
            rows[lang].append((hyp, ref))
    out = {}
    for lang, pairs in rows.items():
        tok = tokenize_zh if lang == "zh" else tokenize_13a
        hyps = [tok(h) for h, _ in pairs]
        refs = [[tok(r)] for _, r in pairs]
        out[lang] = {"bleu": 100.0 * corpus_bleu(refs, hyps), "sentences": len(pairs),
                     "hyp_tokens": [" ".join(h) for h in hyps], "ref_tokens": [" ".join(r[0]) for r in refs]}
        print(lang, round(out[lang]["bleu"], 4))
    with open(os.path.join(DATA, "bleu_reference.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
