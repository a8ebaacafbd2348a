# Asks the terminal where the cursor is (DSR 6) and waits for the report (CPR), as many
# prompts and full-screen programs do at start; prints what it got. A test fixture of Veil.
import os
import re
import select
import sys
import termios
import tty

fd = sys.stdin.fileno()
saved = termios.tcgetattr(fd)
try:
    tty.setraw(fd)
    os.write(1, b"\x1b[2J\x1b[3;6H\x1b[6n")
    answer = b""
    while not answer.endswith(b"R"):
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            break
        answer += os.read(fd, 32)
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
match = re.search(rb"\x1b\[(\d+);(\d+)R", answer)
os.write(1, b"\x1b[H")
if match:
    print("cursor at row %s col %s" % (match.group(1).decode(), match.group(2).decode()))
else:
    print("no cursor report: %r" % answer)
    sys.exit(1)
