#!/usr/bin/env python3
"""Copy the alacritty ref recordings and make xterm goldens for them.

usage: alacritty.py SRC DEST
  SRC  = ../shared/conformance/alacritty (NAME.bin + NAME.size {"columns":C,"screen_lines":R})
  DEST = Tests/VeilScreenTests/Fixtures/xterm/alacritty
Copies NAME.bin and NAME.size unchanged, then runs xterm at each size and writes NAME.xterm
(raw oracle output) and NAME.json (see Fixtures/xterm/README.md).
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xterm_print  # noqa: E402


def main():
    src, dest = sys.argv[1], sys.argv[2]
    only = set(sys.argv[3:])
    os.makedirs(dest, exist_ok=True)
    names = sorted(f[:-4] for f in os.listdir(src) if f.endswith(".bin"))
    for i, name in enumerate(names):
        if only and name not in only:
            continue
        for ext in (".bin", ".size"):
            shutil.copyfile(os.path.join(src, name + ext), os.path.join(dest, name + ext))
        base = os.path.join(dest, name)
        cols, rows = xterm_print.read_size(base)
        g = xterm_print.process(base, cols, rows)
        print("[%d/%d] %s %dx%d cursor(row,col)=%d,%d" % (i + 1, len(names), name, cols, rows,
                                                         g["cursor"]["row"], g["cursor"]["col"]), flush=True)


if __name__ == "__main__":
    main()
