#!/usr/bin/env python3
"""GIF wall time of two veil builds and agg 1.4.3 on the same recordings, in turn (one run).

    Benchmarks/publish/before-after.py BEFORE-VEIL AFTER-VEIL [DIR...]

Each veil must sit beside its resources (a release build's folder). DIR: the recordings
(*.cast; default Benchmarks/publish/recordings and ${VEIL_PUBLISH_RECORDINGS:-/tmp/publish-casts}).
RUNS (default 5) runs of each veil, 3 of agg (1 and 3 on recordings above 2 MB); medians. Both
builds must write the same bytes (checked). Wall time and CPU as in compare.py.
"""
import glob
import os
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import timed  # noqa: E402


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    before, after = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    dirs = sys.argv[3:] or [os.path.join(here, "recordings"), os.environ.get("VEIL_PUBLISH_RECORDINGS", "/tmp/publish-casts")]
    by_name = {}
    for d in dirs:
        for p in glob.glob(os.path.join(d, "*.cast")):
            by_name.setdefault(os.path.basename(p), p)
    agg = shutil.which("agg")
    runs = int(os.environ.get("RUNS", "5"))
    work = tempfile.mkdtemp(prefix="veil-before-after-")
    out = {k: os.path.join(work, f"{k}.gif") for k in ("agg", "before", "after")}
    print("| recording | agg wall (CPU) | Veil before: wall (CPU) | Veil after: wall (CPU) | agg/before | agg/after "
          "| after/before |")
    print("|---|---|---|---|---|---|---|")
    for path in sorted(by_name.values(), key=os.path.getsize):
        large = os.path.getsize(path) > 2 << 20
        results = {"agg": [], "before": [], "after": []}
        for i in range(3 if large else runs):
            if agg and i < (1 if large else 3):
                results["agg"].append(timed([agg, path, out["agg"]], out["agg"]))
            results["before"].append(timed([before, "redact", path, "-o", out["before"]], out["before"]))
            results["after"].append(timed([after, "redact", path, "-o", out["after"]], out["after"]))
        if any(r is None for v in results.values() for r in v):
            sys.exit(f"a run failed on {path}")
        with open(out["before"], "rb") as a, open(out["after"], "rb") as b:
            same = a.read() == b.read()
        median = {k: (statistics.median(r[0] for r in v), statistics.median(r[3] for r in v))
                  for k, v in results.items() if v}
        cell = lambda k: f"{median[k][0]:.3f} s ({median[k][1]:.3f})" if k in median else "not run"
        ratio = lambda a, b: f"{median[a][0] / median[b][0]:.1f}×" if a in median and b in median else "–"
        note = "" if same else " (bytes differ)"
        print(f"| {os.path.basename(path)[:-5]} | {cell('agg')} | {cell('before')} | {cell('after')} "
              f"| {ratio('agg', 'before')} | {ratio('agg', 'after')} "
              f"| {median['after'][0] / median['before'][0]:.2f}{note} |", flush=True)


if __name__ == "__main__":
    main()
