#!/usr/bin/env python3
"""Runs `attn train` (the command after `--`) twice on the reverse task: a first run, then a second
that goes on from the first's model file with train.init (or --init), as a run longer than one sitting does
once its checkpoint is gone. Standard library only.

Checks that the second run
  - starts at the first run's last step + 1, its first loss well below the first run's first loss
    (the weights were carried over, not drawn afresh);
  - takes the learning rate from the schedule at that step (the Noam formula, computed here);
  - starts the epoch after the first run's last one;
and that an init of another shape, or a missing file, is refused with exit 2 and a message naming
the file. Exit 0 when all hold; 1 with the reasons otherwise."""
import csv
import json
import os
import subprocess
import sys
import tempfile

MODEL = {"encoder_layers": 1, "decoder_layers": 1, "d_model": 32, "d_ff": 64, "heads": 2, "max_positions": 16}
DATA = {"task": "reverse", "train_examples": 2000, "heldout_examples": 20, "min_len": 2, "max_len": 6}
TRAIN = {"max_tokens": 256, "seed": 3, "schedule": "noam", "warmup": 20, "factor": 1.0, "dropout": 0.0}


def noam(step, d_model, warmup, factor):
    return factor * d_model ** -0.5 * min(step ** -0.5, step * warmup ** -1.5)


def write_config(path, steps, out_dir, model=MODEL, init=None):
    train = dict(TRAIN, steps=steps)
    if init:
        train["init"] = init
    with open(path, "w") as f:
        json.dump({"model": model, "data": DATA, "train": train, "output": {"dir": out_dir}}, f)


def log_rows(run_dir):
    with open(os.path.join(run_dir, "log.csv")) as f:
        return list(csv.DictReader(f))


def main():
    if "--" not in sys.argv:
        print("usage: check_train_init.py -- ATTN_COMMAND...", file=sys.stderr)
        return 2
    attn = sys.argv[sys.argv.index("--") + 1:]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        def train(name, flags=(), **kw):
            cfg = os.path.join(tmp, name + ".json")
            write_config(cfg, out_dir=os.path.join(tmp, name), **kw)
            return subprocess.run(attn + ["train", "--config", cfg, *flags], capture_output=True, text=True, timeout=600)

        first = train("first", steps=60)
        if first.returncode != 0:
            print("the first run failed:\n" + first.stderr, file=sys.stderr)
            return 1
        model = os.path.join(tmp, "first", "model.safetensors")
        second = train("second", steps=90, init=model)
        if second.returncode != 0:
            print("the continued run failed:\n" + second.stderr, file=sys.stderr)
            return 1
        if "from step 60" not in second.stderr:
            problems.append("the continued run does not say it goes on from step 60: " + second.stderr[-300:])
        a, b = log_rows(os.path.join(tmp, "first")), log_rows(os.path.join(tmp, "second"))
        if int(b[0]["step"]) != 61 or int(b[-1]["step"]) != 90:
            problems.append(f"the continued run logs steps {b[0]['step']}..{b[-1]['step']}, not 61..90")
        if float(b[0]["loss"]) > 0.8 * float(a[0]["loss"]):
            problems.append(f"the continued run's first loss {b[0]['loss']} is not well below a fresh start's {a[0]['loss']}")
        want_lr = noam(61, MODEL["d_model"], TRAIN["warmup"], TRAIN["factor"])
        if abs(float(b[0]["lr"]) - want_lr) > 1e-5 * want_lr:  # the log keeps six digits
            problems.append(f"the learning rate at step 61 is {b[0]['lr']}, the schedule says {want_lr:.6g}")
        if int(b[0]["epoch"]) <= int(a[-1]["epoch"]):
            problems.append(f"the continued run starts in epoch {b[0]['epoch']}, not after the first run's {a[-1]['epoch']}")

        wider = train("wider", steps=70, flags=["--init", model], model=dict(MODEL, d_model=64))
        if wider.returncode != 2 or "another shape" not in wider.stderr or model not in wider.stderr:
            problems.append("an init of another shape was not refused clearly: " + wider.stderr[-300:])
        missing_path = os.path.join(tmp, "nowhere.safetensors")
        missing = train("missing", steps=70, init=missing_path)
        if missing.returncode != 2 or missing_path not in missing.stderr:
            problems.append("a missing init file was not refused clearly: " + missing.stderr[-300:])
    for p in problems:
        print("FAIL: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
