#!/usr/bin/env python3
"""`veil snap` as a whole process against the pyte + Pillow script, measured in turn.

    Benchmarks/startup/in-turn.py VEIL [PYTHON] [RUNS]

VEIL: a release build beside its resources (`Scripts/build-release`). PYTHON: the interpreter
started directly, not through a version manager's shim (default: the first `python3` on PATH;
it needs pyte and Pillow). RUNS pairs (default 60): veil, peer, veil, peer… on the 80×24
screen Benchmarks/inputs/make-inputs.py writes, the first three pairs dropped as warm-up. Prints the median wall
time (monotonic clock around the child), the median CPU time and the peak RSS (both from
wait4) of each, and their ratios, as issue 30 asks.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "publish"))
from compare import timed  # noqa: E402


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    veil = sys.argv[1]
    python = sys.argv[2] if len(sys.argv) > 2 else shutil.which("python3")
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    peers = os.path.join(here, "..", "VeilBenchmarks", "peers", "peers.py")
    work = tempfile.mkdtemp(prefix="veil-in-turn-")
    subprocess.run([sys.executable, os.path.join(here, "..", "inputs", "make-inputs.py"), f"{work}/inputs"],
                   check=True, stdout=subprocess.DEVNULL)
    screen = f"{work}/inputs/screen-80x24.bin"
    commands = {
        "veil snap": ([veil, "snap", screen, "--cols", "80", "--rows", "24", "-o", f"{work}/veil.png"],
                      f"{work}/veil.png"),
        "pyte + Pillow": ([python, peers, "snap-process", screen, "80", "24", f"{work}/peer.png"],
                          f"{work}/peer.png"),
    }
    results = {name: [] for name in commands}
    for _ in range(runs):
        for name, (command, output) in commands.items():
            result = timed(command, output)
            if result is None:
                sys.exit(f"{name} failed")
            results[name].append(result)
    medians = {}
    for name, rows in results.items():
        rows = rows[3:]
        medians[name] = (statistics.median(r[0] for r in rows), statistics.median(r[3] for r in rows),
                         statistics.median(r[1] for r in rows))
        wall, cpu, rss = medians[name]
        print(f"{name:14} wall {1000 * wall:7.2f} ms  CPU {1000 * cpu:7.2f} ms  peak RSS {rss:5.1f} MB")
    veil_m, peer_m = medians["veil snap"], medians["pyte + Pillow"]
    print(f"ratio          wall {peer_m[0] / veil_m[0]:.1f}×  CPU {peer_m[1] / veil_m[1]:.1f}×  ({runs - 3} pairs)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
