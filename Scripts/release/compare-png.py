#!/usr/bin/env python3
"""Compares the pixels of a PNG with a golden of raw RGB bytes (the test goldens' format).

    compare-png.py IMAGE.png GOLDEN.rgb

Decodes 8-bit or smaller grey, RGB, palette and alpha PNGs (not interlaced) with Python's own
zlib, so that the release checks need nothing installed. Exit 0 when every pixel matches,
1 with the count of differing pixels otherwise."""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, chunks, idat = 8, {}, b""
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IDAT":
            idat += body
        else:
            chunks.setdefault(kind, body)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    if interlace != 0 or depth > 8:
        sys.exit(f"{path}: interlaced or 16-bit PNGs are not handled here")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    bits = depth * channels
    stride = (width * bits + 7) // 8
    step = max(1, bits // 8)
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - step] if x >= step else 0
            b = previous[x]
            c = previous[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                line[x] = (line[x] + paeth(a, b, c)) & 255
        rows.append(line)
        previous = line
    palette = chunks.get(b"PLTE", b"")
    maximum = (1 << depth) - 1
    out = bytearray()
    for line in rows:
        for x in range(width):
            if depth == 8:
                sample = line[x * channels:(x + 1) * channels]
            else:
                bit = x * depth
                sample = [(line[bit // 8] >> (8 - depth - bit % 8)) & maximum]
            if colour == 3:
                out += palette[3 * sample[0]:3 * sample[0] + 3]
            elif colour in (0, 4):
                out += bytes([sample[0] * 255 // maximum] * 3)
            else:
                out += bytes(sample[:3])
    return width, height, bytes(out)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: compare-png.py IMAGE.png GOLDEN.rgb")
    width, height, pixels = decode(sys.argv[1])
    golden = open(sys.argv[2], "rb").read()
    if pixels == golden:
        return 0
    count = min(len(pixels), len(golden)) // 3
    differing = sum(1 for i in range(count) if pixels[3 * i:3 * i + 3] != golden[3 * i:3 * i + 3])
    print(f"{sys.argv[1]}: {width}x{height}, {len(pixels)} bytes (golden {len(golden)}); "
          f"{differing} pixels differ", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
