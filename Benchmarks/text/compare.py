#!/usr/bin/env python3
"""`veil redact --text` throughput and peak memory on a large log, and detect-secrets beside it.

    Benchmarks/text/compare.py [--megabytes 100] [--peer-megabytes 10] [--no-peer] [--veil PATH]

Opt-in (not run by `swift test`): builds nothing itself; give the release binary
(`swift build -c release --product veil`, default `.build/release/veil`). Writes the log with
`make-log.py` into $VEIL_TEXT_BENCH_DIR (default /tmp/veil-text-bench), times `veil redact --text
LOG -o OUT` and `veil scan --text LOG` (best of 3 wall times; peak RSS from getrusage of the
child), then, unless --no-peer, installs detect-secrets==1.5.0 with pip (into a virtual
environment in the same folder) and times `detect-secrets scan` on the first --peer-megabytes
of the same log (its whole-file time would be long). Throughputs are compared in MB/s.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def timed(command, runs, cwd=None):
    """Best wall time of `runs` runs, and the largest peak RSS (MB) of any of them."""
    best = None
    peak = 0
    for _ in range(runs):
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            if cwd:
                os.chdir(cwd)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.execvp(command[0], command)
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            sys.exit(f"{' '.join(command)} exited {code}")
        best = elapsed if best is None else min(best, elapsed)
        peak = max(peak, usage.ru_maxrss / 1024)
    return best, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=float, default=100)
    parser.add_argument("--peer-megabytes", type=float, default=10)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--veil", default=os.path.join(ROOT, ".build/release/veil"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    folder = os.environ.get("VEIL_TEXT_BENCH_DIR", "/tmp/veil-text-bench")
    os.makedirs(folder, exist_ok=True)
    log = os.path.join(folder, f"log-{args.megabytes:g}mb.log")
    if not os.path.exists(log):
        subprocess.run([sys.executable, os.path.join(HERE, "make-log.py"), log, str(args.megabytes)], check=True)
    size = os.path.getsize(log) / 1e6
    out = os.path.join(folder, "redacted.log")
    rows = []
    seconds, peak = timed([args.veil, "redact", "--text", log, "-o", out], args.runs)
    rows.append(("veil redact --text -o", size, seconds, peak))
    seconds, peak = timed([args.veil, "scan", "--text", log, "--format", "json"], args.runs)
    rows.append(("veil scan --text", size, seconds, peak))
    if not args.no_peer:
        venv = os.path.join(folder, "venv")
        if not os.path.exists(os.path.join(venv, "bin", "detect-secrets")):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
            subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "detect-secrets==1.5.0"], check=True)
        part = os.path.join(folder, f"log-first-{args.peer_megabytes:g}mb.log")
        with open(log, "rb") as source, open(part, "wb") as target:
            data = source.read(int(args.peer_megabytes * 1e6))
            target.write(data[: data.rfind(b"\n") + 1])
        part_size = os.path.getsize(part) / 1e6
        # Run in the log's folder with a relative name: given a path outside the current git
        # work tree, detect-secrets 1.5.0 scans nothing (and returns at once).
        scanner = os.path.join(venv, "bin", "detect-secrets")
        seconds, peak = timed([scanner, "scan", os.path.basename(part)], 1, cwd=folder)
        report = subprocess.run([scanner, "scan", os.path.basename(part)], cwd=folder, capture_output=True, check=True)
        if not json.loads(report.stdout)["results"]:
            sys.exit("detect-secrets found nothing: it did not scan the file")
        rows.append(("detect-secrets 1.5.0 scan", part_size, seconds, peak))
    print("| command | input MB | best wall s | MB/s | peak RSS MB |")
    print("|---|---|---|---|---|")
    for name, megabytes, seconds, peak in rows:
        print(f"| {name} | {megabytes:.1f} | {seconds:.2f} | {megabytes / seconds:.1f} | {peak:.1f} |")
    if not args.no_peer:
        veil_rate = rows[0][1] / rows[0][2]
        peer_rate = rows[-1][1] / rows[-1][2]
        print(f"\nveil redact --text is {veil_rate / peer_rate:.0f}x detect-secrets' MB/s")


main()
