#!/usr/bin/python3
"""Writes the bad-input catalogue's files (tests/bad_inputs/{text,images,weights,url}/), Python standard
library only; catalogue.tsv lists them with what the app must say. The JPEG the truncated one is
cut from, source_40x30.jpg, was written by Chromium's encoder (tests/fuzz/make_jpeg_seeds.mjs).

    /usr/bin/python3 tests/bad_inputs/make_bad_inputs.py
"""
import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "fuzz"))
import images  # noqa: E402


def put(sub, name, data):
    os.makedirs(os.path.join(HERE, sub), exist_ok=True)
    with open(os.path.join(HERE, sub, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


# --- text (what a visitor types or pastes; the CLI passes it as one argument, so no NUL byte) ---
put("text", "empty.txt", "")
put("text", "whitespace.txt", "   \t  \n  \u3000 ")
put("text", "long_100k.txt", ("the dog sees a cat . " * 5000)[:100000])
put("text", "invalid_utf8.txt", b"the \xff\xfe dog \xc0\xaf sees \xed\xa0\x80 a \xe2\x82 cat .")
put("text", "emoji.txt", "the dog \U0001F415 sees a cat \U0001F408\u200d\u2b1b .")
put("text", "rtl.txt", "\u05e9\u05dc\u05d5\u05dd \u202e the dog \u202c \u0645\u0631\u062d\u0628\u0627 .")
put("text", "control_chars.txt", "the\x01 dog\x07 sees\x1b[31m a\x7f cat\x08 .")
put("text", "unknown_words.txt", "xylophone quixotic zzyzx flibbertigibbet")

# --- images ---
small = images.png(8, 8, [bytes((x * 30 + y) & 255 for x in range(8)) for y in range(8)], 0)
put("images", "zero_bytes.png", b"")
put("images", "truncated.png", small[: len(small) // 2])
jpeg = open(os.path.join(HERE, "source_40x30.jpg"), "rb").read()
put("images", "truncated.jpg", jpeg[: len(jpeg) // 2])
put("images", "png_named.jpg", small)                      # wrong extension: content decides
put("images", "text_named.png", "this is not a picture\n")  # wrong content for its extension
put("images", "bomb_20000x20000.png", images.bomb_png(20000))
put("images", "one_pixel.png", images.png(1, 1, [b"\x80"], 0))
put("images", "animated.gif", images.gif(6, 6, [[1] * 36, [2] * 36, [3] * 36]))


# --- weights (model files given to the loader) ---
def safetensors(entries, data):
    h = json.dumps(entries).encode()
    h += b" " * (-len(h) % 8)
    return struct.pack("<Q", len(h)) + h + data


real = open(os.path.join(HERE, "..", "fixtures", "rnn_search.safetensors"), "rb").read()
put("weights", "truncated.safetensors", real[: len(real) - 1000])
put("weights", "bad_header_json.safetensors", struct.pack("<Q", 24) + b'{"w": {"dtype": "F32",, ')
put("weights", "overlapping_offsets.safetensors",
    safetensors({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                 "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}}, struct.pack("<3f", 1, 2, 3)))
put("weights", "nan_values.safetensors",
    safetensors({"w": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}}, struct.pack("<4f", 1, float("nan"), 3, 4)))
# I8 with per-row scales (docs/models.md): damaged scales.
def i8_with_scale(scale_entry, scale_bytes):
    entries = {"w": {"dtype": "I8", "shape": [2, 2], "data_offsets": [0, 4]}}
    if scale_entry:
        entries["w.scale"] = scale_entry
    return safetensors(entries, struct.pack("<4b", 1, -2, 3, 127) + scale_bytes)


put("weights", "i8_zero_scale.safetensors",
    i8_with_scale({"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}, struct.pack("<2f", 0.5, 0.0)))
put("weights", "i8_negative_scale.safetensors",
    i8_with_scale({"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}, struct.pack("<2f", -0.5, 1.0)))
put("weights", "i8_nan_scale.safetensors",
    i8_with_scale({"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}, struct.pack("<2f", 0.5, float("nan"))))
put("weights", "i8_scale_count.safetensors",
    i8_with_scale({"dtype": "F32", "shape": [3], "data_offsets": [4, 16]}, struct.pack("<3f", 1, 1, 1)))
put("weights", "i8_no_scale.safetensors", i8_with_scale(None, b""))

# --- URL fragments (the address bar's #..., parsed by src/share/url_state.h) ---
put("url", "malformed_hash.txt", "#panel=attention&sentence=the%2 cat&layer=1")
put("url", "absurd_layer.txt", "#panel=attention&layer=99999&head=2")
put("url", "absurd_head.txt", "#panel=attention&layer=1&head=4096")
