"""``python -m bench``: our figures and the peers', measured in one run, printed as ratios and saved as JSON.

Run from the repository root (``make bench``). See ``bench/README.md`` for what each figure means.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import BUSY_SHARE, Figure, Spec, machine, side_by_side
from bench import batch as batch_bench
from bench import bots as bots_bench
from bench import ecarte as ecarte_bench
from bench import guimbarde as guimbarde_bench
from bench import guinguette as guinguette_bench
from bench import interop as interop_bench
from bench import peers as peer_bench
from bench import quinze as quinze_bench
from bench import review as review_bench
from bench import room as room_bench
from bench import whist as whist_bench

SECTIONS = ("ecarte", "whist", "guimbarde", "quinze", "guinguette", "batch", "interop", "solver", "search", "review",
            "peers")
NAMED = ("room",)
"""Benches run only when named (``--only room``): the card room under load takes minutes of its own."""
THROUGHPUT: dict[str, tuple[Callable[[], list[Spec]], list[str]]] = {
    "ecarte": (ecarte_bench.specs, ecarte_bench.PEERS),
    "whist": (whist_bench.specs, whist_bench.PEERS),
    "guimbarde": (guimbarde_bench.specs, []),
    "quinze": (quinze_bench.specs, quinze_bench.PEERS),
    "guinguette": (guinguette_bench.specs, []),
    "batch": (batch_bench.specs, batch_bench.PEERS),
    "interop": (interop_bench.specs, []),
}
"""The throughput sections: our figures, and the peer figures measured side by side with them."""
RESULTS = Path(__file__).resolve().parent / "results"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="short runs (3 runs of 0.25 s unless --runs/--target-s say otherwise) and few "
                             "positions and views: a smoke test, not a measurement")
    parser.add_argument("--runs", type=int, default=None, help="runs per figure; medians are reported (default 5)")
    parser.add_argument("--target-s", type=float, default=None,
                        help="seconds per throughput run after calibration (default 1.0)")
    parser.add_argument("--no-peers", action="store_true", help="skip the peers even when their venv exists")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections among {', '.join(SECTIONS + NAMED)} (default: all but "
                             f"{', '.join(NAMED)})")
    parser.add_argument("--shared", type=Path, default=peer_bench.DEFAULT_SHARED,
                        help="the shared folder holding peer-bench/ (default: ../shared from the repo root)")
    parser.add_argument("--out", type=Path, default=None,
                        help="JSON file to write (default: bench/results/bench-<timestamp>.json)")
    args = parser.parse_args(argv)
    sections = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(sections) - set(SECTIONS + NAMED))
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; allowed: {', '.join(SECTIONS)}")
    if args.runs is not None and args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")
    if args.target_s is not None and args.target_s <= 0:
        parser.error(f"--target-s must be positive, got {args.target_s}")
    args.sections = [s for s in SECTIONS + NAMED if s in sections]
    args.runs = args.runs or (3 if args.quick else 5)
    args.target_s = args.target_s or (0.25 if args.quick else 1.0)
    return args


def run_throughput(args: argparse.Namespace, driver: peer_bench.PeerDriver | None,
                   notes: list[str]) -> list[Figure]:
    """Every selected throughput section, our figures and (with ``peers``) theirs side by side; then, in the
    ``peers`` section, the peer figures no selected section measured."""
    figures: list[Figure] = []
    measured: set[str] = set()
    for section, (ours, peer_names) in THROUGHPUT.items():
        if section not in args.sections:
            continue
        print(f"\n[bench] == {section} ==", flush=True)
        specs = ours() + (driver.specs(peer_names, notes) if driver is not None else [])
        measured.update(peer_names)
        figures += side_by_side(specs, runs=args.runs, target_s=args.target_s, section=section)
    rest = [name for name in peer_bench.PEER_NOTES if name not in measured]
    if driver is not None and rest:
        print("\n[bench] == peers ==", flush=True)
        figures += side_by_side(driver.specs(rest, []), runs=args.runs, target_s=args.target_s, section="peers")
    return figures


def run_solvers(args: argparse.Namespace) -> list[Figure]:
    print("\n[bench] == solver ==", flush=True)
    figures = ecarte_bench.bench_solver(runs=1 if args.quick else 3, positions=10 if args.quick else 60)
    figures += whist_bench.bench_dds(runs=1, positions=4 if args.quick else 30)
    return figures + quinze_bench.bench_formb_solve()


def run_search(args: argparse.Namespace) -> list[Figure]:
    print("\n[bench] == search ==", flush=True)
    figures = ecarte_bench.bench_bots(runs=1 if args.quick else 3, views=10 if args.quick else 60)
    for game in bots_bench.GAMES:
        figures += bots_bench.bench_bots(game, runs=1, views=4 if args.quick else 30)
    return figures


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    notes: list[str] = []
    started, clock = time.strftime("%Y%m%d-%H%M%S"), time.perf_counter()
    print(f"[bench] runs={args.runs} target_s={args.target_s} sections={','.join(args.sections)}", flush=True)
    driver = None
    if "peers" not in args.sections:
        notes.append("peers: not run (section not selected)")
    elif args.no_peers:
        notes.append("peers: skipped (--no-peers)")
    else:
        driver = peer_bench.start_driver(shared=args.shared, notes=notes)
    try:
        figures = run_throughput(args, driver, notes)
    finally:
        if driver is not None:
            driver.close()
    if "solver" in args.sections:
        figures += run_solvers(args)
    if "search" in args.sections:
        figures += run_search(args)
    if "review" in args.sections:
        print("\n[bench] == review ==", flush=True)
        figures += review_bench.bench_review()
    if "room" in args.sections:
        print("\n[bench] == room ==", flush=True)
        room_figures = room_bench.run(quick=args.quick)
        notes += [f"{figure['name']}: {room_bench.describe(figure)}" for figure in room_figures]
    rows = peer_bench.ratios(figures) + interop_bench.ratios(figures)
    report(figures, rows, notes)
    out = args.out or RESULTS / f"bench-{started}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {"machine": machine(), "argv": sys.argv[1:], "runs": args.runs, "target_s": args.target_s,
                            "sections": args.sections, "seconds": time.perf_counter() - clock,
                            "peer_versions": driver.versions if driver is not None else None,
                            "figures": figures, "ratios": rows, "notes": notes}
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"\n[bench] wrote {out} after {data['seconds']:.0f} s")
    return 0


def report(ours: list[Figure], rows: list[dict[str, Any]], notes: list[str]) -> None:
    """Our figures as a markdown table, then the ratios, then what was not measured and why."""
    print("\n| section | benchmark | figure | note |\n|---|---|---|---|")
    for figure in ours:
        print(f"| {figure.get('section', '')} | {figure['name']} | {_summary(figure)} | {figure['note']} |")
    if rows:
        peer_bench.print_ratios(rows)
    for note in notes:
        print(f"[bench] {note}")


def _summary(figure: Figure) -> str:
    kind = figure["kind"]
    if kind == "throughput":
        unit = figure["unit"]
        rates = [f"{figure[key]:,.0f} {key.removesuffix('_per_s_median')}/s"
                 for key in figure if key.endswith("_per_s_median")]
        text = ", ".join(rates) + f" ({unit}: {figure['median_latency_ms']:.4f} ms each)"
        if figure["cpu_share_median"] < BUSY_SHARE:
            text += f"; busy machine: {figure['cpu_share_median']:.0%} of a core"
        return text
    if kind == "latency":
        text = (f"median {figure['median_ms']:.3f} ms, p90 {figure['p90_ms']:.3f} ms, max {figure['max_ms']:.3f} ms "
                f"over {figure['items']} {figure['unit']}")
        for label, spread in figure.get("by_group", {}).items():
            text += (f"; {label}: median {spread['median_ms']:.3f} ms, p90 {spread['p90_ms']:.3f} ms "
                     f"({spread['items']})")
        return text
    if kind == "once":
        return f"{figure['seconds']:.2f} s (one solve)"
    return "not available"


if __name__ == "__main__":
    raise SystemExit(main())
