"""Whist figures beside the peers, measured in one run: ``python bench/whist.py [--quick] [--no-peers]``.

* random whist deals per second through the Python API: from a new rubber (chance automated from a seed, dealer
  fixed) loop ``legal_actions()`` and ``apply(choice)`` with a uniformly random legal action until the first deal
  is scored (52 cards played), checked ``apply`` and ``apply_unchecked``;
* the search bot's decision time (DDS through endplay, ``samples`` deals per decision);
* the peers, in a subprocess with their venv (``$PEER_VENV`` or ``/tmp/peer-bench-venv``):
  ``shared/peer-bench/bench_anchors.py --only openspiel,rlcard --quick`` (OpenSpiel bridge python-api, full game
  and play phase only; RLCard bridge env.step random), with the same runs and target seconds; ratios are printed.

Self-contained: the timing method is the peers' (calibrate n to about ``target_s`` seconds, median of ``runs``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from academie.bots import make_bot
from academie.games.whist import WhistState

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
Counters = dict[str, int]


def random_deals(n: int, seed: int, *, unchecked: bool = False) -> Counters:
    rng = random.Random(seed)
    randrange = rng.randrange
    actions = 0
    for i in range(n):
        state = WhistState.new(seed=seed * 1_000_003 + i, first_dealer=3)
        apply = state.apply_unchecked if unchecked else state.apply
        while not state.deal_results:
            legal = state.legal_actions()
            apply(legal[randrange(len(legal))])
            actions += 1
    return {"deals": n, "actions": actions}


def throughput(name: str, work: Callable[[int, int], Counters], *, runs: int, target_s: float) -> dict[str, Any]:
    n = 1
    while True:
        start = time.perf_counter()
        work(n, 0)
        elapsed = time.perf_counter() - start
        if elapsed >= 0.1:
            break
        n *= 4
    n = max(1, round(n * target_s / elapsed))
    rates: dict[str, list[float]] = {}
    for seed in range(1, runs + 1):
        start = time.perf_counter()
        counters = work(n, seed)
        elapsed = time.perf_counter() - start
        for key, count in counters.items():
            rates.setdefault(key, []).append(count / elapsed)
    figure = {"name": name, "n_per_run": n, "runs": runs}
    figure |= {f"{key}_per_s_median": statistics.median(values) for key, values in rates.items()}
    print(f"[bench] {name}: " + ", ".join(f"{k} {v:,.0f}" for k, v in figure.items() if k.endswith("median")),
          flush=True)
    return figure


def search_latency(decisions: int, samples: int) -> dict[str, Any]:
    """Median, p90 and max time of the search bot's card choices over random deals (bots in all seats)."""
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        state = WhistState.new(seed=seed, first_dealer=3)
        bot = make_bot("whist", "search", seed=seed, samples=samples)
        while not state.deal_results and len(times) < decisions:
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            start = time.perf_counter()
            action = bot.choose(view)
            times.append(time.perf_counter() - start)
            state.apply(action)
        seed += 1
    times.sort()
    figure = {"name": f"whist/search bot decision, {samples} samples", "decisions": decisions,
              "median_ms": statistics.median(times) * 1e3, "p90_ms": times[int(0.9 * len(times)) - 1] * 1e3,
              "max_ms": times[-1] * 1e3}
    print(f"[bench] {figure['name']}: median {figure['median_ms']:.1f} ms, p90 {figure['p90_ms']:.1f} ms, "
          f"max {figure['max_ms']:.1f} ms over {decisions} decisions", flush=True)
    return figure


def peers(runs: int, target_s: float) -> list[dict[str, Any]]:
    venv = Path(os.environ.get("PEER_VENV", Path(os.environ.get("TMPDIR", "/tmp")) / "peer-bench-venv"))
    python = venv / "bin" / "python"
    script = SHARED / "peer-bench" / "bench_anchors.py"
    if not python.exists() or not script.exists():
        print(f"[bench] peers not run: no {python} or no {script}")
        return []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "peers.json"
        command = [str(python), str(script), "--only", "openspiel,rlcard", "--quick", "--runs", str(runs),
                   "--target-s", str(target_s), "--out", str(out)]
        print("[bench] " + " ".join(command), flush=True)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        figures: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))["results"]
    return figures


PAIRS = (
    ("whist/python-api random deal", "openspiel/bridge/python-api random full game"),
    ("whist/python-api random deal", "openspiel/bridge/python-api play phase only"),
    ("whist/python-api random deal, apply_unchecked", "openspiel/bridge/python-api play phase only"),
    ("whist/python-api random deal", "rlcard/bridge/env.step random"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-peers", action="store_true")
    args = parser.parse_args(argv)
    runs, target_s = (3, 0.5) if args.quick else (5, 1.5)
    ours = [throughput("whist/python-api random deal", random_deals, runs=runs, target_s=target_s),
            throughput("whist/python-api random deal, apply_unchecked",
                       lambda n, s: random_deals(n, s, unchecked=True), runs=runs, target_s=target_s)]
    others = [] if args.no_peers else peers(runs, target_s)
    by_name = {f["name"]: f for f in [*ours, *others]}
    print("\n| ours | peer | ours deals/s | peer games/s | ratio |\n|---|---|---:|---:|---:|")
    for mine, theirs in PAIRS:
        if mine in by_name and theirs in by_name:
            a, b = by_name[mine]["deals_per_s_median"], by_name[theirs]["games_per_s_median"]
            print(f"| {mine} | {theirs} | {a:,.0f} | {b:,.0f} | {a / b:.2f}x |")
    search_latency(20 if args.quick else 60, 12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
