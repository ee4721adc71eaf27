#!/usr/bin/python3
"""Subsets the UI fonts from Debian font packages (run with Debian's python3: it has fontTools).

Writes into --out:
  ui.ttf         DejaVu Sans: Latin-1, Greek, punctuation, arrows, math operators (the step-through
                 view prints √ · × ÷ − ∞ α), plus any such character found in the scanned sources.
  cjk.ttf        Droid Sans Fallback restricted to the characters below.
  ui-chars.txt, cjk-chars.txt
                 the characters each font holds, UTF-8, so the app bakes exactly them into ImGui's atlas.

CJK characters = ImGui's 2500 common Simplified Chinese characters (parsed from imgui_draw.cpp)
               + their Traditional and Taiwan forms (converted with Debian's opencc)
               + CJK punctuation and full-width forms
               + every CJK character in the scanned folders (the app's own strings, vocabularies).
"""
import argparse
import os
import re
import subprocess
import sys

import logging

from fontTools import subset

logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM NOT subset" is expected

UI_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CJK_FONT_CANDIDATES = ["/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
                       "/usr/share/fonts/truetype/droid/DroidSansFallback.ttf"]
UI_RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x370, 0x3FF), (0x2000, 0x206F), (0x2070, 0x209F),
             (0x2190, 0x21FF), (0x2200, 0x22FF), (0x25A0, 0x25FF)]
CJK_EXTRA_RANGES = [(0x3000, 0x303F), (0xFF00, 0xFFEF)]


def is_cjk(cp):
    return (0x2E80 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or 0xFF00 <= cp <= 0xFFEF
            or 0x20000 <= cp <= 0x2FA1F)


def imgui_simplified_common(imgui_draw_cpp):
    src = open(imgui_draw_cpp, encoding="utf-8").read()
    fn = src.index("GetGlyphRangesChineseSimplifiedCommon")
    start = src.index("accumulative_offsets_from_0x4E00[]", fn)
    body = src[src.index("{", start) + 1:src.index("}", start)]
    offsets = [int(x) for x in re.findall(r"\d+", body)]
    chars, cp = [], 0x4E00
    for off in offsets:
        cp += off
        chars.append(chr(cp))
    if len(chars) < 2000:
        sys.exit(f"make_fonts: parsed only {len(chars)} characters from {imgui_draw_cpp}")
    return "".join(chars)


def opencc(text, config):
    try:
        return subprocess.run(["opencc", "-c", config], input=text, capture_output=True,
                              text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"make_fonts: opencc -c {config} failed ({e}); install Debian's opencc")


def scan(folders):
    found = set()
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in files:
                if not name.endswith((".cpp", ".h", ".txt", ".json", ".tsv")):
                    continue
                with open(os.path.join(root, name), encoding="utf-8", errors="ignore") as f:
                    found.update(ch for ch in f.read() if ord(ch) > 0x7E)
    return found


def write_subset(font_path, codepoints, out_path):
    opts = subset.Options()
    opts.layout_features = []   # ImGui uses no OpenType layout
    opts.hinting = False        # stb_truetype ignores hinting
    opts.name_IDs = ["*"]       # keep the licence and font names
    opts.notdef_outline = True
    font = subset.load_font(font_path, opts)
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=sorted(codepoints))
    sub.subset(font)
    covered = set(font.getBestCmap().keys())
    tmp = out_path + ".tmp"
    subset.save_font(font, tmp, opts)
    os.replace(tmp, out_path)
    return covered


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--imgui-draw", required=True, help="imgui_draw.cpp of Dear ImGui 1.86")
    ap.add_argument("--scan", action="append", default=[], help="folders whose non-ASCII characters to keep")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    scanned = scan(args.scan)
    simplified = imgui_simplified_common(args.imgui_draw)
    cjk = set(simplified) | set(opencc(simplified, "s2t.json")) | set(opencc(simplified, "s2tw.json"))
    cjk |= {chr(c) for lo, hi in CJK_EXTRA_RANGES for c in range(lo, hi + 1)}
    cjk |= {ch for ch in scanned if is_cjk(ord(ch))}
    cjk = {ch for ch in cjk if is_cjk(ord(ch))}

    ui = {c for lo, hi in UI_RANGES for c in range(lo, hi + 1)}
    ui |= {ord(ch) for ch in scanned if not is_cjk(ord(ch))}

    ui_covered = write_subset(UI_FONT, ui, os.path.join(args.out, "ui.ttf"))
    cjk_font = next((p for p in CJK_FONT_CANDIDATES if os.path.exists(p)), None)
    if not cjk_font:
        sys.exit("make_fonts: no Droid Sans Fallback font; install Debian's fonts-droid-fallback")
    cjk_covered = write_subset(cjk_font, {ord(c) for c in cjk}, os.path.join(args.out, "cjk.ttf"))
    kept = "".join(sorted(c for c in cjk if ord(c) in cjk_covered))
    with open(os.path.join(args.out, "cjk-chars.txt"), "w", encoding="utf-8") as f:
        f.write(kept)
    with open(os.path.join(args.out, "ui-chars.txt"), "w", encoding="utf-8") as f:
        f.write("".join(chr(c) for c in sorted(ui_covered) if c >= 0x20))
    missing = sorted(ch for ch in scanned if ord(ch) not in ui_covered and ord(ch) not in cjk_covered)
    print(f"make_fonts: ui.ttf {len(ui_covered)} glyphs, cjk.ttf {len(kept)} CJK characters"
          + (f"; no glyph for {''.join(missing)!r}" if missing else ""))


if __name__ == "__main__":
    main()
