#!/usr/bin/env python3
"""Runs Veil and the peers on each recording and prints the side-by-side table (Markdown).

Called by Benchmarks/publish/run; environment: VEIL (the veil binary).
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command, output):
    """(wall seconds, peak RSS MB, output bytes, CPU seconds user+sys) of one run, or None when it failed.

    Wall time from a monotonic clock around the child, CPU time and peak RSS from its rusage
    (wait4): to the millisecond, where /usr/bin/time rounds wall time to 10 ms (Veil's GIF of a
    small recording takes a few tens of milliseconds)."""
    if os.path.exists(output):
        os.remove(output)
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0 or not os.path.exists(output):
        sys.stderr.write(f"failed: {' '.join(command)}\n{stderr.decode(errors='replace')[-2000:]}\n")
        return None
    return wall, usage.ru_maxrss / 1024, os.path.getsize(output), usage.ru_utime + usage.ru_stime


def median_run(command, output, runs):
    results = [r for r in (timed(command, output) for _ in range(runs)) if r is not None]
    if not results:
        return None
    return (statistics.median(r[0] for r in results), max(r[1] for r in results), results[-1][2],
            statistics.median(r[3] for r in results))


def human(size):
    return f"{size / 1024:,.0f} KB" if size < 1 << 20 else f"{size / (1 << 20):,.2f} MB"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", type=int, default=0)
    parser.add_argument("--formats", default="gif,webp,svg", help="the formats timed (svg: with termtosvg-ng)")
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    veil = os.environ["VEIL"]
    by_name = {}
    for d in args.dirs:
        for p in glob.glob(os.path.join(d, "*.cast")):
            by_name.setdefault(os.path.basename(p), p)  # the first folder given wins
    recordings = sorted(by_name.values(), key=os.path.getsize)
    work = tempfile.mkdtemp(prefix="veil-publish-")
    runs = 1 if args.quick else 3
    agg = shutil.which("agg")
    termtosvg = shutil.which("termtosvg")
    rows = []
    for path in recordings:
        name = os.path.basename(path)[:-5]
        size = os.path.getsize(path)
        out = lambda ext: os.path.join(work, f"{name}.{ext}")
        row = {"name": name, "size": size}
        # In turn, peer and Veil, so both see the same load.
        formats = args.formats.split(",")
        if "gif" in formats:
            if agg and not (args.quick and size > 1 << 20):
                row["agg"] = timed([agg, path, out("agg.gif")], out("agg.gif"))
            row["gif"] = median_run([veil, "redact", path, "-o", out("gif")], out("gif"), runs)
        if "webp" in formats:
            row["webp"] = median_run([veil, "redact", path, "-o", out("webp")], out("webp"), runs)
        if "svg" in formats:
            if termtosvg:
                row["termtosvg"] = timed([termtosvg, "render", path, out("t.svg"), "-M", "5000"], out("t.svg"))
            row["svg"] = median_run([veil, "redact", path, "-o", out("svg")], out("svg"), runs)
        rows.append(row)
        print(f"{name}: done", file=sys.stderr)

    def cell(result):
        if result is None:
            return "failed"
        def seconds(value):
            return f"{value:.3f} s" if value < 1 else f"{value:.2f} s"

        return f"{seconds(result[0])} ({seconds(result[3])} CPU), {human(result[2])}, {result[1]:.0f} MB"

    def ratio(a, b, index):
        """a/b of time (index 0, as N×; with the CPU times' ratio) or of bytes (index 2)."""
        if a is None or b is None or b[index] == 0:
            return "–"
        if index == 0:
            cpu = f" ({a[3] / b[3]:.0f}× CPU)" if b[3] > 0 else ""
            return f"{a[0] / b[0]:.1f}×{cpu}"
        return f"{a[index] / b[index]:.2f}"

    print("| recording | size | agg 1.4.3 GIF | Veil GIF | time agg/Veil | bytes Veil/agg | Veil WebP | WebP/GIF bytes "
          "| termtosvg-ng SVG | Veil SVG | time t/Veil | bytes Veil/t |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        agg_r, gif, webp, t, svg = (row.get(k) for k in ("agg", "gif", "webp", "termtosvg", "svg"))
        webp_ratio = f"{webp[2] / gif[2]:.2f}" if webp and gif else "–"
        svg_bytes = f"{svg[2] / t[2]:.2f}" if svg and t else "–"
        shown = {k: cell(row[k]) if k in row else "not run" for k in ("agg", "gif", "webp", "termtosvg", "svg")}
        print(f"| {row['name']} | {human(row['size'])} | {shown['agg']} | {shown['gif']} "
              f"| {ratio(agg_r, gif, 0)} | {ratio(gif, agg_r, 2)} | {shown['webp']} | {webp_ratio} "
              f"| {shown['termtosvg']} | {shown['svg']} | {ratio(t, svg, 0)} | {svg_bytes} |")
    print(f"\nOutputs in {work}; each cell: wall time (median of {runs} for Veil, one run for the peers) with "
          "user+sys CPU time, output size, peak RSS.")


if __name__ == "__main__":
    main()
