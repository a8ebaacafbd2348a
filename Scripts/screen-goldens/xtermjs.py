#!/usr/bin/env python3
"""Copy the xterm.js escape-sequence fixtures, re-run them through our xterm oracle, compare.

usage: xtermjs.py SRC DEST
  SRC  = ../shared/conformance/xtermjs (NAME.in, NAME.text: real xterm at 80x25)
  DEST = Tests/VeilScreenTests/Fixtures/xterm/xtermjs
Copies NAME.in and NAME.text unchanged for every NAME that has both.  The inputs assume the
terminal turns LF into CRLF, so the bytes fed to xterm are NAME.in with every "\n" replaced by
"\r\n" (the oracle's tty is raw).  Writes NAME.xterm (raw oracle output) and NAME.json, and
DEST/comparison.json: per case whether our xterm lines equal the provided .text lines (each
line with trailing spaces removed, 25 lines, missing lines count as empty).
"""
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xterm_print  # noqa: E402

COLS, ROWS = 80, 25


def text_lines(path):
    lines = open(path, encoding="utf-8", errors="surrogateescape", newline="").read().split("\n")
    lines = [l.rstrip("\r").rstrip(" ") for l in lines]
    lines = (lines + [""] * ROWS)[:ROWS] if len(lines) <= ROWS + 1 else lines
    return lines


def main():
    src, dest = sys.argv[1], sys.argv[2]
    only = set(sys.argv[3:])
    os.makedirs(dest, exist_ok=True)
    names = sorted(f[:-3] for f in os.listdir(src)
                   if f.endswith(".in") and os.path.exists(os.path.join(src, f[:-3] + ".text")))
    comp_path = os.path.join(dest, "comparison.json")
    results = json.load(open(comp_path)) if only and os.path.exists(comp_path) else {}
    for i, name in enumerate(names):
        if only and name not in only:
            continue
        for ext in (".in", ".text"):
            shutil.copyfile(os.path.join(src, name + ext), os.path.join(dest, name + ext))
        base = os.path.join(dest, name)
        data = open(base + ".in", "rb").read().replace(b"\n", b"\r\n")
        with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as t:
            t.write(data)
        try:
            g = xterm_print.process(base, COLS, ROWS, feed_path=t.name)
        finally:
            os.unlink(t.name)
        want = text_lines(base + ".text")
        diff = [r for r in range(max(len(want), ROWS))
                if (want[r] if r < len(want) else "") != (g["lines"][r] if r < ROWS else "")]
        results[name] = {"equal": not diff, "differing_rows": diff}
        print("[%d/%d] %s %s" % (i + 1, len(names), name, "same" if not diff else "DIFF rows %s" % diff), flush=True)
    with open(comp_path, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
        f.write("\n")
    same = sum(1 for r in results.values() if r["equal"])
    print("%d/%d equal" % (same, len(results)))


if __name__ == "__main__":
    main()
