#!/usr/bin/python3
"""Golden data for tests/text/test_subword.cpp: SentencePiece models trained by Debian's spm_train,
and what Debian's python3-sentencepiece (0.1.97) makes of texts the models never saw. The C++
encoder (src/text/subword.h) must give exactly the same ids and the same decoded text.

    apt-get install sentencepiece python3-sentencepiece trans-de-en   # ./test needs only the first two
    /usr/bin/python3 tests/reference/make_spm_golden.py

Text: the example sentences of Debian's trans-de-en (the Ding German-English dictionary by Frank
Richter, GPL-2+, /usr/share/trans/de-en): entries, or "|"-separated parts of entries, whose German
and English sides are both full sentences (a capital or digit first, . ! ? or … last, three words or
more). The sentences are shuffled with a fixed seed; the golden texts are drawn from sentences held
apart, and no training sentence has the same tokenized form as a held-out one.

Two models, both written to tests/fixtures/ as the .model spm_train made, its scripts/spm-export
export (.vocab.tsv, what SubwordModel loads), the golden encodings (.golden.tsv.gz) and random id
lists with their decoded text (.decode.tsv):

  spm_bpe_small   the project's flags (PROJECT_FLAGS), vocabulary 2,000, trained on the
                  tokenized form of every training sentence (lower-cased words and punctuation
                  joined by single spaces, as tokenize_words in src/text/vocab.h makes them) plus the
                  raw form of every fifth. 10,000 golden texts: tokenized and raw held-out sentences
                  and hostile text (CJK, emoji, accents, digits, runs of spaces, tabs, controls,
                  invalid UTF-8, a typed U+2581, characters never seen so that byte fallback is
                  exercised, very long lines).
  spm_bpe_edge    the paths the project's flags leave unused: no byte fallback (unknown characters
                  become <unk>, one per run), character coverage 0.9995, user-defined symbols, and a
                  few pieces turned into `unused` pieces after training (the .model is rewritten).

Golden line: input TAB ids [TAB decoded], decoded present only where SentencePiece's decode of the
ids differs from the input. Text fields are escaped: \\\\ for a backslash, \\t \\n \\r, and \\xHH for
other control bytes, a leading '#', and every byte that is not part of valid UTF-8. Lines starting
with '#' are comments.
"""
import gzip
import os
import random
import re
import subprocess
import sys
import tempfile

import sentencepiece as spm

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DATA = os.path.join(ROOT, "tests", "fixtures")
DING = "/usr/share/trans/de-en"
SEED = 20251201

# The flags the project trains its translators' subword models with (documented in
# src/text/subword.h). --character_coverage is 1.0 for English/German, about 0.9995 for Chinese.
PROJECT_FLAGS = [
    "--model_type=bpe", "--normalization_rule_name=identity",
    "--byte_fallback=true", "--split_digits=true",
    "--add_dummy_prefix=true", "--remove_extra_whitespaces=true",
    "--pad_id=0", "--bos_id=1", "--eos_id=2", "--unk_id=3",
]
EDGE_USER_DEFINED = ["<sep>", "[mask]", "ing", "ab", "abc", "\u2581zz", "\U0001F642", "@@"]

# ---- tokenize_words of src/text/vocab.h, ported ---------------------------------------------------

SPLIT_PUNCTUATION = set('.,!?;:"()') | set("\u3001\u3002\uff0c\uff01\uff1f\uff1b\uff1a\u300c\u300d\u201c\u201d")
SPACES = set(" \t\n\r\u3000\u00a0")


def is_ignorable(cp):
    if cp in (9, 10, 13):
        return False
    return (cp < 0x20 or 0x7F <= cp < 0xA0 or cp in (0x200B, 0x200E, 0x200F, 0xFEFF) or 0x202A <= cp <= 0x202E
            or 0x2060 <= cp <= 0x2069)


def tokenized(text):
    words, cur = [], ""
    for ch in text:
        if ch in SPACES or is_ignorable(ord(ch)):
            words.append(cur)
            cur = ""
        elif ch in SPLIT_PUNCTUATION:
            words += [cur, ch]
            cur = ""
        else:
            cur += ch.lower() if "A" <= ch <= "Z" else ch
    words.append(cur)
    return " ".join(w for w in words if w)


# ---- sentences ------------------------------------------------------------------------------------

SENTENCE = re.compile(r"^[A-ZÄÖÜ0-9\"„‚'][^{}\[\]]*[.!?…]$")


def ding_sentences():
    found = set()
    with open(DING, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or " :: " not in line:
                continue
            de, en = line.rstrip("\n").split(" :: ", 1)
            de_parts, en_parts = de.split(" | "), en.split(" | ")
            if len(de_parts) != len(en_parts):
                continue
            for d, e in zip(de_parts, en_parts):
                d, e = d.strip(), e.strip()
                if all(SENTENCE.match(s) and len(s.split()) >= 3 for s in (d, e)):
                    for side in (d, e):
                        found.update(p.strip() for p in re.split(r"(?<=[.!?])\s*;\s+", side) if p.strip())
    sentences = sorted(found)
    random.Random(SEED).shuffle(sentences)
    return sentences


# ---- hostile text ---------------------------------------------------------------------------------

CJK_PHRASES = ["我昨天在公園。", "這是一本書", "你好，世界！", "注意力就是你所需要的", "日本語のテキスト", "한국어 문장",
               "我 爱 你", "「引號」與、標點", "中文English混合"]
EMOJI = ["\U0001F600", "\U0001F44D\U0001F3FD", "\U0001F468\u200D\U0001F469\u200D\U0001F467", "\U0001F1E9\U0001F1EA",
         "\u2764\uFE0F", "1\uFE0F\u20E3", "\U0001F642", "\U0001F9D1\U0001F3FF\u200D\U0001F680", "\u263A"]
ACCENTED = ["café", "naïve", "Ærøskøbing", "façade", "señor", "Łódź", "İstanbul", "ğüşıöç", "Tiếng Việt", "crème brûlée",
            "e\u0301te\u0301", "Ελληνικά", "русский язык", "עברית", "العربية", "हिन्दी", "ไทย", "Straße", "ÄÖÜäöüß",
            "ﬁnance", "Ⅻ", "ｆｕｌｌｗｉｄｔｈ"]
DIGITS = ["1990", "3.14159", "1,000,000", "2nd", "0x1F", "007", "12:30", "-42", "1e10", "٣٤٥", "²³", "½",
          "9" * 40, "2024-12-01"]
ODD = ["~", "^", "§", "¤", "\x01", "\x7f", "\x00", "\ufffd", "\ue000", "\uffff", "\U0010ffff", "\u200b", "\ufeff",
       "\u2028", "\x85", "\u00a0", "\u3000", "\t", "\n", "\r", "\\", "#", "\u2581", "\u2581\u2581", "<s>", "</s>",
       "<unk>", "<pad>", "<0x41>", "\u2581the", "\u2047"]
INVALID = [b"\xff", b"\xfe", b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80",
           b"\xf8\x88\x80\x80\x80", b"\xe4\xbd", b"\x80", b"\xbf\xbf", b"\xc3", b"\xf0\x9f\x98"]
REPEATS = ["aaaa", "eeeeeeee", "eee", "......", "!!!!", "ssss", "nnnnn", "enenen", "erererer", "aaaaaaaaaaaaaaaaa",
           "tttttt", "chchch", "ieieie"]
WHITESPACE = [" ", "  ", "   ", "\t", " \t ", "\n", "\u00a0", "\u3000", " \u2581 "]
FIXED = ["", " ", "   ", "\t", "\n", "a", " a", "a ", "  a  b  ", "\u2581", " \u2581", "\u2581 ", "a\u2581b", "a \u2581b",
         "a\u2581 b", "\u2581\u2581x\u2581\u2581", "x \u2581 ", "the", "The", "THE", "the the the", "der die das",
         "\\", "\\x41", "#not a comment", "\x00", "a\x00b", "\ufffd", "<s> hello </s>", "<unk>", "tab\tin\tline",
         "line\nbreak", "cr\rlf\r\n", "\u2047", " \u2047 "]


def hostile_texts(rng, words, count):
    """count hostile texts (bytes), the fixed ones first, then random mixtures."""
    out = [t.encode("utf-8") for t in FIXED] + list(INVALID)
    pools = [CJK_PHRASES, EMOJI, ACCENTED, DIGITS, ODD, REPEATS]

    def random_char():
        r = rng.random()
        if r < 0.3:
            return chr(rng.randint(0x4E00, 0x9FFF))
        if r < 0.5:
            return chr(rng.randint(0x1F300, 0x1FAFF))
        if r < 0.7:
            return chr(rng.randint(0xA0, 0x24F))
        if r < 0.8:
            return chr(rng.randint(0x0370, 0x052F))
        return chr(rng.choice([rng.randint(0x20, 0x7E), rng.randint(0x2000, 0x2BFF), rng.randint(0x10000, 0x10FFFF)]))

    while len(out) < count:
        parts = []
        for _ in range(rng.randint(1, 8)):
            r = rng.random()
            if r < 0.35:
                parts.append(rng.choice(words))
            elif r < 0.75:
                parts.append(rng.choice(rng.choice(pools)))
            elif r < 0.9:
                parts.append("".join(random_char() for _ in range(rng.randint(1, 6))))
            else:
                parts.append(rng.choice(WHITESPACE))
        text = "".join(p + rng.choice(["", " ", " ", "  ", rng.choice(WHITESPACE)]) for p in parts)
        if rng.random() < 0.2:
            text = rng.choice(WHITESPACE) + text
        data = text.encode("utf-8")
        if rng.random() < 0.15:  # a few invalid bytes, anywhere
            at = rng.randint(0, len(data))
            data = data[:at] + rng.choice(INVALID) + data[at:]
        if rng.random() < 0.02:  # pure random bytes
            data = bytes(rng.randint(0, 255) for _ in range(rng.randint(1, 40)))
        out.append(data)
    return out[:count]


def long_texts(rng, tokenized_held_out, raw_held_out):
    pool = "".join(CJK_PHRASES + EMOJI + ACCENTED + ODD[:12])
    return [
        " ".join(tokenized_held_out[:60]).encode(),                                   # ~5,000 bytes of real text
        "".join(s + rng.choice([" ", "  ", "   ", "\t", " \n "]) for s in raw_held_out[:100]).encode(),
        ("the " * 5000).encode(),                                                      # 20,000 bytes, one merge pattern
        ("e" * 4001 + " " + "a" * 3000 + " " + "ss" * 1500).encode(),                  # long ties, no spaces
        "".join(rng.choice(pool) for _ in range(3000)).encode(),                        # byte fallback all along
        "".join(rng.choice("0123456789") for _ in range(5000)).encode(),
    ]


# ---- models ---------------------------------------------------------------------------------------

def train(corpus_lines, prefix, flags):
    """Runs spm_train in a scratch folder with relative paths: the .model records its input and
    prefix, and they should not depend on where this ran."""
    name = os.path.basename(prefix)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "corpus.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(corpus_lines) + "\n")
        cmd = ["spm_train", "--input=corpus.txt", f"--model_prefix={name}", "--minloglevel=2", *flags]
        print(" ".join(cmd), file=sys.stderr)
        subprocess.run(cmd, check=True, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.replace(os.path.join(tmp, name + ".model"), prefix + ".model")
        # name.vocab, spm's own listing, goes with the scratch folder: the export is what the project reads.


def read_varint(buf, at):
    value, shift = 0, 0
    while True:
        b = buf[at]
        at += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, at
        shift += 7


def varint(n):
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def set_piece_types(model_bytes, new_types):
    """The .model with the type of some pieces changed ({id: type}); other fields are kept as they
    were. Enough protobuf for ModelProto.pieces (field 1) and SentencePiece.type (field 3)."""
    out, at, index = bytearray(), 0, 0
    while at < len(model_bytes):
        start = at
        key, at = read_varint(model_bytes, at)
        wire = key & 7
        if wire == 0:
            _, at = read_varint(model_bytes, at)
        elif wire in (1, 5):
            at += 8 if wire == 1 else 4
        elif wire == 2:
            size, at = read_varint(model_bytes, at)
            body_at, at = at, at + size
            if key >> 3 == 1:
                if index in new_types:
                    body = bytearray()
                    sub = model_bytes[body_at:at]
                    p = 0
                    while p < len(sub):  # copy every field of the piece but its type
                        s = p
                        k, p = read_varint(sub, p)
                        if k & 7 == 0:
                            _, p = read_varint(sub, p)
                        elif k & 7 == 5:
                            p += 4
                        elif k & 7 == 2:
                            n, p = read_varint(sub, p)
                            p += n
                        else:
                            raise ValueError("unexpected field in a piece")
                        if k >> 3 != 3:
                            body += sub[s:p]
                    body += varint(3 << 3) + varint(new_types[index])
                    out += varint(key) + varint(len(body)) + body
                    index += 1
                    continue
                index += 1
        else:
            raise ValueError("unexpected wire type")
        out += model_bytes[start:at]
    return bytes(out)


def export(model_path, vocab_path):
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "spm-export"), model_path, "-o", vocab_path], check=True)


# ---- golden files ---------------------------------------------------------------------------------

def escape(data):
    out, i = [], 0
    while i < len(data):
        c = data[i]
        if c == 0x5C:
            out.append("\\\\")
        elif c in (9, 10, 13):
            out.append({9: "\\t", 10: "\\n", 13: "\\r"}[c])
        elif c < 0x20 or c == 0x7F or (c == 0x23 and i == 0):
            out.append("\\x%02X" % c)
        elif c < 0x80:
            out.append(chr(c))
        else:
            n = 2 if 0xC2 <= c <= 0xDF else 3 if 0xE0 <= c <= 0xEF else 4 if 0xF0 <= c <= 0xF4 else 1
            try:  # a whole valid character stays as it is; a byte of an invalid one is escaped
                out.append(data[i:i + n].decode("utf-8"))
                i += n
                continue
            except UnicodeDecodeError:
                out.append("\\x%02X" % c)
        i += 1
    return "".join(out)


def write_golden(sp, texts, path, header):
    lines = [f"# {h}" for h in header]
    for data in texts:
        ids = sp.encode(data)
        decoded = sp.decode(ids).encode("utf-8")
        line = escape(data) + "\t" + " ".join(map(str, ids))
        if decoded != data:
            line += "\t" + escape(decoded)
        lines.append(line)
    body = ("\n".join(lines) + "\n").encode("utf-8")
    with open(path, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="", compresslevel=9) as gz:
        gz.write(body)
    return len(body)


def random_id_lists(sp, rng, count):
    n = sp.get_piece_size()
    byte_ids = [i for i in range(n) if sp.is_byte(i)]
    word_ids = [i for i in range(n) if sp.id_to_piece(i).startswith("\u2581")]
    lists = [[], [1, 2], [3], [0, 0], [sp.piece_to_id("\u2581")], [sp.piece_to_id("\u2581")] * 3]
    if byte_ids:
        b = {int(sp.id_to_piece(i)[3:5], 16): i for i in byte_ids}
        for text in ["你", "\U0001F600", "é"]:
            lists.append([b[x] for x in text.encode()])
            lists.append([1] + [b[x] for x in text.encode()] + word_ids[:2] + [2])
        lists += [[b[0xE4], b[0xBD]] + word_ids[:1], [b[0x80]], [b[0xFF], b[0x41]], [b[0xC3]] + word_ids[3:4] + [b[0xA9]]]
    while len(lists) < count:
        ids = []
        for _ in range(rng.randint(1, 25)):
            r = rng.random()
            if r < 0.3:
                ids.append(rng.randrange(n))
            elif r < 0.5:
                ids.append(rng.choice(word_ids))
            elif r < 0.6:
                ids.append(rng.randrange(4))
            elif byte_ids and r < 0.8:
                cp = rng.choice([rng.randint(0x80, 0x7FF), rng.randint(0x800, 0xD7FF), rng.randint(0x10000, 0x10FFFF)])
                ids += [b[x] for x in chr(cp).encode()]
            elif byte_ids:
                ids.append(rng.choice(byte_ids))
        lists.append(ids)
    return lists[:count]


def write_decode(sp, lists, path, header):
    lines = [f"# {h}" for h in header]
    for ids in lists:
        lines.append(" ".join(map(str, ids)) + "\t" + escape(sp.decode(ids).encode("utf-8")))
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def main():
    rng = random.Random(SEED)
    sentences = ding_sentences()
    held_raw = sentences[:10_000]
    held_tokens = {tokenized(s) for s in held_raw}
    training = [s for s in sentences[10_000:] if tokenized(s) not in held_tokens]
    print(f"{len(sentences)} sentences: {len(held_raw)} held out, {len(training)} for training", file=sys.stderr)
    words = sorted({w for s in training for w in tokenized(s).split()})
    version = f"sentencepiece {spm.__version__}"

    # The project's model.
    small = os.path.join(DATA, "spm_bpe_small")
    small_flags = ["--vocab_size=2000", "--character_coverage=1.0", *PROJECT_FLAGS]
    train([tokenized(s) for s in training] + training[::5], small, small_flags)
    export(small + ".model", small + ".vocab.tsv")
    sp = spm.SentencePieceProcessor(model_file=small + ".model")
    tok = [tokenized(s) for s in held_raw]
    texts = ([t.encode() for t in tok[:6000]] + [s.encode() for s in held_raw[6000:8500]]
             + long_texts(rng, tok[8500:9000], held_raw[8500:9000]))
    texts += hostile_texts(rng, words, 10_000 - len(texts))
    size = write_golden(sp, texts, small + ".golden.tsv.gz", [
        f"{len(texts)} texts encoded by {version} with spm_bpe_small.model; made by tests/reference/make_spm_golden.py",
        "spm_train " + " ".join(small_flags),
        "input<TAB>ids[<TAB>decoded, where it differs from the input]; escapes \\\\ \\t \\n \\r \\xHH"])
    print(f"spm_bpe_small: {len(texts)} golden texts, {size} bytes before gzip", file=sys.stderr)
    write_decode(sp, random_id_lists(sp, rng, 400), small + ".decode.tsv", [
        f"random id lists decoded by {version} with spm_bpe_small.model; made by tests/reference/make_spm_golden.py",
        "ids<TAB>decoded (escaped like the golden file)"])

    # The edge model: user-defined symbols, unused pieces, no byte fallback.
    edge = os.path.join(DATA, "spm_bpe_edge")
    edge_flags = ["--vocab_size=600", "--character_coverage=0.9995", "--byte_fallback=false",
                  "--user_defined_symbols=" + ",".join(EDGE_USER_DEFINED)]
    edge_flags += [f for f in PROJECT_FLAGS if not f.startswith("--byte_fallback")]
    train([tokenized(s) for s in training], edge, edge_flags)
    with open(edge + ".model", "rb") as f:
        model = f.read()
    sp = spm.SentencePieceProcessor(model_proto=model)
    used = {}
    for s in tok[:2000]:
        for i in sp.encode(s):
            used[i] = used.get(i, 0) + 1
    multi = sorted(i for i in used if len(sp.id_to_piece(i)) > 1 and not sp.is_control(i)
                   and sp.id_to_piece(i) not in EDGE_USER_DEFINED)
    singles = sorted(i for i in used if len(sp.id_to_piece(i)) == 1)
    unused = sorted(rng.sample(multi, 30) + rng.sample(singles, 1))
    model = set_piece_types(model, {i: 5 for i in unused})
    with open(edge + ".model", "wb") as f:
        f.write(model)
    export(edge + ".model", edge + ".vocab.tsv")
    sp = spm.SentencePieceProcessor(model_file=edge + ".model")
    assert all(sp.is_unused(i) for i in unused)
    with_symbols = []  # held-out sentences with user-defined symbols as words and inside words
    for s in tok[9000:9400]:
        ws = s.split()
        for _ in range(rng.randint(1, 3)):
            sym = rng.choice(EDGE_USER_DEFINED + ["abcab", "ababc", "singing", "zz", "abc abc", "@@@"])
            at = rng.randrange(len(ws))
            if rng.random() < 0.5:
                ws.insert(at, sym)
            else:
                ws[at] = ws[at] + sym if rng.random() < 0.5 else sym + ws[at]
        with_symbols.append(" ".join(ws).encode())
    texts = ([t.encode() for t in tok[9400:10000]] + [s.encode() for s in held_raw[8500:8800]] + with_symbols)
    texts += hostile_texts(random.Random(SEED + 1), words, 2000 - len(texts))
    size = write_golden(sp, texts, edge + ".golden.tsv.gz", [
        f"{len(texts)} texts encoded by {version} with spm_bpe_edge.model; made by tests/reference/make_spm_golden.py",
        "spm_train " + " ".join(edge_flags) + f"; then ids {' '.join(map(str, unused))} made unused",
        "input<TAB>ids[<TAB>decoded, where it differs from the input]; escapes \\\\ \\t \\n \\r \\xHH"])
    print(f"spm_bpe_edge: {len(texts)} golden texts, {size} bytes before gzip", file=sys.stderr)
    write_decode(sp, random_id_lists(sp, rng, 150), edge + ".decode.tsv", [
        f"random id lists decoded by {version} with spm_bpe_edge.model; made by tests/reference/make_spm_golden.py",
        "ids<TAB>decoded (escaped like the golden file)"])


if __name__ == "__main__":
    main()
