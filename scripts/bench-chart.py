#!/usr/bin/env python3
"""Draws the benchmark chart (an SVG, by hand: no plotting library) and prints a summary table.

It runs nothing heavy: it reads what package-benchmark exported in the Influx CSV format,

    cd Benchmarks && swift package --disable-sandbox benchmark --format influx --path .build/bench-export
    (KANBAN_BENCH_LARGE=1 adds 1,000,000 events; KANBAN_BENCH_SIZES=10000,30000,100000 picks sizes)

and draws, against the log's length (events, log scale):
  left:  time to a ready board — LMDB full replay, LMDB open (snapshot + tail, with the
         10,000-event tail variant), the raw LMDB scan (the floor), the same fold over the
         same events in a SQLite table (the SQLite suite) and in PostgreSQL (the Postgres suite,
         with a node's catch-up from it), and the apps' JSON load;
  right: one change made durable — LMDB command (move, add), one event appended to the
         SQLite log, to PostgreSQL and to LMDB through the same LogStore protocol, and the apps'
         JSON rewrite.
Points are p50; a whisker runs from p50 to p99. The summary also prints SQLite ÷ LMDB and
PostgreSQL ÷ LMDB for the store suites' pairs (replay, one append, batched append).

Usage: scripts/bench-chart.py [CSV or directory ...] [-o Benchmarks/chart.svg]
With no input it reads Benchmarks/.build/bench-export/. Several files (say a 100k and a 1M run)
are merged; a later file wins for the same benchmark.
"""

import argparse
import csv
import glob
import math
import os
import re
import sys
from html import escape

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_INPUT = os.path.join(ROOT, "Benchmarks", ".build", "bench-export")
DEFAULT_OUTPUT = os.path.join(ROOT, "Benchmarks", "chart.svg")

NAME = re.compile(r"^(?P<kind>.*?)[ _](?P<size>\d+)[ _]events$")  # Replay_100000_events


def read_results(paths):
    """{(kind, size): {metric: {percentile: value}}} from Influx CSV exports."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(glob.glob(os.path.join(path, "*.influx.csv")))
        else:
            files.append(path)
    if not files:
        sys.exit(f"bench-chart: no *.influx.csv in {', '.join(paths)}; export one first (see --help)")
    results = {}
    for file in files:
        with open(file, newline="") as handle:
            rows = [line for line in handle if not line.startswith("#")]
        for row in csv.DictReader(rows):
            match = NAME.match(row["test"])
            if not match:
                continue
            key = (match["kind"].replace("_", " "), int(match["size"]))
            metric = results.setdefault(key, {}).setdefault(row["metric"], {})
            metric[float(row["percentile"])] = float(row["value"])
    return results


def value(results, kind, size, metric, percentile=50.0):
    return results.get((kind, size), {}).get(metric, {}).get(percentile)


WALL = "Time(wallclock)"  # nanoseconds in the export
RSS = "Memory(residentpeak)"  # bytes
MALLOC = "Malloc(total)"


def ms(nanoseconds):
    return None if nanoseconds is None else nanoseconds / 1e6


def fmt_ms(x):
    if x is None:
        return "—"
    return f"{x:.3g} ms" if x < 10 else f"{x:,.0f} ms"


def print_table(results):
    kinds = sorted({kind for kind, _ in results})
    sizes = sorted({size for _, size in results})
    print(f"{'benchmark':<40} {'events':>9} {'p50':>11} {'p99':>11} {'peak RSS':>9} {'mallocs p50':>12}  extra")
    for size in sizes:
        for kind in kinds:
            if (kind, size) not in results:
                continue
            p50 = ms(value(results, kind, size, WALL))
            p99 = ms(value(results, kind, size, WALL, 99.0))
            rss = value(results, kind, size, RSS)
            mallocs = value(results, kind, size, MALLOC)
            extra = []
            for metric in ("eventsPerSecond", "tailEvents", "bytes"):
                x = value(results, kind, size, metric)
                if x is not None:
                    extra.append(f"{metric} {x:,.0f}")
            print(
                f"{kind:<40} {size:>9,} {fmt_ms(p50):>11} {fmt_ms(p99):>11} "
                f"{(f'{rss / 2**20:.0f} MiB' if rss else '—'):>9} {(f'{mallocs:,.0f}' if mallocs is not None else '—'):>12}  {', '.join(extra)}"
            )
    print()
    for size in sizes:
        def ratio(a, b):
            x, y = value(results, a, size, WALL), value(results, b, size, WALL)
            return f"{x / y:.2f}×" if x and y else "—"

        print(f"at {size:,} events (p50 ÷ p50):")
        print(f"  replay ÷ raw LMDB scan                 {ratio('Replay', 'Raw LMDB scan')}")
        print(f"  JSON rewrite per change ÷ command move {ratio('JSON rewrite per change', 'Command move')}")
        print(f"  JSON rewrite per change ÷ command add  {ratio('JSON rewrite per change', 'Command add')}")
        print(f"  JSON load ÷ open (snapshot + tail)     {ratio('JSON load', 'Open')}")
        print(f"  JSON load ÷ open (10,000-event tail)   {ratio('JSON load', 'Open with 10000-event tail')}")
        print(f"  JSON load ÷ full replay                {ratio('JSON load', 'Replay')}")
        print(f"  SQLite replay ÷ LMDB replay (protocol) {ratio('SQLite replay', 'LMDB replay')}")
        print(f"  SQLite replay ÷ engine full replay     {ratio('SQLite replay', 'Replay')}")
        print(f"  SQLite append one ÷ LMDB append one    {ratio('SQLite append one', 'LMDB append one')}")
        print(f"  SQLite append batch ÷ LMDB (time)      {ratio('SQLite append batch', 'LMDB append batch')}")
        print(f"  Postgres replay ÷ LMDB replay (protocol) {ratio('Postgres replay', 'LMDB replay')}")
        print(f"  Postgres append one ÷ LMDB append one  {ratio('Postgres append one', 'LMDB append one')}")
        print(f"  Postgres append batch ÷ LMDB (time)    {ratio('Postgres append batch', 'LMDB append batch')}")
        rate = lambda kind: value(results, kind, size, "eventsPerSecond")
        sqlite_rate, lmdb_rate = rate('SQLite append batch'), rate('LMDB append batch')
        if sqlite_rate and lmdb_rate:
            print(f"  batched append, events/s               SQLite {sqlite_rate:,.0f}, LMDB {lmdb_rate:,.0f} "
                  f"({sqlite_rate / lmdb_rate:.2f}×)")


# ---------------------------------------------------------------------------------------------
# SVG

PANEL_W, PANEL_H = 430, 330
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 64, 16, 46, 46
LEGEND_H = 120


def log_ticks(low, high):
    ticks = []
    exponent = math.floor(math.log10(low))
    while 10 ** exponent <= high * 1.0001:
        for mantissa in (1, 2, 5):
            tick = mantissa * 10 ** exponent
            if low * 0.9999 <= tick <= high * 1.0001:
                ticks.append(tick)
        exponent += 1
    return ticks


def label_events(n):
    if n >= 1_000_000:
        return f"{n / 1e6:g}M"
    if n >= 1_000:
        return f"{n / 1e3:g}k"
    return str(n)


def label_ms(x):
    if x >= 1000:
        return f"{x / 1000:g} s"
    if x >= 1:
        return f"{x:g} ms"
    return f"{x * 1000:g} µs"


def panel(svg, x0, y0, title, series, sizes):
    """One log-log panel: series = [(label, color, dash, [(size, p50_ms, p99_ms)])]."""
    points = [p for _, _, _, pts in series for p in pts]
    if not points:
        return
    ys = [p[1] for p in points] + [p[2] for p in points if p[2]]
    y_low = 10 ** math.floor(math.log10(min(ys)))
    y_high = 10 ** math.ceil(math.log10(max(ys)))
    if len(sizes) == 1:
        x_low, x_high = sizes[0] / 3, sizes[0] * 3
    else:
        x_low, x_high = min(sizes) / 1.6, max(sizes) * 1.6
    plot_w = PANEL_W - MARGIN_L - MARGIN_R
    plot_h = PANEL_H - MARGIN_T - MARGIN_B
    left, top = x0 + MARGIN_L, y0 + MARGIN_T

    def px(x):
        return left + plot_w * (math.log10(x) - math.log10(x_low)) / (math.log10(x_high) - math.log10(x_low))

    def py(y):
        return top + plot_h * (1 - (math.log10(y) - math.log10(y_low)) / (math.log10(y_high) - math.log10(y_low)))

    svg.append(f'<text x="{x0 + PANEL_W / 2}" y="{y0 + 22}" text-anchor="middle" class="title">{escape(title)}</text>')
    svg.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" class="frame"/>')
    for tick in log_ticks(y_low, y_high):
        y = py(tick)
        major = math.log10(tick).is_integer()
        svg.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" class="{"grid" if major else "minor"}"/>')
        svg.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" class="tick">{label_ms(tick)}</text>')
    for size in sizes:
        x = px(size)
        svg.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + plot_h}" class="minor"/>')
        svg.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle" class="tick">{label_events(size)}</text>')
    svg.append(f'<text x="{left + plot_w / 2}" y="{y0 + PANEL_H - 8}" text-anchor="middle" class="axis">log length (events)</text>')
    svg.append(
        f'<text x="{x0 + 14}" y="{top + plot_h / 2}" text-anchor="middle" class="axis" '
        f'transform="rotate(-90 {x0 + 14} {top + plot_h / 2})">p50 (whisker to p99), log scale</text>'
    )
    labels = []  # (size, y, text, color): placed after, pushed apart where they would overlap
    for index, (label, color, dash, pts) in enumerate(series):
        pts = sorted(pts)
        shift = (index - (len(series) - 1) / 2) * 7  # side by side at one size, whiskers apart
        if len(pts) > 1:
            path = " ".join(f"{px(s) + shift:.1f},{py(p50):.1f}" for s, p50, _ in pts)
            svg.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2" stroke-dasharray="{dash}"/>')
        for s, p50, p99 in pts:
            x, y = px(s) + shift, py(p50)
            if p99 and p99 > p50:
                svg.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y:.1f}" y2="{py(p99):.1f}" stroke="{color}" stroke-width="1.2"/>')
                svg.append(f'<line x1="{x - 3:.1f}" x2="{x + 3:.1f}" y1="{py(p99):.1f}" y2="{py(p99):.1f}" stroke="{color}" stroke-width="1.2"/>')
            svg.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{color}"><title>{escape(label)}: {fmt_ms(p50)} p50, {fmt_ms(p99)} p99 at {s:,} events</title></circle>')
            labels.append((s, y, fmt_ms(p50), color))
    for size in sizes:
        column = sorted((l for l in labels if l[0] == size), key=lambda l: l[1])
        last = -1e9
        for _, y, text, color in column:
            y = max(y + 4, last + 12)
            last = y
            x = px(size) + (len(series) + 1) / 2 * 7 + 4
            svg.append(f'<text x="{x:.1f}" y="{y:.1f}" class="value" fill="{color}">{escape(text)}</text>')


def draw(results, output):
    sizes = sorted({size for _, size in results})

    def series(kind, label, color, dash=""):
        pts = []
        for size in sizes:
            p50 = ms(value(results, kind, size, WALL))
            if p50:
                pts.append((size, p50, ms(value(results, kind, size, WALL, 99.0))))
        return (label, color, dash, pts)

    lmdb, lmdb2, lmdb3, floor, json_color = "#1f6feb", "#0a8f5a", "#8250df", "#8b949e", "#d1242f"
    sqlite_color = "#bf8700"
    postgres_color = "#336791"
    left = [
        series("Replay", "LMDB (ours): full replay, snapshots ignored", lmdb),
        series("SQLite replay", "SQLite table, same events: full replay (same fold)", sqlite_color),
        series("Postgres replay", "PostgreSQL (the shared log), same events: full replay (same fold)", postgres_color),
        series("Postgres node catch up", "PostgreSQL → a new node's LMDB cache: catch-up", postgres_color, "6 3"),
        series("Open with 10000-event tail", "LMDB (ours): open, snapshot + 10,000-event tail", lmdb3, "6 3"),
        series("Open", "LMDB (ours): open, newest snapshot + tail", lmdb2),
        series("Raw LMDB scan", "LMDB raw cursor scan, every byte (the floor)", floor, "2 3"),
        series("JSON load", "apps' JSON: read the file, decode the board", json_color),
    ]
    right = [
        series("Command move", "LMDB (ours): one move, durable commit", lmdb),
        series("Command add", "LMDB (ours): one add, durable commit", lmdb2),
        series("LMDB append one", "LMDB: one event appended (LogStore), durable", "#1b7c83", "6 3"),
        series("SQLite append one", "SQLite (WAL, synchronous=FULL): one event appended", sqlite_color),
        series("Postgres append one", "PostgreSQL (the shared log): one event appended, committed", postgres_color),
        series("JSON rewrite per change", "apps' JSON: encode whole board, rewrite, fsync", json_color),
    ]
    left = [s for s in left if s[3]]
    right = [s for s in right if s[3]]

    width = PANEL_W * 2 + 20 + 30  # room right of the last panel for its value labels
    legend_rows = max(len(left), len(right), 1)
    height = PANEL_H + max(LEGEND_H, legend_rows * 20 + 30)
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="-apple-system, Segoe UI, Helvetica, Arial, sans-serif">',
        "<style>.title{font-size:14px;font-weight:600}.tick{font-size:10px;fill:#57606a}.axis{font-size:11px;fill:#57606a}"
        ".value{font-size:10px}.legend{font-size:11px}.frame{fill:none;stroke:#d0d7de}.grid{stroke:#d0d7de}"
        ".minor{stroke:#eaeef2}</style>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    panel(svg, 0, 0, "Time to a ready board", left, sizes)
    panel(svg, PANEL_W + 20, 0, "One change, durable", right, sizes)
    legend_y = PANEL_H + 8
    seen = set()
    for column, panel_series in enumerate((left, right)):  # each legend under its panel
        line = 0
        for label, color, dash, _ in panel_series:
            if label in seen:
                continue
            seen.add(label)
            x, y = 20 + column * (PANEL_W + 20), legend_y + line * 20
            svg.append(f'<line x1="{x}" x2="{x + 26}" y1="{y}" y2="{y}" stroke="{color}" stroke-width="2" stroke-dasharray="{dash}"/>')
            svg.append(f'<circle cx="{x + 13}" cy="{y}" r="3.5" fill="{color}"/>')
            svg.append(f'<text x="{x + 34}" y="{y + 4}" class="legend">{escape(label)}</text>')
            line += 1
    svg.append(
        f'<text x="20" y="{height - 8}" class="tick">Standard workload (Benchmarks/README.md), package-benchmark p50; '
        f"sizes: {', '.join(label_events(s) for s in sizes)} events.</text>"
    )
    svg.append("</svg>")
    with open(output, "w") as handle:
        handle.write("\n".join(svg) + "\n")
    print(f"wrote {output}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="*", default=[DEFAULT_INPUT], help="Influx CSV files or directories holding them")
    parser.add_argument("-o", "--output", default=DEFAULT_OUTPUT, help="the SVG to write (default Benchmarks/chart.svg)")
    arguments = parser.parse_args()
    results = read_results(arguments.inputs)
    print_table(results)
    draw(results, arguments.output)


if __name__ == "__main__":
    main()
