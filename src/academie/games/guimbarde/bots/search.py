"""The search Guimbarde bot: determinised sampling over the unseen cards, then a fast playout of each world.

The worlds (:meth:`~academie.games.guimbarde.state.GuimbardeState.sample`) agree with everything the seat has
seen: its hand, the cards played, the turn-up, the cards shown at the declarations in their holders' hands
(GUIMBARDE-§6), the chance cards nobody showed being undealt, the suits a player is known to lack (he did not
follow them, GUIMBARDE-R8) and each player's announced point
(GUIMBARDE-§4: the length of his longest printed suit). Each legal card is tried in every world and the rest of
the deal is played out by a quick greedy policy; the card with the best mean counters for the seat is chosen.

>>> from academie.games.guimbarde.state import GuimbardeState
>>> state = GuimbardeState.new(seed=4, first_dealer=0)
>>> bot = SearchBot(seed=0, worlds=4)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from academie.bots import Reason
from academie.cards import indices_of
from academie.engine import AcademieError, Action, RulesError
from academie.games.guimbarde.bots.classical import ClassicalBot
from academie.games.guimbarde.state import BEATEN_BY, POWER, GuimbardeState, GuimbardeView, Play


def _greedy(state: GuimbardeState) -> int:
    """The playout policy: lead the strongest card; follow with the cheapest winner, else the lowest card."""
    deal = state.deal
    seat = deal.to_play
    legal = state.playable(seat)
    power = POWER[deal.trump]
    cards = list(indices_of(legal))
    if not deal.trick:
        return max(cards, key=lambda c: power[c])
    winners = [c for c in cards if BEATEN_BY[deal.trump][deal.best] >> c & 1]
    return min(winners or cards, key=lambda c: power[c])


def playout(state: GuimbardeState, seat: int) -> int:
    """Play the deal to its end greedily; the counters it brought ``seat``."""
    deals = len(state.deal_results)
    while len(state.deal_results) == deals:
        state.play_card(state.deal.to_play, _greedy(state))
    return state.deal_results[-1].points[seat]


class SearchBot:
    """Determinised sampling (``worlds`` deals of the unseen cards), a greedy playout per world and card."""

    name = "search"

    def __init__(self, *, seed: int = 0, worlds: int = 24) -> None:
        if type(worlds) is not int or worlds < 1:
            raise RulesError(f"worlds={worlds!r} is not allowed; allowed: 1 or more")
        self._rng = random.Random(seed)
        self._worlds = worlds
        self._classical = ClassicalBot(seed=seed)
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` comparing the card played, in counters a
        deal, with the next best card over the sampled deals (or the books' reason where the books decided)."""
        return self._last

    def choose(self, view: GuimbardeView) -> Action:
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if not plays or len(plays) == 1 or view.pending is not None:
            action = self._classical.choose(view)  # nothing to search: a ruling, or one card
            self._last = self._classical.explain()
            return action
        totals = dict.fromkeys(plays, 0)
        for _ in range(self._worlds):
            try:
                world = GuimbardeState.sample(view, self._rng)
            except AcademieError:  # table mode: a deal no world can be built for (G-§7): the books decide
                action = self._classical.choose(view)
                self._last = self._classical.explain()
                return action
            for action in plays:
                trial = world.clone()
                trial.play_card(view.viewer, action.card.index)
                totals[action] += playout(trial, view.viewer) if len(trial.deal_results) == 0 else \
                    trial.deal_results[-1].points[view.viewer]
        best = max(plays, key=lambda a: totals[a])
        self._last = _play_reason(best, totals, self._worlds)
        return best


def _about(counters: float) -> str:
    """A difference of mean counters as a person reads it: ``0.4``, ``1.3``, ``0.05``, ``3``."""
    text = f"{counters:.1f}" if counters >= 0.095 else f"{counters:.3f}".rstrip("0").rstrip(".")
    return text.removesuffix(".0")


def _play_reason(best: Play, totals: dict[Play, int], worlds: int) -> Reason:
    """The card played, compared in counters a deal with the next best card over the sampled deals. The other cards
    are not named: they are still in the bot's hand, and the reason of a card played is told to all."""
    others = [a for a in totals if a != best]
    behind = [a for a in others if totals[a] < totals[best]]
    if not behind:
        return Reason("plays {card}: every card it may play does as well over {deals} sampled deals that fit the "
                      "declarations and the play", card=best.card, deals=worlds)
    gain = _about((totals[best] - max(totals[a] for a in behind)) / worlds)
    if len(behind) < len(others):
        return Reason("plays {card}, one of the cards that do best: about {gain} counters a deal better than the "
                      "rest, over {deals} sampled deals that fit the declarations and the play", card=best.card,
                      gain=gain, deals=worlds)
    return Reason("plays {card}: about {gain} counters a deal better than any other card, over {deals} sampled deals "
                  "that fit the declarations and the play", card=best.card, gain=gain, deals=worlds)
