#!/usr/bin/env python3
"""Inputs of the media benchmark (Benchmarks/media/run), deterministic.

    make-inputs.py tree OUT [--files N]   a source tree of N files (default 50,000) with no
                                          terminal media: Swift, C, Markdown, JSON and YAML of
                                          0.2–12 KB in nested folders, as a repository holds
    make-inputs.py cast OUT [--seconds S] [--cols C] [--rows R]
                                          a typing session of S seconds (default 30) at C×R
                                          (default 100×30): commands typed a key at a time,
                                          their output, a token and a card number among them,
                                          for agg to draw as the GIF the OCR benchmark reads
"""
import json
import os
import random
import sys


def tree(out, files):
    rng = random.Random(32)
    words = ("let var func return struct enum case switch import if else for while guard self "
             "value count index buffer screen cell frame image width height offset").split()
    kinds = [(".swift", "// "), (".c", "/* "), (".md", "# "), (".json", ""), (".yml", "# ")]
    for n in range(files):
        folder = os.path.join(out, f"module{n % 50:02d}", f"part{(n // 50) % 20:02d}")
        os.makedirs(folder, exist_ok=True)
        ext, comment = kinds[n % len(kinds)]
        size = int(rng.paretovariate(1.3) * 200) % 12000 + 200
        lines = []
        total = 0
        while total < size:
            line = comment + " ".join(rng.choice(words) for _ in range(rng.randint(3, 12)))
            lines.append(line)
            total += len(line) + 1
        with open(os.path.join(folder, f"file{n:05d}{ext}"), "w") as f:
            f.write("\n".join(lines) + "\n")


def cast(out, seconds, cols, rows):
    rng = random.Random(30)
    header = {"version": 2, "width": cols, "height": rows, "title": "media benchmark"}
    commands = [
        ("ls -la", ["total 48", "drwxr-xr-x  5 dev dev 4096 Nov 27 10:00 .",
                    "-rw-r--r--  1 dev dev 1204 Nov 27 10:00 Package.swift"]),
        ("export GITHUB_TOKEN=ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7", []),
        ("git status", ["On branch main", "nothing to commit, working tree clean"]),
        ("echo card 4111 1111 1111 1111", ["card 4111 1111 1111 1111"]),
        ("swift build", ["Building for debugging...", "Build complete! (12.40s)"]),
        ("cat notes.txt", ["release on Friday", "remember the changelog"]),
    ]
    events = []
    t = 0.0
    lines = 0
    while t < seconds:
        command, output = rng.choice(commands)
        events.append([round(t, 3), "o", "$ "])
        for ch in command:
            t += rng.uniform(0.04, 0.12)
            events.append([round(t, 3), "o", ch])
        t += 0.3
        events.append([round(t, 3), "o", "\r\n" + "".join(line + "\r\n" for line in output)])
        t += rng.uniform(0.3, 0.8)
        lines += 1 + len(output)
    with open(out, "w") as f:
        f.write(json.dumps(header) + "\n")
        for event in events:
            if event[0] <= seconds:
                f.write(json.dumps(event) + "\n")


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    kind, out, rest = argv[1], argv[2], argv[3:]
    options = dict(zip(rest[::2], rest[1::2]))
    if kind == "tree":
        tree(out, int(options.get("--files", 50000)))
    elif kind == "cast":
        cast(out, float(options.get("--seconds", 30)), int(options.get("--cols", 100)), int(options.get("--rows", 30)))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
