"""``python -m bench.pictures``: the CPU the card room spends on the pictures of one action, per game.

After every action the room paints one picture per seat and one for the spectators, each from a fresh view of
its viewer, with the viewer's memo (:class:`academie.picture.Memo`: what the room keeps per table, seat and
language). This bench plays random games of every game as the room does (each action applied on a clone of the
state, which then becomes the table's state) and, after every action, paints every seat's picture and the
spectators' once, one way per process: **with the viewers' memos** (the room's way: the goal's figure) in a process
of its own, and **from the view alone** (how every picture was painted before issue 33) in another, so that
neither way finds the position's shared parts (:class:`academie.engine.Shared`, the painters' work made once for
every viewer) already made by the other. Both ways count the view's making. It reports, per game, the CPU
milliseconds per action of each way (``time.process_time`` of the painting alone: another process on the machine
slows the wall clock, not these figures, except through shared caches) and their ratio, and checks that the two
ways painted equal pictures (each process gives a digest of every picture, painted again in an untimed second
pass: any difference fails the run).

``--against SRC`` measures every game a second time as it was before, in the same way: the package found in the
folder ``SRC`` (an older ``src/``, e.g. ``git archive main src | tar -x -C /tmp/base``) with its memos when it has
them (else from the view alone; the output says which), then this checkout's package with memos, each in a process
of its own, the same games, one after the other; it gives the ratio of their CPU times (before / after, under one
load) and says whether the two packages painted the same pictures.

The goal of issue 33: all the pictures of an action under 0.2 ms of CPU in every game.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
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
TABLES: dict[str, dict[str, int]] = {"ecarte": {}, "whist": {}, "guimbarde": {"players": 5}, "quinze": {"players": 4},
          "guinguette": {"players": 5}}
"""Each game at the table the room most often deals (a game of many seats at five, Le Quinze at four)."""


def playing(name: str, options: dict[str, int], *, actions: int, seed: int) -> Iterator[tuple[Any, tuple[int, ...]]]:
    """The states after each of ``actions`` random actions of ``name`` (whole games from ``seed`` on), as the room
    holds them (each action applied on a clone), with their viewers (every seat, then the spectators)."""
    game = load(name)
    done, games = 0, 0
    while done < actions:
        state, rng = game.new(game.rules(**options), seed=seed + games), random.Random(seed + games)
        games += 1
        viewers = (*range(len(state.returns())), PUBLIC)
        while not state.is_terminal and done < actions:
            state = state.clone()
            state.apply(rng.choice(tuple(state.legal_actions())))
            done += 1
            yield state, viewers


NO_AUTOMATIC_FULL_COLLECTION = 1 << 30
"""The oldest generation's threshold in the card room (:mod:`academie.room.collector`, which an older ``src/`` may
not have): its full collections are scheduled, never automatic."""


def as_the_room_collects() -> None:
    """Collect the garbage the way the room does: what was made so far frozen out of later collections, no
    automatic full collection (the young generations still collected as they fill). Python's automatic full
    collection came about once in a run of 2,000 actions, about 36 ms, 18 µs an action: whether it fell in the
    painting (timed) or in the playing (not timed) moved a figure by a tenth, with no change to the painter."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NO_AUTOMATIC_FULL_COLLECTION)


def one_way(name: str, *, actions: int, seed: int, memo: bool) -> dict[str, Any]:
    """Every viewer's picture after each action painted one way, as the room paints them (with a memo per viewer
    and game when ``memo`` and the package has memos, else from the view alone: the only way a package older than
    memos knows): the CPU milliseconds per action, whether memos were used, and a digest of every picture, made in a
    second pass of the same games painted the same way, not timed (made between the timed paintings, the digest
    would leave them the processor's caches cold)."""
    game = load(name)
    assert game.painter is not None
    painter = game.painter()
    words = game_words("en", name)
    try:
        from academie.picture import Memo
    except ImportError:
        memo = False
    spent, digest, viewers = 0.0, hashlib.sha256(), tuple[int, ...]()
    as_the_room_collects()
    for timed in (True, False):
        last, memos = None, dict[int, Any]()
        for state, viewers in playing(name, TABLES[name], actions=actions, seed=seed):
            if memo and state.operations[:1] != last:  # a new game: new memos, as a new table's
                memos, last = {viewer: Memo() for viewer in viewers}, state.operations[:1]
            used = time.process_time()
            pictures = []
            for viewer in viewers:
                view = state.view(viewer)
                names = painter.default_names(view, words=words)
                if memo:
                    pictures.append(painter.paint(view, words=words, names=names, memo=memos[viewer]))
                else:
                    pictures.append(painter.paint(view, words=words, names=names))
            if timed:
                spent += time.process_time() - used
            else:
                digest.update(repr(pictures).encode())
    return {"cpu_ms_per_action": 1000 * spent / actions, "memo": memo, "viewers": len(viewers),
            "digest": digest.hexdigest()}


def in_process(name: str, *, actions: int, seed: int, memo: bool, source: Path | None = None) -> dict[str, Any]:
    """:func:`one_way` in a process of its own, with the package in ``source`` (a ``src/``) or this checkout's."""
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(source.resolve()), str(root)])
    command = [sys.executable, "-m", "bench.pictures", "--one-way", name, "--actions", str(actions),
               "--seed", str(seed), *(["--memo"] if memo else [])]
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=True)
    figure: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figure


def measure(name: str, *, actions: int, seed: int) -> dict[str, Any]:
    """Every viewer painted with memos in one process, then from the view alone in another, and the pictures
    compared."""
    memo = in_process(name, actions=actions, seed=seed, memo=True)
    reference = in_process(name, actions=actions, seed=seed, memo=False)
    if memo["digest"] != reference["digest"]:
        raise AssertionError(f"{name}: the pictures painted with memos differ from those painted from the view alone")
    reference_ms, memo_ms = reference["cpu_ms_per_action"], memo["cpu_ms_per_action"]
    return {"name": f"pictures/{name}", "kind": "pictures", "game": name, "options": TABLES[name], "actions": actions,
            "viewers": memo["viewers"], "reference_cpu_ms_per_action": reference_ms, "memo_cpu_ms_per_action": memo_ms,
            "ratio": reference_ms / memo_ms, "goal_ms": GOAL_MS, "processes": "one a way"}


def before_after(name: str, *, actions: int, seed: int, src: Path) -> dict[str, Any]:
    """The pictures of ``name`` painted by the package in ``src`` (with its memos when it has them), then by this
    checkout's with memos, each in a process of its own."""
    before = in_process(name, actions=actions, seed=seed, memo=True, source=src)
    after = in_process(name, actions=actions, seed=seed, memo=True)
    return {"name": f"pictures/{name} before and after", "kind": "pictures-before-after", "game": name,
            "actions": actions, "source": str(src), "before_memo": before["memo"],
            "before_cpu_ms_per_action": before["cpu_ms_per_action"],
            "after_cpu_ms_per_action": after["cpu_ms_per_action"],
            "ratio": before["cpu_ms_per_action"] / after["cpu_ms_per_action"],
            "same_pictures": before["digest"] == after["digest"], "goal_ms": GOAL_MS}


def describe(figure: dict[str, Any]) -> str:
    if figure["kind"] == "pictures-before-after":
        met = "met" if figure["after_cpu_ms_per_action"] < GOAL_MS else "NOT met"
        how = "with its memos" if figure["before_memo"] else "from the view alone: it has no memos"
        same = "the same pictures" if figure["same_pictures"] else "DIFFERENT pictures"
        return (f"{figure['game']}: before ({figure['source']}, {how}) "
                f"{figure['before_cpu_ms_per_action']:.3f} ms, after (with memos) "
                f"{figure['after_cpu_ms_per_action']:.3f} ms of CPU an action: {figure['ratio']:.2f}×, {same} "
                f"(goal < {GOAL_MS} ms: {met})")
    met = "met" if figure["memo_cpu_ms_per_action"] < GOAL_MS else "NOT met"
    return (f"{figure['game']} ({figure['viewers']} pictures an action, {figure['actions']} actions, each way in a "
            f"process of its own): with memos {figure['memo_cpu_ms_per_action']:.3f} ms, from the view alone "
            f"{figure['reference_cpu_ms_per_action']:.3f} ms of CPU an action: {figure['ratio']:.1f}× "
            f"(goal < {GOAL_MS} ms: {met})")


def run(*, actions: int = 2000, seed: int = 1, games: tuple[str, ...] = tuple(TABLES),
        against: Path | None = None) -> list[dict[str, Any]]:
    figures = []
    for name in games:
        figures.append(measure(name, actions=actions, seed=seed))
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
                        "again, before (that package, with its memos when it has them) and after (this one, with "
                        "memos)")
    parser.add_argument("--out", type=Path, default=None, help="the JSON to write")
    parser.add_argument("--one-way", default=None, help=argparse.SUPPRESS)  # one way of one game, in its process
    parser.add_argument("--memo", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one_way is not None:
        print(json.dumps(one_way(args.one_way, actions=args.actions, seed=args.seed, memo=args.memo)))
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
