"""The expert bot for Le Quinze: the two-seat vying solved on an abstraction, and elsewhere the search bot's
play-outs over worlds weighted by what the opponents did.

In a two-seat coup of the default rules (:func:`academie.games.quinze.bots.vying.applies`) the expert plays the
strategy that regret minimisation computed offline for the abstraction of :mod:`academie.games.quinze.bots.vying`
(:mod:`~academie.games.quinze.bots.vying_table`): it opens, holds, raises, draws and stands as a near-equilibrium
of the coup does, drawing among the actions with the table's probabilities. A bluffer cannot exploit it (it folds
only as often as the equilibrium does), and it still gains from an honest player's folds. Measured: the expert
that read bets as signs of strong cards (below) folded too often against OpenSpiel's information-set search, which
bets and raises big on any card (-5.2 ± 7 tokens a deal over 100 boards). ``vying=False`` turns the table off.

Elsewhere (three seats or more, other rules, a passe carried over from a general pass) it searches. The search
bot (:mod:`academie.games.quinze.bots.search`) reads an opponent's bets crudely (a world is dropped when
a seat that put money in holds a poor hidden card) and never reads his draws. The expert weighs every sampled world
by how likely each opponent's decisions of this coup were with the hidden card the world gives him (Q-§8
"Information": his total lies in [up + 1, up + 10], and what he did narrows it):

- each « carte » he asked for was asked on a total below the standing thresholds (Q-§8 "Standing thresholds":
  12 heads-up, 13 against several), each « je m'y tiens » on a total at or above 11, where another card busts
  more often than not (Q-§8 "Bust and hit chances");
- each raise after a card was made on a strong total (14 or more: Q-§8 "Betting"), each opening, hold or raise
  before any card on a hidden card likely to reach 12 to 15.

A decision that fits the hidden card counts :data:`FITS`, one that does not :data:`ODD` (players bluff, and the
model is a model): a world's weight is the product over the opponents' decisions. Each candidate action is played
out in the same worlds by the search bot's quick policy (common random numbers), and its value is the weighted mean
of the seat's tokens won or lost in the coup.

Not every opponent folds as the books advise. In a share ``loose`` of the worlds the opponents hold every bet in
the play-outs (:func:`loose_action`): a raise on a poor hand, which only a fold can pay, is then worth what it is
against a player who calls. Off by default (:data:`LOOSE`): with half the worlds loose the expert did no better
against OpenSpiel's information-set search, which bets and holds on any card (+1.6 ± 12 tokens a deal over 40
boards, against -5.2 ± 7 over 100 without), and it lost its edge over the search bot (+0.1 ± 3.2 over 114 boards,
against +2.8 ± 2.3 over 200). The classical choice stands unless another candidate beats it, world
by world, by more than ``margin`` weighted standard errors. Form B: the classical bot's exactly optimal policy
(Q-§5.8), as the search bot does.

Deterministic: one ``random.Random(seed)``; no clock.

>>> from academie.games.quinze.state import QuinzeRules, QuinzeState
>>> state = QuinzeState.new(QuinzeRules(players=2), seed=3, first_dealer=1)
>>> bot = ExpertBot(seed=1, samples=8)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from academie.bots import Reason
from academie.engine import AcademieError, Action, RulesError
from academie.games.quinze.bots.classical import ClassicalBot, reach_chance
from academie.games.quinze.bots.search import FULL_PACK, _beats, candidates, rollout_action
from academie.games.quinze.bots.vying import choose as vying_choice
from academie.games.quinze.state import (
    ALL_IN,
    CARD,
    HOLD,
    STAND,
    Open,
    Phase,
    QuinzeState,
    QuinzeView,
    Raise,
    card_values,
)

FITS: Final = 1.0
"""The weight of an opponent's decision that fits the hidden card a world gives him."""
ODD: Final = 0.2
"""The weight of one that does not (a bluff, or a player unlike the model)."""
STRONG_DRAWN_TOTAL: Final = 14
"""Q-§8 Betting: a raise after drawing is made on a strong total."""
LOOSE: Final = 0.0
"""The share of the worlds whose opponents hold every bet in the play-outs by default (module docstring)."""
GOOD_HIDDEN_CARD: Final = 0.45
"""Q-§8 Betting: money put in before any card says the hidden card reaches 12 to 15 at least this often."""


def loose_action(state: QuinzeState, seat: int) -> Action:
    """What a loose opponent of ``seat`` does in a play-out (module docstring): holds every bet (Q-R9), or stakes
    all it has when short of it (QUINZE-37); elsewhere it plays the search bot's quick policy."""
    legal = state.legal_actions()
    actor = state.actor
    assert isinstance(actor, int)
    if HOLD in legal:
        return HOLD
    if ALL_IN in legal and state.highest() > state.coup.contrib[actor]:
        return ALL_IN
    return rollout_action(state, random.Random(seat))


def decision_weight(view: QuinzeView, seat: int, hole_value: int) -> float:
    """How well ``seat``'s decisions of this coup fit a hidden card of value ``hole_value`` (module docstring):
    the product of :data:`FITS` and :data:`ODD` over its draws, stands, openings, holds and raises."""
    values = card_values(view.rules.courts_value)
    up = [values[card.index] for card in view.up[seat]]
    rivals = sum(1 for s in range(len(view.caves)) if view.in_coup[s] and not view.folded[s])
    goal = 12 if rivals <= 2 else 13
    taken = 0
    weight = 1.0
    for actor, action in view.history:
        if actor != seat:
            continue
        total = hole_value + sum(up[:taken])
        if action == CARD:
            fits = total < goal
            taken += 1
        elif action == STAND:
            fits = total >= 11
        elif isinstance(action, (Open, Raise)) or action == HOLD:
            fits = total >= STRONG_DRAWN_TOTAL if taken and isinstance(action, Raise) else \
                reach_chance(total, FULL_PACK, 12) >= GOOD_HIDDEN_CARD
        else:
            continue
        weight *= FITS if fits else ODD
    return weight


def world_weight(view: QuinzeView, world: QuinzeState) -> float:
    """The weight of a sampled world: how well every opponent's decisions fit the hidden card it gives him."""
    values = card_values(view.rules.courts_value)
    weight = 1.0
    for seat in range(len(view.caves)):
        if seat == view.viewer or view.hole[seat] is not None or not view.in_coup[seat]:
            continue
        hole = world.coup.hole[seat]
        if hole >= 0:
            weight *= decision_weight(view, seat, values[hole])
    return weight


def weighted_gain(values: Sequence[float], base: Sequence[float], weights: Sequence[float]) -> tuple[float, float]:
    """The weighted mean of ``values - base`` world by world, and its standard error (Kish's effective count)."""
    total = sum(weights)
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    variance = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    effective = total * total / sum(w * w for w in weights)
    return mean, math.sqrt(variance / max(1.0, effective - 1))


class ExpertBot:
    """Worlds weighted by the opponents' decisions, play-outs of every candidate, a switch only on a clear gain."""

    name = "expert"
    whole_cave = False
    """Whether raises of the whole cave are weighed (see :func:`~academie.games.quinze.bots.search.candidates`)."""

    def __init__(self, *, seed: int = 0, samples: int = 96, margin: float = 1.0, loose: float = LOOSE,
                 vying: bool = True) -> None:
        if type(samples) is not int or samples < 2:
            raise RulesError(f"samples={samples!r} is not allowed; allowed: 2 or more")
        if not margin >= 0:
            raise RulesError(f"margin={margin!r} is not allowed; allowed: 0 or more")
        if not 0 <= loose <= 1:
            raise RulesError(f"loose={loose!r} is not allowed; allowed: a share from 0 to 1")
        self._loose = loose
        self._vying = vying
        self._rng = random.Random(seed)
        self._samples = samples
        self._margin = margin
        self._classical = ClassicalBot(seed=seed)
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason`, the tokens a coup by which it beats the
        classical choice over the weighted worlds, or the classical bot's own reason where its choice stands."""
        return self._last

    def choose(self, view: QuinzeView) -> Action:
        options = candidates(view, whole_cave=self.whole_cave)
        if len(options) == 1:
            self._last = Reason("takes the only choice it has")
            return options[0]
        solved = vying_choice(view, self._rng) if self._vying else None
        if solved is not None:  # the two-seat coup the abstraction describes: its equilibrium strategy
            action, self._last = solved
            return action
        baseline = self._classical.choose(view)
        if view.rules.form == "B":  # Q-§5.8: the exact optimal policy
            self._last = self._classical.explain()
            return baseline
        worlds = self._worlds(view)
        if len(worlds) < 2:  # no world fits the view (a ruling pending): the books decide
            self._last = self._classical.explain()
            return baseline
        if baseline not in options:
            options = (*options, baseline)
        weights = [weight for _, weight in worlds]
        loose = [index < self._loose * len(worlds) for index in range(len(worlds))]
        values = {action: [self._playout(world.clone(), action, view.viewer, index, loose=loose[index])
                           for index, (world, _) in enumerate(worlds)] for action in options}
        best, gain = baseline, 0.0
        for action in options:
            mean, error = weighted_gain(values[action], values[baseline], weights)
            if mean - self._margin * error > 0 and mean > gain:
                best, gain = action, mean
        self._last = _beats(baseline, gain, len(worlds)) if best != baseline else self._classical.explain()
        return best

    def _worlds(self, view: QuinzeView) -> list[tuple[QuinzeState, float]]:
        """Sampled deals of the unseen cards and their weights (none while a ruling is pending or outside the
        opening and the draw: a world does not keep what a law noted)."""
        if view.pending is not None or view.phase not in (Phase.OPENING, Phase.DRAW):
            return []
        worlds: list[tuple[QuinzeState, float]] = []
        for _ in range(self._samples):
            try:
                world = QuinzeState.sample(view, self._rng)
            except AcademieError:
                continue
            worlds.append((world, world_weight(view, world)))
        return worlds

    @staticmethod
    def _playout(world: QuinzeState, action: Action, seat: int, index: int, *, loose: bool) -> float:
        rng = random.Random(index)
        coups = len(world.deal_results)
        world.apply_unchecked(action)
        steps = 0
        while len(world.deal_results) == coups and not world.is_terminal and steps < 500:
            world.apply_unchecked(loose_action(world, seat) if loose and world.actor != seat else
                                  rollout_action(world, rng))
            steps += 1
        if len(world.deal_results) == coups:
            return 0.0
        return float(world.deal_results[coups].points[seat])
