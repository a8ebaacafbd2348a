#!/usr/bin/env python3
"""Cases real xterm reads in separate pieces, and cases that resize its window (issue 27).

usage: Scripts/screen-goldens/pieces.py [OUT.json]
       (default OUT: Tests/VeilScreenTests/Fixtures/xterm/pieces/cases.json)

The battery (battery.py) feeds each case in one write. Two behaviours need more:
- bytes split across reads: xterm reads its pty as data arrives, so a case here is a list of
  pieces written 0.3 s apart, each arriving in its own read (an invalid UTF-8 sequence cut
  between two reads, a wide character cut between two reads in insert mode);
- window operations: XTWINOPS 4/8, DECSLPP, DECSNLS and DECCOLM resize xterm's window, so
  the final screen has another size. The final size is xterm's own report (`CSI 18 t`).

Each case runs in its own xterm on its own Xvfb whose screen is `screen` cells (8x16 pixels
each; by default exactly the window, as Scripts/query-goldens runs xterm, so a resize stays
within the size the terminal was given: xterm's limitResize), with the resources of
Scripts/query-goldens (upstream xterm's default disallowedWindowOps, which allows resizing).
After the pieces, the script asks xterm for its size (`CSI 18 t`), its screen's (`CSI 19 t`) and
its cursor (`CSI 6 n`) and
prints the screen (`CSI i`, printAttributes 2), read with xterm_print.py's parser.

Output: {xterm, resources, cases: [{name, note, cols, rows, screen: [cols, rows],
pieces: [hex], final: {cols, rows, cursor: {row, col}, wide, lines, replies: {18t, 19t}}}]}: `replies`
holds xterm's answers to `CSI 18 t` (the text area) and `CSI 19 t` (the screen) at the end.
Needs xterm (XTerm(379)) and Xvfb; opt-in: `swift test` only reads the JSON.
"""
import json
import os
import select
import subprocess
import sys
import tempfile
import termios
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import xterm_print  # noqa: E402

ESC = "\x1b"
CSI = ESC + "["
CRLF = "\r\n"
FILL6 = CRLF.join(["abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX", "YZ01234567"])


def B(*parts):
    out = b""
    for p in parts:
        out += p if isinstance(p, bytes) else p.encode("utf-8")
    return out


def cases():
    """(name, cols, rows, screen (cols, rows) or None, pieces, note)."""
    out = []

    def case(name, cols, rows, pieces, note, screen=None):
        out.append((name, cols, rows, screen, [p if isinstance(p, bytes) else B(p) for p in pieces], note))

    # Invalid UTF-8 cut between reads: one U+FFFD per bad sequence, never anything else.
    case("utf8_cut_truncated", 20, 3,
         [B("A", b"\xe2"), B(b"\x82", "B", b"\xf0\x9f"), B(b"\x98", "C", b"\xc3"), B("D", b"\xe2"), B("E")],
         "truncated 3-, 4- and 2-byte sequences whose bytes arrive in two reads")
    case("utf8_cut_overlong_surrogate", 20, 3,
         [B("A", b"\xc0"), B(b"\xaf", "B", b"\xed\xa0"), B(b"\x80", "C", b"\xf4\x90"), B(b"\x80\x80", "D", b"\xe0"),
          B(b"\x80\xaf", "E", b"\x80"), B("F")],
         "overlong, surrogate and beyond-U+10FFFF sequences cut between reads; a stray continuation at a read's end")
    case("utf8_cut_valid", 20, 3,
         [B("A", b"\xf0\x9f"), B(b"\x98\x80", "B", b"\xe4"), B(b"\xb8\xad", "C", b"\xc3"), B(b"\xa9", "D")],
         "valid characters cut between reads arrive whole (a wide emoji, a wide CJK character, é)")
    case("utf8_cut_byte_by_byte", 20, 3,
         [bytes([b]) for b in B("A", b"\xe2\x82", "B", b"\xf0\x9f\x98", "C", b"\x80", "D", "中", "E")],
         "every byte in its own read: the same U+FFFD per bad sequence")
    # Insert mode with a wide character at the right edge, the character cut between reads.
    case("irm_wide_cut_at_edge", 10, 3,
         [B("0123456中", CSI, "1;9H", CSI, "4h", b"\xe4\xb8"), B(b"\xad", CRLF, "012345中中", CSI, "2;1H", b"\xe4"),
          B(b"\xb8\xad")],
         "IRM: a wide character inserted at column 9 (cut between reads); one inserted at column 1 keeps "
         "the last wide character that still fits")
    # Window operations (allowed: upstream xterm's default disallowedWindowOps).
    case("xtwinops8_shrink_cursor_bottom", 10, 6, [FILL6, CSI + "8;3;5t", "X"],
         "XTWINOPS 8 to 3 rows x 5 columns with the cursor on the last row: the top rows go")
    case("xtwinops8_shrink_cursor_top", 10, 6, [FILL6 + CSI + "2;2H", CSI + "8;3;5t", "X"],
         "XTWINOPS 8 to 3x5 with the cursor on row 2: the top rows stay")
    case("xtwinops8_shrink_and_back", 10, 6, [FILL6 + CSI + "3;4H", CSI + "8;3;5t", CSI + "8;0;0t", "X"],
         "XTWINOPS 8 down to 3x5 (cursor on row 3), then 0;0: back to the display's size")
    case("xtwinops8_past_the_display", 10, 6, [FILL6, CSI + "8;4;8t", CSI + "8;99;99t", "X"],
         "XTWINOPS 8 to 4x8, then 99x99: no larger than the display (the size the terminal was given)")
    case("xtwinops8_absent_and_empty", 10, 6, [FILL6, CSI + "8;4t", CSI + "8;;5t", "X"],
         "XTWINOPS 8 with the width absent (kept), then the height empty (0: the display's)")
    case("xtwinops8_pending_wrap_kept", 10, 6, [FILL6, CSI + "8;4;10t", "X"],
         "XTWINOPS 8 to 4 rows with a wrap pending in the last column: the next character wraps")
    case("xtwinops8_pending_wrap_grow", 20, 3, [CSI + "8;3;10t", "abcdefghij", CSI + "8;3;20t", "X"],
         "XTWINOPS 8 to 10 columns, a wrap pending in the last, then back to 20: it stays pending")
    case("xtwinops8_cuts_a_wide_character", 10, 3, ["abcd中ef" + CRLF + "中中中中中", CSI + "8;3;5t", CSI + "3;1HX"],
         "XTWINOPS 8 to 5 columns through a wide character")
    case("xtwinops4_pixels", 10, 6, ["abc", CSI + "4;48;40t", "X"],
         "XTWINOPS 4: 48x40 pixels of 8x16 cells are 3 rows x 5 columns")
    case("decslpp_lines", 10, 30, ["abc" + CSI + "30;1H" + "z", CSI + "26t", "X"],
         "DECSLPP 26 (CSI 26 t): 26 lines; the cursor's row stays on screen")
    case("decsnls_lines", 10, 6, [FILL6, CSI + "4*|", "X"],
         "DECSNLS 4 (CSI 4 * |): 4 lines")
    case("deccolm_132", 80, 4, ["abc", CSI + "?40h" + CSI + "?3h", "X"],
         "DECCOLM with mode 40 on a screen wide enough: 132 columns, cleared, cursor home", screen=(132, 4))
    case("deccolm_back_to_80", 80, 4, [CSI + "?40h" + CSI + "?3h", "abc", CSI + "?3l", "X"],
         "DECCOLM set, then reset: 80 columns again, cleared", screen=(132, 4))
    return out


# ------------------------------------------------------------------ inside xterm


def read_reply(fd, last, timeout=3.0):
    data = b""
    deadline = time.time() + timeout
    while not data.endswith(last):
        left = deadline - time.time()
        if left <= 0:
            raise TimeoutError("no reply ending in %r (got %r)" % (last, data))
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            data += os.read(fd, 1)
    return data


def inside(index, out_path):
    pieces = cases()[index][4]
    fd = os.open("/dev/tty", os.O_RDWR)
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        time.sleep(0.5)
        for piece in pieces:
            os.write(fd, piece)
            time.sleep(0.3)  # xterm reads this piece before the next is written
        os.write(fd, (CSI + "18t").encode())
        size = read_reply(fd, b"t").decode()
        os.write(fd, (CSI + "19t").encode())
        display = read_reply(fd, b"t").decode()
        os.write(fd, (CSI + "6n").encode())
        cursor = read_reply(fd, b"R").decode()
        os.write(fd, (CSI + "i").encode())
        time.sleep(0.5)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    with open(out_path, "w") as out:
        json.dump({"size": size, "display": display, "cursor": cursor}, out)


# ------------------------------------------------------------------ outside


def run_case(index):
    name, cols, rows, screen, _, _ = cases()[index]
    screen = screen or (cols, rows)
    display_number = str(int(os.environ.get("ORACLE_DISPLAY", "88")) + index)
    display = ":" + display_number
    if os.path.exists("/tmp/.X11-unix/X" + display_number):
        sys.exit("pieces.py: display %s is in use (set ORACLE_DISPLAY)" % display)
    server = subprocess.Popen(
        ["Xvfb", display, "-nolisten", "tcp", "-screen", "0", "%dx%dx24" % (screen[0] * 8, screen[1] * 16)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    try:
        with tempfile.TemporaryDirectory() as folder:
            out, printed = os.path.join(folder, "case.json"), os.path.join(folder, "print.txt")
            env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", DISPLAY=display)
            command = [
                "xterm", "-display", display, "-geometry", "%dx%d+0+0" % (cols, rows), "-u8",
                "-xrm", "XTerm*disallowedWindowOps: 20,21,SetXprop,SetSelection", "-ti", "vt420",
                "-fn", "8x16", "-b", "0", "+sb", "-fg", "black", "-bg", "white", "-cr", "black",
                "-xrm", "XTerm*printerCommand: cat > " + printed, "-xrm", "XTerm*printAttributes: 2",
                "-xrm", "XTerm*printerExtent: true", "-xrm", "XTerm*printerAutoClose: true",
                "-xrm", "XTerm*printerFormFeed: false",
                "-e", sys.executable, os.path.abspath(__file__), "--inside", str(index), out,
            ]
            subprocess.run(command, env=env, timeout=60, check=False, cwd=folder)
            if os.path.exists(out + ".error"):
                with open(out + ".error") as report:
                    sys.exit("pieces.py: %s: %s" % (name, report.read().strip()))
            with open(out) as data:
                replies = json.load(data)
            with open(printed, "rb") as data:
                raw = data.read()
    finally:
        server.terminate()
        server.wait()
    size = replies["size"].strip(ESC + "[t").split(";")
    final_rows, final_cols = int(size[1]), int(size[2])
    row, col = (int(v) for v in replies["cursor"].strip(ESC + "[R").split(";"))
    head = ("cursor=%d,%d origin=0 margins=1,%d\n" % (col - 1, row - 1, final_rows)).encode()
    final = xterm_print.golden(head + raw, final_cols, final_rows)
    final["replies"] = {"18t": replies["size"], "19t": replies["display"]}
    return final


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--inside":
        try:
            inside(int(sys.argv[2]), sys.argv[3])
        except BaseException as error:  # shown by the outside run: xterm's window is gone
            with open(sys.argv[3] + ".error", "w") as report:
                report.write("%s: %s\n" % (type(error).__name__, error))
        return
    root = os.path.dirname(os.path.dirname(HERE))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "Tests/VeilScreenTests/Fixtures/xterm/pieces/cases.json")
    version = subprocess.run(["xterm", "-version"], capture_output=True, text=True).stdout.strip()
    results = []
    for index, (name, cols, rows, screen, pieces, note) in enumerate(cases()):
        results.append({
            "name": name, "note": note, "cols": cols, "rows": rows, "screen": list(screen or (cols, rows)),
            "pieces": [p.hex() for p in pieces], "final": run_case(index),
        })
        print("pieces.py: %s: %s" % (name, results[-1]["final"]["lines"]))
    result = {
        "xterm": version,
        "resources": "-u8 -xrm 'XTerm*disallowedWindowOps: 20,21,SetXprop,SetSelection' -ti vt420 -fn 8x16 "
        "-b 0 +sb -fg black -bg white -cr black -geometry COLSxROWS+0+0; Xvfb screen `screen` cells of 8x16; "
        "pieces written 0.3 s apart",
        "cases": results,
    }
    os.makedirs(os.path.dirname(out), exist_ok=True)
    temporary = out + ".tmp"
    with open(temporary, "w") as data:
        json.dump(result, data, indent=1, ensure_ascii=True)
        data.write("\n")
    os.replace(temporary, out)
    print("pieces.py: %d cases from %s in %s" % (len(results), version, out))


if __name__ == "__main__":
    main()
