#!/usr/bin/env python3
"""A large log for `veil redact --text`: real programs' output with planted secrets.

    Benchmarks/text/make-log.py OUT.log [MEGABYTES]   (default 100)

The lines come from programs run on this machine (`ls -lR /usr`, `ps aux`, `df -h`,
`uname -a`, `env` names only), repeated in a seeded random order, with a planted value every
~200 lines (card numbers with a valid Luhn digit, e-mail addresses, AWS key ids, GitHub
tokens, labelled passwords, JWT-shaped tokens). Deterministic for a given machine.
"""
import random
import subprocess
import sys


def program_lines():
    lines = []
    for command in (["ls", "-lR", "/usr/lib"], ["ps", "aux"], ["df", "-h"], ["uname", "-a"]):
        try:
            out = subprocess.run(command, capture_output=True, timeout=120).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        lines += [line for line in out.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines


def luhn_card(rng):
    digits = [4] + [rng.randrange(10) for _ in range(14)]
    total = 0
    for i, d in enumerate(reversed(digits)):
        d = d * 2 if i % 2 == 0 else d
        total += d - 9 if d > 9 else d
    digits.append((10 - total % 10) % 10)
    s = "".join(map(str, digits))
    return " ".join(s[i:i + 4] for i in range(0, 16, 4))


def planted(rng):
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    kind = rng.randrange(6)
    if kind == 0:
        return f"payment card {luhn_card(rng)} declined"
    if kind == 1:
        return f"mail to user{rng.randrange(10**6)}@corp-{rng.randrange(100)}.io queued"
    if kind == 2:
        return "aws_access_key_id = AKIA" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16))
    if kind == 3:
        return "token ghp_" + "".join(rng.choice(alnum) for _ in range(36))
    if kind == 4:
        return "password: " + "".join(rng.choice(alnum + "!#%") for _ in range(14))
    return "auth eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + "".join(rng.choice(alnum) for _ in range(43))


def main():
    out = sys.argv[1]
    size = int(float(sys.argv[2]) * 1_000_000) if len(sys.argv) > 2 else 100_000_000
    rng = random.Random(20)
    source = program_lines()
    written = 0
    with open(out, "w", encoding="utf-8") as f:
        while written < size:
            line = planted(rng) if rng.randrange(200) == 0 else rng.choice(source)
            f.write(line + "\n")
            written += len(line.encode()) + 1
    print(f"{out}: {written} bytes from {len(source)} program lines")


main()
