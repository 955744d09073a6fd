"""OpenSpiel's information-set Monte-Carlo tree search as a bot of ours, ``openspiel-ismcts``: an outside opponent
for every game (``academie tournament GAME --bots search,openspiel-ismcts``).

Like every bot it is given a view, never the state. It searches the OpenSpiel game of
:mod:`academie.interop.openspiel` (one deal): each simulation starts from a world drawn by the game's own
``State.sample(view, rng)`` (the hidden cards dealt at random among those the seat has not seen, consistently with
everything its view establishes), follows the tree of the seat's information sets by UCT, and ends with one random
playout to the end of the deal. It plays the action visited most. The exploration constant is scaled to the game's
range of results for a deal.

>>> from academie import games
>>> state = games.load("ecarte").new(seed=7, first_dealer=0)
>>> bot = IsmctsBot(seed=1, simulations=20)
>>> str(bot.choose(state.view(1))) in ("propose", "stand")
True
"""

from __future__ import annotations

import random
from collections.abc import Sized
from typing import Final, Protocol

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from academie.bots import Reason
from academie.bots.random import NoLegalActionError
from academie.engine import Action, Game, Rules, View
from academie.interop.encoding import InteropError, deal_bounds
from academie.interop.openspiel import AcademieGame, AcademieState, from_engine, game_for_rules

NAME: Final = "openspiel-ismcts"
SIMULATIONS: Final = 200
"""Simulations per decision by default."""
EXPLORATION: Final = 0.7
"""UCT's exploration constant, per unit of a deal's range of results."""


class RulesView(View, Protocol):
    """A view that names its rules, as every game's does: the bot finds the game and its bounds from them."""

    @property
    def rules(self) -> Rules:
        ...


class IsmctsBot:
    """OpenSpiel's ISMCTS (its Python implementation) deciding for one of our seats."""

    name = NAME

    def __init__(self, *, seed: int = 0, simulations: int = SIMULATIONS) -> None:
        self.simulations = simulations
        self._rng = random.Random(seed)
        self._numpy = np.random.RandomState(seed % 2**32)
        self._last = ""

    def choose(self, view: RulesView) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if len(legal) == 1:
            self._last = Reason("the only move allowed")
            return legal[0]
        game = game_for_rules(view.rules, players=_players(view))
        state_class = game.academie_type.state
        low, high = deal_bounds(game.academie_type, view.rules)

        def resample(state: AcademieState, player: int) -> AcademieState:
            return from_engine(game, state_class.sample(state.engine.view(player), self._rng))

        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, self._numpy), EXPLORATION * (high - low),
                               self.simulations, random_state=self._numpy)
        bot.set_resampler(resample)
        root = resample(_root(game, view, state_class, self._rng), view.viewer)
        index = int(bot.step(root))
        self._last = Reason("chooses the move its information-set search visited most, over {count} simulations",
                            count=self.simulations)
        return game.encoding.actions.action(view, index)

    def explain(self) -> str:
        return self._last


def _players(view: View) -> int:
    """The seats of the view's table: its hands' sizes, or Le Quinze's caves."""
    for name in ("hand_sizes", "caves"):
        seats: Sized | None = getattr(view, name, None)
        if seats is not None:
            return len(seats)
    raise InteropError(f"a {type(view).__name__} holds neither hand_sizes nor caves: its seats are not known")


def _root(game: AcademieGame, view: View, state_class: type[Game], rng: random.Random) -> AcademieState:
    return from_engine(game, state_class.sample(view, rng))


def make(*, seed: int = 0, simulations: int = SIMULATIONS) -> IsmctsBot:
    """The factory the bots' registry calls (``make_bot(game, "openspiel-ismcts", seed=...)``)."""
    return IsmctsBot(seed=seed, simulations=simulations)


__all__ = ["NAME", "IsmctsBot", "make"]
