#!/usr/bin/env python3
"""Writes the HTML report benchmark's inputs: N recordings (asciicast v2, 80x24), each printing
K distinct planted values (GitHub tokens and AWS access key ids, random) in a few bursts of a
.env-like listing between shell prompts, so an audit finds N*K findings on N*bursts distinct
frames. Deterministic (seeded).

    make-recordings.py OUT [--recordings 100] [--values 10] [--bursts 2]
"""
import argparse
import json
import os
import random
import string


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--recordings", type=int, default=100)
    parser.add_argument("--values", type=int, default=10)
    parser.add_argument("--bursts", type=int, default=2)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(33)
    alnum = string.ascii_letters + string.digits
    upper = string.ascii_uppercase + "234567"
    for index in range(args.recordings):
        events = []
        time = 0.0

        def out(text):
            nonlocal time
            time += rng.randint(5, 60) / 100
            events.append([round(time, 3), "o", text])

        out(f"$ cd project-{index:03d}\r\n$ ls\r\nApp  Package.swift  README.md\r\n$ ")
        per_burst = [args.values // args.bursts] * args.bursts
        per_burst[-1] += args.values - sum(per_burst)
        for burst, count in enumerate(per_burst):
            out(f"cat .env.{burst}  # project-{index:03d}\r\n")
            lines = []
            for value in range(count):
                if value % 2 == 0:
                    secret = "ghp_" + "".join(rng.choice(alnum) for _ in range(36))
                    lines.append(f"GITHUB_TOKEN_{value}={secret}")
                else:
                    secret = "AKIA" + "".join(rng.choice(upper) for _ in range(16))
                    lines.append(f"AWS_ACCESS_KEY_ID_{value}={secret}")
            out("\r\n".join(lines) + "\r\n$ ")
            for _ in range(rng.randint(1, 3)):
                out(f"echo step {rng.randint(1, 999)}\r\nstep\r\n$ ")
            out("clear\r\n\x1b[H\x1b[2J$ ")
        path = os.path.join(args.out, f"session-{index:03d}.cast")
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps({"version": 2, "width": 80, "height": 24}) + "\n")
            for event in events:
                f.write(json.dumps(event) + "\n")


if __name__ == "__main__":
    main()
