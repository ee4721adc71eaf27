#!/usr/bin/python3
"""Tiny IDX fixtures for tests/core/test_idx.cpp, written with Python's own struct and gzip modules
(independent of the C++ reader): a 3-image 2×3 set with its labels, gzipped as Debian ships
Fashion-MNIST, with a file name in the gzip header (the FNAME field our parser must skip).

    /usr/bin/python3 tests/reference/make_idx_fixture.py
"""
import gzip
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "idx")


def idx(dims, data):
    return struct.pack(">BBBB", 0, 0, 8, len(dims)) + b"".join(struct.pack(">I", d) for d in dims) + bytes(data)


def write(name, payload):
    with open(os.path.join(OUT, name), "wb") as raw:
        with gzip.GzipFile(filename=name[:-3], mode="wb", fileobj=raw, mtime=0) as f:
            f.write(payload)


os.makedirs(OUT, exist_ok=True)
write("tiny-images-idx3-ubyte.gz", idx([3, 2, 3], range(0, 18 * 10, 10)))
write("tiny-labels-idx1-ubyte.gz", idx([3], [9, 0, 4]))
write("badlabel-images-idx3-ubyte.gz", idx([1, 1, 1], [7]))
write("badlabel-labels-idx1-ubyte.gz", idx([1], [12]))
