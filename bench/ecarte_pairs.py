"""The price of one paired deal of Écarté's bot rows (``python -m bench.ecarte_pairs``; never part of the tests).

A bot row of the books' report (:mod:`academie.games.ecarte.analysis`, issue 34) plays each deal twice with the
strongest bot in both seats, once for each first decision (:func:`~academie.games.ecarte.analysis.bot_deal`).
This bench plays ``--pairs`` such pairs on deals drawn from ``--seed`` and gives the processor time a pair, in a
process of its own (no cache filled by another figure). ``--against SRC`` plays the same pairs with the package
found in the folder ``SRC`` (an older ``src/``: ``git archive main src | tar -x -C /tmp/base``), each side in its
own process, the two in turn ``--runs`` times, and gives the ratio of the processor times under one load; the
elder's points of every deal must be the same on both sides (the same decisions), or the bench says so.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"


def one_side(*, pairs: int, seed: int) -> dict[str, Any]:
    """Play the pairs in this process: the processor time a pair and every deal's outcome."""
    from academie.games.ecarte import analysis
    from academie.games.ecarte.state import PROPOSE, STAND

    outcomes = []
    start = time.process_time()
    for index in range(pairs):
        deal = analysis.shuffled(analysis.derive(seed, 500, index))
        for first in (STAND, PROPOSE):
            outcomes.append(list(analysis.bot_deal(deal, elder_first=first, seed=index)))
    cpu = time.process_time() - start
    return {"cpu_s_per_pair": cpu / pairs, "outcomes": outcomes}


def _in_process(*, pairs: int, seed: int, src: Path | None) -> dict[str, Any]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src.resolve()), str(ROOT)])
    command = [sys.executable, "-m", "bench.ecarte_pairs", "--one-side", "--pairs", str(pairs), "--seed", str(seed)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ecarte_pairs", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=20, help="paired deals a side and a run")
    parser.add_argument("--seed", type=int, default=1, help="the seed the deals are drawn from")
    parser.add_argument("--runs", type=int, default=2, help="runs of each side, in turn")
    parser.add_argument("--against", type=Path, default=None, help="a folder holding an older academie package")
    parser.add_argument("--out", type=Path, default=None, help="the JSON to write")
    parser.add_argument("--one-side", action="store_true", help=argparse.SUPPRESS)  # one side, in its process
    args = parser.parse_args(argv)
    if args.one_side:
        print(json.dumps(one_side(pairs=args.pairs, seed=args.seed)))
        return 0
    figures = []
    for run in range(1, args.runs + 1):
        figure: dict[str, Any] = {"run": run, "pairs": args.pairs, "load_before": os.getloadavg()[0]}
        after = _in_process(pairs=args.pairs, seed=args.seed, src=None)
        figure["after_cpu_s_per_pair"] = after["cpu_s_per_pair"]
        line = f"run {run}: {after['cpu_s_per_pair']:.3f} s of CPU a pair"
        if args.against is not None:
            before = _in_process(pairs=args.pairs, seed=args.seed, src=args.against)
            figure["before_cpu_s_per_pair"] = before["cpu_s_per_pair"]
            figure["ratio"] = before["cpu_s_per_pair"] / after["cpu_s_per_pair"]
            figure["same_outcomes"] = before["outcomes"] == after["outcomes"]
            line = (f"run {run}: before ({args.against}) {before['cpu_s_per_pair']:.3f} s, after "
                    f"{after['cpu_s_per_pair']:.3f} s of CPU a pair: {figure['ratio']:.2f}×; the same outcomes: "
                    f"{'yes' if figure['same_outcomes'] else 'NO'}")
        figure["load_after"] = os.getloadavg()[0]
        figures.append(figure)
        print(f"[bench] ecarte pairs: {line} (load {figure['load_before']:.1f} → {figure['load_after']:.1f})",
              flush=True)
    out = args.out or RESULTS / f"ecarte-pairs-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"figures": figures}, indent=1) + "\n", encoding="utf-8")
    print(f"[bench] wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
