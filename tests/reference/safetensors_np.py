#!/usr/bin/python3
"""A tiny, independent safetensors reader and writer (numpy + json only), for interop tests.

Debian has no python3-safetensors, so this follows the format description instead of sharing any
code with src/io/safetensors.cpp: if the two disagree about the format, a test fails.

    [u64 little-endian N][N bytes of JSON header][data]
    header: {"name": {"dtype": "F32", "shape": [2, 3], "data_offsets": [begin, end]}, ...,
             "__metadata__": {"key": "value"}}

Module use:
    tensors, metadata = read(path)         # name -> numpy array (BF16 comes back as float32, I8 as int8 codes)
    write(path, tensors, metadata, order)  # arrays of float32 / float16 / int8, or BF16(array)

CLI:
    safetensors_np.py dump FILE
    safetensors_np.py check FILE [--ramp NAME SHAPE]... [--meta KEY VALUE]... [--our-layout]
        Exits 1 unless FILE holds exactly the listed tensors (F32, ramp values, see ramp()) and
        exactly the listed metadata. --our-layout also checks what our C++ writer promises: header
        padded with spaces to a multiple of 8 bytes, tensors stored in name order.
    safetensors_np.py selftest
        Proves that `check` fails on a wrong value, shape, name or metadata entry.
"""
import json
import struct
import sys

import numpy as np

DTYPES = {"F32": np.dtype("<f4"), "F16": np.dtype("<f2"), "I8": np.dtype("i1")}  # BF16 is handled by hand


class BF16:
    """Marks a float32 array to be written as BF16 (values must be exactly representable)."""

    def __init__(self, array):
        self.array = np.asarray(array, dtype=np.float32)


def ramp(shape):
    """The values our interop tests use: (i - 5) / 3 in float32, i = 0, 1, ... in row-major order.

    Division by 3 makes most values inexact, so bit-exact agreement means real float32 agreement.
    The C++ side computes (float(i) - 5.0f) / 3.0f: both are correctly rounded IEEE operations.
    """
    n = int(np.prod(shape))
    return ((np.arange(n, dtype=np.float32) - np.float32(5)) / np.float32(3)).reshape(shape)


def read(path):
    with open(path, "rb") as f:
        blob = f.read()
    if len(blob) < 8:
        raise ValueError("file shorter than 8 bytes")
    (n,) = struct.unpack("<Q", blob[:8])
    if n > len(blob) - 8:
        raise ValueError("header length %d past the end of the file" % n)
    header = json.loads(blob[8:8 + n].decode("utf-8"))
    data = blob[8 + n:]
    if not isinstance(header, dict):
        raise ValueError("header is not a JSON object")
    metadata = header.pop("__metadata__", {})
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in metadata.items()):
        raise ValueError("metadata values must be strings")
    tensors = {}
    spans = []
    for name, entry in header.items():
        dtype, shape, (begin, end) = entry["dtype"], entry["shape"], entry["data_offsets"]
        raw = data[begin:end]
        if end < begin or end > len(data):
            raise ValueError("%s: bad data_offsets" % name)
        if dtype == "BF16":
            bits = np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16
            array = bits.view(np.float32)
        elif dtype in DTYPES:
            array = np.frombuffer(raw, dtype=DTYPES[dtype])
        else:
            raise ValueError("%s: unsupported dtype %s" % (name, dtype))
        if array.size != int(np.prod(shape)):
            raise ValueError("%s: shape %s does not match %d bytes" % (name, shape, len(raw)))
        tensors[name] = array.reshape(shape)
        spans.append((begin, end, name))
    covered = 0
    for begin, end, name in sorted(spans):  # the spec: no overlaps, no holes, no trailing bytes
        if begin != covered:
            raise ValueError("%s: data starts at %d, expected %d" % (name, begin, covered))
        covered = end
    if covered != len(data):
        raise ValueError("%d bytes after the last tensor" % (len(data) - covered))
    return tensors, metadata


def write(path, tensors, metadata=None, order=None):
    """Writes tensors in `order` (default: dict order), __metadata__ first, like the reference."""
    header, chunks, offset = {}, [], 0
    if metadata:
        header["__metadata__"] = dict(metadata)
    for name in order or list(tensors):
        value = tensors[name]
        if isinstance(value, BF16):
            bits = value.array.view(np.uint32)
            if np.any(bits & 0xFFFF):
                raise ValueError("%s: values not exactly representable in BF16" % name)
            dtype, shape, raw = "BF16", value.array.shape, (bits >> 16).astype("<u2").tobytes()
        else:
            array = np.asarray(value)
            dtype = {np.dtype(np.float32): "F32", np.dtype(np.float16): "F16", np.dtype(np.int8): "I8"}[array.dtype]
            shape, raw = array.shape, array.astype(DTYPES[dtype]).tobytes()
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + len(raw)]}
        chunks.append(raw)
        offset += len(raw)
    text = json.dumps(header, ensure_ascii=False).encode("utf-8")
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(chunks))


def check(path, ramps, meta, our_layout):
    """Returns a list of mismatches (empty: the file is exactly as expected)."""
    problems = []
    tensors, metadata = read(path)
    for name, shape in ramps.items():
        if name not in tensors:
            problems.append("tensor '%s': missing" % name)
            continue
        got = tensors[name]
        if got.dtype != np.float32:
            problems.append("tensor '%s': dtype %s, expected float32" % (name, got.dtype))
        elif got.shape != shape:
            problems.append("tensor '%s': shape %s, expected %s" % (name, got.shape, shape))
        elif not np.array_equal(got.view(np.uint32), ramp(shape).view(np.uint32)):
            bad = int(np.argmax(got.reshape(-1).view(np.uint32) != ramp(shape).reshape(-1).view(np.uint32)))
            problems.append("tensor '%s': values differ from ramp, first at flat index %d (%r vs %r)"
                            % (name, bad, float(got.reshape(-1)[bad]), float(ramp(shape).reshape(-1)[bad])))
    for name in sorted(set(tensors) - set(ramps)):
        problems.append("tensor '%s': not expected" % name)
    if metadata != meta:
        problems.append("metadata %r, expected %r" % (metadata, meta))
    if our_layout:
        with open(path, "rb") as f:
            (n,) = struct.unpack("<Q", f.read(8))
            header_text = f.read(n)
        if n % 8 or not header_text.rstrip(b" ").endswith(b"}"):
            problems.append("header length %d is not padded with spaces to a multiple of 8" % n)
        entries = {k: v for k, v in json.loads(header_text).items() if k != "__metadata__"}
        by_offset = [k for k, _ in sorted(entries.items(), key=lambda kv: kv[1]["data_offsets"][0])]
        if by_offset != sorted(entries):
            problems.append("tensors are not stored in name order: %s" % by_offset)
    return problems


def parse_shape(text):
    return tuple(int(d) for d in text.split("x"))


def main(argv):
    if len(argv) >= 2 and argv[0] == "dump":
        tensors, metadata = read(argv[1])
        for name, array in tensors.items():
            print("%s %s %s" % (name, array.dtype, list(array.shape)))
        print("metadata", metadata)
        return 0
    if len(argv) >= 1 and argv[0] == "selftest":
        return selftest()
    if len(argv) < 2 or argv[0] != "check":
        print(__doc__)
        return 2
    path, rest, ramps, meta, our_layout = argv[1], argv[2:], {}, {}, False
    while rest:
        if rest[0] == "--ramp" and len(rest) >= 3:
            ramps[rest[1]] = parse_shape(rest[2])
            rest = rest[3:]
        elif rest[0] == "--meta" and len(rest) >= 3:
            meta[rest[1]] = rest[2]
            rest = rest[3:]
        elif rest[0] == "--our-layout":
            our_layout = True
            rest = rest[1:]
        else:
            print("unknown argument %r" % rest[0])
            return 2
    problems = check(path, ramps, meta, our_layout)
    for p in problems:
        print("MISMATCH: " + p)
    if problems:
        return 1
    print("OK: %s holds the %d expected tensors and %d metadata entries" % (path, len(ramps), len(meta)))
    return 0


def selftest():
    """`check` must pass on the right file and fail on each kind of wrong one."""
    import os
    import tempfile

    ramps = {"a": (2, 3), "b": (4,)}
    meta = {"k": "v"}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.safetensors")
        write(path, {n: ramp(s) for n, s in ramps.items()}, meta, order=sorted(ramps))
        assert check(path, ramps, meta, True) == [], "a correct file must pass"

        off_by_one_ulp = ramp((2, 3)).copy()
        off_by_one_ulp.view(np.uint32)[1, 2] += 1
        cases = {
            "value": ({"a": off_by_one_ulp, "b": ramp((4,))}, meta),
            "shape": ({"a": ramp((3, 2)), "b": ramp((4,))}, meta),
            "missing": ({"a": ramp((2, 3))}, meta),
            "extra": ({"a": ramp((2, 3)), "b": ramp((4,)), "c": ramp((1,))}, meta),
            "metadata": ({"a": ramp((2, 3)), "b": ramp((4,))}, {"k": "w"}),
        }
        for what, (tensors, metadata) in cases.items():
            write(path, tensors, metadata, order=sorted(tensors))
            assert check(path, ramps, meta, False), "check must fail on a wrong " + what
        write(path, {n: ramp(s) for n, s in ramps.items()}, meta, order=["b", "a"])
        assert check(path, ramps, meta, True), "--our-layout must fail on tensors out of name order"
        assert check(path, ramps, meta, False) == [], "...and only --our-layout"
    print("OK: check fails on a wrong value, shape, missing/extra tensor, metadata and layout")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
