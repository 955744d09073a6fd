"""What the terminal screens of every game share (they live in each game's package, ``terminal.py``): the
closing line of a game of counters or tokens, and a replay told action by action.

Each game's screen offers :func:`run_terminal_game` (``state, *, bots, console, read_line[, human]``; True when
the game was played to its end), ``closing_words(state, *, human, finished)`` and
``print_replay(console, partie, state)``; the command line calls them through the game's registration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape


def counters_closing(state: Any, *, human: int, finished: bool) -> str:
    """What each seat won (+) or lost (−), the player named "you"."""
    points = state.result().points
    return (("\n[bold]Final[/bold] " if finished else "\nGame stopped. ") + "counters: " +
            ", ".join(f"{'you' if s == human else f'seat {s}'} {p:+d}" for s, p in enumerate(points)))


def print_described_replay(console: Console, state: Any, describe: Callable[[str], str]) -> None:
    """A replay told one operation a line (``describe`` turns an operation's text into words), then the result."""
    for operation in state.operations:
        console.print(escape(describe(str(operation))))
    console.print(f"\n[bold]{'Result' if state.is_terminal else 'Unfinished'}[/bold] counters: " +
                  " ".join(f"{p:+d}" for p in state.result().points))
