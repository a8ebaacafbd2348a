#!/usr/bin/env python3
"""Generates N terminal captures (80x24, ANSI colours, box drawing) for timing `veil audit`.

Usage: make-screens.py OUT_DIR [--count 1000] [--seed 7]

About one screen in five shows an unhidden secret (a Luhn-valid test card number, an IBAN,
an e-mail address or a GitHub-style token); one in ten shows a card number inside the
in-band marker (ESC ] 7701 ; reason ST ... ESC ] 7701 ; ST), which must not be reported.
The output is deterministic for a given seed. All values are test values.
"""
import argparse
import os
import random
import zlib

ESC = "\x1b"
WORDS = ("account balance transfer payee history settings profile statement savings "
         "checking pending posted merchant coffee grocery rent salary refund travel fuel "
         "subscription insurance utilities").split()
CARDS = ["4111 1111 1111 1111", "5555 5555 5555 4444", "4012 8888 8888 1881", "3782 822463 10005"]
IBANS = ["DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32", "FR14 2004 1010 0505 0001 3M02 606"]
EMAILS = ["li.lei@bank-cn.com", "maria.gomez@mailbox.org", "j.smith@fastmail.com"]


def token(rng):
    """A GitHub token in GitHub's format: 30 random characters and the base62 CRC-32 of them."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    body = "".join(rng.choice(alphabet) for _ in range(36))[:30]
    value, check = zlib.crc32(body.encode()), ""
    while value:
        check = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[value % 62] + check
        value //= 62
    return "ghp_" + body + check.rjust(6, "0")


def line(rng, width):
    words = []
    while len(" ".join(words)) < width - 12:
        words.append(rng.choice(WORDS))
    text = " ".join(words)[: width - 12]
    amount = f"{rng.randint(1, 9999)}.{rng.randint(0, 99):02d}"
    return f"{text:<{width - 12}}{amount:>10}"


def screen(rng, index):
    rows = []
    title = f"Veil Bank · statement {index}"
    rows.append(f"{ESC}[38;5;67m┌{'─' * 78}┐{ESC}[0m")
    rows.append(f"{ESC}[38;5;67m│{ESC}[1m {title:<77}{ESC}[0m{ESC}[38;5;67m│{ESC}[0m")
    rows.append(f"{ESC}[38;5;67m├{'─' * 78}┤{ESC}[0m")
    body = [line(rng, 76) for _ in range(18)]
    kind = rng.random()
    if kind < 0.2:
        secret = rng.choice([rng.choice(CARDS), rng.choice(IBANS), rng.choice(EMAILS), token(rng)])
        body[rng.randrange(len(body))] = f"{'Details: ' + secret:<76}"
        marked = None
    elif kind < 0.3:
        marked = rng.choice(CARDS)
        body[rng.randrange(len(body))] = None
    else:
        marked = None
    for text in body:
        if text is None:
            content = f"Card {ESC}]7701;card{ESC}\\{marked}{ESC}]7701;{ESC}\\"
            pad = 76 - len("Card ") - len(marked)
            rows.append(f"{ESC}[38;5;67m│{ESC}[0m {content}{' ' * pad} {ESC}[38;5;67m│{ESC}[0m")
        else:
            rows.append(f"{ESC}[38;5;67m│{ESC}[0m {ESC}[38;5;252m{text}{ESC}[0m {ESC}[38;5;67m│{ESC}[0m")
    rows.append(f"{ESC}[38;5;67m└{'─' * 78}┘{ESC}[0m")
    rows.append(f"{ESC}[7m F1 Help  F2 Pay  F3 Cards  F10 Quit {ESC}[0m")
    return f"{ESC}[2J{ESC}[H" + "\r\n".join(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for index in range(args.count):
        with open(os.path.join(args.out, f"screen-{index:04d}.ans"), "w", encoding="utf-8") as f:
            f.write(screen(rng, index))


if __name__ == "__main__":
    main()
