#!/usr/bin/env python3
"""Edge-case battery for the VeilScreen emulator: the table of cases.

Each case is (name, cols, rows, bytes, note, flags).  `python3 battery.py OUTDIR` writes
OUTDIR/NAME.bin (exact bytes) and OUTDIR/NAME.size ("COLS ROWS") for every case, plus
OUTDIR/index.json (name, cols, rows, note, flags) so tests can show what a case is about.

flags:
  attrs       -- also write NAME.attrs.json (per-cell attributes parsed from xterm's print)
  origin_top  -- the case ends with DECOM (origin mode) set and this scroll-region top row
                 (0-based); xterm's cursor report (CPR) is then relative to the region, so
                 run_oracle.py adds this value to the reported row.
  origin_left -- likewise with left/right margins (DECLRMM): the left margin column
                 (0-based), added to the reported column.
The bytes are fed to xterm raw (stty raw -echo -opost): LF is NOT turned into CRLF.
"""
import json
import os
import sys

ESC = "\x1b"
CSI = ESC + "["
OSC = ESC + "]"
ST = ESC + "\\"
BEL = "\x07"
CRLF = "\r\n"


def B(*parts):
    """Join str (encoded as UTF-8) and bytes (kept as-is) into one bytes value."""
    out = b""
    for p in parts:
        out += p if isinstance(p, bytes) else p.encode("utf-8")
    return out


def rows_of(*lines):
    return CRLF.join(lines)


FILL4 = rows_of("abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN")  # 10x4 filler
FILL5 = rows_of("abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX")
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # man ZWJ woman ZWJ girl

CASES = []


def case(name, cols, rows, data, note, **flags):
    CASES.append((name, cols, rows, data if isinstance(data, bytes) else B(data), note, flags))


# ---------------------------------------------------------------- C0 controls
case("c0_bs_cr_lf", 10, 4, "ABCDE\b\bx\rY\nZ\r\n\bQ",
     "BS moves left, CR to column 0, LF down without CR (raw tty), BS at column 0 stays")
case("c0_ignored", 20, 4, "A\x00B\x07C\x05D\x7fE\x01F\x1cG",
     "NUL, BEL, ENQ, DEL, SOH, FS print nothing")
case("c0_vt_ff_lf", 10, 5, "A\x0bB\x0cC\nD",
     "VT and FF act like LF (down, same column)")
case("c0_inside_csi", 20, 4, "ABCDEF" + CSI + "2\bDX" + CRLF + "12345" + CSI + "\r2CY",
     "C0 controls inside a CSI sequence are executed, the sequence then completes")
case("c0_can_sub_abort", 20, 4, "A" + CSI + "31\x18mB" + CRLF + "C" + CSI + "1;\x1aD",
     "CAN and SUB abort a CSI sequence; the rest prints as text")

# ---------------------------------------------------------------- cursor movement
case("cursor_cuu_cud_clamp", 10, 5, CSI + "3;5H" + CSI + "99AU" + CSI + "99BD" + CSI + "2AM",
     "CUU/CUD clamp at the screen edges")
case("cursor_cuf_cub_clamp", 10, 4, CSI + "2;5H" + CSI + "99CR" + CSI + "99DL" + CSI + "3CM",
     "CUF/CUB clamp at the screen edges")
case("cursor_zero_default_params", 10, 5,
     CSI + "3;5H" + CSI + "0AU" + CSI + "BD" + CSI + "0DL" + CSI + "0CR" + CSI + "0BX",
     "parameter 0 and a missing parameter both mean 1")
case("cursor_cnl_cpl", 10, 5, "abc" + CSI + "2EX" + "def" + CSI + "ECY" + "ghi" + CSI + "3FZ" + CSI + "FW",
     "CNL/CPL move down/up and to column 0; CPL clamps at the top")
case("cursor_cha_hpa", 12, 3, CSI + "5GA" + CSI + "9`B" + CRLF + CSI + "0GC" + CSI + "99GD" + CRLF + CSI + "GE" + CSI + "`F",
     "CHA (CSI G) and HPA (CSI `): 1-based, 0/default = column 1, clamp at the right")
case("cursor_vpa", 10, 5, CSI + "4GA" + CSI + "3dB" + CSI + "99dC" + CSI + "0dD" + CSI + "dE",
     "VPA (CSI d) keeps the column, clamps, 0/default = row 1")
case("cursor_cup_hvp", 10, 5, CSI + "2;3HA" + CSI + ";5HB" + CSI + "4;fC" + CSI + "99;99HD" + CSI + "0;0HE" + CSI + "3HF",
     "CUP and HVP: missing/zero parameters mean 1, clamping")
case("cursor_hpr_vpr", 10, 5, "A" + CSI + "3aB" + CSI + "2eC" + CSI + "99aD" + CSI + "99eE" + CSI + "aF",
     "HPR (CSI a) and VPR (CSI e) move relative and clamp")
case("cursor_save_restore_esc78", 10, 4,
     "AB" + ESC + "7" + CSI + "31m" + CSI + "3;5HXY" + ESC + "8C" + CSI + "4;1HD",
     "ESC 7 / ESC 8 restore position and attributes (C is not red)", attrs=True)
case("cursor_save_restore_csi_su", 10, 4, "AB" + CSI + "s" + CSI + "3;5HX" + CSI + "uC",
     "CSI s / CSI u save and restore the position")
case("cursor_restore_without_save", 10, 4, CSI + "3;5HX" + ESC + "8Y",
     "ESC 8 without a prior save goes to the home position")
case("cursor_save_restore_pending_wrap", 10, 4, "012345678" + CSI + "s9" + CSI + "u" + "Z",
     "CSI s at column 9, 9 prints (pending wrap), CSI u restores column 9 without the wrap: Z overwrites 9")
case("origin_mode_home_clamp", 10, 6,
     FILL5 + CSI + "2;4r" + CSI + "?6h" + CSI + "HX" + CSI + "9;1HY" + CSI + "2;3HZ",
     "DECOM: CUP is relative to the scroll region and clamped inside it", origin_top=1)
case("origin_mode_scrolls_region", 10, 6,
     CSI + "6;1Hbottom" + CSI + "2;4r" + CSI + "?6h" + "one" + CRLF + "two" + CRLF + "three" + CRLF + "four",
     "DECOM with text: LF at the region bottom scrolls only the region", origin_top=1)
case("origin_mode_reset_homes", 10, 5, CSI + "2;4r" + CSI + "?6h" + CSI + "2;2HA" + CSI + "?6lB",
     "resetting DECOM moves the cursor to the absolute home")
case("origin_mode_decstbm_homes", 10, 5, CSI + "?6h" + CSI + "3;5HA" + CSI + "2;4rB",
     "DECSTBM with DECOM set homes the cursor to the region top", origin_top=1)

# ---------------------------------------------------------------- erase / edit
case("ed0_below", 10, 4, FILL4 + CSI + "2;4H" + CSI + "J", "ED 0 erases from the cursor to the end")
case("ed1_above", 10, 4, FILL4 + CSI + "2;4H" + CSI + "1J", "ED 1 erases from the start to the cursor (inclusive)")
case("ed2_all", 10, 4, FILL4 + CSI + "2;4H" + CSI + "2JX", "ED 2 erases everything, the cursor does not move")
case("ed3_scrollback", 10, 4, FILL4 + CSI + "2;4H" + CSI + "3JX", "ED 3 erases only the scrollback; the screen stays")
case("el_0_1_2", 10, 4,
     FILL4 + CSI + "1;4H" + CSI + "K" + CSI + "2;4H" + CSI + "1K" + CSI + "3;4H" + CSI + "2K" + CSI + "4;4H" + CSI + "0K",
     "EL 0 (to end), EL 1 (to cursor, inclusive), EL 2 (whole line), EL 0 explicit")
case("ech_erase_chars", 10, 4,
     FILL4 + CSI + "1;3H" + CSI + "3X" + CSI + "2;3H" + CSI + "X" + CSI + "3;8H" + CSI + "99X" + CSI + "4;2H" + CSI + "0X",
     "ECH: default/0 = 1, clamps at the right edge, cursor does not move")
case("ich_insert_chars", 10, 4,
     FILL4 + CSI + "1;3H" + CSI + "2@" + CSI + "2;3H" + CSI + "@" + CSI + "3;3H" + CSI + "99@Z",
     "ICH shifts the rest right (lost at the edge); default 1; clamps")
case("dch_delete_chars", 10, 4,
     FILL4 + CSI + "1;3H" + CSI + "2P" + CSI + "2;3H" + CSI + "P" + CSI + "3;3H" + CSI + "99P",
     "DCH shifts the rest left, blanks at the right; default 1; clamps")
case("il_insert_lines", 10, 5, FILL5 + CSI + "2;5H" + CSI + "2LX", "IL inserts blank lines at the cursor row, cursor to column 0")
case("dl_delete_lines", 10, 5, FILL5 + CSI + "2;5H" + CSI + "2MX", "DL deletes lines, blank lines come in at the bottom")
case("il_dl_in_region", 10, 6,
     rows_of("row0", "row1", "row2", "row3", "row4", "row5") + CSI + "2;5r" + CSI + "3;1H" + CSI + "L" + CSI + "5;1H" + CSI + "M",
     "IL/DL act only inside the scroll region")
case("il_outside_region", 10, 5,
     rows_of("row0", "row1", "row2", "row3", "row4") + CSI + "2;3r" + CSI + "5;1H" + CSI + "L" + CSI + "1;1H" + CSI + "M",
     "IL/DL with the cursor outside the scroll region do nothing")
case("rep_basic", 10, 4, "A" + CSI + "3b" + CRLF + "xy" + CSI + "b" + CRLF + "Q" + CSI + "0b",
     "REP repeats the last printed character; default/0 = 1")
case("rep_after_crlf", 10, 4, "A" + CRLF + CSI + "3b" + "B",
     "REP after CR LF repeats nothing in xterm")
case("rep_after_cup", 10, 4, "A" + CSI + "3;1H" + CSI + "3b" + "B",
     "REP after a cursor move repeats nothing in xterm")
case("rep_wraps", 10, 4, "12345678A" + CSI + "4b", "REP wraps across the right margin like printed text")
case("rep_wide", 10, 4, "中" + CSI + "2b" + CRLF + "e\u0301" + CSI + "2b",
     "REP of a wide character and of a character with a combining mark")
case("rep_after_sgr", 10, 4, "A" + CSI + "31m" + CSI + "2b", "REP after an SGR: xterm repeats nothing (only right after a printed character)", attrs=True)
# REP's work is clamped where more copies cannot change the screen (issue 31, item 7): these
# cases pin what the copies must still do. Most end with `Z`, which shows a pending wrap.
case("rep_no_previous", 10, 4, CSI + "5b" + "Z", "REP with nothing printed before it repeats nothing")
case("rep_after_bel", 10, 4, "A\x07" + CSI + "3b" + "Z", "REP after a C0 control (BEL)")
case("rep_after_rep", 10, 4, "A" + CSI + "2b" + CSI + "3b" + "Z", "REP right after a REP repeats the same character again")
case("rep_after_zero_width", 10, 4, "a\u200b" + CSI + "3b" + "Z", "REP after a zero-width space")
case("rep_after_combining_only", 10, 4, CRLF + "\u0301" + CSI + "3b" + "Z", "REP after a combining mark with no base character")
case("rep_pending_wrap_start", 10, 4, "123456789A" + CSI + "3b" + "Z", "REP from a pending wrap wraps first")
case("rep_exact_screen", 10, 4, "A" + CSI + "39b", "REP that fills the screen exactly leaves a pending wrap (no scroll)")
case("rep_exact_screen_then", 10, 4, "A" + CSI + "39b" + "Z", "the pending wrap after a REP that fills the screen: Z scrolls")
case("rep_past_screen", 10, 4, "x" + CSI + "100b" + "Z", "REP of more than the screen scrolls, as the copies printed one by one")
case("rep_huge", 10, 4, FILL4 + "a" + CSI + "65535b" + "Z", "REP of 65535 on a full screen")
case("rep_region", 10, 5, FILL5 + CSI + "2;4r" + CSI + "3;5Hq" + CSI + "35b" + "Z",
     "REP scrolls only the scroll region (rows 2-4)")
case("rep_below_region", 10, 5, FILL5 + CSI + "1;2r" + CSI + "5;8Hq" + CSI + "35b" + "Z",
     "REP on the last row below the scroll region rewrites that row (no scroll)")
case("rep_declrmm", 10, 4, FILL4 + CSI + "?69h" + CSI + "3;6s" + CSI + "2;4Hm" + CSI + "30b" + "Z",
     "REP with left/right margins (DECLRMM): wraps to the left margin, scrolls the rectangle")
case("rep_declrmm_region", 10, 5, FILL5 + CSI + "2;4r" + CSI + "?69h" + CSI + "2;8s" + CSI + "3;3Hm" + CSI + "100b" + "Z",
     "REP with top/bottom and left/right margins")
case("rep_autowrap_off", 10, 4, CSI + "?7l" + "ab" + CSI + "20b" + "Z",
     "REP without autowrap overwrites the last column")
case("rep_autowrap_off_then_on", 10, 4, CSI + "?7l" + "ab" + CSI + "20b" + CSI + "?7h" + "Z",
     "the wrap flag REP leaves in the last column without autowrap wraps once autowrap is back")
case("rep_insert", 10, 4, "abcdefghij\r" + CSI + "4hX" + CSI + "3b",
     "REP in insert mode (IRM) shifts the line right for each copy")
case("rep_insert_wraps", 10, 4, FILL4 + CSI + "2;5H" + CSI + "4hX" + CSI + "12b" + "Z",
     "REP in insert mode that wraps: each row shifted from the cursor")
case("rep_wide_odd", 9, 4, "\u4e2d" + CSI + "10b" + "Z",
     "REP of a wide character on an odd width: the last column is skipped, the character wraps")
case("rep_wide_autowrap_off", 9, 3, CSI + "?7l" + "\u4e2d" + CSI + "10b" + "Z",
     "REP of a wide character without autowrap: copies stop at the edge")
case("rep_wide_past_screen", 10, 3, "ab\u4e2d" + CSI + "40b" + "Z", "REP of a wide character past the screen")
case("rep_dec_graphics", 10, 3, ESC + "(0q" + CSI + "14b" + ESC + "(B" + "Z", "REP of a DEC special graphics character")
case("rep_double_width_row", 10, 3, ESC + "#6" + "a" + CSI + "12b" + "Z",
     "REP on a double-width row: copies wrap at half the width")
case("rep_bce", 10, 3, CSI + "44m" + "a" + CSI + "45b" + CSI + "0m" + "Z",
     "REP with a background colour: the copies and the rows that scroll in keep it", attrs=True)

# ---------------------------------------------------------------- BCE
case("bce_el_ech", 10, 4,
     FILL4 + CSI + "44m" + CSI + "1;5H" + CSI + "K" + CSI + "2;3H" + CSI + "3X" + CSI + "0m" + CSI + "1;10H|",
     "EL and ECH with a blue background fill erased cells with blue (marker keeps row 1 printed)", attrs=True)
case("bce_ed_il", 10, 4,
     FILL4 + CSI + "41m" + CSI + "3;1H" + CSI + "L" + CSI + "0m" + CSI + "3;10H|" + CSI + "4;1H|",
     "IL with a red background (text only: xterm's print shows IL's blank cells as never-drawn, without SGR, so their colour is not observable)")
case("bce_scroll_up", 10, 4,
     FILL4 + CSI + "42m" + CRLF + CSI + "0m" + CSI + "4;10H|",
     "LF at the bottom with a green background: the new line is green", attrs=True)
case("bce_ed2_256", 10, 3,
     CSI + "48;5;100m" + CSI + "2J" + CSI + "0m" + CSI + "1;10H|" + CSI + "2;10H|" + CSI + "3;10H|",
     "ED 2 with a 256-colour background", attrs=True)

# ---------------------------------------------------------------- scrolling
case("decstbm_lf_at_region_bottom", 10, 5,
     rows_of("row0", "row1", "row2", "row3", "row4") + CSI + "2;4r" + CSI + "4;1H" + "\nX",
     "LF at the bottom of the scroll region scrolls only the region")
case("lf_at_screen_bottom", 10, 3, rows_of("one", "two", "three") + "\nX", "LF on the last row scrolls the screen")
case("lf_below_region", 10, 5,
     rows_of("row0", "row1", "row2", "row3", "row4") + CSI + "1;2r" + CSI + "5;1H" + "\n\nX",
     "LF on the last screen row below the region does not scroll")
case("ind_ri_nel", 10, 5, "abc" + ESC + "DX" + ESC + "MY" + ESC + "EZ" + ESC + "M" + ESC + "MW",
     "IND (ESC D) down, RI (ESC M) up, NEL (ESC E) CR+LF")
case("ri_at_top_scrolls", 10, 4, rows_of("one", "two", "three", "four") + CSI + "H" + ESC + "MX",
     "RI on the top row scrolls down")
case("ri_at_region_top", 10, 5,
     rows_of("row0", "row1", "row2", "row3", "row4") + CSI + "2;4r" + CSI + "2;1H" + ESC + "M" + ESC + "MX",
     "RI at the region top scrolls the region down")
case("su_sd", 10, 5, rows_of("row0", "row1", "row2", "row3", "row4") + CSI + "2S" + CSI + "T" + CSI + "3;3HX",
     "SU 2 then SD 1 over the whole screen; cursor does not move")
case("su_sd_in_region", 10, 5,
     rows_of("row0", "row1", "row2", "row3", "row4") + CSI + "2;4r" + CSI + "S" + CSI + "5;5HX" + CSI + "3T",
     "SU/SD inside a region; SD more than the region height")
case("decstbm_invalid_and_reset", 10, 5,
     CSI + "3;3HA" + CSI + "4;2r" + "B" + CSI + "2;3r" + CSI + "r" + CSI + "5;1H\nX",
     "DECSTBM with top >= bottom is ignored, CSI r resets to the full screen and homes")

# ---------------------------------------------------------------- modes
case("autowrap_off", 10, 3, CSI + "?7l" + "0123456789ABC" + CRLF + "x",
     "DECAWM off: extra characters overwrite the last column")
case("autowrap_reenabled", 10, 3, CSI + "?7l" + "0123456789A" + CSI + "?7h" + "BC",
     "DECAWM off then on: wrapping resumes")
case("insert_mode", 10, 3, "abcdef" + CSI + "1;3H" + CSI + "4hXY" + CSI + "4lZ" + CRLF + "0123456789" + CSI + "2;1H" + CSI + "4hQ",
     "IRM: characters insert and push the rest right (lost at the edge)")
case("newline_mode_lnm", 10, 5, CSI + "20h" + "abc\ndef\x0bghi\x0cjkl" + CSI + "20l" + "\nmno",
     "LNM set: LF, VT, FF also do CR; reset: LF only")
case("alt_screen_47", 10, 4, "main" + CSI + "?47h" + CSI + "2;1Halt" + CSI + "?47l" + "X",
     "mode 47: alternate buffer, not cleared; back to main with the cursor where it was left")
case("alt_screen_1047", 10, 4, "main" + CSI + "?1047h" + CSI + "2;1Halt" + CSI + "?1047l" + "X" + CSI + "?1047h" + "Y",
     "mode 1047: the alternate buffer is cleared when leaving it")
case("alt_screen_1048", 10, 4, "main" + CSI + "?1048h" + CSI + "3;3HX" + CSI + "?1048lY",
     "mode 1048: save/restore the cursor only")
case("alt_screen_1049", 10, 4, "main" + CSI + "2;3H" + CSI + "?1049h" + "alt" + CSI + "3;1Hmore" + CSI + "?1049l" + "X",
     "mode 1049: save cursor, switch and clear; on exit restore the main screen and cursor")
case("alt_screen_1049_stay", 10, 4, "main" + CSI + "?1049h" + "alt",
     "ending inside the 1049 alternate screen: the alternate screen is shown, cursor not homed")
case("cursor_visibility_25", 10, 3, CSI + "?25l" + "hidden" + CRLF + CSI + "?25h" + "shown" + CSI + "?25l",
     "DECTCEM: no visible effect on the grid; the sequences are swallowed")
case("modes_tracked_swallowed", 10, 3,
     CSI + "?1004h" + CSI + "?2004h" + CSI + "?1000h" + CSI + "?1006h" + CSI + "?2026h" + "ok" + CSI + "?2026l" + CSI + "?1000l",
     "focus, bracketed paste, mouse and synchronized-output modes print nothing")

# ---------------------------------------------------------------- pending wrap
case("pending_wrap_bs", 10, 4, "0123456789\bZ", "xterm: BS in pending wrap -> 01234567Z9")
case("pending_wrap_el", 10, 4, "0123456789" + CSI + "K", "EL in pending wrap erases the last column")
case("pending_wrap_el_then_print", 10, 4, "0123456789" + CSI + "KZ",
     "EL cancels the pending wrap: Z lands in the last column")
case("pending_wrap_cr", 10, 4, "0123456789\rZ", "CR cancels the pending wrap")
case("pending_wrap_cup", 10, 4, "0123456789" + CSI + "1;3HZ", "CUP cancels the pending wrap")
case("pending_wrap_cub", 10, 4, "0123456789" + CSI + "DZ", "CUB in pending wrap")
case("pending_wrap_print", 10, 4, "0123456789Z", "the next printable wraps first")
case("pending_wrap_cursor", 10, 4, "0123456789", "in pending wrap xterm reports the last column")
case("pending_wrap_lf", 10, 4, "0123456789\nZ", "LF in pending wrap")
case("pending_wrap_tab", 10, 4, "0123456789\tZ", "HT in pending wrap")
case("pending_wrap_bottom_scroll", 10, 3, rows_of("one", "two", "0123456789") + "Z",
     "printing in pending wrap on the last row scrolls")
case("pending_wrap_decsc", 10, 4, "0123456789" + ESC + "7" + CSI + "3;1HX" + ESC + "8Z",
     "DECSC/DECRC in pending wrap")

# ---------------------------------------------------------------- tabs
case("tabs_default", 20, 3, "\tA\tB\tC" + CRLF + "abc\tD" + CRLF + "\t\t\t\tE",
     "tab stops every 8 columns; tab stops at the last column")
case("tabs_hts_tbc3", 20, 3, CSI + "3g" + CSI + "1;4H" + ESC + "H" + CSI + "1;11H" + ESC + "H" + "\r\tA\tB\tC",
     "TBC 3 clears all stops; HTS sets new ones")
case("tabs_tbc0", 20, 3, CSI + "1;9H" + CSI + "0g" + "\r\tA" + CRLF + CSI + "g" + "\tB",
     "TBC 0 clears the stop at the cursor column (col 8): tab goes to 16")
case("tabs_cht_cbt", 30, 3, CSI + "2IA" + CSI + "IB" + CSI + "ZC" + CSI + "2ZD" + CSI + "9ZE",
     "CHT (CSI I) forward and CBT (CSI Z) backward N tab stops, clamping at column 0")
case("tabs_after_reset_decst", 20, 3, CSI + "3g" + ESC + "c" + "\tA",
     "RIS restores the default tab stops")

# ---------------------------------------------------------------- SGR
case("sgr_basic_attrs", 20, 3,
     CSI + "1mB" + CSI + "0m" + CSI + "2mD" + CSI + "0m" + CSI + "3mI" + CSI + "0m" + CSI + "4mU" + CSI + "0m"
     + CSI + "5mK" + CSI + "0m" + CSI + "6mF" + CSI + "0m" + CSI + "7mR" + CSI + "0m" + CSI + "8mH" + CSI + "0m" + CSI + "9mS" + CSI + "0m" + "n",
     "SGR 1 bold, 2 dim, 3 italic, 4 underline, 5 blink, 6 rapid blink, 7 inverse, 8 invisible, 9 strikethrough", attrs=True)
case("sgr_resets_22_29", 20, 3,
     CSI + "1;2;3;4;5;7;9mA" + CSI + "22mB" + CSI + "23mC" + CSI + "24mD" + CSI + "25mE" + CSI + "27mF" + CSI + "29mG"
     + CSI + "8mH" + CSI + "28mI" + CSI + "m" + "J",
     "SGR 22 (bold+dim off), 23, 24, 25, 27, 28, 29 each switch one attribute off", attrs=True)
case("sgr_21_double_underline", 20, 3, CSI + "21mA" + CSI + "24mB" + CSI + "4mC" + CSI + "21mD",
     "SGR 21 is double underline in xterm (not bold off)", attrs=True)
case("sgr_fg_16", 20, 3,
     "".join(CSI + "%dm%d" % (30 + i, i) for i in range(8)) + CRLF
     + "".join(CSI + "%dm%d" % (90 + i, i) for i in range(8)) + CSI + "39mX",
     "foreground 30-37 and 90-97, 39 default", attrs=True)
case("sgr_bg_16", 20, 3,
     "".join(CSI + "%dm%d" % (40 + i, i) for i in range(8)) + CRLF
     + "".join(CSI + "%dm%d" % (100 + i, i) for i in range(8)) + CSI + "49mX",
     "background 40-47 and 100-107, 49 default", attrs=True)
case("sgr_256_semicolon", 20, 3,
     "".join(CSI + "38;5;%dmF" % n for n in (0, 7, 8, 15, 16, 100, 196, 231, 232, 255)) + CSI + "39m" + CRLF
     + "".join(CSI + "48;5;%dmB" % n for n in (0, 7, 8, 15, 16, 100, 196, 231, 232, 255)) + CSI + "49mX",
     "38;5;n and 48;5;n", attrs=True)
case("sgr_256_colon", 20, 3,
     "".join(CSI + "38:5:%dmF" % n for n in (1, 9, 17, 123, 250)) + CSI + "39m" + CRLF
     + "".join(CSI + "48:5:%dmB" % n for n in (2, 10, 18, 124, 251)) + CSI + "0mX",
     "38:5:n and 48:5:n (colon form)", attrs=True)
case("sgr_rgb_semicolon", 20, 3,
     CSI + "38;2;255;0;0mR" + CSI + "38;2;0;255;0mG" + CSI + "38;2;0;0;255mB" + CSI + "38;2;10;20;30mx"
     + CSI + "48;2;1;2;3my" + CSI + "48;2;250;240;230mz" + CSI + "0mn",
     "38;2;r;g;b and 48;2;r;g;b", attrs=True)
case("sgr_rgb_colon", 20, 3,
     CSI + "38:2::255:128:0mA" + CSI + "48:2::0:128:255mB" + CSI + "38:2::17:34:51;48:2::68:85:102mC" + CSI + "0m"
     + CSI + "38:2:1:90:160:200mD" + CSI + "0mE",
     "38:2::r:g:b (empty colour-space id), 48:2::r:g:b, and 38:2:CS:r:g:b with a colour space id", attrs=True)
case("sgr_rgb_colon_no_colorspace", 20, 3, CSI + "38:2:90:160:200mA" + CSI + "48:2:5:6:7mB" + CSI + "0mC",
     "38:2:r:g:b without the colour-space field: what xterm makes of it", attrs=True)
case("sgr_underline_styles", 20, 3,
     CSI + "4:0mA" + CSI + "0m" + CSI + "4:1mB" + CSI + "0m" + CSI + "4:2mC" + CSI + "0m" + CSI + "4:3mD" + CSI + "0m"
     + CSI + "4:4mE" + CSI + "0m" + CSI + "4:5mF" + CSI + "0m" + CSI + "4mG" + CSI + "0mH",
     "underline styles 4:0..4:5: xterm 379 does not underline, it sets fg to palette 0 (see README)", attrs=True)
case("sgr_overline_53_58", 20, 3,
     CSI + "53mA" + CSI + "55mB" + CSI + "58;5;196mC" + CSI + "59mD" + CSI + "58:2::1:2:3mE" + CSI + "0mF",
     "53/55 overline and 58/59 underline colour: xterm 379 ignores 53/55/59; 58;5;196 is read as 58 (ignored), 5 (blink), 196 (ignored); 58:2::1:2:3 sets fg 0", attrs=True)
case("sgr_bold_bright_print", 20, 3,
     CSI + "1;31mA" + CSI + "38;5;9mB" + CSI + "38;5;8mC" + CSI + "38;5;200mD" + CSI + "38;2;255;255;255mE"
     + CSI + "22mF" + CSI + "1;94mG" + CSI + "0mH",
     "bold with colours > 8: xterm's print subtracts 8 from fg (see README)", attrs=True)
case("sgr_inverse_invisible", 20, 3,
     CSI + "7;31;42mA" + CSI + "27mB" + CSI + "8mC" + CSI + "7mD" + CSI + "28mE" + CSI + "0mF",
     "inverse with colours; invisible cells print as blanks", attrs=True)
case("sgr_combined_and_reset", 20, 3,
     CSI + "1;3;4;9;33;44mA" + CSI + "mB" + CSI + "1;4;31;42mC" + CSI + "0;32mD" + CSI + ";mE" + CSI + "1;;34mF" + CSI + "0mG",
     "several attributes at once; CSI m, CSI ;m and an empty parameter reset", attrs=True)
case("sgr_39_49_keep_attrs", 20, 3, CSI + "1;4;31;42mA" + CSI + "39mB" + CSI + "49mC" + CSI + "0mD",
     "39 and 49 reset only the colours, not bold/underline", attrs=True)
case("sgr_256_then_16", 20, 3, CSI + "38;5;123;48;5;45mA" + CSI + "31mB" + CSI + "41mC" + CSI + "38;2;1;2;3mD" + CSI + "94mE" + CSI + "0mF",
     "switching between 256, RGB and 16-colour forms", attrs=True)
case("sgr_ignored_extended_bad", 20, 3, CSI + "38;5mA" + CSI + "0m" + CSI + "38;2;1mB" + CSI + "0m" + CSI + "38;7;1mC" + CSI + "0m" + CSI + "38;5;300mD" + CSI + "0mE",
     "incomplete or out-of-range 38 forms", attrs=True)

# ---------------------------------------------------------------- charsets
case("charset_g0_dec_graphics", 12, 3, ESC + "(0" + "lqqqqk" + CRLF + "x" + CSI + "4Cx" + CRLF + "mqqqqj" + ESC + "(B" + "ok",
     "ESC ( 0 selects DEC special graphics in G0 (box drawing), ESC ( B back to ASCII")
case("charset_g1_so_si", 12, 3, ESC + ")0" + "a\x0elqk\x0fb" + CRLF + "\x0ex\x0f|" + CRLF + "\x0e", "ESC ) 0 in G1, SO shifts to G1, SI back to G0")
case("charset_dec_graphics_all", 40, 3, ESC + "(0" + "".join(chr(c) for c in range(0x5F, 0x7F)) + ESC + "(B" + "end",
     "all DEC special graphics characters 0x5F..0x7E")

# ---------------------------------------------------------------- wide / combining / unicode
case("wide_basic", 10, 3, "中文字X", "wide CJK characters take two cells")
case("wide_at_last_column", 10, 3, "012345678中", "a wide character at the last column wraps first")
case("wide_exact_fit", 10, 3, "01234567中", "a wide character that exactly fits the last two columns")
case("wide_overwrite_left_half", 10, 3, "中文" + CSI + "1;1Ha", "overwriting the left half blanks the right half")
case("wide_overwrite_right_half", 10, 3, "中文" + CSI + "1;2Hb", "overwriting the right half blanks the left half")
case("wide_ech_half", 10, 3, "中文字" + CSI + "1;4H" + CSI + "X", "ECH on the right half of a wide char")
case("wide_dch_split", 10, 3, "中文字" + CSI + "1;2H" + CSI + "P", "DCH starting on the right half of a wide char")
case("wide_ich_split", 10, 3, "中文字" + CSI + "1;2H" + CSI + "@", "ICH on the right half of a wide char")
case("wide_pushed_off_by_ich", 10, 3, "01234567中" + CSI + "1;1H" + CSI + "@", "ICH pushes a wide char off the right edge")
case("combining_basic", 10, 3, "e\u0301a\u0308o\u0302\u0323X", "combining marks attach to the previous cell")
case("combining_pending_wrap", 10, 3, "012345678e\u0301X",
     "a combining mark in pending wrap attaches to the last column, the next char wraps")
case("combining_after_wide", 10, 3, "中\u0301X", "combining mark after a wide character")
case("combining_at_line_start", 10, 3, "A" + CRLF + "\u0301B", "combining mark at column 0 of a line")
case("emoji_zwj_family", 10, 3, "A" + FAMILY + "B", "xterm: a ZWJ family is 3 wide cells, cursor at 7 before B")
case("emoji_regional_indicators", 10, 3, "\U0001F1E9\U0001F1EAX", "regional indicators: one cell each")
case("emoji_vs16", 10, 3, "\u2764\ufe0fX\u263a\ufe0fY", "VS16 does not widen")
case("emoji_wide_plain", 10, 3, "\U0001F600X", "a wide emoji (EAW W) takes two cells")
case("invalid_utf8", 20, 3,
     B("A", b"\xff", "B", b"\xc3", "C", b"\xe2\x82", "D", b"\xf0\x9f\x98", "E", b"\x80", "F"),
     "one U+FFFD per bad sequence (lone FF, truncated 2/3/4-byte sequences, stray continuation)")
case("invalid_utf8_overlong_surrogate", 20, 3,
     B("A", b"\xc0\xaf", "B", b"\xed\xa0\x80", "C", b"\xf4\x90\x80\x80", "D", b"\xe0\x80\xaf", "E"),
     "overlong, surrogate and beyond-U+10FFFF encodings")
case("hangul_jamo", 10, 3, "\u1100\u1161\u11a8X" + CRLF + "\ud55c\uad6d\uc5b4",
     "conjoining jamo: L is wide, V and T have width 0; precomposed syllables are wide")

# ---------------------------------------------------------------- strings
case("osc_title_swallowed", 20, 3, "A" + OSC + "0;title one" + BEL + "B" + OSC + "2;title two" + ST + "C" + OSC + "1;icon" + BEL + "D",
     "OSC 0/1/2 titles are not printed, ended by BEL or ST")
case("osc8_hyperlink", 20, 3, "a" + OSC + "8;;https://example.com/" + ST + "link" + OSC + "8;;" + ST + "b" + OSC + "8;id=x;http://e.org" + BEL + "L" + OSC + "8;;" + BEL,
     "OSC 8 hyperlinks: the text shows, the URI does not")
case("osc_unknown", 20, 3, "A" + OSC + "777;notify;x;y" + BEL + "B" + OSC + "52;c;aGVsbG8=" + BEL + "C",
     "unknown / clipboard OSC strings are swallowed")
case("dcs_st", 20, 3, "A" + ESC + "P1;2zabc" + ST + "B" + ESC + "P$qm" + ST + "C",
     "DCS strings ended by ST are swallowed")
case("dcs_bel_not_terminator", 20, 3, "A" + ESC + "Pzabc" + BEL + "B" + ST + "C",
     "BEL inside DCS: xterm keeps swallowing until ST (B is not printed)")
case("apc_pm_sos_st", 20, 3, "A" + ESC + "_apc" + ST + "B" + ESC + "^pm" + ST + "C" + ESC + "Xsos" + ST + "D",
     "APC, PM, SOS strings ended by ST are swallowed")
case("apc_pm_sos_bel", 20, 3, "A" + ESC + "_apc" + BEL + "B" + ST + "C" + ESC + "^pm" + BEL + "D" + ST + "E" + ESC + "Xsos" + BEL + "F" + ST + "G",
     "BEL inside APC/PM/SOS: xterm does not end the string; only ST does (B, D, F not printed)")
case("osc_esc_abort", 20, 3, "A" + OSC + "2;abc" + ESC + "[31mB" + CSI + "0mC",
     "ESC followed by something else than a backslash inside OSC")
case("unknown_csi_swallowed", 20, 3,
     "A" + CSI + "?1234j" + "B" + CSI + ">99;1W" + "C" + CSI + "1;2;3 ~" + "D" + CSI + "=5;7{" + "E" + CSI + "12;34#~" + "F",
     "unknown CSI sequences (private markers, intermediates) print nothing")
case("unknown_esc_swallowed", 20, 3, "A" + ESC + "#1" + "B" + ESC + "%@" + "C" + ESC + " F" + "D" + ESC + "(Z" + "E",
     "unknown or harmless ESC sequences print nothing")
case("csi_many_params", 20, 3,
     CSI + ";".join(["0"] * 35) + ";31mA" + CSI + "0m" + CSI + "2;3;" + ";".join(["1"] * 40) + "HB"
     + CSI + "3;5;" + ";".join(["5"] * 33) + "HC" + CSI + "1;" + ";".join(["4"] * 33) + "mD",
     "CSI with more than 32 parameters: xterm keeps the first ones (CUP works), the surplus is dropped", attrs=True)
case("csi_huge_param", 10, 3, CSI + "99999999999CA" + CSI + "3;99999999999HB", "very large parameters clamp")

# ---------------------------------------------------------------- resets
case("ris_full_reset", 10, 5,
     "text" + CSI + "31;44m" + CSI + "2;3r" + CSI + "?7l" + ESC + "(0" + ESC + "c" + "abc" + CSI + "4;1H" + "0123456789Z",
     "RIS clears the screen, homes, resets SGR, region, autowrap, charset", attrs=True)
case("decstr_soft_reset", 10, 5,
     "keep" + CSI + "31m" + CSI + "4h" + CSI + "?7l" + CSI + "2;3r" + CSI + "3;5H" + CSI + "!p" + "X" + CSI + "1;1HYZ" + CSI + "4;1H0123456789W",
     "DECSTR: screen kept, cursor not moved, SGR/IRM/margins reset, autowrap back on", attrs=True)
case("decaln", 10, 4, "abc" + CSI + "2;3r" + ESC + "#8" + "X" + CSI + "3;1H\nY",
     "DECALN fills the screen with E, homes the cursor, resets the margins (LF on row 2 just moves down)")

# ---------------------------------------------------------------- larger screens
case("big_scroll_80x24", 80, 24, CRLF.join("line %02d %s" % (i, "x" * (i % 60)) for i in range(1, 41)),
     "40 lines on a 24-row screen: lines 17..40 remain")
case("big_wrap_80x24", 80, 24, "".join("%03d-" % i for i in range(1, 121)) + CRLF + "after",
     "a 480-character line wraps over six rows")
case("big_mixed_80x24", 80, 24,
     CSI + "2J" + CSI + "H" + CSI + "1;37;44m" + " Title bar ".ljust(80) + CSI + "0m"
     + CSI + "3;5H" + "中文 mixed Ελληνικά é" + CSI + "5;1H" + ESC + "(0" + "lqqqqqqk" + ESC + "(B"
     + CSI + "24;1H" + CSI + "7m" + " status " + CSI + "27m" + CSI + "24;80H" + "Z" + CSI + "12;40H",
     "full-screen layout: coloured title, CJK, line drawing, status line, last cell", attrs=True)


# ---------------------------------------------------------------- issue 18: xterm 379 differences
MARK = "\u0301"  # combining acute accent
case("wide_last_column_autowrap_off", 10, 3, CSI + "?7l" + "012345678中X" + CRLF + "0123456789中Y",
     "DECAWM off: a wide character at the last column is not placed (the cursor stays), the next character prints there")
case("wide_last_column_autowrap_off_fits", 10, 3, CSI + "?7l" + "01234567中X",
     "DECAWM off: a wide character that fits the last two columns is placed; X then overwrites its right half")
case("combining_after_cup", 10, 3, "abc" + CSI + "1;2H" + MARK + CRLF + "abc" + CSI + "2;2H" + MARK + "X",
     "after a cursor move a combining mark joins the cell under the cursor (xterm's char_was_written is reset)")
case("combining_after_cr", 10, 3, "xyz\r" + MARK + CRLF + "xyz" + CSI + "D" + MARK,
     "after CR the mark joins column 0; after CUB the cell under the cursor")
case("combining_after_move_blank", 10, 3, "abc" + CSI + "1;6H" + MARK + CRLF + "def" + CSI + "2;3H" + MARK + "Y",
     "a mark after a move onto a never-written cell is not shown")
case("combining_limit", 10, 3, "x" + MARK + "\u0302\u0303\u0304\u0305Y" + CRLF + "e" + MARK + "\u0302\u0303\u0304Z",
     "xterm keeps two combining marks per cell (e + U+0301 is first precomposed to é)")
case("insert_mode_wide_pushed_off", 10, 3,
     "012345中中" + CSI + "1;1H" + CSI + "4hX" + CRLF + "012345中中" + CSI + "2;1H" + "中",
     "IRM: the wide character cut by the right edge is removed, the last whole one that fits stays")
case("insert_mode_wide_at_edge", 10, 3,
     "0123456中" + CSI + "1;9H" + CSI + "4h" + "中" + CRLF + "01234567中" + CSI + "2;2H" + "ab",
     "IRM: inserting a wide character near the right edge; a pushed wide character that no longer fits goes")

# ---------------------------------------------------------------- issue 18: left/right margins
FILL6 = rows_of("abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX", "YZ01234567")
LRM = CSI + "?69h" + CSI + "3;7s"  # margins at columns 3..7 (0-based 2..6)
case("lrm_print_wraps_at_right_margin", 10, 6, FILL6 + LRM + CSI + "2;4H" + "123456789",
     "DECLRMM + DECSLRM 3;7: text wraps at the right margin to the left margin of the next row")
case("lrm_print_right_of_margin", 10, 6, FILL6 + LRM + CSI + "2;9H" + "1234",
     "printing right of the right margin goes to the screen edge and wraps")
case("lrm_print_left_of_margin", 10, 6, FILL6 + LRM + CSI + "2;1H" + "123456789",
     "printing left of the left margin: wraps at the right margin")
case("lrm_csi_s_without_mode", 10, 6, FILL6 + CSI + "2;4H" + CSI + "3;7s" + CSI + "5;5H" + CSI + "uX",
     "without DECLRMM, CSI 3;7 s is SCOSC (save cursor): CSI u comes back")
case("lrm_slrm_homes_cursor", 10, 6, FILL6 + CSI + "3;3H" + LRM + "X",
     "DECSLRM moves the cursor home")
case("lrm_slrm_invalid", 10, 6, FILL6 + CSI + "?69h" + CSI + "3;3H" + CSI + "7;3s" + "X" + CSI + "2;2s" + "Y",
     "DECSLRM with left >= right is ignored")
case("lrm_lf_scrolls_rectangle", 10, 6, FILL6 + LRM + CSI + "2;5r" + CSI + "5;4H" + "\n\n" + "X",
     "LF at the bottom margin scrolls only the rectangle of the margins")
case("lrm_lf_outside_margins", 10, 6, FILL6 + LRM + CSI + "2;5r" + CSI + "5;9H" + "\nX",
     "LF at the bottom margin with the cursor right of the right margin")
case("lrm_ri_scrolls_rectangle", 10, 6, FILL6 + LRM + CSI + "2;5r" + CSI + "2;4H" + ESC + "M" + ESC + "MX",
     "RI at the top margin scrolls the rectangle down")
case("lrm_ind_nel", 10, 6, FILL6 + LRM + CSI + "6;5H" + ESC + "D" + "X" + ESC + "E" + "Y",
     "IND and NEL at the bottom (full-height region) with margins: NEL goes to the left margin")
case("lrm_su_sd", 10, 6, FILL6 + LRM + CSI + "2S" + CSI + "T" + CSI + "1;1H",
     "SU 2 then SD 1 move only the columns inside the margins")
case("lrm_ich_dch_inside", 10, 6, FILL6 + LRM + CSI + "1;4H" + CSI + "2@" + CSI + "2;4H" + CSI + "2P"
     + CSI + "3;4H" + CSI + "99@" + CSI + "4;4H" + CSI + "99P",
     "ICH/DCH inside the margins shift only up to the right margin")
case("lrm_ich_dch_outside", 10, 6, FILL6 + LRM + CSI + "1;9H" + CSI + "@" + CSI + "2;9H" + CSI + "P"
     + CSI + "3;1H" + CSI + "@" + CSI + "4;2H" + CSI + "P",
     "ICH/DCH left or right of the margins")
case("lrm_il_dl", 10, 6, FILL6 + LRM + CSI + "2;4H" + CSI + "L" + CSI + "4;5H" + CSI + "2M",
     "IL/DL inside the margins move only the columns inside them")
case("lrm_il_dl_outside", 10, 6, FILL6 + LRM + CSI + "2;9H" + CSI + "L" + CSI + "4;1H" + CSI + "M" + "X",
     "IL/DL with the cursor outside the left/right margins do nothing")
case("lrm_decic_decdc", 10, 6, FILL6 + LRM + CSI + "2;5r" + CSI + "3;4H" + CSI + "2'}" + CSI + "4;5H" + CSI + "'~",
     "DECIC/DECDC: columns inserted and deleted inside the margins and the scroll region")
case("lrm_erase", 10, 6, FILL6 + LRM + CSI + "1;4H" + CSI + "K" + CSI + "2;4H" + CSI + "1K" + CSI + "3;4H" + CSI + "2K"
     + CSI + "4;4H" + CSI + "9X" + CSI + "5;4H" + CSI + "J",
     "EL, ECH and ED with left/right margins set")
case("lrm_origin_mode", 10, 6, FILL6 + LRM + CSI + "2;5r" + CSI + "?6h" + "X" + CSI + "2;2HY" + CSI + "99;99HZ",
     "DECOM with left/right margins: CUP is relative to the top-left margins and clamped to the rectangle",
     origin_top=1, origin_left=2)
case("lrm_origin_mode_wrap", 10, 6, FILL6 + LRM + CSI + "2;5r" + CSI + "?6h" + CSI + "4;1H" + "123456789ABC",
     "DECOM with margins: text wraps inside the rectangle and scrolls it", origin_top=1, origin_left=2)
case("lrm_cr_bs", 10, 6, FILL6 + LRM + CSI + "2;5H\rX" + CSI + "3;2H\rY" + CSI + "4;3H\bZ",
     "CR inside the margins goes to the left margin, CR left of it to column 0; BS at the left margin")
case("lrm_cuf_cub", 10, 6, FILL6 + LRM + CSI + "2;4H" + CSI + "99CX" + CSI + "3;5H" + CSI + "99DY"
     + CSI + "4;9H" + CSI + "99DZ",
     "CUF/CUB stop at the margins when inside them")
case("lrm_reset_mode", 10, 6, FILL6 + LRM + CSI + "?69l" + CSI + "2;4H" + "123456789",
     "resetting DECLRMM removes the margins")
case("lrm_autowrap_off", 10, 6, FILL6 + LRM + CSI + "?7l" + CSI + "2;4H" + "123456789",
     "DECAWM off with margins: characters stop at the right margin")
case("lrm_wide_at_margin", 10, 6, FILL6 + LRM + CSI + "2;4H" + "12中文",
     "a wide character that does not fit before the right margin wraps to the left margin")
case("lrm_tab", 10, 6, FILL6 + LRM + CSI + "2;4H\tX" + CSI + "3;4H" + CSI + "2ZY",
     "HT stops at the right margin; CBT at the left margin")
case("lrm_insert_mode", 10, 6, FILL6 + LRM + CSI + "4h" + CSI + "2;4H" + "XY",
     "IRM inside the margins pushes characters only up to the right margin")
case("lrm_sl_sr", 10, 6, FILL6 + LRM + CSI + "2;5r" + CSI + "3;4H" + CSI + "2 @" + CSI + " A",
     "SL / SR with left/right margins")
case("lrm_decstr_resets", 10, 6, FILL6 + LRM + CSI + "!p" + CSI + "2;4H" + "123456789",
     "DECSTR resets the left/right margins")
case("lrm_cup_outside_origin_off", 10, 6, FILL6 + LRM + CSI + "3;10H" + "XY",
     "without DECOM the cursor can go right of the margins; printing there wraps to column 0")

# ---------------------------------------------------------------- issue 18: double-size lines
case("dwl_basic", 10, 4, "abc" + ESC + "#6" + "XYZ" + CRLF + "0123456789" + ESC + "#6",
     "DECDWL: the row shows half the columns; a full row keeps its cells, the cursor clamps to the half")
case("dwl_wrap", 10, 4, ESC + "#6" + "ABCDEFGH" + CRLF + ESC + "#6" + "1234567",
     "on a double-width row text wraps at half the width")
case("dwl_cursor_clamp", 10, 4, ESC + "#6" + CSI + "9GX" + CSI + "2;1H" + ESC + "#6" + CSI + "99CY" + CSI + "3;9H" + ESC + "#6Z",
     "CHA, CUF and DECDWL itself clamp the cursor to the half width")
case("dhl_top_bottom", 10, 4, ESC + "#3" + "Hello" + CRLF + ESC + "#4" + "Hello" + CRLF + "plain",
     "DECDHL top and bottom halves")
case("dwl_swl_back", 10, 4, "abcdefghij" + ESC + "#6" + ESC + "#5" + "X" + CRLF + ESC + "#3" + ESC + "#5" + "Y",
     "DECSWL makes the row single width again")
case("dwl_scrolls_with_row", 10, 4, ESC + "#6" + "AB" + CRLF + ESC + "#3" + "CD" + CRLF + "ef" + CRLF + "gh\n\n",
     "row sizes move with their rows when the screen scrolls; new rows are single width")
case("dwl_erase", 10, 4, ESC + "#6" + "AB" + CRLF + ESC + "#6" + "CD" + CRLF + ESC + "#6" + "EF" + CSI + "1;1H" + CSI + "2K"
     + CSI + "2;1H" + CSI + "J" + "x",
     "EL 2 and ED 0 with double-width rows")
case("dwl_ed2", 10, 4, ESC + "#6" + "AB" + CRLF + ESC + "#3" + "CD" + CSI + "2J" + CSI + "1;1H" + "0123456789",
     "ED 2 makes every row single width")
case("dwl_il_dl", 10, 5, ESC + "#6" + "AB" + CRLF + "cd" + CRLF + ESC + "#6" + "EF" + CSI + "1;1H" + CSI + "L"
     + CSI + "3;1H" + CSI + "M",
     "IL/DL move row sizes with the rows; inserted rows are single width")
case("dwl_wide_char", 10, 4, ESC + "#6" + "中文字X" + CRLF + ESC + "#6" + "abc中",
     "wide characters on a double-width row wrap at the half width")
case("dwl_decaln", 10, 3, ESC + "#6" + "AB" + ESC + "#8",
     "DECALN makes every row single width")
case("dwl_ich_dch", 10, 3, "abcdefghij" + ESC + "#6" + CSI + "1;2H" + CSI + "@" + CRLF + "abcdefghij" + ESC + "#6"
     + CSI + "2;2H" + CSI + "P",
     "ICH and DCH on a double-width row")
case("dwl_alt_screen", 10, 3, ESC + "#6" + "AB" + CSI + "?1049h" + "cd" + CSI + "?1049l",
     "the alternate screen has its own row sizes")
case("dwl_insert_mode", 10, 3, ESC + "#6" + "ABCDE" + CSI + "1;1H" + CSI + "4h" + "X",
     "IRM on a double-width row pushes characters off at the half width")
case("dwl_ignored_with_lrm", 10, 3, CSI + "?69h" + CSI + "3;7s" + CSI + "1;1H" + ESC + "#6" + "ABCDEFGH",
     "while DECLRMM is set, DECDWL is ignored (the row stays single width, text wraps at the right margin)")
case("dwl_reset_by_lrm", 10, 3, ESC + "#6" + "AB" + CRLF + ESC + "#3" + "AB" + CSI + "?69h" + CSI + "?69l" + "CD",
     "setting DECLRMM makes every row single width")
case("dwl_autowrap_off", 10, 3, CSI + "?7l" + ESC + "#6" + "ABCDEFG",
     "DECAWM off on a double-width row: the last character overwrites the half-width column")


# ---------------------------------------------------------------- issue 18: reverse wraparound
# xterm 379's CursorBack (BS and CUB) under mode 45 with autowrap (7). There is no mode 1045 in
# 379 (DECRQM answers 0, see queries/); its 2023 split of 45 into 45 and 1045 came with #383.
# FILL5 is on the screen; @ and % (or the cursor report) shows where BS/CUB left the cursor.
RW = CSI + "?45h"
RW_LRM = RW + CSI + "?69h" + CSI + "3;7s"  # margins at columns 3..7 (0-based 2..6)
case("revwrap_bs_row_above", 10, 5, FILL5 + RW + CSI + "3;1H" + "\b@",
     "45+7: BS at column 0 goes to the last column of the row above (not a wrapped row)")
case("revwrap_bs_after_wrapped_row", 10, 5, CSI + "2;1H" + "0123456789ab" + RW + CSI + "3;1H" + "\b\b@",
     "45+7: BS after a row that wrapped behaves the same as after one that did not (379)")
case("revwrap_bs_top_left", 10, 5, FILL5 + RW + CSI + "1;1H" + "\b@",
     "45+7: BS at the top-left corner goes to the bottom-right corner (@ sets a pending wrap there)")
case("revwrap_autowrap_off", 10, 5, FILL5 + CSI + "?7l" + RW + CSI + "3;1H" + "\b@" + CSI + "1;1H" + "\b%",
     "45 without autowrap (7): BS stops at column 0")
case("revwrap_off_by_default", 10, 5, FILL5 + CSI + "3;1H" + "\b@" + CSI + "3;5H" + CSI + "9D%",
     "without 45, BS and CUB stop at column 0")
case("revwrap_1045_unknown", 10, 5, FILL5 + CSI + "?1045h" + CSI + "3;1H" + "\b@" + CSI + "1;1H" + "\b%",
     "1045 alone does nothing in xterm 379 (the mode arrived in #383)")
case("revwrap_45_and_1045", 10, 5, FILL5 + CSI + "?1045h" + RW + CSI + "1;1H" + "\b@",
     "45 with 1045: the same as 45 alone (top-left to bottom-right)")
case("revwrap_reset_45", 10, 5, FILL5 + RW + CSI + "?45l" + CSI + "3;1H" + "\b@",
     "resetting 45 stops the reverse wrap")
case("revwrap_cub_many_rows", 10, 5, FILL5 + RW + CSI + "3;3H" + CSI + "15D@",
     "45+7: CUB 15 from row 3 column 3 walks back over the rows above")
case("revwrap_cub_past_top", 10, 5, FILL5 + RW + CSI + "2;2H" + CSI + "25D@",
     "45+7: CUB past the top row goes round to the bottom of the screen")
case("revwrap_cub_top_left_count", 10, 5, FILL5 + RW + CSI + "1;1H" + CSI + "3D@",
     "45+7: CUB 3 at the top-left corner still goes only to the bottom-right corner")
case("revwrap_cub_top_row_not_left", 10, 5, FILL5 + RW + CSI + "1;3H" + CSI + "5D@",
     "45+7: CUB 5 from the top row (not its first column) goes round to the bottom row")
case("revwrap_pending_wrap", 10, 5, FILL5 + RW + CSI + "2;1H" + "0123456789" + "\b@" + CSI + "3;1H" + "0123456789"
     + CSI + "2D%",
     "45+7 in pending wrap: BS stays on the last column, CUB 2 goes back one")
case("revwrap_stbm_top_margin", 10, 5, FILL5 + RW + CSI + "2;4r" + CSI + "2;1H" + "\b@",
     "45+7, DECSTBM 2;4: BS at column 0 of the top margin goes to the end of the bottom margin "
     "(esctest2 BS_ReverseWrapGoesToBottom)")
case("revwrap_stbm_inside", 10, 5, FILL5 + RW + CSI + "2;4r" + CSI + "3;1H" + "\b@",
     "45+7, DECSTBM 2;4: BS inside the region goes to the row above")
case("revwrap_stbm_above", 10, 5, FILL5 + RW + CSI + "2;4r" + CSI + "1;1H" + "\b@",
     "45+7, DECSTBM 2;4: BS at the top-left corner above the region goes to the bottom of the screen")
case("revwrap_stbm_below", 10, 5, FILL5 + RW + CSI + "2;4r" + CSI + "5;1H" + "\b@",
     "45+7, DECSTBM 2;4: BS below the region goes to the row above (the bottom margin)")
case("revwrap_stbm_top_count", 10, 5, FILL5 + RW + CSI + "2;4r" + CSI + "2;3H" + CSI + "5D@",
     "45+7, DECSTBM 2;4: CUB 5 from the top margin's third column leaves the region upwards")
case("revwrap_stbm_origin", 10, 5, FILL5 + RW + CSI + "2;4r" + CSI + "?6h" + CSI + "1;1H" + "\b@",
     "45+7, DECSTBM 2;4 and DECOM: BS at the region's home goes to the end of the bottom margin",
     origin_top=1)
case("revwrap_lrm_left_margin", 10, 5, FILL5 + RW_LRM + CSI + "3;3H" + "\b@",
     "45+7, DECSLRM 3;7: BS at the left margin goes to the right margin of the row above "
     "(esctest2 BS_ReverseWrapWithLeftRight)")
case("revwrap_lrm_left_edge", 10, 5, FILL5 + RW_LRM + CSI + "3;1H" + "\b@",
     "45+7, DECSLRM 3;7: BS at column 0, left of the left margin, goes to the right margin of the row above "
     "(esctest2 BS_ReversewrapFromLeftEdgeToRightMargin)")
case("revwrap_lrm_left_of_margin", 10, 5, FILL5 + RW_LRM + CSI + "3;2H" + "\b\b@",
     "45+7, DECSLRM 3;7: from column 1, left of the margin, BS goes to column 0 and then to the right margin above")
case("revwrap_lrm_right_of_margin", 10, 5, FILL5 + RW_LRM + CSI + "3;9H" + CSI + "9D@",
     "45+7, DECSLRM 3;7: CUB 9 from right of the right margin wraps inside the margins")
case("revwrap_lrm_top_left", 10, 5, FILL5 + RW_LRM + CSI + "1;3H" + "\b@",
     "45+7, DECSLRM 3;7: BS at the top row's left margin goes to the bottom row's right margin")
case("revwrap_lrm_top_left_edge", 10, 5, FILL5 + RW_LRM + CSI + "1;1H" + "\b@",
     "45+7, DECSLRM 3;7: BS at the top-left corner (left of the margin) goes to the bottom row's right margin")
case("revwrap_lrm_stbm", 10, 5, FILL5 + RW + CSI + "2;4r" + CSI + "?69h" + CSI + "3;7s" + CSI + "2;3H" + "\b@"
     + CSI + "3;3H" + CSI + "7D%",
     "45+7, DECSTBM 2;4 and DECSLRM 3;7: BS at the top-left margin corner goes to the bottom-right one; "
     "CUB 7 walks over two rows inside the margins")
case("revwrap_lrm_cub_many", 10, 5, FILL5 + RW_LRM + CSI + "5;4H" + CSI + "23D@",
     "45+7, DECSLRM 3;7: CUB 23 walks back over several rows of the 5-column rectangle and round the top")
case("revwrap_dwl_row_above", 10, 5, FILL5 + RW + CSI + "2;1H" + ESC + "#6" + CSI + "3;1H" + "\b" + CSI + "C@",
     "45+7: BS to a double-width row above lands on the last column of the full width; CUF clamps to the half")

# ---------------------------------------------------------------- rectangular areas, protection (VT420; issue 27)
RECT = CSI + "H" + rows_of("abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX")
case("rect_deccra", 10, 5, RECT + CSI + "1;1;2;3;1;3;5;1$v",
     "DECCRA copies rows 1-2, columns 1-3 to row 3 column 5; the cursor stays")
case("rect_deccra_overlap", 10, 5, RECT + CSI + "1;1;3;5;1;2;3;1$v",
     "DECCRA with overlapping source and destination copies as if through a buffer")
case("rect_deccra_offscreen", 10, 5, RECT + CSI + "1;1;3;5;1;4;8;1$v",
     "DECCRA: what falls past the bottom and right edges is cut")
case("rect_deccra_defaults", 10, 5, RECT + CSI + "2;2;3;3$v",
     "DECCRA without a destination copies to row 1, column 1")
case("rect_deccra_origin", 10, 5, RECT + CSI + "?69h" + CSI + "3;8s" + CSI + "2;4r" + CSI + "?6h"
     + CSI + "1;1;2;2;1;2;3;1$v" + CSI + "?6l",
     "DECCRA under DECOM counts from the margins and is cut at them")
case("rect_deccra_wide", 10, 3, CSI + "H" + "中文字x" + CSI + "1;2;1;5;1;2;1;1$v",
     "DECCRA: the halves of wide characters cut by the source's edges arrive as blanks")
case("rect_deccra_attrs", 10, 3, CSI + "H" + CSI + "1;4;31mab" + CSI + "0;7;44mcd" + CSI + "m"
     + CSI + "1;1;1;4;1;2;3;1$v",
     "DECCRA copies renditions and colours with the characters", attrs=True)
case("rect_decfra", 10, 5, RECT + CSI + "1;31m" + CSI + "88;2;2;3;5$x" + CSI + "m",
     "DECFRA fills rows 2-3, columns 2-5 with X in the current rendition and colour", attrs=True)
case("rect_decfra_keeps_colours", 10, 5, CSI + "32;45m" + RECT + CSI + "0;1;4m" + CSI + "88;2;2;3;5$x" + CSI + "m",
     "DECFRA without a colour set keeps the cells' colours, takes the rendition", attrs=True)
case("rect_decfra_ignored", 10, 5, RECT + CSI + "0;2;2;3;5$x" + CSI + "7;2;2;3;5$x" + CSI + "88;3;3;2;2$x",
     "DECFRA: no character, a control, an empty rectangle: nothing")
case("rect_decfra_wide_edge", 10, 3, CSI + "H" + "中文字x" + CSI + "88;1;2;1;3$x",
     "DECFRA: a wide character cut by the rectangle's edge is blanked whole")
case("rect_decera", 10, 5, RECT + CSI + "7m" + CSI + "2;2;3;5$z" + CSI + "m",
     "DECERA blanks the rectangle in the current rendition (inverse here)", attrs=True)
case("rect_decera_protected", 10, 5, RECT + CSI + "2;3H" + CSI + '1"qPQ' + CSI + '0"q' + CSI + "2;2;3;5$z",
     "DECERA erases DECSCA-protected cells too")
case("rect_decsera", 10, 5, RECT + CSI + "3;1H" + CSI + '1"qPROT' + CSI + '0"q' + CSI + "2;2;4;5${",
     "DECSERA blanks the rectangle except DECSCA-protected cells")
case("rect_decsera_keeps_rendition", 10, 3, CSI + "H" + CSI + "1;7;34mabcdef" + CSI + "m" + CSI + "1;2;1;4${",
     "DECSERA keeps the renditions and colours of the cells it blanks", attrs=True)
case("rect_decsera_iso", 10, 5, RECT + CSI + "3;1H" + ESC + "VPROT" + ESC + "W" + CSI + "2;2;4;5${",
     "DECSERA does not respect ISO (SPA/EPA) protection")
case("rect_deccara_stream", 10, 4, RECT + CSI + "2;4;3;6;1;4$r",
     "DECCARA (DECSACE 0): bold and underline over the stream from 2;4 to 3;6", attrs=True)
case("rect_deccara_rectangle", 10, 4, RECT + CSI + "2*x" + CSI + "2;4;3;6;7;5$r" + CSI + "*x",
     "DECCARA (DECSACE 2): inverse and blink on the rectangle only", attrs=True)
case("rect_deccara_clear", 10, 3, CSI + "H" + CSI + "1;4;5;7mabcdefgh" + CSI + "m" + CSI + "1;2;1;7;0;4$r"
     + CSI + "1;3;1;5;22;27$r",
     "DECCARA 0 clears bold, underline, blink and inverse; 22 and 27 one each", attrs=True)
case("rect_decrara", 10, 3, CSI + "H" + CSI + "1mabc" + CSI + "mdefgh" + CSI + "2*x" + CSI + "1;2;1;5;1;7$t"
     + CSI + "*x",
     "DECRARA reverses bold and inverse on the rectangle", attrs=True)
case("protect_spa_ed", 10, 3, "ab" + ESC + "Vc" + ESC + "Wdef" + CSI + "H" + CSI + "J",
     "ED keeps cells protected by SPA/EPA (ISO protection)")
case("protect_spa_el", 10, 3, "ab" + ESC + "Vc" + ESC + "Wdef" + CSI + "H" + CSI + "2K",
     "EL keeps ISO-protected cells")
case("protect_spa_ech", 10, 3, "ab" + ESC + "Vc" + ESC + "Wdef" + CSI + "H" + CSI + "5X",
     "ECH keeps ISO-protected cells")
case("protect_spa_decsed", 10, 3, "ab" + ESC + "Vc" + ESC + "Wdef" + CSI + "H" + CSI + "?J",
     "DECSED keeps ISO-protected cells too (xterm, for compatibility)")
case("protect_decsca_ed", 10, 3, "ab" + CSI + '1"qc' + CSI + '0"qdef' + CSI + "H" + CSI + "J",
     "ED erases DECSCA-protected cells (only the selective erases keep them)")
case("protect_decsca_decsel", 10, 3, "ab" + CSI + '1"qc' + CSI + '0"qdef' + CSI + "H" + CSI + "?2K",
     "DECSEL keeps DECSCA-protected cells")
case("decbi_scrolls", 10, 5, RECT + CSI + "?69h" + CSI + "3;5s" + CSI + "2;4r" + CSI + "3;3H" + ESC + "6",
     "DECBI at the left margin brings a blank column in (the region's rows, up to the right margin)")
case("decfi_scrolls", 10, 5, RECT + CSI + "?69h" + CSI + "3;5s" + CSI + "2;4r" + CSI + "3;5H" + ESC + "9",
     "DECFI at the right margin takes the column at the left margin out")
case("decbi_decfi_move", 10, 5, RECT + CSI + "3;5H" + ESC + "6X" + CSI + "4;5H" + ESC + "9Y",
     "DECBI and DECFI away from the margins move the cursor a column")
case("decbi_left_edge", 10, 3, "x" + CSI + "H" + ESC + "6",
     "DECBI at the left edge (no margins) shifts the row right")
case("decscl_level3", 10, 3, CSI + '63;1"p' + CSI + "?69h" + CSI + "5;6s" + CSI + "1;1Habc" + CSI + '64;1"p',
     "DECSCL 63: a VT300 has no left/right margins, DECSLRM is ignored")
case("xtsave_restore", 10, 3, CSI + "?7l" + CSI + "?7s" + CSI + "?7h" + CSI + "?7r" + CSI + "1;9Hxyz",
     "XTSAVE and XTRESTORE of autowrap: restored off, nothing wraps")
case("rect_render_session", 10, 5, RECT + CSI + "1;31m" + CSI + "88;1;1;2;3$x" + CSI + "m" + CSI + "2*x"
     + CSI + "3;2;4;4;7$r" + CSI + "*x" + CSI + "5;1H" + CSI + '1"qPQ' + CSI + '0"q' + CSI + "5;1;5;6${"
     + CSI + "1;1;2;3;1;1;7;1$v",
     "DECFRA, DECCARA, DECSCA and DECSERA, DECCRA in one screen (the render fixture `rectangles`)", attrs=True)
case("morefix_tab", 10, 3, CSI + "?41h" + "0123456789\tX" + CSI + "?41l",
     "DECSET 41 (curses fix): a tab in pending wrap goes to the next line first")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    names = set()
    index = []
    for name, cols, rows, data, note, flags in CASES:
        assert name not in names, name
        names.add(name)
        with open(os.path.join(out, name + ".bin"), "wb") as f:
            f.write(data)
        with open(os.path.join(out, name + ".size"), "w") as f:
            f.write("%d %d\n" % (cols, rows))
        index.append({"name": name, "cols": cols, "rows": rows, "note": note, **flags})
    with open(os.path.join(out, "index.json"), "w") as f:
        json.dump(index, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("%d cases written to %s" % (len(CASES), out))


if __name__ == "__main__":
    main()
