#!/usr/bin/env python3
"""Runs `attn classify --json` (the command after `--`, image path appended) on pictures made here
and checks what a visitor would get. Standard library only.

Bad files, each must exit 1 with {"error": ...} naming the problem, and never use much memory:
  empty.png (0 bytes), corrupt.png (a real PNG cut in half), picture.tif (a format stb_image
  does not read), bomb.png (a valid 20000×20000 PNG of zeros: ~400 KB on disk, 400 MB decoded).
Good files:
  a Fashion-MNIST test image blown up 10× into a 280×280 "photo" (light background, colour tint,
  noise): both models must give its true label (images the models classify correctly at 28×28
  are chosen from the test file), with probabilities summing to 1, a 7×7 Grad-CAM whose cover of
  the item matches a recomputation here (coverage() below), and for the
  CBAM model a channel-weight vector and a spatial map per block (16/28×28, 32/14×14, 64/7×7).
Exit 0 when all hold; 1 with the reasons otherwise."""
import gzip
import json
import os
import random
import resource
import struct
import subprocess
import sys
import tempfile
import zlib

# One CBAM map per residual block, as wide as the block: the widths the shipped model was trained
# with (its training config), at 28, 14 and 7 pixels.
with open(os.path.join(os.path.dirname(__file__), "..", "..", "assets", "models", "train-resnet_cbam-fashion.json")) as f:
    CBAM_WIDTHS = tuple(json.load(f)["model"]["widths"])

DATASET = "/usr/share/datasets/fashion-mnist"


def png(width, height, rows, colour):
    """rows: an iterable of bytes objects, one per scanline (without the filter byte)."""
    comp = zlib.compressobj(9)
    data = bytearray()
    for r in rows:
        data += comp.compress(b"\x00" + r)
    data += comp.flush()

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2 if colour else 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", bytes(data)) + chunk(b"IEND", b"")


def test_images():
    with gzip.open(f"{DATASET}/t10k-images-idx3-ubyte.gz") as f:
        raw = f.read()
    with gzip.open(f"{DATASET}/t10k-labels-idx1-ubyte.gz") as f:
        labels = f.read()[8:]
    return [(raw[16 + i * 784:16 + (i + 1) * 784], labels[i]) for i in range(len(labels))]


def photo_of(image, seed):
    """280×280 RGB: the item dark on a light page, tinted, with noise, as a phone photo might be."""
    rng = random.Random(seed)
    tint = (rng.randint(120, 200), rng.randint(40, 120), rng.randint(40, 120))
    rows = []
    for y in range(280):
        row = bytearray()
        for x in range(280):
            v = image[(y // 10) * 28 + x // 10] / 255.0  # 1 = the item
            for c in range(3):
                page = 245 - 0.02 * x  # a slightly uneven page
                val = page * (1 - v) + tint[c] * (1 - 0.6 * v) * v + rng.uniform(-6, 6)
                row.append(max(0, min(255, int(val))))
        rows.append(bytes(row))
    return png(280, 280, rows, True)


def coverage(image, cam, rows, cols, side=28):
    """Grad-CAM's cover of the item, written again from models/cam_coverage.h's definition: the map
    upsampled bilinearly (pixel centres, edges clamped), lit where >= half its peak; the item is
    pixels > 0.1. Returns (lit item pixels / item pixels, lit pixels off the item / lit pixels)."""
    def coord(i, n_in):
        s = min(max((i + 0.5) * n_in / side - 0.5, 0.0), n_in - 1.0)
        i0 = int(s)
        return i0, min(i0 + 1, n_in - 1), s - i0
    up = []
    for y in range(side):
        y0, y1, ty = coord(y, rows)
        for x in range(side):
            x0, x1, tx = coord(x, cols)
            top = cam[y0 * cols + x0] * (1 - tx) + cam[y0 * cols + x1] * tx
            bottom = cam[y1 * cols + x0] * (1 - tx) + cam[y1 * cols + x1] * tx
            up.append(top * (1 - ty) + bottom * ty)
    peak = max(up)
    item = [v > 0.1 for v in image]
    lit = [u >= 0.5 * peak for u in up]
    both = sum(a and b for a, b in zip(item, lit))
    return both / sum(item), (sum(lit) - both) / sum(lit)


def run(cmd, path):
    out = subprocess.run(cmd + [path], capture_output=True, text=True)
    try:
        return out.returncode, json.loads(out.stdout)
    except json.JSONDecodeError:
        return out.returncode, {"unparsed": out.stdout + out.stderr}


def main():
    cmd = sys.argv[sys.argv.index("--") + 1:]
    problems = []
    tmp = tempfile.mkdtemp(prefix="classify-")
    good = png(40, 40, [bytes([200, 30, 30] * 40)] * 40, True)
    bad = {
        "empty.png": (b"", "empty"),
        "corrupt.png": (good[: len(good) // 2], "damaged"),
        "picture.tif": (b"II*\x00\x08\x00\x00\x00" + b"\x00" * 64, "PNG, JPEG, BMP or GIF"),
        "bomb.png": (png(20000, 20000, (bytes(20000) for _ in range(20000)), False), "20000×20000"),
    }
    for name, (data, words) in bad.items():
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        code, out = run(cmd, path)
        if code != 1 or words not in out.get("error", ""):
            problems.append(f"{name} ({len(data)} bytes): exit {code}, {out}; want exit 1 and an error with {words!r}")
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if peak_mb > 300:
        problems.append(f"the bad files took {peak_mb:.0f} MB at peak; the bomb must be refused before decoding")

    # Photos of test images: the first per class whose raw 28×28 both models get right.
    images = test_images()
    checked = {}
    for index, (image, label) in enumerate(images[:300]):
        if checked.get(label, 0) >= 1:
            continue
        raw_path = os.path.join(tmp, f"raw{index}.png")
        with open(raw_path, "wb") as f:
            f.write(png(28, 28, [image[r * 28:(r + 1) * 28] for r in range(28)], False))
        code, out = run(cmd, raw_path)
        if code != 0 or any(m["predicted"] != label for m in out["models"]):
            continue
        checked[label] = checked.get(label, 0) + 1
        photo_path = os.path.join(tmp, f"photo{index}.png")
        with open(photo_path, "wb") as f:
            f.write(photo_of(image, index))
        code, out = run(cmd, photo_path)
        if code != 0:
            problems.append(f"photo of test image {index}: exit {code}: {out}")
            continue
        if not out["inverted"]:
            problems.append(f"photo of test image {index}: the light page was not inverted")
        for m in out["models"]:
            if m["predicted"] != label:
                problems.append(f"photo of test image {index} ({out['classes'][label]}): {m['model']} says {m['class']}")
            if abs(sum(m["probabilities"]) - 1) > 1e-4 or len(m["probabilities"]) != 10:
                problems.append(f"{m['model']}: probabilities {m['probabilities']}")
            cam = m["grad_cam"]
            if (cam["rows"], cam["cols"], len(cam["values"])) != (7, 7, 49) or min(cam["values"]) < 0:
                problems.append(f"{m['model']}: Grad-CAM {cam['rows']}x{cam['cols']}")
            else:
                # A pixel right at half the peak may fall either side in float and double: allow 2.
                want = coverage(out["input"], cam["values"], 7, 7)
                got = m.get("grad_cam_coverage") or {}
                if abs(got.get("covered", -1) - want[0]) > 0.01 or abs(got.get("off_item", -1) - want[1]) > 0.01:
                    problems.append(f"{m['model']}: Grad-CAM coverage {got}, computed here {want}")
            if "CBAM" in m["model"]:
                blocks = m.get("cbam", [])
                want = list(zip(CBAM_WIDTHS, (28, 14, 7)))
                got = [(len(b["channel_weights"]), b["spatial"]["rows"]) for b in blocks]
                if got != want:
                    problems.append(f"{m['model']}: CBAM maps {got}, want {want}")
                elif any(not 0 <= v <= 1 for b in blocks for v in b["channel_weights"] + b["spatial"]["values"]):
                    problems.append(f"{m['model']}: CBAM weights outside [0, 1]")
            elif "cbam" in m:
                problems.append(f"{m['model']}: a plain network with CBAM maps")
    if len(checked) < 10:
        problems.append(f"only {len(checked)} classes had a test image both models classify right")
    for p in problems:
        print(p)
    print(f"{len(bad)} bad files, photos of {sum(checked.values())} test images: "
          f"{'OK' if not problems else str(len(problems)) + ' problems'}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
