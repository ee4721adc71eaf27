#!/usr/bin/env python3
"""Runs `attn translate ... --json` (the command after `--`) and checks the trace it prints:
every encoder self-attention map is S×S, every decoder self-attention map T×T with exact zeros
above the diagonal, every cross-attention map T×S, one of each per layer and head, rows summing
to 1, and one step (with top-5 alternatives) per output token. Standard library only.
Exit 0 when all hold; 1 with the reasons otherwise."""
import json
import subprocess
import sys


def main():
    cmd = sys.argv[sys.argv.index("--") + 1:]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"command failed ({out.returncode}): {out.stderr.strip()}")
    trace = json.loads(out.stdout)
    cfg = trace["config"]
    S, T, H = len(trace["source_ids"]), len(trace["output_ids"]), cfg["heads"]
    problems = []
    expect = {"encoder_self": (cfg["encoder_layers"], S, S), "decoder_self": (cfg["decoder_layers"], T, T),
              "cross": (cfg["decoder_layers"], T, S)}
    seen = {}
    for m in trace["attention"]:
        layers, rows, cols = expect[m["kind"]]
        seen[(m["kind"], m["layer"], m["head"])] = True
        values = m["values"]
        if (m["rows"], m["cols"], len(values)) != (rows, cols, rows) or any(len(r) != cols for r in values):
            problems.append(f"{m['kind']} layer {m['layer']} head {m['head']}: shape {m['rows']}x{m['cols']}, want {rows}x{cols}")
            continue
        for i, row in enumerate(values):
            if abs(sum(row) - 1.0) > 1e-4:
                problems.append(f"{m['kind']} {m['layer']}/{m['head']} row {i} sums to {sum(row)}")
            if m["kind"] == "decoder_self" and any(v != 0.0 for v in row[i + 1:]):
                problems.append(f"decoder_self {m['layer']}/{m['head']} row {i}: non-zero above the diagonal")
    for kind, (layers, _, _) in expect.items():
        for l in range(layers):
            for h in range(H):
                if (kind, l, h) not in seen:
                    problems.append(f"missing {kind} layer {l} head {h}")
    if len(trace["attention"]) != H * sum(e[0] for e in expect.values()):
        problems.append(f"{len(trace['attention'])} maps, want {H * sum(e[0] for e in expect.values())}")
    if len(trace["steps"]) != T or any(len(s["top"]) != 5 for s in trace["steps"]):
        problems.append("want one step with 5 alternatives per output token")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"ok: S={S} T={T} H={H}, {len(trace['attention'])} maps")


if __name__ == "__main__":
    main()
