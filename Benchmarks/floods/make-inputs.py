#!/usr/bin/env python3
"""Flood inputs for issue 31 (item 4), deterministic (seeded, not /dev/urandom):

  emails.txt          1 MB of distinct e-mail addresses, 8 a line (judged on a 1000x1000 screen)
  urandom-base64.cast `head -c 3000000 /dev/urandom | base64` as asciinema would record it:
                      76-column lines, 4 KiB output events 10 ms apart, 80x24 (about 4 MB)

Usage: make-inputs.py OUT_DIR
"""
import base64
import json
import os
import random
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/veil-floods"
os.makedirs(out, exist_ok=True)
rng = random.Random(31)

# 1 MB of e-mail addresses.
words = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "oscar"]
domains = ["gmail.com", "acme.io", "mailbox.org", "corp-mail.net", "fastmail.fm", "posteo.de"]
lines = []
size = 0
n = 0
while size < 1_000_000:
    line = " ".join(
        f"{rng.choice(words)}.{rng.choice(words)}{n + i}@{rng.choice(domains)}" for i in range(8)
    )
    n += 8
    lines.append(line)
    size += len(line) + 2
with open(os.path.join(out, "emails.txt"), "w") as f:
    f.write("\r\n".join(lines) + "\r\n")

# The random-base64 recording.
raw = bytes(rng.getrandbits(8) for _ in range(3_000_000))
text = base64.encodebytes(raw).decode().replace("\n", "\r\n")
with open(os.path.join(out, "urandom-base64.cast"), "w") as f:
    f.write(json.dumps({"version": 2, "width": 80, "height": 24, "command": "head -c 3000000 /dev/urandom | base64"}) + "\n")
    f.write(json.dumps([0.0, "o", "$ head -c 3000000 /dev/urandom | base64\r\n"]) + "\n")
    t = 0.5
    for start in range(0, len(text), 4096):
        f.write(json.dumps([round(t, 3), "o", text[start:start + 4096]]) + "\n")
        t += 0.01
    f.write(json.dumps([round(t + 0.5, 3), "o", "$ "]) + "\n")
print(out)
