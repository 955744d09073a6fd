"""``python -m bench.batch``: the batch simulators' deals per second, beside the one-deal engine and OpenSpiel.

For each game (Écarté, Whist) and policy (random, classical) this measures, in one process and one run:

* ``batch``: :func:`academie.batch.ecarte.simulate` / :func:`academie.batch.whist.simulate` playing first deals
  in chunks of ``--chunk`` deals (numpy arrays of that length);
* ``engine``: the same deals through the one-deal engine, one ``apply`` per action with the same chance and
  policies (``reference_deal``: :class:`~academie.batch.rng.CounterChance`, the counter-random or classical bots
  reading ``view()``), i.e. what the batch replaces; and ``engine/GAME/random, no views``: the same random
  deals through ``legal_actions()`` and ``apply()`` alone (the engine's own speed, without building views);

and, when the peers' venv exists (``$PEER_VENV``, else ``${TMPDIR:-/tmp}/peer-bench-venv``), OpenSpiel's euchre
played entirely in C++ (``pyspiel.evaluate_bots`` with uniform random C++ bots, the ``os_cpp_random`` workload
of ``shared/peer-bench/bench_anchors.py``) in a subprocess with that venv's Python.

The machine is shared, so figures are taken *side by side*: each round runs every figure once for about
``--target-s`` seconds, the peer included, one after the other; a ratio is computed within each round and the
report gives the median over ``--runs`` rounds (and the median rates). ``cpu`` is the share of a core the
figure got (process time / wall time): well below 1, other processes were slowing it down.

    .venv/bin/python -m bench.batch                       # 5 rounds of ~1 s per figure
    .venv/bin/python -m bench.batch --runs 9 --only ecarte --no-engine
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from academie.batch import ecarte as batch_ecarte
from academie.batch import whist as batch_whist
from academie.batch.rng import DECISION, CounterChance, deal_key, draw
from academie.games.ecarte import EcarteState
from academie.games.whist import WhistState
from bench import machine
from bench.peers import DEFAULT_SHARED, peer_python

RESULTS = Path(__file__).resolve().parent / "results"
GAMES = ("ecarte", "whist")
POLICIES = ("random", "classical")
EUCHRE = "openspiel/euchre/C++ random full game"
TARGET = ("batch/ecarte/random", EUCHRE)
"""The goal's ratio: Écarté batch random deals per second over OpenSpiel's euchre in C++ (>= 1 wanted)."""

Work = Callable[[int, int], None]

PEER_SERVER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import pyspiel
from bench_anchors import os_cpp_random
work = os_cpp_random(pyspiel, pyspiel.load_game("euchre"))
print(json.dumps({"version": pyspiel.__version__ if hasattr(pyspiel, "__version__") else "?"}), flush=True)
for line in sys.stdin:
    n, seed = (int(x) for x in line.split())
    cpu, start = time.process_time(), time.perf_counter()
    work(n, seed)
    wall = time.perf_counter() - start
    print(json.dumps({"n": n, "seconds": wall, "cpu": (time.process_time() - cpu) / wall}), flush=True)
"""


class Peer:
    """OpenSpiel's euchre in C++, timed on request in a long-lived subprocess of the peers' venv."""

    def __init__(self, python: Path, shared: Path) -> None:
        self.process = subprocess.Popen([str(python), "-c", PEER_SERVER, str(shared / "peer-bench")],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.info = json.loads(self._line())

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the peer subprocess ended early (is pyspiel installed in the peers' venv?)")
        return line

    def run(self, n: int, seed: int) -> tuple[float, float]:
        """Seconds and share of a core for ``n`` euchre games."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{n} {seed}\n")
        self.process.stdin.flush()
        answer = json.loads(self._line())
        return float(answer["seconds"]), float(answer["cpu"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def local_timer(work: Work) -> Callable[[int, int], tuple[float, float]]:
    def timed(n: int, seed: int) -> tuple[float, float]:
        cpu, start = time.process_time(), time.perf_counter()
        work(n, seed)
        wall = time.perf_counter() - start
        return wall, (time.process_time() - cpu) / wall if wall > 0 else 1.0
    return timed


def batch_work(game: str, policy: str, chunk: int) -> Work:
    simulate = batch_ecarte.simulate if game == "ecarte" else batch_whist.simulate

    def work(n: int, seed: int) -> None:
        for start in range(0, n, chunk):
            simulate(min(chunk, n - start), seed=seed, policy=policy, start=start)
    return work


def engine_work(game: str, policy: str) -> Work:
    reference = batch_ecarte.reference_deal if game == "ecarte" else batch_whist.reference_deal

    def work(n: int, seed: int) -> None:
        for deal in range(n):
            reference(seed, deal, policy=policy)
    return work


def engine_loop_work(game: str) -> Work:
    """The random policy's deals through ``legal_actions()`` and ``apply()`` only (no views): the decision
    counter is kept by the loop, so the deals and choices are those of ``reference_deal``."""
    state_class: Any = EcarteState if game == "ecarte" else WhistState

    def work(n: int, seed: int) -> None:
        for deal in range(n):
            key = deal_key(seed, deal)
            state = state_class(chance=CounterChance(seed, deal), first_dealer=0)
            step = 0
            while not state.deal_results:
                legal = state.legal_actions()
                state.apply(legal[draw(key, DECISION, step) % len(legal)])
                step += 1
    return work


def calibrate(timed: Callable[[int, int], tuple[float, float]], target_s: float, start: int) -> int:
    """The ``n`` for which one timed call lasts about ``target_s`` (seed 0 calibrates; no round reuses it)."""
    n = start
    while True:
        elapsed, _ = timed(n, 0)
        if elapsed >= 0.15:
            return max(1, round(n * target_s / elapsed))
        n *= 4


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.batch", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="rounds; medians over rounds are reported")
    parser.add_argument("--target-s", type=float, default=1.0, help="seconds per figure in each round")
    parser.add_argument("--chunk", type=int, default=1 << 16, help="deals per batch call (numpy array length)")
    parser.add_argument("--only", default=",".join(GAMES), help="games among ecarte, whist")
    parser.add_argument("--no-engine", action="store_true", help="skip the one-deal engine figures")
    parser.add_argument("--no-peers", action="store_true", help="skip OpenSpiel even when the peers' venv exists")
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the folder holding peer-bench/")
    parser.add_argument("--out", type=Path, default=None, help="JSON file (default bench/results/batch-<time>.json)")
    args = parser.parse_args(argv)
    args.games = [g for g in (s.strip() for s in args.only.split(",")) if g]
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; allowed: {', '.join(GAMES)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    timers: dict[str, Callable[[int, int], tuple[float, float]]] = {}
    for game in args.games:
        for policy in POLICIES:
            timers[f"batch/{game}/{policy}"] = local_timer(batch_work(game, policy, args.chunk))
            if not args.no_engine:
                timers[f"engine/{game}/{policy}"] = local_timer(engine_work(game, policy))
        if not args.no_engine:
            timers[f"engine/{game}/random, no views"] = local_timer(engine_loop_work(game))
    peer: Peer | None = None
    python = None if args.no_peers else peer_python()
    if python is not None:
        peer = Peer(python, args.shared)
        timers[EUCHRE] = peer.run
    elif not args.no_peers:
        print("[batch] peers' venv not found: OpenSpiel skipped", flush=True)
    try:
        sizes = {name: calibrate(timed, args.target_s, 256 if name.startswith("engine") else 4096)
                 for name, timed in timers.items()}
        rates: dict[str, list[float]] = {name: [] for name in timers}
        shares: dict[str, list[float]] = {name: [] for name in timers}
        for round_ in range(1, args.runs + 1):
            for name, timed in timers.items():
                elapsed, share = timed(sizes[name], round_)
                rates[name].append(sizes[name] / elapsed)
                shares[name].append(share)
            shown = "  ".join(f"{name}={rates[name][-1]:,.0f}/s" for name in timers)
            print(f"[batch] round {round_}: {shown}", flush=True)
    finally:
        if peer is not None:
            peer.close()
    report = _report(args, sizes, rates, shares, peer.info if peer else None)
    out = args.out or RESULTS / f"batch-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"[batch] wrote {out}", flush=True)
    return 0


def _ratio(rates: dict[str, list[float]], ours: str, theirs: str) -> dict[str, Any]:
    per_round = [a / b for a, b in zip(rates[ours], rates[theirs], strict=True)]
    return {"ours": ours, "theirs": theirs, "median": statistics.median(per_round),
            "min": min(per_round), "max": max(per_round)}


def _report(args: argparse.Namespace, sizes: dict[str, int], rates: dict[str, list[float]],
            shares: dict[str, list[float]], peer_info: dict[str, Any] | None) -> dict[str, Any]:
    figures = {name: {"deals_per_s_median": statistics.median(values), "deals_per_s_min": min(values),
                      "deals_per_s_max": max(values), "n_per_run": sizes[name],
                      "cpu_share_median": statistics.median(shares[name])}
               for name, values in rates.items()}
    ratios = []
    for game in args.games:
        for policy in POLICIES:
            if not args.no_engine:
                ratios.append(_ratio(rates, f"batch/{game}/{policy}", f"engine/{game}/{policy}"))
                if policy == "random":
                    ratios.append(_ratio(rates, f"batch/{game}/random", f"engine/{game}/random, no views"))
            if EUCHRE in rates:
                ratios.append(_ratio(rates, f"batch/{game}/{policy}", EUCHRE))
    print("\n| figure | deals/s (median) | min | max | cpu |")
    print("|---|---:|---:|---:|---:|")
    for name, figure in figures.items():
        print(f"| {name} | {figure['deals_per_s_median']:,.0f} | {figure['deals_per_s_min']:,.0f} | "
              f"{figure['deals_per_s_max']:,.0f} | {figure['cpu_share_median']:.0%} |")
    print("\n| ours | theirs | ratio (median of rounds) | min | max |")
    print("|---|---|---:|---:|---:|")
    for ratio in ratios:
        goal = "  <- goal: >= 1" if (ratio["ours"], ratio["theirs"]) == TARGET else ""
        print(f"| {ratio['ours']} | {ratio['theirs']} | {ratio['median']:.2f}{goal} | {ratio['min']:.2f} | "
              f"{ratio['max']:.2f} |")
    return {"machine": machine(), "runs": args.runs, "target_s": args.target_s, "chunk": args.chunk,
            "peer": peer_info, "figures": figures, "ratios": ratios,
            "rounds": {name: values for name, values in rates.items()}}


if __name__ == "__main__":
    sys.exit(main())
