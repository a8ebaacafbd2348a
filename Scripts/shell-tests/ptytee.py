#!/usr/bin/env python3
"""Runs a program in a pseudo-terminal of its own, passing its output through unchanged and
recording it, with the terminal's resizes, as an asciicast v2 (the "same bytes" a test feeds
to `veil screen`). Keys pass through unchanged; SIGWINCH resizes the program's terminal.

    ptytee.py LOG.cast -- PROGRAM [ARG...]

Test-only: the recording holds the program's bytes as they are (the tests plant made-up
values and check that no byte of them reaches the outer terminal)."""
import codecs, fcntl, json, os, pty, select, signal, struct, sys, termios, time, tty


def size(fd):
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return cols, rows


def main():
    log_path = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    cols, rows = size(0)
    # Raw before the program starts: keys typed from its first moment reach it as typed.
    saved = termios.tcgetattr(0)
    tty.setraw(0, termios.TCSADRAIN)
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    start = time.monotonic()
    log = open(log_path, "w", encoding="utf-8")
    log.write(json.dumps({"version": 2, "width": cols, "height": rows}) + "\n")
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    wake_r, wake_w = os.pipe()

    def on_winch(signo, frame):
        os.write(wake_w, b"w")

    signal.signal(signal.SIGWINCH, on_winch)
    try:
        while True:
            try:
                ready, _, _ = select.select([master, 0, wake_r], [], [])
            except InterruptedError:
                continue
            if wake_r in ready:
                os.read(wake_r, 64)
                cols, rows = size(0)
                fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                log.write(json.dumps([time.monotonic() - start, "r", f"{cols}x{rows}"]) + "\n")
                log.flush()
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    data = b""
                if not data:
                    break
                text = decoder.decode(data)
                if text:
                    log.write(json.dumps([time.monotonic() - start, "o", text]) + "\n")
                    log.flush()
                os.write(1, data)
            if 0 in ready:
                data = os.read(0, 65536)
                if not data:
                    break
                os.write(master, data)
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
        log.close()
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)


main()
