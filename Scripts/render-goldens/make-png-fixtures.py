#!/usr/bin/env python3
"""Writes the PNG reader fixtures of VeilRenderTests (Tests/VeilRenderTests/Fixtures/png/).

Built by hand with zlib and struct (no imaging library), so the reader is checked against
files that our encoder did not make:
- valid images of other colour types (16-bit RGBA interlaced, 2-bit grey, palette with
  tRNS) with their expected RGB pixels (`NAME.rgb`);
- corrupt files, each with one defect, for the exact-error tests.
Run from the repository root: python3 Scripts/render-goldens/make-png-fixtures.py
"""
import os
import struct
import zlib

OUT = os.path.join("Tests", "VeilRenderTests", "Fixtures", "png")
SIG = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data, crc=None):
    body = kind + data
    value = zlib.crc32(body) & 0xFFFFFFFF if crc is None else crc
    return struct.pack(">I", len(data)) + body + struct.pack(">I", value)


def ihdr(w, h, depth, ctype, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace))


def adam7_passes(w, h):
    starts = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    for x0, y0, dx, dy in starts:
        xs = list(range(x0, w, dx))
        ys = list(range(y0, h, dy))
        if xs and ys:
            yield xs, ys


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def rgba16_interlaced():
    """5x7 RGBA, 16 bits per sample, Adam7; expected RGB is the high bytes."""
    w, h = 5, 7
    px = [[((x * 50 + y) & 0xFF, (y * 36 + x) & 0xFF, (x * y * 9) & 0xFF, (x + y) * 20 & 0xFF) for x in range(w)] for y in range(h)]
    raw = b""
    for xs, ys in adam7_passes(w, h):
        for y in ys:
            raw += b"\x00"
            for x in xs:
                r, g, b, a = px[y][x]
                raw += struct.pack(">HHHH", r * 257 + 1, g * 257, b * 257 + 3, a * 257)
    png = SIG + ihdr(w, h, 16, 6, 1) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    write("rgba16-interlaced.png", png)
    write("rgba16-interlaced.rgb", bytes(v for row in px for p in row for v in p[:3]))


def grey2():
    """9x3 grey at 2 bits: values 0..3 expand to 0, 85, 170, 255."""
    w, h = 9, 3
    vals = [[(x + y) % 4 for x in range(w)] for y in range(h)]
    raw = b""
    for row in vals:
        bits = 0
        n = 0
        out = b""
        for v in row:
            bits = (bits << 2) | v
            n += 1
            if n == 4:
                out += bytes([bits])
                bits, n = 0, 0
        if n:
            out += bytes([bits << (2 * (4 - n))])
        raw += b"\x00" + out
    png = SIG + ihdr(w, h, 2, 0) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    write("grey2.png", png)
    write("grey2.rgb", bytes(v * 85 for row in vals for v in row for _ in range(3)))


def palette_trns():
    """4x2 palette image with a tRNS chunk: transparency is dropped, colours kept."""
    pal = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
    idx = [[0, 1, 2, 1], [2, 2, 0, 0]]
    raw = b"".join(b"\x00" + bytes(r) for r in idx)
    png = (SIG + ihdr(4, 2, 8, 3) + chunk(b"PLTE", bytes(c for p in pal for c in p))
           + chunk(b"tRNS", bytes([0, 128])) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    write("palette-trns.png", png)
    write("palette-trns.rgb", bytes(c for r in idx for i in r for c in pal[i]))


def corrupt():
    raw = b"".join(b"\x00" + bytes([x * 20 for x in range(12)]) for _ in range(4))
    idat = chunk(b"IDAT", zlib.compress(raw))
    good = SIG + ihdr(4, 4, 8, 2) + idat + chunk(b"IEND", b"")
    write("good-rgb.png", good)
    write("corrupt-truncated.png", good[: len(good) - 20])  # cut inside IDAT
    write("corrupt-no-signature.png", b"\x89PNX" + good[4:])
    write("corrupt-ihdr-crc.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0), crc=0x12345678) + idat + chunk(b"IEND", b""))
    write("corrupt-ihdr-depth.png", SIG + ihdr(4, 4, 16, 3) + idat + chunk(b"IEND", b""))
    write("corrupt-ihdr-zero-width.png", SIG + ihdr(0, 4, 8, 2) + idat + chunk(b"IEND", b""))
    write("corrupt-ihdr-length.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBB", 4, 4, 8, 2, 0, 0)) + idat + chunk(b"IEND", b""))
    write("corrupt-first-chunk.png", SIG + idat + ihdr(4, 4, 8, 2) + chunk(b"IEND", b""))
    write("corrupt-no-iend.png", SIG + ihdr(4, 4, 8, 2) + idat)
    bad_zlib = bytearray(zlib.compress(raw))
    bad_zlib[0] = 0x79  # CMF/FLG check fails
    write("corrupt-zlib-header.png", SIG + ihdr(4, 4, 8, 2) + chunk(b"IDAT", bytes(bad_zlib)) + chunk(b"IEND", b""))
    write("corrupt-ihdr-too-wide.png", SIG + ihdr(2_000_000, 1, 8, 2) + idat + chunk(b"IEND", b""))
    write("corrupt-ihdr-bomb.png", SIG + ihdr(20_000, 20_000, 8, 2) + idat + chunk(b"IEND", b""))  # 400 M pixels
    short = zlib.compress(raw[:20])  # a valid stream that ends before the image does
    write("corrupt-short-idat.png", SIG + ihdr(4, 4, 8, 2) + chunk(b"IDAT", short) + chunk(b"IEND", b""))


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    rgba16_interlaced()
    grey2()
    palette_trns()
    corrupt()
