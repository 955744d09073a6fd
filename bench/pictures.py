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

``--against SRC`` measures every game a second time as it was before: each figure in a process of its own, first
with the package found in the folder ``SRC`` (an older ``src/``, e.g. ``git archive main src | tar -x -C
/tmp/base``) painting from the view alone, then with this checkout's package painting with memos, the same
games, one after the other; it gives the ratio of their CPU times (before / after, under one load).

The goal of issue 33: all the pictures of an action under 0.2 ms of CPU in every game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from academie.engine import PUBLIC
from academie.games import load
from academie.room.tables import game_words

RESULTS = Path(__file__).resolve().parent / "results"
GOAL_MS = 0.2
"""Issue 33: all the pictures of one action, in CPU milliseconds."""
TABLES = {"ecarte": {}, "whist": {}, "guimbarde": {"players": 5}, "quinze": {"players": 4},
          "guinguette": {"players": 5}}
"""Each game at the table the room most often deals (a game of many seats at five, Le Quinze at four)."""


def playing(name: str, options: dict[str, int], *, actions: int, seed: int) -> Iterator[tuple[Any, tuple[int, ...]]]:
    """The states after each of ``actions`` random actions of ``name`` (whole games from ``seed`` on), as the room
    holds them (each action applied on a clone), with their viewers (every seat, then the spectators)."""
    game = load(name)
    done, games = 0, 0
    while done < actions:
        state, rng = game.new(seed=seed + games, **options), random.Random(seed + games)
        games += 1
        viewers = (*range(len(state.returns())), PUBLIC)
        while not state.is_terminal and done < actions:
            state = state.clone()
            state.apply(rng.choice(tuple(state.legal_actions())))
            done += 1
            yield state, viewers


def measure(name: str, options: dict[str, int], *, actions: int, seed: int) -> dict[str, Any]:
    """Every viewer painted both ways after each action, in turn, and the pictures compared."""
    from academie.picture import Memo

    game = load(name)
    assert game.painter is not None
    painter = game.painter()
    words = game_words("en", name)
    spent = {"reference": 0.0, "memo": 0.0}
    memos: dict[int, Memo] = {}
    last: Any = None
    viewers: tuple[int, ...] = ()
    for done, (state, viewers) in enumerate(playing(name, options, actions=actions, seed=seed), start=1):
        if state.operations[:1] != last:  # a new game: new memos, as a new table's
            memos, last = {viewer: Memo() for viewer in viewers}, state.operations[:1]
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
            raise AssertionError(f"{name}, action {done}: the pictures painted with memos differ")
    reference_ms, memo_ms = (1000 * spent[way] / actions for way in ("reference", "memo"))
    return {"name": f"pictures/{name}", "kind": "pictures", "game": name, "options": options, "actions": actions,
            "viewers": len(viewers), "reference_cpu_ms_per_action": reference_ms, "memo_cpu_ms_per_action": memo_ms,
            "ratio": reference_ms / memo_ms, "goal_ms": GOAL_MS}


def one_way(name: str, *, actions: int, seed: int, memo: bool) -> float:
    """CPU milliseconds per action of every viewer's picture painted one way (with memos, or from the view alone:
    the only way a package older than memos knows)."""
    game = load(name)
    assert game.painter is not None
    painter = game.painter()
    words = game_words("en", name)
    spent, last, memos = 0.0, None, dict[int, Any]()
    for state, viewers in playing(name, TABLES[name], actions=actions, seed=seed):
        if memo and state.operations[:1] != last:
            from academie.picture import Memo

            memos, last = {viewer: Memo() for viewer in viewers}, state.operations[:1]
        used = time.process_time()
        for viewer in viewers:
            view = state.view(viewer)
            names = painter.default_names(view, words=words)
            if memo:
                painter.paint(view, words=words, names=names, memo=memos[viewer])
            else:
                painter.paint(view, words=words, names=names)
        spent += time.process_time() - used
    return 1000 * spent / actions


def before_after(name: str, *, actions: int, seed: int, src: Path) -> dict[str, Any]:
    """The pictures of ``name`` painted by the package in ``src`` from the view alone, then by this checkout's with
    memos, each in a process of its own."""
    root = Path(__file__).resolve().parents[1]

    def run_in(source: Path | None, *, memo: bool) -> float:
        env = dict(os.environ)
        if source is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(source.resolve()), str(root)])
        command = [sys.executable, "-m", "bench.pictures", "--one-way", name, "--actions", str(actions),
                   "--seed", str(seed), *(["--memo"] if memo else [])]
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=True)
        return float(done.stdout.strip().splitlines()[-1])

    before = run_in(src, memo=False)
    after = run_in(None, memo=True)
    return {"name": f"pictures/{name} before and after", "kind": "pictures-before-after", "game": name,
            "actions": actions, "source": str(src), "before_cpu_ms_per_action": before,
            "after_cpu_ms_per_action": after, "ratio": before / after, "goal_ms": GOAL_MS}


def describe(figure: dict[str, Any]) -> str:
    if figure["kind"] == "pictures-before-after":
        met = "met" if figure["after_cpu_ms_per_action"] < GOAL_MS else "NOT met"
        return (f"{figure['game']}: before ({figure['source']}, from the view alone) "
                f"{figure['before_cpu_ms_per_action']:.3f} ms, after (with memos) "
                f"{figure['after_cpu_ms_per_action']:.3f} ms of CPU an action: {figure['ratio']:.1f}× "
                f"(goal < {GOAL_MS} ms: {met})")
    met = "met" if figure["memo_cpu_ms_per_action"] < GOAL_MS else "NOT met"
    return (f"{figure['game']} ({figure['viewers']} pictures an action, {figure['actions']} actions): from the view "
            f"alone {figure['reference_cpu_ms_per_action']:.3f} ms, with memos {figure['memo_cpu_ms_per_action']:.3f}"
            f" ms of CPU an action: {figure['ratio']:.1f}× (goal < {GOAL_MS} ms: {met})")


def run(*, actions: int = 2000, seed: int = 1, games: tuple[str, ...] = tuple(TABLES),
        against: Path | None = None) -> list[dict[str, Any]]:
    figures = []
    for name in games:
        figures.append(measure(name, TABLES[name], actions=actions, seed=seed))
        print(f"[bench] pictures: {describe(figures[-1])}", flush=True)
    for name in games if against is not None else ():
        assert against is not None
        figures.append(before_after(name, actions=actions, seed=seed, src=against))
        print(f"[bench] pictures: {describe(figures[-1])}", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=2000, help="random actions per game")
    parser.add_argument("--only", default=",".join(TABLES), help="the games, separated by commas")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--against", type=Path, default=None,
                        help="a folder holding an older academie package (an older src/): each game is measured "
                        "again, before (that package, from the view alone) and after (this one, with memos)")
    parser.add_argument("--out", type=Path, default=None, help="the JSON to write")
    parser.add_argument("--one-way", default=None, help=argparse.SUPPRESS)  # one figure of --against, in its process
    parser.add_argument("--memo", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one_way is not None:
        print(one_way(args.one_way, actions=args.actions, seed=args.seed, memo=args.memo))
        return 0
    games = tuple(name.strip() for name in args.only.split(",") if name.strip())
    unknown = [name for name in games if name not in TABLES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}; games: {', '.join(TABLES)}")
    figures = run(actions=args.actions, seed=args.seed, games=games, against=args.against)
    out = args.out or RESULTS / f"pictures-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    load_average = os.getloadavg()
    out.write_text(json.dumps({"figures": figures, "load": load_average}, indent=1) + "\n", encoding="utf-8")
    print(f"[bench] wrote {out}; load average {load_average[0]:.1f} at the end of the run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
