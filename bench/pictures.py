"""``python -m bench.pictures``: the CPU the card room spends on the pictures of one action, per game.

After every action the room paints one picture per seat and one for the spectators, each from a fresh view of
its viewer. This bench plays random games of every game as the room does (each action applied on a clone of the
state, which then becomes the table's state) and, after every action, paints every seat's picture and the
spectators' twice, in turn: **from the view alone** (the reference: how every picture was painted before issue
33) and **with the viewer's memo** (:class:`academie.picture.Memo`: the log told so far, as the room keeps it per
table, seat and language). Both ways count the view's making. It reports, per game, the CPU milliseconds per
action of each way (``time.process_time``: this process's CPU, so another process on the machine slows the wall
clock, not these figures, except through shared caches), their ratio measured in the same run, and checks that
the two ways painted equal pictures (any difference fails the run).

The goal of issue 33: all the pictures of an action under 0.2 ms of CPU in every game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path
from typing import Any

from academie.engine import PUBLIC
from academie.games import load
from academie.picture import Memo
from academie.room.tables import game_words

RESULTS = Path(__file__).resolve().parent / "results"
GOAL_MS = 0.2
"""Issue 33: all the pictures of one action, in CPU milliseconds."""
TABLES = {"ecarte": {}, "whist": {}, "guimbarde": {"players": 5}, "quinze": {"players": 4},
          "guinguette": {"players": 5}}
"""Each game at the table the room most often deals (a game of many seats at five, Le Quinze at four)."""


def measure(name: str, options: dict[str, int], *, actions: int, seed: int) -> dict[str, Any]:
    """``actions`` random actions of ``name`` (whole games from ``seed`` on), every viewer painted both ways."""
    game = load(name)
    assert game.painter is not None
    painter = game.painter()
    words = game_words("en", name)
    spent = {"reference": 0.0, "memo": 0.0}
    done, games = 0, 0
    while done < actions:
        state, rng = game.new(seed=seed + games, **options), random.Random(seed + games)
        games += 1
        viewers = (*range(len(state.returns())), PUBLIC)
        memos = {viewer: Memo() for viewer in viewers}
        while not state.is_terminal and done < actions:
            state = state.clone()
            state.apply(rng.choice(tuple(state.legal_actions())))
            done += 1
            used = time.process_time()
            reference = []
            for viewer in viewers:
                view = state.view(viewer)
                reference.append(painter.paint(view, words=words, names=painter.default_names(view, words=words)))
            between = time.process_time()
            fast = []
            for viewer in viewers:
                view = state.view(viewer)
                fast.append(painter.paint(view, words=words, names=painter.default_names(view, words=words),
                                          memo=memos[viewer]))
            spent["reference"] += between - used
            spent["memo"] += time.process_time() - between
            if fast != reference:
                raise AssertionError(f"{name}, game {games}, action {done}: the pictures painted with memos differ")
    reference_ms, memo_ms = (1000 * spent[way] / done for way in ("reference", "memo"))
    return {"name": f"pictures/{name}", "kind": "pictures", "game": name, "options": options, "actions": done,
            "games": games, "viewers": len(viewers), "reference_cpu_ms_per_action": reference_ms,
            "memo_cpu_ms_per_action": memo_ms, "ratio": reference_ms / memo_ms, "goal_ms": GOAL_MS}


def describe(figure: dict[str, Any]) -> str:
    met = "met" if figure["memo_cpu_ms_per_action"] < GOAL_MS else "NOT met"
    return (f"{figure['game']} ({figure['viewers']} pictures an action, {figure['actions']} actions): from the view "
            f"alone {figure['reference_cpu_ms_per_action']:.3f} ms, with memos {figure['memo_cpu_ms_per_action']:.3f}"
            f" ms of CPU an action: {figure['ratio']:.1f}× (goal < {GOAL_MS} ms: {met})")


def run(*, actions: int = 2000, seed: int = 1, games: tuple[str, ...] = tuple(TABLES)) -> list[dict[str, Any]]:
    figures = []
    for name in games:
        figures.append(measure(name, TABLES[name], actions=actions, seed=seed))
        print(f"[bench] pictures: {describe(figures[-1])}", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=2000, help="random actions per game")
    parser.add_argument("--only", default=",".join(TABLES), help="the games, separated by commas")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--out", type=Path, default=None, help="the JSON to write")
    args = parser.parse_args(argv)
    games = tuple(name.strip() for name in args.only.split(",") if name.strip())
    unknown = [name for name in games if name not in TABLES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}; games: {', '.join(TABLES)}")
    figures = run(actions=args.actions, seed=args.seed, games=games)
    out = args.out or RESULTS / f"pictures-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    load_average = os.getloadavg()
    out.write_text(json.dumps({"figures": figures, "load": load_average}, indent=1) + "\n", encoding="utf-8")
    print(f"[bench] wrote {out}; load average {load_average[0]:.1f} at the end of the run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
