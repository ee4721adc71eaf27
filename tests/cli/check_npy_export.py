#!/usr/bin/env python3
"""numpy reads what `attn translate --export-npy/--export-npz/--export-json` writes, and the values
equal the C++ maps (printed independently by the same run's --json).

  check_npy_export.py --cli build/native/attn --model assets/models/en-de.safetensors --out DIR
  check_npy_export.py --selftest   # proves compare() fails on a wrong value, shape or missing kind
"""
import argparse
import json
import os
import subprocess
import sys

import numpy as np

SENTENCE = "the girl who bought a red dress yesterday is my sister"


def stack(maps, kind):
    """The C++ maps of one kind as a (layers, heads, rows, cols) float32 array."""
    ms = [m for m in maps if m["kind"] == kind]
    layers = max(m["layer"] for m in ms) + 1
    heads = max(m["head"] for m in ms) + 1
    out = np.full((layers, heads, ms[0]["rows"], ms[0]["cols"]), np.nan, dtype=np.float32)
    for m in ms:
        out[m["layer"], m["head"]] = np.asarray(m["values"], dtype=np.float32)
    return out


def compare(reference_maps, npz, npy, npy_kind, exported_json):
    """A list of problems; empty when every exported array equals the reference maps exactly."""
    problems = []
    kinds = sorted({m["kind"] for m in reference_maps})
    if sorted(npz.keys()) != kinds:
        problems.append(f"npz holds {sorted(npz.keys())}, expected {kinds}")
    for kind in kinds:
        want = stack(reference_maps, kind)
        if kind not in npz:
            continue
        got = npz[kind]
        if got.dtype != np.float32 or got.shape != want.shape:
            problems.append(f"npz[{kind}]: {got.dtype} {got.shape}, expected float32 {want.shape}")
        elif not np.array_equal(got, want):
            problems.append(f"npz[{kind}]: values differ, max |diff| {np.nanmax(np.abs(got - want))}")
    want = stack(reference_maps, npy_kind)
    if npy.shape != want.shape or not np.array_equal(npy, want):
        problems.append(f"npy ({npy_kind}): {npy.shape} differs from the reference {want.shape}")
    if len(exported_json["maps"]) != len(reference_maps):
        problems.append(f"JSON export has {len(exported_json['maps'])} maps, expected {len(reference_maps)}")
    for a, b in zip(exported_json["maps"], reference_maps):
        if (a["kind"], a["layer"], a["head"]) != (b["kind"], b["layer"], b["head"]) or \
                not np.array_equal(np.float32(a["values"]), np.float32(b["values"])):
            problems.append(f"JSON export map {a['kind']} {a['layer']}/{a['head']} differs")
            break
    return problems


def run(args):
    os.makedirs(args.out, exist_ok=True)
    npz_path, npy_path, json_path = (os.path.join(args.out, n) for n in ("maps.npz", "cross.npy", "maps.json"))
    for p in (npz_path, npy_path, json_path):
        if os.path.exists(p):
            os.remove(p)  # a stale file from an earlier run must not pass for this one's
    cmd = [args.cli, "translate", "--model", args.model, SENTENCE, "--json", "--export-npz", npz_path,
           "--export-npy", npy_path, "--export-kind", "cross", "--export-json", json_path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {r.returncode}: {r.stderr}")
    reference = json.loads(r.stdout)["attention"]
    npz = dict(np.load(npz_path))
    npy = np.load(npy_path)
    with open(json_path, encoding="utf-8") as f:
        exported = json.load(f)
    problems = compare(reference, npz, npy, "cross", exported)
    # The rows are distributions: a sanity check independent of the reference.
    for kind, arr in npz.items():
        sums = arr.sum(axis=-1)
        if not np.allclose(sums, 1.0, atol=1e-4):
            problems.append(f"{kind}: rows do not sum to 1 (range {sums.min()}..{sums.max()})")
    src = exported["source_tokens"]
    if npy.shape[-1] != len(src) or npy.shape[-2] != len(exported["decoder_tokens"]):
        problems.append(f"cross shape {npy.shape} does not match {len(exported['decoder_tokens'])} decoder x {len(src)} source tokens")
    for p in problems:
        print("FAIL", p)
    if problems:
        sys.exit(1)
    print(f"PASS numpy reads {', '.join(f'{k} {v.shape}' for k, v in npz.items())} and cross.npy {npy.shape}, "
          f"all equal to the C++ maps")


def selftest():
    maps = [{"kind": "cross", "layer": l, "head": h, "rows": 2, "cols": 3,
             "values": [[0.1 * l + h, 0.2, 0.3], [0.4, 0.5, 0.6]]} for l in range(2) for h in range(2)]
    good = {"cross": stack(maps, "cross")}
    js = {"maps": maps}
    assert compare(maps, good, good["cross"], "cross", js) == [], "a correct export must pass"
    bad = good["cross"].copy()
    bad[1, 1, 1, 2] += 1e-6
    assert compare(maps, {"cross": bad}, good["cross"], "cross", js), "a changed value must fail"
    assert compare(maps, good, good["cross"][:, :1], "cross", js), "a wrong shape must fail"
    assert compare(maps, {}, good["cross"], "cross", js), "a missing kind must fail"
    assert compare(maps, good, good["cross"], "cross", {"maps": maps[:-1]}), "a missing JSON map must fail"
    print("PASS selftest: compare() catches a changed value, a wrong shape, a missing kind and a missing map")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli")
    ap.add_argument("--model")
    ap.add_argument("--out")
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args()
    selftest() if a.selftest else run(a)
