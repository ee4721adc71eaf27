"""Tiny image writers, Python standard library only, shared by tests/fuzz/make_seeds.py and
tests/bad_inputs/make_bad_inputs.py (independent of the C++ decoder under test)."""
import struct
import zlib


def png(width, height, rows, colour_type=0, bit_depth=8, extra_chunks=()):
    """rows: one bytes object per scanline (without the filter byte); colour_type 0 grey, 2 RGB,
    6 RGBA, 3 palette (then pass a PLTE chunk in extra_chunks)."""
    comp = zlib.compressobj(9)
    data = bytearray()
    for r in rows:
        data += comp.compress(b"\x00" + bytes(r))
    data += comp.flush()
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
    for kind, payload in extra_chunks:
        out += chunk(kind, payload)
    return out + chunk(b"IDAT", bytes(data)) + chunk(b"IEND", b"")


def chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def bomb_png(side=20000):
    """A valid side×side grey PNG of zeros: ~400 KB on disk, side² bytes decoded."""
    comp = zlib.compressobj(9)
    row = b"\x00" * (side + 1)
    data = bytearray()
    for _ in range(side):
        data += comp.compress(row)
    data += comp.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", bytes(data)) + chunk(b"IEND", b"")


def bmp(width, height, pixel):
    """24-bit bottom-up BMP; pixel(x, y) -> (r, g, b)."""
    stride = (width * 3 + 3) & ~3
    body = bytearray()
    for y in reversed(range(height)):
        row = bytearray()
        for x in range(width):
            r, g, b = pixel(x, y)
            row += bytes((b, g, r))
        body += row + b"\x00" * (stride - len(row))
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(body), 2835, 2835, 0, 0)
    head = b"BM" + struct.pack("<IHHI", 14 + len(info) + len(body), 0, 0, 14 + len(info))
    return head + info + bytes(body)


def _lzw_uncompressed(indices, min_code_size=2):
    """GIF LZW data whose code width never grows: a decoder adds a dictionary entry for every
    literal but the first after a clear code and widens its codes once the next entry would be
    2^width, so a clear code every (2^width - clear - 2) literals keeps the width at
    min_code_size + 1 bits. Valid for any decoder."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    width = min_code_size + 1
    codes = []
    run = (1 << width) - clear - 2
    for i, v in enumerate(indices):
        if i % run == 0:
            codes.append(clear)
        codes.append(v)
    codes.append(end)
    bits, nbits, out = 0, 0, bytearray()
    for c in codes:
        bits |= c << nbits
        nbits += width
        while nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8
    if nbits:
        out.append(bits & 0xFF)
    blocks = bytearray([min_code_size])
    for i in range(0, len(out), 255):
        part = out[i:i + 255]
        blocks += bytes([len(part)]) + part
    return bytes(blocks + b"\x00")


def gif(width, height, frames, palette=((0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 0, 255))):
    """frames: lists of palette indices (0..3), width×height each; more than one frame makes an
    animated GIF (NETSCAPE2.0 loop extension, 10 ms per frame)."""
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF1, 0, 0))
    for c in palette:
        out += bytes(c)
    if len(frames) > 1:
        out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for f in frames:
        out += b"\x21\xF9\x04\x00\x01\x00\x00\x00"  # graphic control: 10 ms delay
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, width, height, 0)
        out += _lzw_uncompressed(f)
    return bytes(out + b"\x3B")
