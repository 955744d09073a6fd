"""Whist figures beside the peers, measured side by side in one run: ``python bench/whist.py [--quick] [--no-peers]``.

* random whist deals per second through the Python API: from a new rubber (chance automated from a seed, dealer
  fixed) loop ``legal_actions()`` and ``apply(choice)`` with a uniformly random legal action until the first deal
  is scored (52 cards played), checked ``apply`` and ``apply_unchecked``; each such deal also pays for setting up
  its rubber and for the automated shuffle and deal of the next deal, which is never played;
* the same in whole rubbers (checked ``apply``): deals follow one another as at the table, and only deals played
  to the thirteenth trick are counted (a deal won by a call at eight costs its time but does not count);
* the peers' figures from their own benchmark functions (``shared/peer-bench/bench_anchors.py``: OpenSpiel bridge
  python-api random full game and play phase only, RLCard bridge ``env.step`` random), run by a driver process in
  their venv (``$PEER_VENV`` or ``/tmp/peer-bench-venv``) that stays up for the whole run;
* the search bot's decision time (DDS through endplay, ``samples`` deals per decision).

The machine may be shared, so the figures are interleaved: after calibrating ``n`` per figure (about ``target_s``
seconds a run), each round times every figure once, ours and the peers' in turn, and the report gives each
figure's median over the rounds and, for each comparison, the median of the per-round ratios (both sides measured
seconds apart, under the same load) beside the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from academie.bots import make_bot
from academie.games.whist import WhistState

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
Counters = dict[str, float]
Timed = Callable[[int, int], tuple[float, Counters]]
"""A figure: ``run(n, seed)`` does ``n`` units of work and returns the seconds it took and its counters."""


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


def rubber_deals(n: int, seed: int) -> Counters:
    """Whole rubbers, one after another (each deal dealt by the automated chance as the last one ends), until at
    least ``n`` deals have been played out to the thirteenth trick; a deal won by a call at eight without play
    costs its time but is not counted."""
    rng = random.Random(seed)
    randrange = rng.randrange
    actions = deals = rubber = 0
    while deals < n:
        state = WhistState.new(seed=seed * 1_000_003 + rubber, first_dealer=3)
        rubber += 1
        apply, legal_actions = state.apply, state.legal_actions
        while not state.is_terminal:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
            actions += 1
        deals += sum(result.completed for result in state.deal_results)
    return {"deals": deals, "actions": actions}


def timed(work: Callable[[int, int], Counters]) -> Timed:
    def run(n: int, seed: int) -> tuple[float, Counters]:
        start = time.perf_counter()
        counters = work(n, seed)
        return time.perf_counter() - start, counters

    return run


PEER_DRIVER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import bench_anchors, pyspiel, rlcard
game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
work = {"openspiel/bridge/python-api random full game": bench_anchors.os_python_random(game),
        "openspiel/bridge/python-api play phase only": bench_anchors.os_bridge_play_python(game),
        "rlcard/bridge/env.step random": bench_anchors.rl_step_loop(rlcard, "bridge")}
print(json.dumps(sorted(work)), flush=True)
for line in sys.stdin:
    name, n, seed = json.loads(line)
    start = time.perf_counter()
    counters = work[name](n, seed)
    seconds = counters.pop("_seconds", None) or time.perf_counter() - start
    print(json.dumps([seconds, counters]), flush=True)
"""


class PeerDriver:
    """The peers' benchmark functions, run on request in a process of their venv (started once)."""

    def __init__(self, python: Path, peer_bench: Path) -> None:
        self._process = subprocess.Popen([str(python), "-c", PEER_DRIVER, str(peer_bench)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True)
        self.names: list[str] = json.loads(self._readline())

    def _readline(self) -> str:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError("the peer driver stopped (see its error output above)")
        return line

    def figure(self, name: str) -> Timed:
        def run(n: int, seed: int) -> tuple[float, Counters]:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps([name, n, seed]) + "\n")
            self._process.stdin.flush()
            seconds, counters = json.loads(self._readline())
            return float(seconds), counters

        return run

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=60)


def start_peers() -> PeerDriver | None:
    venv = Path(os.environ.get("PEER_VENV", Path(os.environ.get("TMPDIR", "/tmp")) / "peer-bench-venv"))
    python = venv / "bin" / "python"
    peer_bench = SHARED / "peer-bench"
    if not python.exists() or not (peer_bench / "bench_anchors.py").exists():
        print(f"[bench] peers not run: no {python} or no {peer_bench / 'bench_anchors.py'}")
        return None
    return PeerDriver(python, peer_bench)


def calibrate(run: Timed, target_s: float) -> int:
    """The number of units that takes about ``target_s`` seconds (the peers' harness method)."""
    n = 1
    while True:
        elapsed, _ = run(n, 0)
        if elapsed >= 0.2:
            break
        n *= 4 if elapsed < 0.05 else 2
    return max(1, round(n * target_s / elapsed))


def interleaved(figures: dict[str, Timed], unit: dict[str, str], *, runs: int,
                target_s: float) -> dict[str, list[float]]:
    """Units per second of every figure, one run of each per round, ``runs`` rounds."""
    sizes = {name: calibrate(run, target_s) for name, run in figures.items()}
    rates: dict[str, list[float]] = {name: [] for name in figures}
    for seed in range(1, runs + 1):
        for name, run in figures.items():
            elapsed, counters = run(sizes[name], seed)
            rates[name].append(counters[unit[name]] / elapsed)
        print(f"[bench] round {seed}: " + ", ".join(f"{name} {rates[name][-1]:,.0f}" for name in figures), flush=True)
    return rates


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


OURS = "whist/python-api random deal"
OURS_UNCHECKED = "whist/python-api random deal, apply_unchecked"
OURS_RUBBERS = "whist/python-api random deals in whole rubbers"
PAIRS = (
    (OURS, "openspiel/bridge/python-api random full game"),
    (OURS_RUBBERS, "openspiel/bridge/python-api random full game"),
    (OURS_RUBBERS, "rlcard/bridge/env.step random"),
    (OURS, "openspiel/bridge/python-api play phase only"),
    (OURS_UNCHECKED, "openspiel/bridge/python-api play phase only"),
    (OURS, "rlcard/bridge/env.step random"),
)


def report(rates: dict[str, list[float]]) -> None:
    print("\n| figure | median units/s | rounds |\n|---|---:|---|")
    for name, values in rates.items():
        print(f"| {name} | {statistics.median(values):,.0f} | {', '.join(f'{v:,.0f}' for v in values)} |")
    print("\n| ours | peer | median of per-round ratios | ratio of medians |\n|---|---|---:|---:|")
    for mine, theirs in PAIRS:
        if mine in rates and theirs in rates:
            per_round = statistics.median(a / b for a, b in zip(rates[mine], rates[theirs], strict=True))
            of_medians = statistics.median(rates[mine]) / statistics.median(rates[theirs])
            print(f"| {mine} | {theirs} | {per_round:.2f}x | {of_medians:.2f}x |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--no-search", action="store_true")
    parser.add_argument("--runs", type=int, default=None, help="rounds (default 7, quick 3)")
    args = parser.parse_args(argv)
    runs, target_s = (3, 0.5) if args.quick else (7, 1.5)
    runs = args.runs or runs
    figures: dict[str, Timed] = {OURS: timed(random_deals),
                                 OURS_UNCHECKED: timed(lambda n, s: random_deals(n, s, unchecked=True)),
                                 OURS_RUBBERS: timed(rubber_deals)}
    unit = dict.fromkeys(figures, "deals")
    driver = None if args.no_peers else start_peers()
    if driver is not None:
        for name in driver.names:
            figures[name] = driver.figure(name)
            unit[name] = "games"
    try:
        rates = interleaved(figures, unit, runs=runs, target_s=target_s)
    finally:
        if driver is not None:
            driver.close()
    report(rates)
    if not args.no_search:
        search_latency(20 if args.quick else 60, 12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
