"""``python -m bench.marks``: the CPU of the strongest bots' mark on a board (:func:`academie.duplicate.bot_score`),
which the card room's board of the day computes once per board and process.

For each game with a duplicate scheme, the day's board played by its strongest bot at every seat and, in the same
run, by its classical bot (the reference: the same board, the same seeding, bots that do not search); figures are CPU
seconds of this process (``time.process_time``) of one mark each, cold, as the room computes it once (a bot may keep
what it learnt for the next: a second mark in the same process would measure less), and the ratio strongest /
classical; the load average is printed with them. Run it twice.
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import date

from academie import duplicate
from academie.games import GAMES

DAY = date(2026, 12, 5)


def cost(board: duplicate.Board, bot: str) -> float:
    """The CPU seconds of the mark of ``board`` by ``bot``."""
    start = time.process_time()
    duplicate.bot_score(board, bot=bot)
    return time.process_time() - start


def main() -> None:
    argparse.ArgumentParser(prog="python -m bench.marks", description=__doc__.splitlines()[0]).parse_args()
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    for game in GAMES.values():
        if game.boards is None:
            continue
        (board,) = duplicate.boards_of_the_day(game, DAY, seats=game.min_seats)
        strongest, classical = cost(board, game.strongest()), cost(board, "classical")
        print(f"{game.name}: {game.strongest()} {strongest:.2f} s · classical {1000 * classical:.1f} ms · "
              f"ratio {strongest / classical:.0f}")
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
