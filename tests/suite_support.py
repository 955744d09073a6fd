"""The tables every shared suite plays, as each registered game declares them in its own package
(:class:`academie.registry.Suite`): no test lists the games, and a game published on its own (an entry point of
``academie.games``) is tested here like the five of this distribution."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from academie.cards import Card
from academie.engine import Mode
from academie.games import GAMES, load
from academie.registry import Suite, SuiteTable

SUITES: dict[str, Suite] = {name: game.suite() for name, game in GAMES.items() if game.suite is not None}
"""What each game tells the shared tests, by game."""
ALL_TABLES: dict[str, tuple[str, SuiteTable]] = {
    table.name: (name, table) for name, suite in SUITES.items() for table in suite.tables}
"""Every table a game declares, by the table's name: (game, table)."""
TABLES: dict[str, tuple[str, SuiteTable]] = {name: entry for name, entry in ALL_TABLES.items() if entry[1].sweeps}
"""The tables the shared suite's sweeps play."""


def new_state(table: str, seed: int, *, mode: Mode = Mode.ENFORCED) -> Any:
    game_name, declared = ALL_TABLES[table]
    game = load(game_name)
    rules = game.rules(**declared.rules, mode=mode)
    return game.new(rules, seed=seed, **declared.options)


def face_down(state: Any) -> dict[int, set[Card]]:
    """The cards each seat holds face down now, as its game reads them from the state (never from a view)."""
    return SUITES[state.game_name].face_down(state)


def golden(game: str) -> Path:
    """Where a game's golden files are: the ``tests/golden`` folder of the checkout that holds the game."""
    _, tests = load(game).sources
    assert tests is not None, f"{game} runs from a checkout with its tests"
    return tests / "golden"


def make_bot(game: str, name: str, seed: int) -> Any:
    """A bot of ``game``, with the small budget its package gives the tests when it searches."""
    return load(game).make_bot(name, seed=seed, **SUITES[game].bot_budgets.get(name, {}))
