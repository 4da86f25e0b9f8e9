#!/usr/bin/env bash
# Batch benchmark of the command line (docs/performance.md): release build, then
# `a11y-audit audit FOLDER` over COUNTS screens of NODES nodes each (A11yBench --write-tree,
# spread over ten subfolders), with one thread and with every core, REPEATS times each.
# Prints wall time (median), screens per second, CPU time (user + system, median: what the
# run costs whatever the neighbours do on a shared machine) and peak RSS (the largest of the
# runs), then the ratios the targets are about. Output goes to /dev/null, as JSON unless FORMAT is set.
#   COUNTS=200,1200 NODES=1000 REPEATS=3 FORMAT=json Scripts/bench-batch.sh
set -euo pipefail
cd "$(dirname "$0")/.."

counts="${COUNTS:-200,1200}"
nodes="${NODES:-1000}"
repeats="${REPEATS:-3}"
format="${FORMAT:-json}"
cores="$(nproc)"
scratch=.build-release

swift build -c release --scratch-path "$scratch" --product a11y-audit >&2
swift build -c release --scratch-path "$scratch" --product A11yBench >&2
bin="$scratch/release"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin/A11yBench" --write-tree "$nodes" > "$work/tree.json"
for n in ${counts//,/ }; do
    for d in $(seq 0 9); do mkdir -p "$work/s$n/part-$d"; done
    for i in $(seq 1 "$n"); do ln "$work/tree.json" "$work/s$n/part-$((i % 10))/screen-$i.json"; done
done

python3 - "$bin/a11y-audit" "$work" "$counts" "$cores" "$repeats" "$format" <<'PY'
import os, statistics, subprocess, sys, time
binary, work, counts, cores, repeats, fmt = sys.argv[1], sys.argv[2], [int(c) for c in sys.argv[3].split(",")], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]

def measure(arguments):
    """Wall seconds, CPU seconds and peak RSS (MB) of one run, from wait4's rusage of that child alone."""
    with open(os.devnull, "wb") as null:
        start = time.perf_counter()
        child = subprocess.Popen([binary] + arguments, stdout=null)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"bench-batch: {arguments} exited {os.waitstatus_to_exitcode(status)}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime

jobs_list = sorted({1, cores})
results = {}
print(f"{'screens':>8} {'jobs':>5} {'wall s':>8} {'screens/s':>10} {'CPU s':>7} {'peak RSS MB':>12}   (median of {repeats}, format {fmt}, {os.path.getsize(os.path.join(work, 'tree.json')) // 1024} kB per screen)")
for n in counts:
    for jobs in jobs_list:
        runs = [measure(["audit", f"{work}/s{n}", "--jobs", str(jobs), "--fail-on", "none", "--format", fmt]) for _ in range(repeats)]
        wall = statistics.median(r[0] for r in runs)
        rss = max(r[1] for r in runs)
        cpu = statistics.median(r[2] for r in runs)
        results[(n, jobs)] = (wall, rss, cpu)
        print(f"{n:>8} {jobs:>5} {wall:>8.2f} {n / wall:>10.0f} {cpu:>7.2f} {rss:>12.0f}   runs: {', '.join(f'{r[0]:.2f}' for r in runs)}")

small, large = counts[0], counts[-1]
for jobs in jobs_list:
    t = results[(large, jobs)][0] / results[(small, jobs)][0]
    m = results[(large, jobs)][1] / results[(small, jobs)][1]
    c = results[(large, jobs)][2] / results[(small, jobs)][2]
    print(f"jobs {jobs}: {large} screens cost {t:.2f}x {small} in wall time, {c:.2f}x in CPU time (work {large / small:.1f}x); peak RSS {m:.2f}x")
if cores > 1:
    for n in counts:
        print(f"{n} screens: {cores} jobs are {results[(n, 1)][0] / results[(n, cores)][0]:.2f}x one job")

# Matching against a baseline of the same screens (written once), every core.
baseline = os.path.join(work, "baseline.json")
subprocess.run([binary, "audit", f"{work}/s{large}", "--fail-on", "none", "--write-baseline", baseline], stdout=subprocess.DEVNULL, check=True)
wall, rss, _ = measure(["audit", f"{work}/s{large}", "--jobs", str(cores), "--fail-on", "none", "--format", fmt, "--baseline", baseline])
print(f"{large} screens against their baseline ({os.path.getsize(baseline) // 1024} kB), {cores} jobs: {wall:.2f} s, {rss:.0f} MB")
PY
