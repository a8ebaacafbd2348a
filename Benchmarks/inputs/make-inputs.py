#!/usr/bin/env python3
"""Writes the benchmark inputs into OUTDIR (deterministic; nothing here is committed but this).

    Benchmarks/inputs/make-inputs.py OUTDIR [--audit N]

plain.txt        4 MiB of printable ASCII lines, CRLF (as a pty writes them)
ls-lR.txt        `ls -lR --color=always /usr` (the DESIGN.md anchor's input), LF -> CRLF,
                 cut at 8 MiB; a synthetic coloured listing when /usr is small
vim.bin          the recorded vim sessions of Tests/VeilScreenTests/Fixtures/xterm/programs
cjk.txt          2 MiB of CJK text (wide characters, some ASCII), CRLF
screen-80x24.bin, screen-200x60.bin, screen-cjk-80x24.bin
                 one screenful each: a coloured shell session with secrets and PII
audit/NNNN.bin   N (default 1000) different 80x24 screens for the audit stand-in
"""
import os
import random
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ESC = "\x1b"


def crlf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def plain(megabytes: int) -> bytes:
    rng = random.Random(42)
    words = ["terminal", "screen", "snapshot", "redact", "cell", "xterm", "parser", "cursor",
             "veil", "privacy", "sensitive", "render", "png", "the", "a", "of", "and", "to", "in"]
    out, size = [], 0
    while size < megabytes << 20:
        width = 20 + rng.randrange(101)
        line = ""
        while len(line) < width:
            line += rng.choice(words) + " "
        out.append(line + "\r\n")
        size += len(line) + 2
    return "".join(out).encode()


def ls_lr(limit: int) -> bytes:
    try:
        data = subprocess.run(["ls", "-lR", "--color=always", "/usr"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, env={**os.environ, "LC_ALL": "C"}).stdout
    except OSError:
        data = b""
    if len(data) < limit:  # a small /usr: pad with a synthetic coloured listing
        rng = random.Random(7)
        colours = ["01;34", "01;32", "01;36", "00", "01;31", "01;35"]
        lines = []
        while len(data) + sum(map(len, lines)) < limit:
            c = rng.choice(colours)
            lines.append(f"-rwxr-xr-x 1 root root {rng.randrange(1 << 20):8d} Jan  1 12:00 "
                         f"{ESC}[{c}mfile{rng.randrange(10**6)}.so{ESC}[0m\n".encode())
        data += b"".join(lines)
    return crlf(data[:limit])


def cjk(megabytes: int) -> bytes:
    rng = random.Random(9)
    han = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    kana = [chr(c) for c in range(0x3041, 0x3097)]
    out, size = [], 0
    while size < megabytes << 20:
        n = 10 + rng.randrange(30)
        line = "".join(rng.choice(han) if rng.random() < 0.8 else rng.choice(kana) for _ in range(n))
        line += " ok 12 " if rng.random() < 0.3 else ""
        b = (line + "\r\n").encode()
        out.append(b)
        size += len(b)
    return b"".join(out)


def sgr(code: str, text: str) -> str:
    return f"{ESC}[{code}m{text}{ESC}[0m"


def session(cols: int, rows: int, seed: int, cjk_heavy: bool = False) -> bytes:
    """A coloured shell session exactly one screen long, with secrets and PII in it."""
    rng = random.Random(seed)
    prompt = sgr("1;32", "dev@build-07") + ":" + sgr("1;34", "~/src/veil") + "$ "
    secrets = [
        "export AWS_ACCESS_KEY_ID=AKIAB5WKH7DNSIPZZ7FK",
        "aws_secret_access_key = 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",
        "GITHUB_TOKEN=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",
        "DB_PASSWORD=s3cr3t-Pa55",
        "Password: hunter22",
        "Card: 4111 1111 1111 1111  exp 12/29",
        "contact: alice.zhang@corp-mail.io  phone +44 20 7946 0958",
        "手机号 13812345678  身份证 11010519491231002X",
        "postgres://admin:Tr0ub4dor3@db.internal:5432/app",
    ]
    filler = [
        lambda: f"{sgr('1;34', 'drwxr-xr-x')}  4 dev dev  4096 Nov 21 18:{rng.randrange(60):02d} "
                + sgr("1;34", rng.choice(["Sources", "Tests", "Docs", "Benchmarks", ".build"])),
        lambda: f"-rw-r--r--  1 dev dev {rng.randrange(99999):5d} Nov 21 18:{rng.randrange(60):02d} "
                + rng.choice(["Package.swift", "README.md", "main.swift", "Screen.swift", "notes.txt"]),
        lambda: sgr("33", f"commit {rng.getrandbits(160):040x}"[:47]),
        lambda: f"  {sgr('32', '+')} let value = screen[row, col] // {rng.randrange(1000)}",
        lambda: f"[{'#' * rng.randrange(30):30s}] {rng.randrange(100)}% building VeilScreen",
        lambda: f"{rng.choice(['INFO', 'WARN', 'DEBUG'])} request id={rng.getrandbits(64):x} took {rng.randrange(900)}ms",
    ]
    if cjk_heavy:
        han = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
        filler += [lambda: "".join(rng.choice(han) for _ in range(rng.randrange(8, cols // 2 - 2)))] * 4
    lines = []
    while len(lines) < rows - 1:
        r = rng.random()
        if r < 0.12:
            lines.append(prompt + rng.choice(["ls -l", "env | grep -i key", "git log -1", "cat .env", "make"]))
        elif r < 0.30:
            lines.append(rng.choice(secrets))
        else:
            lines.append(rng.choice(filler)())
    body = "\r\n".join(lines) + "\r\n" + prompt
    return (f"{ESC}[H{ESC}[2J" + body).encode()


def main() -> None:
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    out = args[0]
    audit = int(args[args.index("--audit") + 1]) if "--audit" in args else 1000
    os.makedirs(os.path.join(out, "audit"), exist_ok=True)

    def write(name: str, data: bytes) -> None:
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)

    write("plain.txt", plain(4))
    write("ls-lR.txt", ls_lr(8 << 20))
    fixtures = os.path.join(ROOT, "Tests/VeilScreenTests/Fixtures/xterm/programs")
    vim = b""
    for name in sorted(os.listdir(fixtures)):
        if name.startswith("vim") and name.endswith(".bin"):
            with open(os.path.join(fixtures, name), "rb") as f:
                vim += f.read()
    write("vim.bin", vim)
    write("cjk.txt", cjk(2))
    write("screen-80x24.bin", session(80, 24, 1))
    write("screen-200x60.bin", session(200, 60, 2))
    write("screen-cjk-80x24.bin", session(80, 24, 3, cjk_heavy=True))
    for i in range(audit):
        write(os.path.join("audit", f"{i:04d}.bin"), session(80, 24, 1000 + i))


if __name__ == "__main__":
    main()
