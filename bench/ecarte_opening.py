"""The expert following the solved opening against the plain expert, on duplicate boards (``python -m
bench.ecarte_opening``; never part of the tests), issue 34: "if the strongest bot gains by following it, make it
part of the bot and measure the gain on at least 2,000 boards".

Boards as ``academie tournament`` deals and seats them (:func:`academie.tournament.play_board`): board ``b`` is the
first deal of a partie dealt from ``derive_seed(seed, b)`` by seat 0, played once with the equilibrium expert
(``make_bot("ecarte", "expert", opening="equilibrium")``) in seat 0 and the plain expert in seat 1, once the other
way round, the bot in seat ``s`` seeded ``derive_seed(board_seed, s + 1)`` whichever it is. A board's margin is the
equilibrium expert's points minus the plain expert's, averaged over the two deals.

The two bots differ only at the first decisions of a deal (the elder's stand or propose, the dealer's answer to a
first proposal), and each decision is drawn from a generator seeded by the bot's seed and the view. So where the
equilibrium decides as the plain expert does, the deal it plays is the plain experts' deal, action for action, and
a board whose first decisions all agree has a margin of exactly 0. The bench plays each board's plain deal up to
its first decisions; only where a decision differs does it play the deals, in full, that the difference changes.
``--check N`` plays the first ``N`` boards in full both ways as well and stops if a margin differs.

Runs of consecutive boards (``--first``, ``--boards``) can be pooled (``--pool FILE ...``): a board's margin
depends only on the seed and its number.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from pathlib import Path
from typing import Any

from academie.bots import Bot
from academie.engine import Action
from academie.games import load, make_bot
from academie.games.ecarte import EcarteState, Phase
from academie.games.ecarte.bots.expert import ExpertBot
from academie.sim import derive_seed

RESULTS = Path(__file__).resolve().parent / "results"
FIRST = (Phase.ELDER_DECIDES, Phase.DEALER_DECIDES)
Z_95 = 1.959963984540054


def _bots(board_seed: int, equilibrium_seat: int | None) -> list[Bot]:
    """The two seats' bots: the equilibrium expert in ``equilibrium_seat`` (None: nowhere), the plain one elsewhere."""
    return [make_bot("ecarte", "expert", seed=derive_seed(board_seed, seat + 1),
                     **({"opening": "equilibrium"} if seat == equilibrium_seat else {})) for seat in range(2)]


def _deal(board_seed: int, bots: list[Bot]) -> tuple[int, int]:
    """The points of each seat in the board's deal, these bots in the seats."""
    state = EcarteState.new(seed=board_seed, first_dealer=0)
    for _ in range(load("ecarte").max_actions_per_deal):
        if state.deal_results:
            points = state.deal_results[0].points
            return points[0], points[1]
        seat = state.actor
        assert isinstance(seat, int)
        state.apply(bots[seat].choose(state.view(seat)))
    raise RuntimeError("a deal did not end")


def _differences(board_seed: int) -> set[int]:
    """The seats whose first decision the equilibrium takes otherwise than the plain expert, in the plain deal."""
    state = EcarteState.new(seed=board_seed, first_dealer=0)
    plain = _bots(board_seed, None)
    followers = [ExpertBot(seed=derive_seed(board_seed, seat + 1), opening="equilibrium") for seat in range(2)]
    differ: set[int] = set()
    began = False
    while not state.deal_results:
        if state.phase in FIRST:
            began = True
        elif began:
            break  # past the first decisions: the rest is the same whoever decides
        seat = state.actor
        assert isinstance(seat, int)
        view = state.view(seat)
        action: Action = plain[seat].choose(view)
        if view.phase in FIRST:
            followed = followers[seat]._equilibrium(view)
            if followed is not None and followed != action:
                differ.add(seat)
        state.apply(action)
    return differ


def margin(seed: int, board: int) -> tuple[float, set[int]]:
    """The equilibrium expert's margin on the board (points a deal), and the seats where it decided otherwise."""
    board_seed = derive_seed(seed, board)
    differ = _differences(board_seed)
    if not differ:
        return 0.0, differ
    plain = _deal(board_seed, _bots(board_seed, None))
    total = 0
    for seat in (0, 1):  # the equilibrium in this seat
        points = _deal(board_seed, _bots(board_seed, seat)) if seat in differ else plain
        total += points[seat] - points[1 - seat]
    return total / 2, differ


def full_margin(seed: int, board: int) -> float:
    """The margin played the tournament's way: both deals in full."""
    board_seed = derive_seed(seed, board)
    total = 0
    for seat in (0, 1):
        points = _deal(board_seed, _bots(board_seed, seat))
        total += points[seat] - points[1 - seat]
    return total / 2


def summary(margins: list[float]) -> dict[str, Any]:
    n = len(margins)
    mean = sum(margins) / n
    spread = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else math.inf
    half = Z_95 * spread / math.sqrt(n)
    return {"boards": n, "mean": mean, "low": mean - half, "high": mean + half,
            "boards that differ": sum(1 for m in margins if m != 0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ecarte_opening", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first board's number")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check", type=int, default=0, help="boards also played in full both ways")
    parser.add_argument("--out", type=Path, default=None, help="the JSON to write")
    parser.add_argument("--pool", type=Path, nargs="*", default=None, help="pool the boards of these runs")
    args = parser.parse_args(argv)
    if args.pool:
        boards: dict[int, float] = {}
        for path in args.pool:
            run = json.loads(path.read_text(encoding="utf-8"))
            boards.update({int(b): m for b, m in run["margins"].items()})
        print(json.dumps(summary([boards[b] for b in sorted(boards)])))
        return 0
    margins: dict[int, float] = {}
    roles = {0: 0, 1: 0}
    start = time.process_time()
    out = args.out or RESULTS / f"ecarte-opening-{args.first}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    result: dict[str, Any] = {}
    for board in range(args.first, args.first + args.boards):
        margins[board], differ = margin(args.seed, board)
        for seat in differ:
            roles[seat] += 1
        if board - args.first < args.check and full_margin(args.seed, board) != margins[board]:
            raise SystemExit(f"board {board}: the margin played in full differs from the shortcut's")
        # written after every board, so that a run stopped midway keeps the boards it played
        result = {"seed": args.seed, "first": args.first, "margins": margins, "cpu_s": time.process_time() - start,
                  "differ as dealer": roles[0], "differ as elder": roles[1], "load": os.getloadavg()[0],
                  **summary(list(margins.values()))}
        out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k != "margins"}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
