# A small curses app showing a card number, for Veil's live-program tests. MODE:
#   hide          enables focus reporting (DECSET 1004) and masks the field on focus out
#   ignore        never asks for focus reports: the field stays visible
#   slow SECONDS  like hide, but redraws SECONDS after the focus-out report
#   noterm        like ignore, and ignores SIGTERM
# It quits on "q". Every state it draws is also named on the last row.
import curses
import os
import signal
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "hide"
delay = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
CARD = "4111 1111 1111 1111"


def draw(screen, hidden, state):
    screen.erase()
    screen.addstr(0, 0, "VeilBank")
    screen.addstr(2, 0, "Card: " + ("*" * len(CARD) if hidden else CARD))
    screen.addstr(curses.LINES - 1, 0, "state: " + state)
    screen.refresh()


def main(screen):
    if mode == "noterm":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    curses.curs_set(0)
    screen.keypad(False)
    if mode in ("hide", "slow"):
        os.write(1, b"\x1b[?1004h")
    draw(screen, False, "shown")
    pending = b""
    while True:
        key = screen.getch()
        if key == -1:
            continue
        pending = (pending + bytes([key]))[-3:]
        if key == ord("q"):
            return
        if pending.endswith(b"\x1b[O") and mode in ("hide", "slow"):
            if mode == "slow":
                time.sleep(delay)
            draw(screen, True, "hidden")
        elif pending.endswith(b"\x1b[I") and mode in ("hide", "slow"):
            draw(screen, False, "shown")
        elif key == ord("r"):
            draw(screen, False, "typed r")


curses.wrapper(main)
