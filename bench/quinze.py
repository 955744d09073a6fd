"""Le Quinze: random coups per second through the Python API, beside OpenSpiel's and RLCard's blackjack.

``python -m bench.quinze [--runs R] [--target-s S] [--no-peers] [--shared PATH]``

Our figures play seeded parties with uniformly random legal actions (checked ``apply``, views not built) and count
completed coups (a coup is one deal of the hidden cards, general passes included) and the players' actions, for
Form A with 2, 4 and 6 players and for Form B. The peers' figures come from ``shared/peer-bench``: OpenSpiel's
blackjack (one Python call per action, and the whole playout in C++) and RLCard's blackjack ``env.step`` loop,
measured by the peers' own harness and workloads in their venv (``bench.peers.peer_python``), in the same run.
The pairs divided are those the peer-bench README names: a random Quinze coup against a random blackjack game.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from academie.games.quinze import QuinzeRules, QuinzeState
from bench import Counters, Figure, machine, throughput
from bench import peers as peer_bench

PEER_SCRIPT = """
import sys
sys.path.insert(0, {folder!r})
import bench_anchors, pyspiel, rlcard
from harness import Bench
bench = Bench(runs={runs}, target_s={target_s})
game = pyspiel.load_game("blackjack")
bench.measure("openspiel/blackjack/python-api random full game", bench_anchors.os_python_random(game), note="blackjack")
bench.measure("openspiel/blackjack/C++ random full game", bench_anchors.os_cpp_random(pyspiel, game), note="blackjack")
bench.measure("rlcard/blackjack/env.step random", bench_anchors.rl_step_loop(rlcard, "blackjack"), note="blackjack")
bench.dump({out!r})
"""
"""Runs in the peers' venv: their harness and their workloads, only the blackjack ones."""

PAIRS = (
    ("quinze/A 2 players/python-api random coup", "openspiel/blackjack/python-api random full game"),
    ("quinze/A 2 players/python-api random coup", "openspiel/blackjack/C++ random full game"),
    ("quinze/A 2 players/python-api random coup", "rlcard/blackjack/env.step random"),
    ("quinze/B/python-api random coup", "openspiel/blackjack/python-api random full game"),
    ("quinze/B/python-api random coup", "rlcard/blackjack/env.step random"),
)


def random_coups(form: str, players: int) -> Any:
    """The workload: ``n`` random coups (whole parties, cut at n), checked ``apply``, chance from a seed."""

    def work(n: int, seed: int) -> Counters:
        coups = actions = 0
        partie = 0
        while coups < n:
            state = QuinzeState.new(QuinzeRules(form=form, players=players, rounds=3),  # type: ignore[arg-type]
                                    seed=seed * 1_000_003 + partie)
            rng = random.Random(partie)
            while not state.is_terminal and coups + len(state.deal_results) < n:
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
            coups += len(state.deal_results)
            partie += 1
        return {"coups": coups, "actions": actions}

    return work


def ours(runs: int, target_s: float) -> list[Figure]:
    cases = [("A", 2), ("A", 4), ("A", 6), ("B", 2)]
    return [throughput(f"quinze/{form}{f' {players} players' if form == 'A' else ''}/python-api random coup",
                       random_coups(form, players), unit="coups", runs=runs, target_s=target_s,
                       note="uniform random legal actions, checked apply") for form, players in cases]


def peers(shared: Path, runs: int, target_s: float) -> list[Figure]:
    python = peer_bench.peer_python()
    if python is None:
        print(f"[peers] not run: no venv at {peer_bench.peer_venv()}", flush=True)
        return []
    folder = shared / "peer-bench"
    with tempfile.TemporaryDirectory(prefix="academie-quinze-") as tmp:
        out = Path(tmp) / "peers.json"
        script = PEER_SCRIPT.format(folder=str(folder), runs=runs, target_s=target_s, out=str(out))
        completed = subprocess.run([str(python), "-c", script], capture_output=True, text=True, check=False)
        for line in completed.stdout.splitlines():
            print("[peers] " + line, flush=True)
        if completed.returncode != 0:
            print("[peers] failed: " + completed.stderr.strip().splitlines()[-1], flush=True)
            return []
        figures: list[Figure] = json.loads(out.read_text(encoding="utf-8"))["results"]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.quinze", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target-s", type=float, default=1.5)
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--shared", type=Path, default=peer_bench.DEFAULT_SHARED)
    parser.add_argument("--out", type=Path, default=None, help="write the figures and ratios as JSON")
    args = parser.parse_args()
    mine = ours(args.runs, args.target_s)
    theirs = [] if args.no_peers else peers(args.shared, args.runs, args.target_s)
    by_name = {figure["name"]: figure for figure in [*mine, *theirs]}
    rows = []
    for our_name, peer_name in PAIRS:
        if our_name in by_name and peer_name in by_name:
            ours_rate = by_name[our_name]["coups_per_s_median"]
            peer_rate = by_name[peer_name]["games_per_s_median"]
            rows.append({"ours": our_name, "peer": peer_name, "ours_rate": ours_rate, "peer_rate": peer_rate,
                         "ratio": ours_rate / peer_rate})
            print(f"{our_name}: {ours_rate:,.0f}/s vs {peer_name}: {peer_rate:,.0f}/s -> {ours_rate / peer_rate:.2f}")
    if args.out:
        args.out.write_text(json.dumps({"machine": machine(), "ours": mine, "peers": theirs, "ratios": rows},
                                       indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
