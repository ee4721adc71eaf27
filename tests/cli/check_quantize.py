#!/usr/bin/env python3
"""`attn quantize --dtype f16` on the shipped translators (the command after `--` is `attn`):
the file is at most 51% of the float32 one, and on the first 40 sentences of assets/mini-test.tsv
the half-precision model writes the same tokens, its attention weights within 0.02 of the float32
model's (the quality gate for compact weights), in every kind, layer and head. Bad calls are
refused with a message and leave no file. Standard library only."""
import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SENTENCES = 40


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def translate(attn, model, sentence):
    out = run(attn + ["translate", "--model", model, sentence, "--json"])
    if out.returncode != 0:
        sys.exit(f"translate failed: {out.stderr.strip()}")
    return json.loads(out.stdout)


def main():
    attn = sys.argv[sys.argv.index("--") + 1:]
    sentences = [line.split("\t")[0] for line in open(os.path.join(REPO, "assets/mini-test.tsv"), encoding="utf-8")][:SENTENCES]
    failures = []

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        for name in ["en-zh_TW", "en-de"]:
            f32 = os.path.join(REPO, "assets/models", name + ".safetensors")
            f16 = os.path.join(tmp, name + "-f16.safetensors")
            out = run(attn + ["quantize", "--dtype", "f16", f32, f16])
            check(out.returncode == 0, f"{name}: quantized ({out.stdout.strip() or out.stderr.strip()})")
            if out.returncode != 0:
                continue
            ratio = os.path.getsize(f16) / os.path.getsize(f32)
            check(ratio <= 0.51, f"{name}: F16 file is {ratio:.3f} of the F32 one")
            same, worst = 0, 0.0
            for s in sentences:
                a, b = translate(attn, f32, s), translate(attn, f16, s)
                same += a["output_ids"] == b["output_ids"]
                if a["output_ids"] != b["output_ids"]:
                    continue  # maps of different outputs are not comparable
                for ma, mb in zip(a["attention"], b["attention"]):
                    for ra, rb in zip(ma["values"], mb["values"]):
                        worst = max(worst, max(abs(x - y) for x, y in zip(ra, rb)))
            check(same == len(sentences), f"{name}: the same translation on {same} of {len(sentences)} sentences")
            check(worst <= 0.02, f"{name}: largest attention-weight difference {worst:.2e} (gate 0.02)")
        shipped = os.path.join(REPO, "assets/models/en-de.safetensors")
        bad = os.path.join(tmp, "bad.safetensors")
        for args, code, says in [(["--dtype", "i4", shipped, bad], 2, "not supported"),
                                 (["--dtype", "f16", shipped, shipped], 2, "another file"),
                                 (["--dtype", "f16", os.path.join(tmp, "missing.safetensors"), bad], 1, "missing.safetensors"),
                                 (["--dtype", "f16", shipped], 2, "usage")]:
            out = run(attn + ["quantize"] + args)
            check(out.returncode == code and says in out.stderr and not os.path.exists(bad),
                  f"quantize {' '.join(os.path.basename(a) for a in args)}: exit {out.returncode}, says \"{out.stderr.strip()[:70]}\"")
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
