"""The expert Guinguette bot: the search bot's reading of the others and play-outs, spent where they decide.

The search bot (:mod:`academie.games.guinguette.bots.search`) reads the others' hands from what they did (each
other seat's cards are drawn until the classical bot, holding them, would have stirred, kept, bet, held, raised and
folded as it did: GU-§8 "Information") and plays every legal action out in the same worlds, keeping the classical
choice unless another beats it clearly. It spreads its play-outs evenly over every legal action, so a stir decision
with four cards to throw gives each candidate a fifth of them, and its reading draws up to 120 trajectories a seat.

The expert keeps the reading and the play-outs and changes where they go:

1. **Fewer, better candidates** (:func:`candidates`). In a stir round (GU-§5.3a) it weighs keeping against throwing
   one of the ``discards`` cards that leave the most outs to a tierce among the unseen cards (GU-§5.1c; the
   classical bot's own discard always among them, §8 "Improving with one stir"); throwing a card that leaves fewer
   outs gains nothing the others do not gain more. In the betting (GU-§5.3b) every legal action is a candidate.
2. **More worlds per candidate**: ``playouts`` (default 1024, against the search bot's 320) are shared among the
   candidates, three to five, so that each is played out in three to five times as many worlds as the search's;
   the reading draws up to ``tries`` (default 120, as the search) trajectories a seat, and each world serves every
   candidate with the same chance seed (common random numbers). A decision still takes well under a second.
3. **A clearer gain only**: another candidate replaces the classical choice when its mean gain over it, world by
   world, exceeds ``margin`` standard errors (default 1.5, against the search bot's 1: the best of four or five
   noisy gains over the same worlds often passes one standard error by chance alone, and a switch on noise
   gives away the classical choice for a move no better, or worse).
4. **Bets are not proof** (§8 "Information", "betting"): the search reads every bet, hold and raise as the
   classical bot would have made it, so a seat that bets is given a tierce, and a player who bets without one
   (a bluff) makes it fold a point, or a low tierce, for nothing. In a share ``bluffs`` (default 0.35) of the
   worlds, each other seat's hand is read from its stirs alone, its bets explaining nothing: a fold then has to
   be worth it against a bettor who may hold anything. Measured: OpenSpiel's information-set search, which bets
   and raises on any hand, made the search bot fold a point or a low tierce to its raises deal after deal.

Deterministic: one ``random.Random(seed)``; no clock.

>>> from academie.games.guinguette.state import GuinguetteState
>>> state = GuinguetteState.new(seed=2, first_dealer=0)
>>> bot = ExpertBot(seed=1, playouts=24)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any, Final

from academie.bots import Reason
from academie.bots.random import NoLegalActionError
from academie.cards import mask_of
from academie.engine import Action, RulesError
from academie.games.guinguette.bots.classical import ClassicalBot, remedy_choice
from academie.games.guinguette.bots.search import (
    Decisions,
    ModelBot,
    World,
    _beats,
    _known,
    _paired_gain,
    completers,
    opponent_decisions,
    pack_mask,
    sample_world,
)
from academie.games.guinguette.state import (
    POINT_VALUE,
    GuinguetteState,
    GuinguetteView,
    Phase,
    Restir,
    Stir,
)


def candidates(view: GuinguetteView, default: Action, *, discards: int) -> tuple[Action, ...]:
    """The actions worth playing out (module step 1): in a stir round, keeping, the classical ``default`` and the
    stirs throwing the ``discards`` cards that leave the most outs (then the highest point thrown, as the classical
    bot ranks them); elsewhere every legal action.

    >>> from academie.games.guinguette.state import GuinguetteState
    >>> state = GuinguetteState.new(seed=2, first_dealer=0)
    >>> view = state.view(state.actor)
    >>> len(candidates(view, view.legal_actions[0], discards=2)) <= 4
    True
    """
    legal = tuple(view.legal_actions)
    stirs = [a for a in legal if isinstance(a, (Stir, Restir))]
    if view.phase is not Phase.STIR or len(stirs) <= discards:
        return legal
    hand = mask_of(view.hand)
    unseen = pack_mask(view.rules) & ~_known(hand, view, mask_of(view.my_discards))

    def outs(action: Stir | Restir) -> tuple[int, int]:
        rest = hand & ~(1 << action.card.index)
        return (completers(rest, view.rules) & unseen).bit_count(), POINT_VALUE[action.card.index]

    best = sorted(stirs, key=outs, reverse=True)[:discards]
    return tuple(a for a in legal if a not in stirs or a in best or a == default)


BLUFFS: Final = 0.35
"""The chance that a world reads another seat's bets as a bluff (module step 4)."""


def bluff_reading(decisions: Decisions, *, bluffs: float, rng: random.Random) -> Decisions:
    """The decisions a world's reading explains (module step 4): each other seat's own, or, with chance ``bluffs``,
    its stirs and keeps alone (GU-§5.3a), its bets, holds, raises and folds (GU-§5.3b) read as saying nothing.

    >>> bluff_reading({1: [], 2: []}, bluffs=0.5, rng=random.Random(0))
    {1: [], 2: []}
    """
    return {seat: seen if rng.random() >= bluffs else [(at, action) for at, action in seen if at.phase is Phase.STIR]
            for seat, seen in decisions.items()}


class ExpertBot:
    """The search bot's reading and play-outs, on the candidates that matter (module docstring)."""

    name = "expert"

    def __init__(self, *, seed: int = 0, playouts: int = 1024, margin: float = 1.5, tries: int = 120,
                 discards: int = 2, bluffs: float = BLUFFS) -> None:
        for option, value in (("playouts", playouts), ("tries", tries), ("discards", discards)):
            if type(value) is not int or value < 1:
                raise RulesError(f"{option}={value!r} is not allowed; allowed: 1 or more")
        if not margin >= 0:
            raise RulesError(f"margin={margin!r} is not allowed; allowed: 0 or more")
        if not 0 <= bluffs <= 1:
            raise RulesError(f"bluffs={bluffs!r} is not allowed; allowed: a chance from 0 to 1")
        self.bluffs = bluffs
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.margin = margin
        self.tries = tries
        self.discards = discards
        self._model = ModelBot(seed=seed)
        self._classical = ClassicalBot(seed=seed)
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason`, the tokens a deal by which it beats the
        classical choice over the sampled deals, or the classical bot's own reason where its choice stands."""
        return self._last

    def choose(self, view: Any) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if view.pending is not None:
            action, self._last = remedy_choice(view, legal)
            return action
        default = self._model.choose(view)
        if default not in legal:  # a ruling barred the model's choice (a card exposed, a stir voided)
            default = legal[0]
        if len(legal) == 1 or view.phase not in (Phase.STIR, Phase.BET, Phase.TRICKS):
            self._last = Reason("takes the only choice it has") if len(legal) == 1 else self._books(view, default)
            return default
        options = candidates(view, default, discards=self.discards)
        decisions = opponent_decisions(view)
        count = max(8, self.playouts // len(options))
        worlds = [self._world(view, decisions) for _ in range(count)]
        seeds = [self._rng.getrandbits(32) for _ in worlds]
        values = {action: [self._playout(view, action, world, seed) for world, seed in zip(worlds, seeds,
                                                                                             strict=True)]
                  for action in options}
        best, gain = default, 0.0
        for action in options:
            mean, half = _paired_gain(values[action], values[default])
            if mean - self.margin * half > 0 and mean > gain:
                best, gain = action, mean
        self._last = _beats(default, gain, count) if best != default else self._books(view, default)
        return best

    def _world(self, view: GuinguetteView, decisions: Decisions | None) -> World:
        """One world to play the candidates out in: the others' hands read from what they did, each other seat's
        bets read as a bluff (explaining nothing) with chance ``bluffs`` once the betting has begun (module step
        4)."""
        if decisions is None or not self.bluffs or view.phase is not Phase.BET:
            return sample_world(view, self._rng, decisions, self.tries)
        return sample_world(view, self._rng, bluff_reading(decisions, bluffs=self.bluffs, rng=self._rng),
                            self.tries)

    def _books(self, view: GuinguetteView, default: Action) -> Reason:
        """The classical bot's reason for ``default``, the choice that stands."""
        if self._classical.choose(view) == default:
            why = self._classical.explain()
            if isinstance(why, Reason):
                return why
        return Reason("follows the rule file's advice (GU-§8)")

    def _playout(self, view: GuinguetteView, action: Action, world: World, seed: int) -> int:
        hands, cotillon, aside = world
        state = GuinguetteState.from_view(view, hands=hands, cotillon=cotillon, aside=aside, seed=seed)
        state.apply_unchecked(action)
        model = self._model
        while not state.deal_results:
            seat = state.actor
            assert isinstance(seat, int) and seat >= 0
            state.apply_unchecked(model.choose(state.view(seat)))
        return state.deal_results[0].points[view.viewer]
