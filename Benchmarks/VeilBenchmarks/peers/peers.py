#!/usr/bin/env python3
"""The peer tools on the same inputs as veil-bench (run by Benchmarks/compare).

peers.py parse FILE COLS ROWS RUNS [LIMIT]      pyte: median MB/s (wall, process CPU)
peers.py snapshot FILE COLS ROWS RUNS [OUT.png] pyte + Pillow, bytes -> PNG in memory: median ms
peers.py snap-process FILE COLS ROWS OUT.png    one snapshot, for timing the whole process
peers.py png RGB WIDTH HEIGHT OURS.png RUNS     Pillow's PNG of the same pixels, oxipng -o2 of ours
peers.py detect TXT RUNS                        detect-secrets 1.5.0 on a screen's text: median ms

Every line printed is `key value` pairs, for Benchmarks/compare to read.
"""
import io
import statistics
import sys
import time

ANSI = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
        "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]
NAMES = ["black", "red", "green", "brown", "blue", "magenta", "cyan", "white"]
FG, BG = "#d4d4d4", "#1e1e1e"


def timed(fn, runs, warmup=1):
    for _ in range(warmup):
        fn()
    wall, cpu = [], []
    for _ in range(runs):
        w0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(wall), statistics.median(cpu)


def feed(data, cols, rows):
    import pyte
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    for off in range(0, len(data), 65536):
        stream.feed(data[off:off + 65536])
    return screen


def colour(name, default, bold=False):
    if name == "default":
        return default
    if name in NAMES:
        return ANSI[NAMES.index(name) + (8 if bold else 0)]
    if name.startswith("bright"):
        return ANSI[8 + NAMES.index(name[6:])] if name[6:] in NAMES else default
    return "#" + name if len(name) == 6 else default


def render(screen, cols, rows):
    """pyte screen -> Pillow image, 8x16 cells: background runs, then text runs per colour."""
    from PIL import Image, ImageDraw, ImageFont
    font = render.font = getattr(render, "font", None) or ImageFont.load_default()
    image = Image.new("RGB", (cols * 8, rows * 16), BG)
    draw = ImageDraw.Draw(image)
    for y in range(rows):
        line = screen.buffer[y]
        x = 0
        while x < cols:
            cell = line[x]
            fg, bg = colour(cell.fg, FG, cell.bold), colour(cell.bg, BG)
            if cell.reverse:
                fg, bg = bg, fg
            start, text = x, ""
            while x < cols:
                c = line[x]
                f, b = colour(c.fg, FG, c.bold), colour(c.bg, BG)
                if c.reverse:
                    f, b = b, f
                if (f, b) != (fg, bg):
                    break
                text += c.data
                x += 1
            if bg != BG:
                draw.rectangle([start * 8, y * 16, x * 8 - 1, y * 16 + 15], fill=bg)
            if text.strip():
                draw.text((start * 8, y * 16), text, fill=fg, font=font)
    return image


def snapshot(data, cols, rows):
    image = render(feed(data, cols, rows), cols, rows)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    command = args[0]
    if command == "parse":
        path, cols, rows, runs = args[1], int(args[2]), int(args[3]), int(args[4])
        data = open(path, "rb").read()
        if len(args) > 5:
            data = data[:int(args[5])]
        wall, cpu = timed(lambda: feed(data, cols, rows), runs, warmup=0)
        print(f"mb_per_s {len(data) / wall / 1e6:.4f} cpu_mb_per_s {len(data) / cpu / 1e6:.4f} bytes {len(data)}")
    elif command == "snapshot":
        path, cols, rows, runs = args[1], int(args[2]), int(args[3]), int(args[4])
        data = open(path, "rb").read()
        wall, cpu = timed(lambda: snapshot(data, cols, rows), runs, warmup=3)
        png = snapshot(data, cols, rows)
        if len(args) > 5:
            open(args[5], "wb").write(png)
        print(f"median_ms {wall * 1e3:.3f} cpu_median_ms {cpu * 1e3:.3f} png_bytes {len(png)}")
    elif command == "snap-process":
        path, cols, rows, out = args[1], int(args[2]), int(args[3]), args[4]
        open(out, "wb").write(snapshot(open(path, "rb").read(), cols, rows))
    elif command == "png":
        from PIL import Image
        import oxipng
        rgb, width, height, ours, runs = open(args[1], "rb").read(), int(args[2]), int(args[3]), args[4], int(args[5])
        image = Image.frombytes("RGB", (width, height), rgb)
        def pillow(**options):
            out = io.BytesIO()
            image.save(out, format="PNG", **options)
            return out.getvalue()
        ours_bytes = open(ours, "rb").read()
        oxi = oxipng.optimize_from_memory(ours_bytes, level=2)
        wall, _ = timed(lambda: oxipng.optimize_from_memory(ours_bytes, level=2), runs)
        pwall, _ = timed(lambda: pillow(), runs)
        print(f"pillow_rgb_bytes {len(pillow())} pillow_rgb_ms {pwall * 1e3:.3f} "
              f"pillow_optimize_bytes {len(pillow(optimize=True))} "
              f"oxipng_o2_bytes {len(oxi)} oxipng_o2_ms {wall * 1e3:.3f} veil_bytes {len(ours_bytes)}")
    elif command == "detect":
        from detect_secrets import SecretsCollection
        from detect_secrets.settings import default_settings
        path, runs = args[1], int(args[2])
        size = len(open(path, "rb").read())
        with default_settings():
            def scan():
                secrets = SecretsCollection()
                secrets.scan_file(path)
                return secrets
            wall, cpu = timed(scan, runs, warmup=2)
            found = sum(len(v) for _, v in scan().data.items())
        print(f"median_ms {wall * 1e3:.3f} cpu_median_ms {cpu * 1e3:.3f} mb_per_s {size / wall / 1e6:.4f} "
              f"cpu_mb_per_s {size / cpu / 1e6:.4f} findings {found} bytes {size}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
