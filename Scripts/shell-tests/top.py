#!/usr/bin/env python3
"""An htop-like curses program for the `veil shell` tests: a header, a table redrawn every
100 ms in 256 colours (one row holds a made-up token, one a made-up card number), mouse and
keypad on, the alternate screen; p pauses the redraws (a screen a test can compare), q quits,
k kills itself with SIGSEGV (a crashing program)."""
import curses, os, signal, sys, time

TOKEN = sys.argv[1] if len(sys.argv) > 1 else "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"
CARD = sys.argv[2] if len(sys.argv) > 2 else "4111 1111 1111 1111"


def main(screen):
    curses.start_color()
    curses.use_default_colors()
    for i in range(1, 8):
        curses.init_pair(i, 16 + i * 30, -1)
    curses.mousemask(curses.ALL_MOUSE_EVENTS | curses.REPORT_MOUSE_POSITION)
    screen.keypad(True)
    screen.timeout(100)
    tick = 0
    paused = False
    while True:
        if paused:
            key = screen.getch()
            if key == ord("p"):
                paused = False
            elif key == ord("q"):
                return
            continue
        rows, cols = screen.getmaxyx()
        screen.erase()
        screen.addstr(0, 0, f"top - tick {tick:5d}  READY"[: cols - 1], curses.A_BOLD)
        table = [
            ("PID", "USER", "COMMAND"),
            ("101", "root", "sshd: session"),
            ("202", "deploy", f"deploy --token {TOKEN}"),
            ("303", "shop", f"charge card {CARD}"),
            ("404", "www", "nginx: worker"),
        ]
        for index, (pid, user, command) in enumerate(table):
            if index + 2 >= rows:
                break
            line = f"{pid:>6} {user:<8} {command}"[: cols - 1]
            attr = curses.A_REVERSE if index == 0 else curses.color_pair(1 + index % 7)
            screen.addstr(index + 2, 0, line, attr)
        screen.refresh()
        key = screen.getch()
        if key == ord("q"):
            return
        if key == ord("p"):
            paused = True
            continue
        if key == ord("k"):
            os.kill(os.getpid(), signal.SIGSEGV)
        tick += 1


curses.wrapper(main)
