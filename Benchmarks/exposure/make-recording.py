#!/usr/bin/env python3
"""Writes a deterministic asciicast v2 recording of real programs for the exposure benchmarks.

usage: make-recording.py OUT.cast [--events N] [--megabytes M] [--seconds S]

The output events cycle through the recorded program sessions of
Tests/VeilScreenTests/Fixtures/xterm/programs (vim, htop, less, git log, ls --color, CJK text)
and a coloured `ls -lR`-style listing, cut into events of 1-400 bytes at UTF-8 boundaries,
with a shell prompt and typed commands between them and a few planted secrets that are later
scrolled away or cleared. With --megabytes the listing grows until the file is that big (the
event count then grows too)."""
import json
import os
import random
import sys

args = sys.argv[1:]
if not args or args[0].startswith("-"):
    sys.exit(__doc__)  # also -h and --help: never an output file named after a flag
out = args[0]
events_wanted = int(args[args.index("--events") + 1]) if "--events" in args else 20000
megabytes = float(args[args.index("--megabytes") + 1]) if "--megabytes" in args else 0
seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 600.0

here = os.path.dirname(os.path.abspath(__file__))
programs = os.path.join(here, "..", "..", "Tests", "VeilScreenTests", "Fixtures", "xterm", "programs")
sessions = []
for name in sorted(os.listdir(programs)):
    if name.endswith(".bin"):
        with open(os.path.join(programs, name), "rb") as f:
            sessions.append(f.read().decode("utf-8", "replace"))

rng = random.Random(7)
secrets = ["4111 1111 1111 1111", "AKIAQ4D3PXL2M7RT5JEW", "bob.smith@acme-corp.io", "DE89 3704 0044 0532 0130 00"]


def listing(n):
    lines = []
    for i in range(n):
        colour = rng.choice(["\x1b[01;34m", "\x1b[01;32m", "\x1b[0m", "\x1b[01;36m"])
        lines.append(f"-rw-r--r-- 1 user staff {rng.randint(100, 99999):>6} Nov 25 07:{i % 60:02d} "
                     f"{colour}file_{i}_{rng.randint(0, 1 << 30):x}.txt\x1b[0m\r\n")
    return "".join(lines)


def pieces(text):
    """Cut text into 1..400-character events (characters, so UTF-8 stays whole)."""
    i = 0
    while i < len(text):
        n = rng.randint(1, 400)
        yield text[i:i + n]
        i += n


events = []
size = 0
i = 0
target = megabytes * 1024 * 1024
while (len(events) < events_wanted) or (target and size < target):
    kind = i % 6
    i += 1
    if kind == 0:
        for ch in "$ ls -lR\r\n":
            events.append(ch)
        chunk = listing(rng.randint(20, 200) if not target else 2000)
    elif kind == 1:
        chunk = "$ cat notes.txt\r\ncard " + rng.choice(secrets) + "\r\n" + listing(30)
    elif kind == 2:
        chunk = "\x1b[H\x1b[2J$ clear\r\n"
    else:
        chunk = sessions[i % len(sessions)]
    for piece in pieces(chunk):
        events.append(piece)
        size += len(piece.encode()) + 20
        if not target and len(events) >= events_wanted:
            break
    if not target and len(events) >= events_wanted:
        break

step = seconds / max(1, len(events))
with open(out, "w", encoding="utf-8") as f:
    f.write(json.dumps({"version": 2, "width": 80, "height": 24, "timestamp": 1700000000}) + "\n")
    for n, data in enumerate(events):
        f.write(json.dumps([round(n * step, 6), "o", data], ensure_ascii=False) + "\n")
