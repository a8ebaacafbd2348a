#!/usr/bin/env python3
"""Run the xterm oracle and turn its print-screen output into golden JSON.

The oracle (`xterm-screen FILE COLS ROWS`, next to this file) prints
"cursor=X,Y origin=0|1 margins=TOP,BOTTOM" (X column, Y row, 0-based, as xterm's cursor
report gives them: relative to TOP when origin mode is set; margins 1-based) and then ROWS
lines of xterm's print-screen (printAttributes 2): a row that has drawn cells
starts with ESC # 5 (line size) and ESC [ 0 m, every change of attributes is written as a
complete SGR (always starting with 0), the right half of a wide character prints as U+FFFF,
combining marks follow their base cell (after the U+FFFF of a wide base), trailing cells that
were never drawn (or were erased) are not printed, and a row without drawn cells is empty.
"""
import json
import os
import re
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TOKEN = re.compile(r"\x1b#[0-9]|\x1b\[([0-9;:]*)m|.", re.S)
STRIP = re.compile(r"\x1b#[0-9]|\x1b\[[0-9;:]*m")


def oracle_path():
    for p in (os.environ.get("XTERM_SCREEN"), os.path.join(HERE, "xterm-screen")):
        if p and os.path.exists(p):
            return os.path.abspath(p)
    sys.exit("xterm-screen oracle not found; set XTERM_SCREEN")


def run_oracle(path, cols, rows, tries=3):
    """Feed the file at `path` to xterm; return the raw output (bytes) after sanity checks."""
    last = None
    for _ in range(tries):
        raw = subprocess.run([oracle_path(), path, str(cols), str(rows)], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=60).stdout
        try:
            parse_raw(raw, cols, rows)
            return raw
        except ValueError as e:  # xterm did not answer in time etc.: try again
            last = e
    raise ValueError("%s: oracle failed: %s" % (path, last))


def read_size(base):
    """NAME.size is either 'COLS ROWS' or alacritty's {"columns":C,"screen_lines":R}."""
    text = open(base + ".size").read().strip()
    if text.startswith("{"):
        d = json.loads(text)
        return int(d["columns"]), int(d["screen_lines"])
    c, r = text.split()
    return int(c), int(r)


def decode_print(raw):
    """Decode xterm's printer output.  xterm encodes every stored cell value with a legacy
    UTF-8 encoder (up to 6 bytes); for some malformed input (overlong forms, values above
    U+10FFFF) it stores a value that is not a Unicode scalar.  Each such value occupies one
    cell on xterm's screen; it is mapped to U+FFFD here (the .xterm file keeps the bytes)."""
    out, i, n = [], 0, len(raw)
    while i < n:
        b = raw[i]
        if b < 0x80:
            out.append(chr(b)); i += 1; continue
        size = 2 if 0xC0 <= b < 0xE0 else 3 if b < 0xF0 else 4 if b < 0xF8 else 5 if b < 0xFC else 6 if b < 0xFE else 0
        if size == 0 or b < 0xC0 or i + size > n or any((x & 0xC0) != 0x80 for x in raw[i + 1:i + size]):
            out.append("\ufffd"); i += 1; continue
        v = b & (0x7F >> size)
        for x in raw[i + 1:i + size]:
            v = (v << 6) | (x & 0x3F)
        out.append("\ufffd" if v > 0x10FFFF or 0xD800 <= v <= 0xDFFF else chr(v))
        i += size
    return "".join(out)


def split_rows(raw, rows):
    text = decode_print(raw)
    head, _, body = text.partition("\n")
    m = re.fullmatch(r"cursor=(-?\d+),(-?\d+) origin=([01]) margins=(\d+),(\d+)", head.strip())
    if not m:
        raise ValueError("bad cursor line %r" % head)
    origin_top = int(m.group(4)) - 1 if m.group(3) == "1" else 0
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [l[:-1] if l.endswith("\r") else l for l in lines]
    if len(lines) != rows:
        raise ValueError("expected %d rows, got %d" % (rows, len(lines)))
    return int(m.group(1)), int(m.group(2)) + origin_top, lines, origin_top


def zero_width(ch):
    cp = ord(ch)
    if cp == 0xAD:
        return False
    if 0x1160 <= cp <= 0x11FF or 0xD7B0 <= cp <= 0xD7FF or cp == 0x200B:
        return True
    return unicodedata.category(ch) in ("Mn", "Me", "Cf")


def parse_colour(parts, i):
    """parts[i] is '38'/'48'; sub-parameters follow in the same ';' item (xterm uses ':')."""
    sub = parts[i].split(":")
    if len(sub) >= 3 and sub[1] == "5":
        return int(sub[2])
    if len(sub) >= 6 and sub[1] == "2":
        r, g, b = (int(x) for x in sub[3:6])
        return "#%02x%02x%02x" % (r, g, b)
    raise ValueError("unexpected colour SGR %r" % parts[i])


def parse_sgr(params):
    st = dict(fg=None, bg=None, bold=False, dim=False, italic=False, underline=0, blink=False,
              inverse=False, strikethrough=False, invisible=False)
    parts = params.split(";") if params else ["0"]
    for i, p in enumerate(parts):
        code = p.split(":")[0]
        n = int(code) if code else 0
        if n == 0:
            pass
        elif n == 1: st["bold"] = True
        elif n == 2: st["dim"] = True
        elif n == 3: st["italic"] = True
        elif n == 4: st["underline"] = 1
        elif n == 21: st["underline"] = 2
        elif n == 5: st["blink"] = True
        elif n == 7: st["inverse"] = True
        elif n == 8: st["invisible"] = True
        elif n == 9: st["strikethrough"] = True
        elif 30 <= n <= 37: st["fg"] = n - 30
        elif 90 <= n <= 97: st["fg"] = n - 90 + 8
        elif 40 <= n <= 47: st["bg"] = n - 40
        elif 100 <= n <= 107: st["bg"] = n - 100 + 8
        elif n == 38: st["fg"] = parse_colour(parts, i)
        elif n == 48: st["bg"] = parse_colour(parts, i)
        else:
            raise ValueError("unexpected SGR %r in %r" % (p, params))
    return st


def parse_row(row):
    """Return the cells of one printed row: list of dicts with col, text and attributes."""
    # xterm's printLine (print.c) writes an SGR before a cell only when that cell has an
    # attribute or colour flag, or its colours differ from the last SGR written; it never
    # writes one for a plain cell after a plain cell.  So an SGR applies to the one cell
    # right after it, and a cell printed without an SGR right before it has default
    # attributes (verified: "\e[9mS\e[0mn" prints "\e[0;9mSn").
    cells = []
    default = parse_sgr("0")
    st = default
    col = 0
    for m in TOKEN.finditer(row):
        tok = m.group(0)
        if tok.startswith("\x1b#"):
            continue
        if m.group(1) is not None or tok.startswith("\x1b["):
            st = parse_sgr(m.group(1))
            continue
        if tok == "\uffff":  # right half of a wide character
            if cells:
                cells[-1]["wide"] = True
            col += 1
            st = default
            continue
        if zero_width(tok) and cells:
            cells[-1]["text"] += tok
            continue
        cells.append(dict(col=col, text=tok, **st))
        st = default
        col += 1
    return cells, col


def line_size(row):
    """The line size xterm's print starts a drawn row with: 3/4 double-height top/bottom,
    5 single, 6 double-width (a row without drawn cells prints nothing: single)."""
    m = re.match(r"\x1b#([0-9])", row)
    return int(m.group(1)) if m else 5


def parse_raw(raw, cols, rows):
    x, y, lines, origin_top = split_rows(raw, rows)
    if not (0 <= x < cols and 0 <= y < rows):
        raise ValueError("cursor %d,%d outside %dx%d" % (x, y, cols, rows))
    text_lines, cell_rows = [], []
    for r, row in enumerate(lines):
        cells, width = parse_row(row)
        if width > cols:
            raise ValueError("row %d is %d cells wide (> %d): %r" % (r, width, cols, row))
        cell_rows.append(cells)
        text_lines.append(STRIP.sub("", row).replace("\uffff", "").rstrip(" "))
    return x, y, text_lines, cell_rows, origin_top


def golden(raw, cols, rows, origin_left=0):
    """The .json golden. In origin mode, cursor.row is made absolute (reported row + top
    margin) and the raw report is kept as cursor_reported; with left/right margins
    (DECLRMM) the report's column is relative to the left margin too: the battery's
    `origin_left` (0-based left margin column) is added to it."""
    x, y, lines, cell_rows, origin_top = parse_raw(raw, cols, rows)
    d = {"cols": cols, "rows": rows, "cursor": {"row": y, "col": x + origin_left}}
    if origin_top or origin_left:
        d["cursor_reported"] = {"row": y - origin_top, "col": x}
    d["wide"] = [[r, c["col"]] for r, cells in enumerate(cell_rows) for c in cells if c.get("wide")]
    _, _, raw_lines, _ = split_rows(raw, rows)
    sizes = [[r, line_size(row)] for r, row in enumerate(raw_lines) if line_size(row) != 5]
    if sizes:  # only where a row is double-size (older goldens stay as they were)
        d["line_sizes"] = sizes
    d["lines"] = lines
    return d


def attrs(raw, cols, rows):
    _, _, _, cell_rows, _ = parse_raw(raw, cols, rows)
    out = []
    for r, cells in enumerate(cell_rows):
        for c in cells:
            blank = c["text"] == " "
            if blank and c["bg"] is None and not (c["inverse"] or c["underline"] or c["strikethrough"]):
                continue
            out.append({"row": r, "col": c["col"], "text": c["text"], "wide": c.get("wide", False),
                        "fg": c["fg"], "bg": c["bg"], "bold": c["bold"], "dim": c["dim"],
                        "italic": c["italic"], "underline": c["underline"], "blink": c["blink"],
                        "inverse": c["inverse"], "strikethrough": c["strikethrough"],
                        "invisible": c["invisible"]})
    return {"cols": cols, "rows": rows, "cells": out}


def dump(obj, path, per_line_list=None):
    """Write JSON with one list element per line (readable diffs, small files)."""
    with open(path, "w", encoding="utf-8") as f:
        if per_line_list and obj.get(per_line_list) is not None:
            items = obj[per_line_list]
            head = {k: v for k, v in obj.items() if k != per_line_list}
            s = json.dumps(head, ensure_ascii=False)[:-1]
            s += ', "%s": [\n' % per_line_list if head else '{"%s": [\n' % per_line_list
            s += ",\n".join(json.dumps(i, ensure_ascii=False) for i in items)
            s += "\n]}\n"
            json.loads(s)
            f.write(s)
        else:
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")


def process(base, cols, rows, feed_path=None, origin_top=None, want_attrs=False, origin_left=0):
    """Run xterm on base.bin (or feed_path), write base.xterm, base.json (+ base.attrs.json)."""
    raw = run_oracle(feed_path or base + ".bin", cols, rows)
    with open(base + ".xterm", "wb") as f:
        f.write(raw)
    g = golden(raw, cols, rows, origin_left)
    if origin_top is not None:  # the battery table's expectation, as a check of the oracle
        rep = g.get("cursor_reported", g["cursor"])["row"]
        if g["cursor"]["row"] - rep != origin_top:
            raise ValueError("origin mode: expected top margin row %d" % origin_top)
    dump(g, base + ".json", "lines")
    if want_attrs:
        dump(attrs(raw, cols, rows), base + ".attrs.json", "cells")
    return g


def rejson(d):
    """Rewrite NAME.json (and NAME.attrs.json where one exists) from the NAME.xterm files in
    DIR without running xterm again (after a change of the JSON format)."""
    index = {}
    if os.path.exists(os.path.join(d, "index.json")):
        index = {c["name"]: c for c in json.load(open(os.path.join(d, "index.json")))}
    for f in sorted(os.listdir(d)):
        if not f.endswith(".xterm"):
            continue
        base = os.path.join(d, f[:-6])
        if os.path.exists(base + ".size"):
            cols, rows = read_size(base)
        else:  # xtermjs
            cols, rows = 80, 25
        raw = open(base + ".xterm", "rb").read()
        origin_left = index.get(f[:-6], {}).get("origin_left", 0)
        dump(golden(raw, cols, rows, origin_left), base + ".json", "lines")
        if os.path.exists(base + ".attrs.json"):
            dump(attrs(raw, cols, rows), base + ".attrs.json", "cells")


def main():
    """usage: xterm_print.py [--attrs] DIR [NAME...] -- (re)run xterm on DIR/NAME.bin for all
                                   or some; --attrs: write NAME.attrs.json for every case
       xterm_print.py --rejson DIR...  -- rewrite the JSON from the .xterm files only."""
    if sys.argv[1] == "--rejson":
        for d in sys.argv[2:]:
            rejson(d)
        return
    all_attrs = sys.argv[1] == "--attrs"
    args = sys.argv[2:] if all_attrs else sys.argv[1:]
    d = args[0]
    only = set(args[1:])
    index = {}
    if os.path.exists(os.path.join(d, "index.json")):
        index = {c["name"]: c for c in json.load(open(os.path.join(d, "index.json")))}
    names = sorted(f[:-4] for f in os.listdir(d) if f.endswith(".bin"))
    failed = []
    for i, name in enumerate(names):
        if only and name not in only:
            continue
        base = os.path.join(d, name)
        cols, rows = read_size(base)
        meta = index.get(name, {})
        try:
            g = process(base, cols, rows, origin_top=meta.get("origin_top"),
                        want_attrs=all_attrs or meta.get("attrs", False), origin_left=meta.get("origin_left", 0))
        except Exception as e:  # keep going, report at the end
            failed.append(name)
            print("[%d/%d] %s FAILED: %s" % (i + 1, len(names), name, e), flush=True)
            continue
        print("[%d/%d] %s %dx%d cursor(row,col)=%d,%d" % (i + 1, len(names), name, cols, rows,
                                                 g["cursor"]["row"], g["cursor"]["col"]), flush=True)
    if failed:
        sys.exit("FAILED: %s" % " ".join(failed))


if __name__ == "__main__":
    main()
