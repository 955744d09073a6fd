"""The bots' decision times, per game, table size and level (``python -m bench.bots``; never part of the tests).

Two measures:

* **at the table** (``python -m bench.bots --game guinguette --players 6``; no option: every game at every table
  size it allows): deals dealt from fixed seeds are played with one level in every seat (the table of bots a
  card room shows a person between two of his turns), and every decision with more than one legal action is
  timed, wall clock and processor time of this process, until ``--decisions`` are timed. Each figure (a game,
  a table size, a level) runs in a process of its own, so that no figure inherits the caches another filled. The
  report gives the p50, p90 and max of both clocks, the worst decision (its deal and number, to replay it) and
  the load average of the machine before and after. The machine is shared: read the processor time, and the
  ratios of figures measured in one run. ``--against SRC`` measures every figure a second time with the package
  found in the folder ``SRC`` (an older ``src/``, e.g. ``git archive main src | tar -x -C /tmp/base``), the two
  processes one after the other, and gives the ratios of the processor times: before and after, under one load.
* **on random views** (:func:`bench_bots`, the ``search`` section of ``python -m bench``): every registered bot's
  ``choose(view)`` on the actor's view at decisions drawn uniformly from random games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import academie
from academie.games import available, load, make_bot
from academie.sim import derive_seed
from bench import Figure, latency, machine, quantile

GAMES = ("whist", "guimbarde", "guinguette", "quinze")
"""The games of :func:`bench_bots` (Écarté's decision times on random views are ``bench/ecarte.py``'s)."""
LEVELS = ("classical", "search", "expert")
"""The levels timed at the table by default (random decides in microseconds)."""
GOAL_P90_S, GOAL_MAX_S = 1.0, 3.0
"""Issue 29's goal for every decision at every table size: p90 under a second, never over three."""
SEED = 1
DECISIONS = 120
RESULTS = Path(__file__).resolve().parent / "results"


# ------------------------------------------------------------------------------------------------ at the table
@dataclass(frozen=True, slots=True)
class Decision:
    """One timed decision: where it was (deal, its number in the deal, the seat), how many legal actions it had,
    the phase, and its times in seconds."""

    deal: int
    number: int
    seat: int
    legal: int
    phase: str
    cpu_s: float
    wall_s: float


def table_sizes(game: str) -> range:
    """The table sizes ``game`` allows."""
    game_type = load(game)
    return range(game_type.min_seats, game_type.max_seats + 1)


def time_at_table(game: str, level: str, players: int, *, decisions: int, seed: int) -> list[Decision]:
    """At least ``decisions`` decisions of ``level`` with more than one legal action, timed in deals of ``level`` in
    every seat at a table of ``players`` (deal ``d`` dealt from ``derive_seed(seed, d)`` by seat 0; the bot in seat
    ``s`` seeded ``derive_seed(seed, d * 100 + s)``), the last deal cut short once they are timed."""
    game_type = load(game)
    options: dict[str, Any] = {"players": players} if game_type.min_seats != game_type.max_seats else {}
    timed: list[Decision] = []
    deal = 0
    while len(timed) < decisions:
        state = game_type.new(None, seed=derive_seed(seed, deal), first_dealer=0, **options)
        bots = [make_bot(game, level, seed=derive_seed(seed, deal * 100 + seat)) for seat in range(players)]
        number = 0
        while not state.deal_results and len(timed) < decisions:
            seat = state.actor
            assert isinstance(seat, int) and seat >= 0, "chance deals and the table rules by themselves here"
            view = state.view(seat)
            cpu, wall = time.process_time(), time.perf_counter()
            action = bots[seat].choose(view)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            if len(view.legal_actions) > 1:
                phase = getattr(view, "phase", None)
                timed.append(Decision(deal=deal, number=number, seat=seat, legal=len(view.legal_actions),
                                      phase=str(getattr(phase, "name", phase)), cpu_s=cpu, wall_s=wall))
            state.apply(action)
            number += 1
        deal += 1
    return timed


def summarise(game: str, level: str, players: int, timed: Sequence[Decision]) -> Figure:
    """The p50, p90 and max of both clocks over the decisions, the worst one (by processor time), the goal met."""
    cpu = sorted(d.cpu_s for d in timed)
    wall = sorted(d.wall_s for d in timed)
    worst = max(timed, key=lambda d: d.cpu_s)
    return {"game": game, "level": level, "players": players, "decisions": len(timed),
            "deals": len({d.deal for d in timed}),
            "cpu_p50_s": quantile(cpu, 0.5), "cpu_p90_s": quantile(cpu, 0.9), "cpu_max_s": cpu[-1],
            "cpu_mean_s": sum(cpu) / len(cpu),
            "wall_p50_s": quantile(wall, 0.5), "wall_p90_s": quantile(wall, 0.9), "wall_max_s": wall[-1],
            "worst": asdict(worst),
            "goal_met_cpu": quantile(cpu, 0.9) < GOAL_P90_S and cpu[-1] < GOAL_MAX_S,
            "goal_met_wall": quantile(wall, 0.9) < GOAL_P90_S and wall[-1] < GOAL_MAX_S}


def measure(game: str, level: str, players: int, *, decisions: int, seed: int, src: Path | None = None) -> Figure:
    """One figure, measured in a process of its own (with the package of the folder ``src`` when given)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src.resolve()), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "-m", "bench.bots", "--one", f"{game},{level},{players}", "--decisions",
               str(decisions), "--seed", str(seed)]
    loads = os.getloadavg()
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{game} {level} at {players} failed:\n{done.stderr}")
    figure: Figure = json.loads(done.stdout)
    figure["load_before"], figure["load_after"] = loads[0], os.getloadavg()[0]
    figure["source"] = str(src) if src is not None else "this checkout"
    return figure


def _one(spec: str, *, decisions: int, seed: int) -> None:
    game, level, players = spec.split(",")
    timed = time_at_table(game, level, int(players), decisions=decisions, seed=seed)
    figure = summarise(game, level, int(players), timed)
    figure["package"] = str(Path(academie.__file__).resolve().parent)
    figure["samples"] = [asdict(d) for d in timed]
    print(json.dumps(figure))


def line(figure: Figure) -> str:
    """One row of the report's table."""
    ok = "yes" if figure["goal_met_cpu"] else "**no**"
    worst = figure["worst"]
    return (f"| {figure['game']} | {figure['players']} | {figure['level']} | {figure['decisions']} "
            f"({figure['deals']} deals) | {figure['cpu_p50_s']:.3f} / {figure['cpu_p90_s']:.3f} / "
            f"{figure['cpu_max_s']:.3f} | {figure['wall_p50_s']:.3f} / {figure['wall_p90_s']:.3f} / "
            f"{figure['wall_max_s']:.3f} | {ok} | deal {worst['deal']} #{worst['number']}, {worst['phase']}, "
            f"{worst['legal']} legal | {figure['load_before']:.1f}–{figure['load_after']:.1f} |")


HEADER = ("| game | seats | level | decisions | CPU p50 / p90 / max (s) | wall p50 / p90 / max (s) | goal (CPU) | "
          "worst decision | load |\n|---|---|---|---|---|---|---|---|---|")


def ratio_line(before: Figure, after: Figure) -> str:
    """Before and after, measured one after the other: the processor times' ratios (above 1: faster now)."""
    cells = [f"{before[key]:.3f} → {after[key]:.3f} (×{before[key] / after[key]:.1f})" if after[key] > 0 else
             f"{before[key]:.3f} → {after[key]:.3f}" for key in ("cpu_p50_s", "cpu_p90_s", "cpu_max_s")]
    return f"| {after['game']} | {after['players']} | {after['level']} | " + " | ".join(cells) + " |"


RATIO_HEADER = ("| game | seats | level | CPU p50, before → after | CPU p90 | CPU max |\n"
                "|---|---|---|---|---|---|")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=None, help="comma-separated games (default: every registered game)")
    parser.add_argument("--players", default=None,
                        help="comma-separated table sizes (default: every size each game allows)")
    parser.add_argument("--levels", default=",".join(LEVELS), help=f"comma-separated levels (default {LEVELS})")
    parser.add_argument("--decisions", type=int, default=DECISIONS,
                        help=f"decisions timed per figure, those with one legal action left out (default {DECISIONS})")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the seed of the deals and the bots (default {SEED})")
    parser.add_argument("--against", type=Path, default=None,
                        help="a folder holding another academie package (an older src/): every figure is measured "
                             "with it too, just before, and the report gives the ratios")
    parser.add_argument("--out", type=Path, default=None,
                        help="JSON file to write (default: bench/results/bots-<timestamp>.json)")
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.decisions < 1:
        parser.error(f"--decisions must be at least 1, got {args.decisions}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.one is not None:
        _one(args.one, decisions=args.decisions, seed=args.seed)
        return 0
    games = args.game.split(",") if args.game else list(available())
    levels = args.levels.split(",")
    started, clock = time.strftime("%Y%m%d-%H%M%S"), time.perf_counter()
    print(f"[bench.bots] {args.decisions} decisions a figure, seed {args.seed}, load average "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    figures: list[Figure] = []
    baselines: list[Figure] = []
    for game in games:
        sizes = [int(p) for p in args.players.split(",")] if args.players else list(table_sizes(game))
        for players in (p for p in sizes if p in table_sizes(game)):
            for level in (name for name in levels if name in load(game).bot_names()):
                if args.against is not None:
                    baselines.append(measure(game, level, players, decisions=args.decisions, seed=args.seed,
                                             src=args.against))
                figures.append(measure(game, level, players, decisions=args.decisions, seed=args.seed))
                if baselines:
                    print(f"[bench.bots] before: {line(baselines[-1])}", flush=True)
                print(f"[bench.bots] {line(figures[-1])}", flush=True)
    print("\n" + HEADER)
    for figure in figures:
        print(line(figure))
    if baselines:
        print(f"\nBefore ({args.against}), measured just before each figure:\n\n{HEADER}")
        for figure in baselines:
            print(line(figure))
        print("\n" + RATIO_HEADER)
        for before, after in zip(baselines, figures, strict=True):
            print(ratio_line(before, after))
    out = args.out or RESULTS / f"bots-{started}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    data = {"machine": machine(), "argv": sys.argv[1:], "seconds": time.perf_counter() - clock,
            "goal": {"p90_s": GOAL_P90_S, "max_s": GOAL_MAX_S}, "figures": figures, "before": baselines}
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"\n[bench.bots] wrote {out} after {data['seconds']:.0f} s, load average {os.getloadavg()[0]:.2f}")
    return 0


# ------------------------------------------------------------------------------------------------ random views
def decision_views(game: str, count: int, seed: int) -> list[Any]:
    """``count`` views of the seat to act, one drawn uniformly among the decisions of each random game."""
    rng = random.Random(seed)
    game_type = academie.load(game)
    views: list[Any] = []
    while len(views) < count:
        state = game_type.new(seed=rng.getrandbits(48))
        seen = []
        while not state.is_terminal:
            actor = state.actor
            if isinstance(actor, int) and actor >= 0:
                seen.append(state.view(actor))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if seen:
            views.append(seen[rng.randrange(len(seen))])
    return views


def bench_bots(game: str, *, runs: int, views: int) -> list[Figure]:
    """Decision time of every bot registered for ``game``."""
    sample = decision_views(game, views, seed=7)
    figures = []
    for name in load(game).bot_names():
        choose: Callable[[Any], Any] = make_bot(game, name, seed=1).choose
        figures.append(latency(f"{game}/bot {name}: decision time", sample, choose, unit="decisions", runs=runs,
                               section="search", note=f"make_bot({game!r}, {name!r}).choose(view) on the actor's "
                                                      "view at a decision of a random game"))
    return figures


if __name__ == "__main__":
    raise SystemExit(main())
