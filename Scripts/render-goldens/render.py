#!/usr/bin/env python3
"""Independent reference renderer for VeilRender's golden tests.

Reads GNU Unifont straight from Debian's text files (unifont.hex, plane00-combining.txt),
draws each screen described by a JSON fixture in Tests/VeilRenderTests/Fixtures/screens/
pixel by pixel, and writes raw RGB dumps beside it: NAME.s1.rgb, NAME.s2.rgb, ... (rows
top to bottom, 3 bytes per pixel), one per scale the fixture lists.

It shares no code with the Swift renderer; it implements the documented drawing rules:
- a cell is 8x16 pixels, a wide cell (width 2 followed by its width-0 continuation) 16x16;
  a width-2 cell without continuation is drawn 8 wide; a continuation without its wide
  cell is drawn as a blank in its own colours;
- a glyph narrower than its cell is centred, a wider one is clipped to the cell's left part;
- control characters (U+0000-001F, U+007F-009F) are never drawn; a character without a
  glyph is drawn as U+FFFD;
- combining marks (plane00-combining.txt) are placed at base_x + base_width + offset, then
  moved left so they end inside the cell, then right so they start inside it; clipped;
- colours: default = theme fg/bg; 0-15 theme; 16-231 xterm cube (0,95,135,175,215,255);
  232-255 greys 8+10i; RGB as is; inverse (or the drawn cursor) swaps; dim makes the
  foreground (2*fg + bg) // 3 per channel;
- bold: every glyph pixel also sets the pixel to its right, inside the cell; underline:
  row 15 (double: rows 13 and 15); strikethrough: row 8; overline: row 0; invisible: only
  the background;
- padding (font pixels, theme background) around the grid; a window frame is a 20-pixel
  title bar above, frame colours, title centred, glyphs side by side (8 or 16 wide),
  control characters and combining marks skipped, glyphs that do not fit left out;
- scale s repeats every pixel s times in both directions.
Usage: render.py [--hex PATH] [--combining PATH] [FIXTURE.json ...]  (default: all fixtures)
"""
import argparse
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Tests", "VeilRenderTests", "Fixtures", "screens")

THEMES = {
    "dark": {
        "fg": 0xC5C8C6, "bg": 0x1D1F21, "frame_bg": 0x303236, "frame_fg": 0xC5C8C6,
        "ansi": [0x282A2E, 0xA54242, 0x8C9440, 0xDE935F, 0x5F819D, 0x85678F, 0x5E8D87, 0x707880,
                 0x373B41, 0xCC6666, 0xB5BD68, 0xF0C674, 0x81A2BE, 0xB294BB, 0x8ABEB7, 0xC5C8C6],
    },
    "light": {
        "fg": 0x383A42, "bg": 0xFAFAFA, "frame_bg": 0xE5E5E6, "frame_fg": 0x383A42,
        "ansi": [0x383A42, 0xE45649, 0x50A14F, 0xC18401, 0x4078F2, 0xA626A4, 0x0184BC, 0xA0A1A7,
                 0x4F525E, 0xE06C75, 0x98C379, 0xE5C07B, 0x61AFEF, 0xC678DD, 0x56B6C2, 0xFFFFFF],
    },
    "xterm": {
        "fg": 0x000000, "bg": 0xFFFFFF, "frame_bg": 0xD4D4D4, "frame_fg": 0x000000,
        "ansi": [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                 0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF],
    },
}


def rgb(value):
    return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)


class Font:
    def __init__(self, hex_path, combining_path):
        self.glyphs = {}
        with open(hex_path) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                code, bitmap = line.split(":")
                width = len(bitmap) * 4 // 16
                rows = []
                for r in range(16):
                    value = int(bitmap[r * width // 4:(r + 1) * width // 4], 16)
                    rows.append([(value >> (width - 1 - x)) & 1 == 1 for x in range(width)])
                self.glyphs[int(code, 16)] = rows
        self.offsets = {}
        with open(combining_path) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    code, offset = line.split(":")
                    self.offsets[int(code, 16)] = int(offset)

    @staticmethod
    def is_control(cp):
        return cp < 0x20 or 0x7F <= cp <= 0x9F

    def glyph(self, cp):
        """Rows of booleans, or None when nothing is drawn (control, space)."""
        if self.is_control(cp) or cp == 0x20:
            return None
        return self.glyphs.get(cp) or self.glyphs[0xFFFD]


def color_of(spec, theme, is_fg):
    if spec == "default":
        return rgb(theme["fg"] if is_fg else theme["bg"])
    if isinstance(spec, int):
        if spec < 16:
            return rgb(theme["ansi"][spec])
        if spec < 232:
            n = spec - 16
            levels = [0] + [55 + 40 * i for i in range(1, 6)]
            return (levels[n // 36], levels[(n // 6) % 6], levels[n % 6])
        grey = 8 + 10 * (spec - 232)
        return (grey, grey, grey)
    return rgb(int(spec.lstrip("#"), 16))


def build_cells(fixture):
    """The grid as a dict (row, col) -> cell dict, blanks filled in."""
    cols, rows = fixture["cols"], fixture["rows"]
    blank = {"base": 0x20, "marks": [], "width": 1, "fg": "default", "bg": "default", "attrs": set(), "underline": "single"}
    grid = {(r, c): dict(blank) for r in range(rows) for c in range(cols)}
    for run in fixture.get("runs", []):
        text = run["text"]
        units = list(text) if isinstance(text, str) else text
        width = run.get("width", 1)
        col = run["col"]
        attrs = set(run.get("attrs", []))
        if "underline" in run:
            attrs.add("underline")
        for unit in units:
            cell = {
                "base": ord(unit[0]), "marks": [ord(ch) for ch in unit[1:]], "width": width,
                "fg": run.get("fg", "default"), "bg": run.get("bg", "default"), "attrs": attrs,
                "underline": run.get("underline", "single"),
            }
            grid[(run["row"], col)] = cell
            if width == 2 and run.get("continuation", True):
                grid[(run["row"], col + 1)] = dict(cell, base=0, marks=[], width=0)
                col += 2
            else:
                col += 1
    return grid


def cell_pixels(font, cell, span):
    """A 16 x (8*span) grid of booleans: True = foreground."""
    wide = 8 * span
    on = [[False] * wide for _ in range(16)]
    attrs = cell["attrs"]
    if "invisible" in attrs:
        return on

    def stamp(glyph, x0):
        for y in range(16):
            for gx, bit in enumerate(glyph[y]):
                x = x0 + gx
                if bit and 0 <= x < wide:
                    on[y][x] = True

    if not font.is_control(cell["base"]):
        glyph = font.glyph(cell["base"])
        base_width = len(glyph[0]) if glyph else 8
        base_x = (wide - base_width) // 2 if base_width < wide else 0
        if glyph:
            stamp(glyph, base_x)
        for mark in cell["marks"]:
            if mark not in font.offsets or mark not in font.glyphs:
                continue
            mark_glyph = font.glyphs[mark]
            mark_width = len(mark_glyph[0])
            x = base_x + base_width + font.offsets[mark]
            if x + mark_width > wide:
                x = wide - mark_width
            if x < 0:
                x = 0
            stamp(mark_glyph, x)
        if "bold" in attrs:
            for y in range(16):
                before = list(on[y])
                for x in range(1, wide):
                    if before[x - 1]:
                        on[y][x] = True
    lines = []
    if "underline" in attrs:
        lines.append(15)
        if cell["underline"] == "double":
            lines.append(13)
    if "strikethrough" in attrs:
        lines.append(8)
    if "overline" in attrs:
        lines.append(0)
    for y in lines:
        on[y] = [True] * wide
    return on


def render(fixture, font):
    theme = THEMES[fixture.get("theme", "dark")]
    cols, rows = fixture["cols"], fixture["rows"]
    pad = fixture.get("padding", 0)
    bar = 20 if fixture.get("windowFrame", False) else 0
    width = cols * 8 + 2 * pad
    height = rows * 16 + 2 * pad + bar
    background = rgb(theme["bg"])
    image = [[background] * width for _ in range(height)]
    grid = build_cells(fixture)

    cursor = fixture.get("cursor")
    cursor_cell = None
    if fixture.get("drawCursor") and cursor and cursor.get("visible", True):
        cr, cc = cursor["row"], cursor["col"]
        if grid[(cr, cc)]["width"] == 0 and cc > 0 and grid[(cr, cc - 1)]["width"] == 2:
            cc -= 1
        cursor_cell = (cr, cc)

    if bar:
        for y in range(bar):
            image[y] = [rgb(theme["frame_bg"])] * width
        boxes = []
        used = 0
        for ch in fixture.get("title", ""):
            cp = ord(ch)
            if font.is_control(cp) or cp in font.offsets:
                continue
            g = font.glyph(cp)
            w = len(g[0]) if g else 8
            if used + w > width:
                break
            boxes.append((cp, w))
            used += w
        x0 = (width - used) // 2
        y0 = (bar - 16) // 2
        for cp, w in boxes:
            g = font.glyph(cp)
            for y in range(16):
                for x in range(w):
                    if g and g[y][x]:
                        image[y0 + y][x0 + x] = rgb(theme["frame_fg"])
            x0 += w

    for r in range(rows):
        for c in range(cols):
            cell = grid[(r, c)]
            if cell["width"] == 0 and c > 0 and grid[(r, c - 1)]["width"] == 2:
                continue
            span = 2 if cell["width"] == 2 and c + 1 < cols and grid[(r, c + 1)]["width"] == 0 else 1
            fg = color_of(cell["fg"], theme, True)
            bg = color_of(cell["bg"], theme, False)
            if ("inverse" in cell["attrs"]) != (cursor_cell == (r, c)):
                fg, bg = bg, fg
            if "dim" in cell["attrs"]:
                fg = tuple((2 * f + b) // 3 for f, b in zip(fg, bg))
            if cell["width"] == 0:
                on = [[False] * 8 for _ in range(16)]
                fg = bg
            else:
                on = cell_pixels(font, cell, span)
            for y in range(16):
                for x in range(8 * span):
                    image[bar + pad + r * 16 + y][pad + c * 8 + x] = fg if on[y][x] else bg
    return image


def scaled_bytes(image, scale):
    out = bytearray()
    for row in image:
        line = bytearray()
        for pixel in row:
            line += bytes(pixel) * scale
        out += bytes(line) * scale
    return bytes(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hex", default="/usr/share/unifont/unifont.hex")
    parser.add_argument("--combining", default="/usr/share/unifont/plane00-combining.txt")
    parser.add_argument("fixtures", nargs="*")
    args = parser.parse_args()
    font = Font(args.hex, args.combining)
    paths = args.fixtures or sorted(glob.glob(os.path.join(FIXTURES, "*.json")))
    for path in paths:
        with open(path, encoding="utf-8") as f:
            fixture = json.load(f)
        image = render(fixture, font)
        stem = path[: -len(".json")]
        for scale in fixture.get("scales", [1]):
            data = scaled_bytes(image, scale)
            with open(f"{stem}.s{scale}.rgb", "wb") as f:
                f.write(data)
            print(f"{os.path.basename(stem)}.s{scale}.rgb: {len(image[0]) * scale}x{len(image) * scale}, {len(data)} bytes")


if __name__ == "__main__":
    main()
