#!/usr/bin/python3
"""Writes the committed seed corpora of the fuzz targets, tests/fuzz/corpus/<target>/: small
valid files of each kind plus a few edge cases, Python standard library only. The JPEG seeds
come from Chromium's encoder (tests/fuzz/make_jpeg_seeds.mjs) since the standard library has none.

    /usr/bin/python3 tests/fuzz/make_seeds.py
"""
import gzip
import json
import os
import struct

import images

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
CORPUS = os.path.join(HERE, "corpus")


def put(target, name, data):
    os.makedirs(os.path.join(CORPUS, target), exist_ok=True)
    with open(os.path.join(CORPUS, target, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def safetensors(entries, data, metadata=None, pad=True):
    header = dict(entries)
    if metadata is not None:
        header["__metadata__"] = metadata
    h = json.dumps(header).encode()
    if pad:
        h += b" " * (-len(h) % 8)
    return struct.pack("<Q", len(h)) + h + data


def f32(*values):
    return struct.pack("<%df" % len(values), *values)


# --- safetensors ---
put("safetensors", "python_written.safetensors", open(os.path.join(ROOT, "tests/fixtures/python_written.safetensors"), "rb").read())
put("safetensors", "f32_2x3_meta.safetensors",
    safetensors({"w": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]}}, f32(1, 2, 3, 4, 5, 6), {"format": "pt"}))
put("safetensors", "f16_bf16.safetensors",
    safetensors({"a": {"dtype": "F16", "shape": [2], "data_offsets": [0, 4]},
                 "b": {"dtype": "BF16", "shape": [2], "data_offsets": [4, 8]}},
                struct.pack("<HH", 0x3C00, 0xC000) + struct.pack("<HH", 0x3F80, 0x4000)))
put("safetensors", "empty_tensor_rank4.safetensors",
    safetensors({"e": {"dtype": "F32", "shape": [0], "data_offsets": [0, 0]},
                 "r4": {"dtype": "F32", "shape": [1, 1, 1, 2], "data_offsets": [0, 8]}}, f32(0.5, -0.5)))
put("safetensors", "nan.safetensors", safetensors({"n": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}}, f32(float("nan"))))
put("safetensors", "overlap.safetensors",
    safetensors({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                 "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}}, f32(1, 2, 3)))
put("safetensors", "truncated.safetensors", safetensors({"w": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}}, f32(1, 2)))
put("safetensors", "bad_json.safetensors", struct.pack("<Q", 12) + b'{"w": {"dtyp')
put("safetensors", "header_len_huge", struct.pack("<Q", 1 << 62) + b"{}")
# I8 with per-row scales: a valid pair, a pair with a zero scale, and codes whose scales are missing.
put("safetensors", "i8_rows.safetensors",
    safetensors({"w": {"dtype": "I8", "shape": [2, 3], "data_offsets": [0, 6]},
                 "w.scale": {"dtype": "F32", "shape": [2], "data_offsets": [6, 14]}},
                struct.pack("<6b", 1, -2, 3, 127, 0, -127) + f32(0.5, 2.0)))
put("safetensors", "i8_zero_scale.safetensors",
    safetensors({"w": {"dtype": "I8", "shape": [2, 1], "data_offsets": [0, 2]},
                 "w.scale": {"dtype": "F16", "shape": [2], "data_offsets": [2, 6]}},
                struct.pack("<2b", 5, -5) + struct.pack("<HH", 0x0000, 0x3C00)))
put("safetensors", "i8_no_scale.safetensors",
    safetensors({"w": {"dtype": "I8", "shape": [4], "data_offsets": [0, 4]}}, struct.pack("<4b", 1, 2, 3, 4)))

# --- text: sentences, UTF-8 edge cases, a vocabulary file ---
put("text", "sentence_en", "that excited tall singer sends martin televisions .")
put("text", "sentence_zh", "我們 相信 一 個 警察 游泳 。")
put("text", "sentence_de", "Wir glauben, dass ein Polizist schwimmt. Don't T-shirt!")
put("text", "emoji_rtl", "the dog 🐕‍🦺 likes שלום and مرحبا (ok)")
put("text", "control", "a\tb\x01c\x7f\r\nd\x00e")
put("text", "invalid_utf8", b"abc \xff\xfe \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82")
put("text", "nbsp_ideographic_space", "a\u00a0b\u3000c「d」“e”")
put("text", "vocab", "<pad>\n<s>\n</s>\n<unk>\nthe\ndog\n狗\n")
put("text", "vocab_crlf", "<pad>\r\n<s>\r\n</s>\r\n<unk>\r\nx\r\n")

# --- images: PNG (grey, RGB, RGBA, palette, 16-bit), BMP, GIF (still and animated); JPEG from Chromium ---
put("image", "grey_8x8.png", images.png(8, 8, [bytes((x * 32) & 255 for x in range(8))] * 8, 0))
put("image", "rgb_5x3.png", images.png(5, 3, [bytes(range(15))] * 3, 2))
put("image", "rgba_4x4.png", images.png(4, 4, [bytes([200, 10, 10, 0, 10, 200, 10, 255] * 2)] * 4, 6))
put("image", "palette_3x2.png", images.png(3, 2, [b"\x00\x01\x02"] * 2, 3, extra_chunks=[(b"PLTE", bytes([0, 0, 0, 255, 255, 255, 9, 99, 199]))]))
put("image", "grey16_2x2.png", images.png(2, 2, [b"\xff\x00\x00\xff"] * 2, 0, bit_depth=16))
put("image", "one_pixel.png", images.png(1, 1, [b"\x80"], 0))
put("image", "rgb_6x4.bmp", images.bmp(6, 4, lambda x, y: (x * 40, y * 60, 128)))
put("image", "still_4x4.gif", images.gif(4, 4, [[(x + y) % 4 for y in range(4) for x in range(4)]]))
put("image", "animated_3x3.gif", images.gif(3, 3, [[1] * 9, [2] * 9, [3] * 9]))
put("image", "big_header_4096x4096.png", images.png(4096, 4096, [], 0)[:33])
put("image", "truncated.png", images.png(8, 8, [bytes(range(8))] * 8, 0)[:40])

# --- idx: the unit tests' fixtures (gzipped) and raw IDX ---
for name in sorted(os.listdir(os.path.join(ROOT, "tests/fixtures/idx"))):
    put("idx", name, open(os.path.join(ROOT, "tests/fixtures/idx", name), "rb").read())


def idx(dims, data):
    return struct.pack(">BBBB", 0, 0, 8, len(dims)) + b"".join(struct.pack(">I", d) for d in dims) + bytes(data)


put("idx", "raw_images_2x2x3", idx([2, 2, 3], range(12)))
put("idx", "raw_labels_5", idx([5], [0, 1, 2, 3, 9]))
put("idx", "raw_rank4", idx([1, 2, 1, 2], [7, 7, 7, 7]))
put("idx", "raw_zero_dim", idx([0, 28, 28], []))
put("idx", "raw_huge_dims", idx([0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF], b"x"))
put("idx", "gz_raw_images", gzip.compress(idx([2, 2, 3], range(12)), mtime=0))
