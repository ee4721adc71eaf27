#!/usr/bin/env python3
"""Runs `attn train` (the command after `--`) with data.pieces naming a model file: the translators of
one direction share the subword pieces of the first one trained (RNNsearch reading the Transformer's
pieces), so that the Compare panel feeds them the same pieces. Standard library only.

Checks that an RNNsearch trained with "pieces": "<transformer>.safetensors" carries exactly the
Transformer's pieces in its own model file, and that a model trained on words (no pieces to share)
is refused with exit 2 and a message naming the file. Exit 0 when all hold; 1 with the reasons."""
import json
import os
import struct
import subprocess
import sys
import tempfile

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURE_PIECES = os.path.join(SRC, "tests", "fixtures", "spm_bpe_small.vocab.tsv")
TRANSFORMER = {"encoder_layers": 1, "decoder_layers": 1, "d_model": 32, "d_ff": 64, "heads": 2, "max_positions": 96}
RNN = {"architecture": "rnn_search", "embed": 16, "hidden": 16, "align": 16, "output": 16, "max_positions": 96}
TRAIN = {"steps": 3, "max_tokens": 512, "seed": 1, "schedule": "constant", "lr": 0.001}


def metadata(path):
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        return json.loads(f.read(n)).get("__metadata__", {})


def main():
    if "--" not in sys.argv:
        print("usage: check_train_shared_pieces.py -- ATTN_COMMAND...", file=sys.stderr)
        return 2
    attn = sys.argv[sys.argv.index("--") + 1:]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        corpus = os.path.join(tmp, "corpus")
        made = subprocess.run(attn + ["corpus", "--train", "300", "--out", corpus], cwd=SRC, capture_output=True, text=True,
                              timeout=300)
        if made.returncode != 0:
            print("attn corpus failed:\n" + made.stderr, file=sys.stderr)
            return 1

        def train(name, model, pieces=None):
            data = {"corpus": corpus, "target": "de", "split": "train.tsv", "heldout": "dev.tsv", "heldout_examples": 10}
            if pieces:
                data["pieces"] = pieces
            cfg = os.path.join(tmp, name + ".json")
            with open(cfg, "w") as f:
                json.dump({"model": model, "data": data, "train": TRAIN, "output": {"dir": os.path.join(tmp, name)}}, f)
            return subprocess.run(attn + ["train", "--config", cfg], capture_output=True, text=True, timeout=300)

        first = train("transformer", TRANSFORMER, FIXTURE_PIECES)
        if first.returncode != 0:
            print("the Transformer run failed:\n" + first.stderr, file=sys.stderr)
            return 1
        transformer = os.path.join(tmp, "transformer", "model.safetensors")
        rnn = train("rnn", RNN, transformer)
        if rnn.returncode != 0:
            problems.append("the RNNsearch run with the Transformer's pieces failed: " + rnn.stderr[-300:])
        else:
            want = metadata(transformer).get("pieces")
            got = metadata(os.path.join(tmp, "rnn", "model.safetensors")).get("pieces")
            with open(FIXTURE_PIECES, encoding="utf-8") as f:
                fixture = f.read()
            if not want or want != fixture:
                problems.append("the Transformer's model file does not carry the pieces it was trained with")
            if got != want:
                problems.append("the RNNsearch model file does not carry the Transformer's pieces")

        words = train("words", TRANSFORMER)
        if words.returncode != 0:
            print("the word-level run failed:\n" + words.stderr, file=sys.stderr)
            return 1
        word_model = os.path.join(tmp, "words", "model.safetensors")
        refused = train("refused", RNN, word_model)
        if refused.returncode != 2 or word_model not in refused.stderr or "words" not in refused.stderr:
            problems.append("pieces from a word-level model were not refused clearly: " + refused.stderr[-300:])
    for p in problems:
        print("FAIL: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
