#!/usr/bin/env python3
"""Trains the Train panel's model on reverse with `attn train-live` (the command after `--`:
native, or the wasm build under node), test-sized (sequences of 1-6 symbols), then translates with
the saved file through `attn translate --model`, as a model exported from the page would be.
Standard library only.

Checks that
  - the run reaches 99% held-out exact match within its time limit;
  - in the last decoder layer's best head, the cross-attention of at least 90% of held-out output
    rows peaks at the mirrored source position (the anti-diagonal);
  - `attn translate` loads the saved model and reverses three sequences it was not trained on
    specially (any held-out-like input), reading and writing the symbols as words.
Exit 0 when all hold; 1 with the reasons otherwise."""
import os
import re
import subprocess
import sys
import tempfile


def main():
    cmd = sys.argv[sys.argv.index("--") + 1:]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "reverse.safetensors")
        run = subprocess.run(cmd + ["train-live", "--task", "reverse", "--set", "max_len=6", "--target", "0.99",
                                    "--seconds", "400", "--save", model], capture_output=True, text=True)
        print(run.stdout[-1500:])
        m = re.search(r"reached ([\d.]+)% held-out exact match .* attention where the task says: ([\d.]+)% \(head (\d+)\)", run.stdout)
        if run.returncode != 0 or not m:
            failures.append(f"train-live did not reach 99% (exit {run.returncode}): {run.stderr[-500:]}")
        elif float(m.group(2)) < 90.0:
            failures.append(f"the best head's attention follows the anti-diagonal on only {m.group(2)}% of rows")
        if os.path.exists(model):
            for seq in ["3 1 4 1 5", "2 7", "9 0 0 8 6 1"]:
                out = subprocess.run(cmd + ["translate", "--model", model, seq], capture_output=True, text=True)
                got = re.search(r"^translation: (.*)$", out.stdout, re.M)
                want = " ".join(reversed(seq.split()))
                print(f"{seq} -> {got.group(1) if got else out.stderr.strip()}")
                if out.returncode != 0 or not got or got.group(1).strip() != want:
                    failures.append(f"attn translate \"{seq}\": wanted \"{want}\", got {got.group(1) if got else out.stderr!r}")
        else:
            failures.append("no model file was saved")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
