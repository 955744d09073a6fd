"""``python -m bench``: our figures and the peers', measured in one run, printed as ratios and saved as JSON.

Run from the repository root (``make bench``). See ``bench/README.md`` for what each figure means.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bench import BUSY_SHARE, Figure, machine
from bench import ecarte as ecarte_bench
from bench import peers as peer_bench

SECTIONS = ("ecarte", "solver", "search", "peers")
RESULTS = Path(__file__).resolve().parent / "results"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="short runs (3 runs of 0.5 s unless --runs/--target-s say otherwise) and fewer "
                             "positions: a smoke test, not a measurement")
    parser.add_argument("--runs", type=int, default=None, help="runs per figure; medians are reported (default 5)")
    parser.add_argument("--target-s", type=float, default=None,
                        help="seconds per throughput run after calibration (default 1.5)")
    parser.add_argument("--no-peers", action="store_true", help="skip the peers even when their venv exists")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections among {', '.join(SECTIONS)} (default: all)")
    parser.add_argument("--shared", type=Path, default=peer_bench.DEFAULT_SHARED,
                        help="the shared folder holding peer-bench/ (default: ../shared from the repo root)")
    parser.add_argument("--out", type=Path, default=None,
                        help="JSON file to write (default: bench/results/bench-<timestamp>.json)")
    args = parser.parse_args(argv)
    sections = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(sections) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; allowed: {', '.join(SECTIONS)}")
    if args.runs is not None and args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")
    if args.target_s is not None and args.target_s <= 0:
        parser.error(f"--target-s must be positive, got {args.target_s}")
    args.sections = sections
    args.runs = args.runs or (3 if args.quick else 5)
    args.target_s = args.target_s or (0.5 if args.quick else 1.5)
    return args


def run_peers(args: argparse.Namespace, notes: list[str]) -> list[Figure]:
    if args.no_peers:
        notes.append("peers: skipped (--no-peers)")
        return []
    python = peer_bench.peer_python()
    if python is None:
        notes.append(f"peers: not run, no venv at {peer_bench.peer_venv()} "
                     f"(make it with {args.shared / 'peer-bench' / 'setup_venv.sh'}, or set PEER_VENV)")
        return []
    try:
        return peer_bench.run_openspiel(shared=args.shared, python=python, runs=args.runs, target_s=args.target_s)
    except peer_bench.PeerError as error:
        notes.append(f"peers: not run, {error}")
        return []


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    ours: list[Figure] = []
    peers: list[Figure] = []
    notes: list[str] = []
    started = time.strftime("%Y%m%d-%H%M%S")
    print(f"[bench] runs={args.runs} target_s={args.target_s} sections={','.join(args.sections)}", flush=True)
    # Our playouts and the peers' side by side first: those are the figures that are divided.
    if "ecarte" in args.sections:
        ours += ecarte_bench.bench_playouts(runs=args.runs, target_s=args.target_s)
    if "peers" in args.sections:
        peers = run_peers(args, notes)
    if "solver" in args.sections:
        ours += ecarte_bench.bench_solver(runs=args.runs, positions=20 if args.quick else 100)
    if "search" in args.sections:
        ours += ecarte_bench.bench_bots(runs=1 if args.quick else 3, views=20 if args.quick else 100)
    rows = peer_bench.ratios(ours, peers)
    report(ours, rows, notes)
    out = args.out or RESULTS / f"bench-{started}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {"machine": machine(), "argv": sys.argv[1:], "runs": args.runs, "target_s": args.target_s,
                            "sections": args.sections, "figures": ours, "peers": peers, "ratios": rows,
                            "notes": notes}
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"\n[bench] wrote {out}")
    return 0


def report(ours: list[Figure], rows: list[dict[str, Any]], notes: list[str]) -> None:
    """Our figures as a markdown table, then the ratios, then what was not measured and why."""
    print("\n| benchmark | figure | note |\n|---|---|---|")
    for figure in ours:
        print(f"| {figure['name']} | {_summary(figure)} | {figure['note']} |")
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
    return "not available"


if __name__ == "__main__":
    raise SystemExit(main())
