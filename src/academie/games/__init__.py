"""The games we know, as data (DESIGN §2: metadata as data), and how to load one by name or alias.

>>> from academie import games
>>> games.available()
('ecarte', 'whist', 'guimbarde', 'guinguette', 'quinze')
>>> games.load("Écarté").title
'Écarté'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from academie.engine import RulesError


@dataclass(frozen=True, slots=True)
class GameType:
    """What a game is, before any deal: names, seats, pack, chance, length, and where its code lives."""

    name: str
    title: str
    aliases: tuple[str, ...]
    min_seats: int
    max_seats: int
    partnerships: bool
    pack_size: int
    explicit_chance: bool
    max_actions_per_deal: int
    module: str
    state_class: str
    rules_class: str

    def _module(self) -> Any:
        return importlib.import_module(self.module)

    @property
    def state(self) -> Any:
        """The state class (with a ``new(rules, seed=..., decks=...)`` constructor)."""
        return getattr(self._module(), self.state_class)

    @property
    def rules(self) -> Any:
        return getattr(self._module(), self.rules_class)

    @property
    def code_files(self) -> tuple[Path, ...]:
        """The source files where this game's rules are implemented (the laws table excepted)."""
        main = Path(self._module().__file__)
        table = main.with_name("table.py")
        return (main, table) if table.exists() else (main,)

    @property
    def catalogue(self) -> Any:
        """Every rule and law ID of the game (:class:`academie.laws.RuleEntry`)."""
        return importlib.import_module(self.module.rpartition(".")[0] + ".laws").CATALOGUE

    def new(self, rules: Any = None, **options: Any) -> Any:
        """A new game state: ``load("ecarte").new(seed=7)`` or ``new(decks=[...])``."""
        return self.state.new(rules, **options)


GAMES: dict[str, GameType] = {
    "ecarte": GameType(
        name="ecarte", title="Écarté", aliases=("écarté", "ecarte"), min_seats=2, max_seats=2,
        partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=96,
        module="academie.games.ecarte.state", state_class="EcarteState", rules_class="EcarteRules"),
    "whist": GameType(
        name="whist", title="Whist", aliases=("whist", "whisk", "whiste"), min_seats=4, max_seats=4,
        partnerships=True, pack_size=52, explicit_chance=True, max_actions_per_deal=54,
        module="academie.games.whist.state", state_class="WhistState", rules_class="WhistRules"),
    "guimbarde": GameType(
        name="guimbarde", title="La Guimbarde", aliases=("guimbarde", "la guimbarde", "la mariée", "la mariee"),
        min_seats=3, max_seats=8, partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=41,
        module="academie.games.guimbarde.state", state_class="GuimbardeState", rules_class="GuimbardeRules"),
    "guinguette": GameType(
        name="guinguette", title="La Guinguette", aliases=("guinguette", "la guinguette"), min_seats=3,
        max_seats=8, partnerships=False, pack_size=36, explicit_chance=True, max_actions_per_deal=400,
        module="academie.games.guinguette.state", state_class="GuinguetteState", rules_class="GuinguetteRules"),
    "quinze": GameType(
        name="quinze", title="Le Quinze", aliases=("quinze", "le quinze", "fifteen"), min_seats=2, max_seats=6,
        partnerships=False, pack_size=52, explicit_chance=True, max_actions_per_deal=2000,
        module="academie.games.quinze.state", state_class="QuinzeState", rules_class="QuinzeRules"),
}


def available() -> tuple[str, ...]:
    """The names of the games available."""
    return tuple(GAMES)


def load(name: str) -> GameType:
    """The game type for a name or alias (case and accents ignored)."""
    key = name.strip().lower()
    for game in GAMES.values():
        if key == game.name or key in game.aliases:
            return game
    raise RulesError(f"unknown game {name!r}; available: {', '.join(GAMES)}")
