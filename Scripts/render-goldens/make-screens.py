#!/usr/bin/env python3
"""Writes the golden-test screen fixtures (Tests/VeilRenderTests/Fixtures/screens/*.json).

Fixture format (read by render.py and by the Swift golden test):
  cols, rows          grid size
  theme               "dark" | "light" | "xterm"
  scales              scales to render and compare, e.g. [1, 2, 3]
  padding             optional, font pixels
  windowFrame, title  optional title bar
  drawCursor, cursor  optional {"row", "col", "visible"}
  runs                cells written left to right from (row, col):
    text        a string (one cell per Unicode scalar) or a list of strings (one cell per
                element: first scalar is the base, the rest are combining marks)
    width       1 (default), 2 (a continuation cell follows unless "continuation": false)
                or 0 (a bare continuation cell, NUL)
    fg, bg      "default", 0...255 (indexed) or "#rrggbb"
    attrs       bold dim italic underline blink inverse invisible strikethrough overline
    underline   "single" | "double" | "curly" | "dotted" | "dashed" (implies underline)
Then run render.py to regenerate the golden dumps.
"""
import json
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "VeilRenderTests", "Fixtures", "screens")


def run(row, col, text, **kw):
    return dict(row=row, col=col, text=text, **kw)


def screens():
    yield "ascii", dict(cols=32, rows=3, theme="dark", scales=[1], runs=[
        run(0, 0, "".join(chr(c) for c in range(0x20, 0x40))),
        run(1, 0, "".join(chr(c) for c in range(0x40, 0x60))),
        run(2, 0, "".join(chr(c) for c in range(0x60, 0x7F))),
    ])
    yield "cjk-hangul-kana", dict(cols=20, rows=3, theme="dark", scales=[1, 2], runs=[
        run(0, 0, "漢字の表示テスト", width=2, fg=3),
        run(1, 0, "한국어 ", width=2),
        run(1, 8, "ｶﾅ ok", fg=12),
        run(2, 0, "ひらがなカタカナ", width=2, bg=236),
        run(2, 16, "end"),
    ])
    yield "box-drawing", dict(cols=16, rows=4, theme="xterm", scales=[1], runs=[
        run(0, 0, "┌──────┬─────┐ █"),
        run(1, 0, "│ ░▒▓█ │ ╔═╗ │ ▀"),
        run(2, 0, "├──────┼─╚═╝─┤ ▄"),
        run(3, 0, "└──────┴─────┘⠿⣿"),
    ])
    yield "wide-narrow-edges", dict(cols=12, rows=2, theme="dark", scales=[1, 2, 3], runs=[
        run(0, 0, "A", width=2, fg=10),              # narrow glyph centred in a wide cell
        run(0, 2, "⌚", width=2),                     # 8-px glyph, width 2
        run(0, 4, "क", width=1, fg=11),              # 16-px glyph clipped to a narrow cell
        run(0, 5, "漢", width=1, bg=52),             # wide glyph in a narrow cell
        run(0, 6, "字", width=2, continuation=False, bg=17),  # wide cell without continuation
        run(0, 7, "\u0000", width=0, bg=22),         # orphan continuation
        run(0, 8, "x", fg=9),
        run(0, 9, "\u0000", width=0, bg=88),         # orphan after a narrow cell
        run(0, 10, "語", width=2, attrs=["bold"], bg=19),
        run(1, 0, "ＡＢ", width=2, attrs=["underline"]),
        run(1, 4, "ab", width=2, attrs=["strikethrough"], fg=13),
        run(1, 8, "ｶ", width=1, attrs=["inverse"]),
        run(1, 9, "\ue000", width=1, fg=14),         # no glyph: U+FFFD
        run(1, 10, "\U0001F600", width=2, fg=11),    # no glyph (plane 1): U+FFFD centred
    ])
    yield "colours-16", dict(cols=32, rows=4, theme="dark", scales=[1], runs=[
        run(0, 0, "Ab" * 16, fg=0, bg=15),
        *[run(1, 2 * i, "Xy", fg=i) for i in range(16)],
        *[run(2, 2 * i, "Zq", bg=i, fg=15 - i) for i in range(16)],
        *[run(3, 2 * i, "Mw", bg=i, fg="default") for i in range(16)],
    ])
    yield "colours-256", dict(cols=64, rows=4, theme="light", scales=[1], runs=[
        *[run(i // 64, i % 64, "#" if i % 3 == 0 else " ", bg=i, fg=255 - i) for i in range(256)],
    ])
    many = []
    for i in range(280):
        r, c = divmod(i, 20)
        many.append(run(r, c, chr(0x41 + i % 26), bg="#%02x%02x%02x" % ((i * 37) % 256, (i * 11) % 256, 255 - i % 256),
                        fg="#%02x%02x%02x" % (255 - (i * 3) % 256, (i * 91) % 256, (i * 5) % 256)))
    yield "colours-rgb-many", dict(cols=20, rows=14, theme="dark", scales=[1], runs=many)
    yield "attributes", dict(cols=24, rows=6, theme="dark", scales=[1, 2], runs=[
        run(0, 0, "bold", attrs=["bold"]), run(0, 5, "dim", attrs=["dim"], fg=2),
        run(0, 9, "italic", attrs=["italic"]), run(0, 16, "blink", attrs=["blink"]),
        run(1, 0, "under", underline="single"), run(1, 6, "double", underline="double", fg=4),
        run(1, 13, "curly", underline="curly"), run(1, 19, "dash", underline="dashed"),
        run(2, 0, "strike", attrs=["strikethrough"]), run(2, 7, "over", attrs=["overline"]),
        run(2, 12, "inverse", attrs=["inverse"], fg=1, bg=3),
        run(3, 0, "hidden!", attrs=["invisible", "underline", "bold"], bg=5),
        run(3, 8, "all", attrs=["bold", "dim", "inverse", "strikethrough", "overline"], underline="double", fg=6),
        run(4, 0, "dim rgb", attrs=["dim"], fg="#ff8000", bg="#102030"),
        run(4, 8, "inv dim", attrs=["inverse", "dim"], fg="#ffffff", bg="#0000ff"),
        run(5, 0, "█▌M|", attrs=["bold"]), run(5, 5, "默認", width=2, attrs=["bold", "underline"], fg=11),
    ])
    yield "attributes-light", dict(cols=16, rows=3, theme="light", scales=[1], runs=[
        run(0, 0, "bold", attrs=["bold"]), run(0, 5, "dim", attrs=["dim"]), run(0, 9, "inverse", attrs=["inverse"]),
        run(1, 0, "under", underline="single", fg=1), run(1, 6, "strike", attrs=["strikethrough"], fg=4),
        run(2, 0, "invisible", attrs=["invisible"]), run(2, 10, "x", fg=9, bg=0),
    ])
    yield "combining", dict(cols=14, rows=2, theme="dark", scales=[1, 3], runs=[
        run(0, 0, ["e\u0301", "a\u0300\u0323", "n\u0303", "o\u0308\u0304"]),
        run(0, 4, ["\u0915\u093f", "\u0928\u0941"], fg=11),   # Devanagari signs (16 px, offset -16)
        run(0, 6, ["\u05d0\u05b4", "\u05d1\u0591"], fg=12),   # Hebrew points (offset 0)
        run(0, 8, ["\u0e01\u0e34"], fg=10),                   # Thai (offset -8)
        run(0, 9, ["\u304b\u3099", "\u6f22\u0301"], width=2), # wide base with marks
        run(1, 0, [" \u0301", "x\u200d", "y\ufe0f", "\u0001\u0301"]),  # space base, non-marks, control base
        run(1, 4, ["b\u0301"], attrs=["bold"], fg=9),
        run(1, 5, ["i\u0307\u0301"], attrs=["underline"]),
    ])
    yield "controls-and-missing", dict(cols=10, rows=1, theme="xterm", scales=[1], runs=[
        run(0, 0, "\u0001\u001b\u007f\u0085\u009fA", fg=1, bg=7),
        run(0, 6, "\ue000\U0010fffd", fg=4),
        run(0, 8, "\u00a0\u00ad"),
    ])
    yield "cursor", dict(cols=10, rows=2, theme="dark", scales=[1], drawCursor=True, cursor=dict(row=0, col=3, visible=True), runs=[
        run(0, 0, "ab", fg=2), run(0, 2, "漢", width=2, fg=3), run(0, 4, "c", attrs=["inverse"]),
        run(1, 0, "$ ls -la", attrs=["bold"]),
    ])
    yield "padding-frame", dict(cols=12, rows=2, theme="light", scales=[1, 2], padding=3, windowFrame=True,
                                title="Veil — 漢字\u0301 title that is far too long to fit", runs=[
        run(0, 0, "hello", fg=1), run(1, 0, "世界", width=2, fg=4),
    ])

    # What xterm shows after battery `rect_render_session` (DECFRA, DECCARA, DECSCA + DECSERA,
    # DECCRA; its .attrs.json golden): protection is not drawn, filled and copied cells keep
    # their renditions (RectangleRenderTests feeds the same bytes to a Terminal).
    yield "rectangles", dict(cols=10, rows=5, theme="dark", scales=[1, 2], runs=[
        run(0, 0, "XXX", attrs=["bold"], fg=1), run(0, 3, "def"), run(0, 6, "XXX", attrs=["bold"], fg=1), run(0, 9, "j"),
        run(1, 0, "XXX", attrs=["bold"], fg=1), run(1, 3, "nop"), run(1, 6, "XXX", attrs=["bold"], fg=1), run(1, 9, "t"),
        run(2, 0, "u"), run(2, 1, "vwx", attrs=["inverse"]), run(2, 4, "yzABCD"),
        run(3, 0, "E"), run(3, 1, "FGH", attrs=["inverse"]), run(3, 4, "IJKLMN"),
        run(4, 0, "PQ    UVWX"),
    ])

def main():
    os.makedirs(OUT, exist_ok=True)
    for name, fixture in screens():
        runs = fixture.pop("runs")
        text = json.dumps(fixture, ensure_ascii=False)[:-1] + ', "runs": [\n'
        text += ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in runs) + "\n]}\n"
        with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
