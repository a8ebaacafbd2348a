#!/usr/bin/env python3
"""Writes the GIF and WebP decoder fixtures of VeilRenderTests (Tests/VeilRenderTests/Fixtures/media/).

Each NAME.gif / NAME.webp comes with NAME.frames: the frames a viewer shows, composed, as
lines `START_MS DURATION_MS` followed by that frame's RGBA bytes in hex (one line per row).
- pillow-*: written and decoded by Pillow (an independent encoder and decoder);
- handmade-disposal.gif: built byte by byte here (local colour tables, frame offsets,
  transparency, disposal "background" and "previous", an interlaced frame), its frames
  composed here as browsers compose them (disposal 2 clears to transparent).
Run from the repository root (needs Pillow): python3 Scripts/media-goldens/make-media-fixtures.py
"""
import os
import struct

from PIL import Image

OUT = os.path.join("Tests", "VeilRenderTests", "Fixtures", "media")


def write_frames(name, frames):
    """frames: list of (start_ms, duration_ms, width, height, rgba bytes)."""
    with open(os.path.join(OUT, name + ".frames"), "w") as out:
        for start, duration, width, height, rgba in frames:
            out.write(f"{start} {duration}\n")
            for y in range(height):
                out.write(rgba[y * width * 4:(y + 1) * width * 4].hex() + "\n")


def pillow_frames(path, durations=None):
    """Pillow's composed frames; `durations` when its WebP reader does not report them."""
    image = Image.open(path)
    frames = []
    start = 0
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        duration = durations[index] if durations else int(image.info.get("duration", 0))
        rgba = image.convert("RGBA").tobytes()
        frames.append((start, duration, image.width, image.height, rgba))
        start += duration
    return frames


def pattern(width, height, seed, colours):
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = colours[(x * 7 + y * 3 + seed * (x ^ y)) % len(colours)]
    return image


COLOURS = [(29, 31, 33), (197, 200, 198), (204, 102, 102), (181, 189, 104), (129, 162, 190), (240, 198, 116)]


def pillow_fixtures():
    frames = [pattern(30, 20, seed, COLOURS[: 3 + seed]) for seed in range(3)]
    gif = os.path.join(OUT, "pillow-anim.gif")
    frames[0].save(gif, save_all=True, append_images=frames[1:], duration=[100, 250, 40], loop=2,
                   optimize=False, disposal=1)
    write_frames("pillow-anim", pillow_frames(gif))
    interlaced = os.path.join(OUT, "pillow-interlaced.gif")
    pattern(13, 21, 1, COLOURS).save(interlaced, interlace=True)
    write_frames("pillow-interlaced", pillow_frames(interlaced))
    webp = os.path.join(OUT, "pillow-anim.webp")
    frames[0].save(webp, save_all=True, append_images=frames[1:], duration=[100, 250, 40], loop=0,
                   lossless=True)
    write_frames("pillow-anim-webp", pillow_frames(webp, [100, 250, 40]))


# ---- a GIF by hand ---------------------------------------------------------------------

def lzw_uncompressed(indices, bits):
    """LZW data that only ever emits single-pixel codes, with a clear code often enough
    that the code size stays at bits + 1 (a valid stream any decoder must read)."""
    clear = 1 << bits
    end = clear + 1
    size = bits + 1
    codes = [clear]
    run = 0
    for index in indices:
        if run == (1 << size) - (1 << bits) - 3:
            codes.append(clear)
            run = 0
        codes.append(index)
        run += 1
    codes.append(end)
    out = bytearray()
    acc = 0
    nbits = 0
    for code in codes:
        acc |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8
    if nbits:
        out.append(acc & 0xFF)
    blocks = bytearray([bits])
    for i in range(0, len(out), 255):
        piece = out[i:i + 255]
        blocks += bytes([len(piece)]) + piece
    return bytes(blocks + b"\x00")


def image_block(x, y, w, h, palette, indices, disposal, delay_cs, transparent=None, interlace=False):
    bits = 1
    while (1 << bits) < len(palette):
        bits += 1
    gce = struct.pack("<BBBBHBB", 0x21, 0xF9, 4, (disposal << 2) | (1 if transparent is not None else 0),
                      delay_cs, transparent or 0, 0)
    table = b"".join(bytes(c) for c in palette) + b"\x00\x00\x00" * ((1 << bits) - len(palette))
    flags = 0x80 | (0x40 if interlace else 0) | (bits - 1)
    rows = [indices[r * w:(r + 1) * w] for r in range(h)]
    if interlace:
        order = list(range(0, h, 8)) + list(range(4, h, 8)) + list(range(2, h, 4)) + list(range(1, h, 2))
        rows = [rows[r] for r in order]
    flat = [i for row in rows for i in row]
    descriptor = struct.pack("<BHHHHB", 0x2C, x, y, w, h, flags)
    return gce + descriptor + table + lzw_uncompressed(flat, max(bits, 2))


def handmade():
    width, height = 16, 12
    head = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x00, 0, 0)
    loop = b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    frames = []
    canvas = [(0, 0, 0, 0)] * (width * height)
    out = []
    time = 0

    def compose(x, y, w, h, palette, indices, transparent):
        for r in range(h):
            for c in range(w):
                index = indices[r * w + c]
                if index == transparent or x + c >= width or y + r >= height:
                    continue
                canvas[(y + r) * width + x + c] = palette[index] + (255,)

    def emit(delay_cs):
        nonlocal time
        frames.append((time, delay_cs * 10, width, height, b"".join(bytes(p) for p in canvas)))
        time += delay_cs * 10

    steps = [
        # x, y, w, h, palette, indices, disposal, delay, transparent, interlace
        (0, 0, 16, 12, [(10, 20, 30), (200, 100, 50)], [(i // 3) % 2 for i in range(16 * 12)], 1, 10, None, False),
        (4, 3, 6, 5, [(0, 0, 0), (0, 255, 0), (255, 0, 255)], [(i % 3) for i in range(30)], 2, 5, 0, False),
        (8, 2, 7, 9, [(1, 2, 3), (250, 250, 0), (9, 9, 9), (0, 0, 255)], [(i * 5) % 4 for i in range(63)], 3, 20,
         2, True),
        (1, 1, 5, 4, [(255, 255, 255), (60, 60, 60)], [(i // 2) % 2 for i in range(20)], 1, 7, None, False),
    ]
    previous = None
    disposal_before = None
    for x, y, w, h, palette, indices, disposal, delay, transparent, interlace in steps:
        if disposal_before is not None:
            px, py, pw, ph, mode = disposal_before
            if mode == 2:
                for r in range(ph):
                    for c in range(pw):
                        if px + c < width and py + r < height:
                            canvas[(py + r) * width + px + c] = (0, 0, 0, 0)
            elif mode == 3 and previous is not None:
                canvas[:] = previous
        if disposal == 3:
            previous = list(canvas)
        out.append(image_block(x, y, w, h, palette, indices, disposal, delay, transparent, interlace))
        compose(x, y, w, h, palette, indices, transparent)
        emit(delay)
        disposal_before = (x, y, w, h, disposal)
    with open(os.path.join(OUT, "handmade-disposal.gif"), "wb") as f:
        f.write(head + loop + b"".join(out) + b"\x3B")
    write_frames("handmade-disposal", frames)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    pillow_fixtures()
    handmade()
