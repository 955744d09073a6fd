"""The search bot for Whist: determinised sampling with a double-dummy solver (W-§8.3).

At each card it deals the unseen cards among the three other hands at random, consistently with everything the
seat has seen (the cards played, the voids shown by failing to follow suit, the turned-up card still in the
dealer's hand, cards lying exposed), solves every sample double-dummy with DDS (through endplay,
:mod:`academie.games.whist.bots.dds`) and plays the card with the best average number of tricks for its side. Calls at
eight are always made (W-§8.2). ``samples`` fixes the work per decision, cut at the first trick to what
``budget`` pays for (:func:`affordable`: a whole deal is costly to solve). Where no double-dummy deal fits the view
(table mode: a card astray, hands of unequal sizes, cards allowed by a ruling that W-§5 forbids) and for the
remedies of the laws (§7), the classical bot decides.

>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=3, first_dealer=3)
>>> bot = SearchBot(seed=1, samples=2)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Final

from academie.bots import Reason
from academie.bots.random import NoLegalActionError
from academie.cards import mask_of, rank_of
from academie.engine import Action
from academie.games.whist.bots.classical import ClassicalBot, announcement_reason, remedy_choice
from academie.games.whist.bots.dds import solve
from academie.games.whist.state import PLAYS, Answer, Call, Deny, Play, Remedy, ShowHonours, WhistView, sample_hands

DEFAULT_SAMPLES = 12
"""Samples per decision: about 10 ms each on a 2-core machine (see bench/whist.py)."""
SOLVE_COSTS: Final = {13: (50, 20), 12: (20, 8), 11: (5, 5)}
"""What one double-dummy solve costs, in units of about a millisecond of DDS on the project's two-core machine
(``python -m bench.bots``), by the cards in the hand of the seat to play: when it leads, and when it follows (the
cards on the trick leave DDS fewer lines). A solve of the whole deal at the opening lead costs 50 on average and up
to eight times as much; one with ten cards or fewer in hand costs a unit or less."""
BUDGET: Final = 250
"""The units of solving (:data:`SOLVE_COSTS`) a decision may spend: the samples are cut to what it pays for at the
first trick, where a deal is the costliest to solve (five at the opening lead), and never elsewhere."""
MIN_SAMPLES: Final = 4
"""A decision samples this many deals at least, whatever its budget."""


def affordable(view: WhistView, samples: int, budget: int) -> int:
    """How many of ``samples`` deals a decision solves within ``budget`` units of :data:`SOLVE_COSTS` (at least
    :data:`MIN_SAMPLES`): a count fixed by the cards in hand, never a clock.

    >>> from academie.games.whist.state import WhistState
    >>> state = WhistState.new(seed=3, first_dealer=3)
    >>> affordable(state.view(state.actor), 12, BUDGET)
    5
    """
    return max(min(samples, MIN_SAMPLES), min(samples, budget // solve_cost(view)))


def solve_cost(view: WhistView) -> int:
    """What one double-dummy solve of a deal costs at this decision (:data:`SOLVE_COSTS`)."""
    leading = not view.tricks or view.tricks[-1].winner is not None
    return SOLVE_COSTS.get(len(view.hand), (1, 1))[0 if leading else 1]


class SearchBot:
    """Perfect-information Monte Carlo with DDS: the best average over ``samples`` determinised deals."""

    name = "search"

    def __init__(self, *, seed: int = 0, samples: int = DEFAULT_SAMPLES, budget: int = BUDGET) -> None:
        self._rng = random.Random(seed)
        self.samples = samples
        self.budget = budget
        """Units of solving per decision (:func:`affordable`)."""
        self._used = samples
        self.spent = 0
        """The units of solving (:data:`SOLVE_COSTS`) of the last decision (0 where it solved nothing)."""
        self._last: str = ""
        self._classical = ClassicalBot(seed=seed)

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` that counts the tricks the bot and its
        partner take with the card played and with the next best (or the books' reason where the books decided)."""
        return self._last

    def choose(self, view: WhistView) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        self.spent = 0
        if not any(isinstance(action, Play) for action in legal) and isinstance(legal[0], Remedy):
            action, self._last = remedy_choice(legal)
            return action
        for action in legal:
            if isinstance(action, (Call, ShowHonours, Answer, Deny)):
                self._last = announcement_reason(action)
                return action
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) == 1:
            self._last = Reason("the only legal card")
            return plays[0]
        assert isinstance(view, WhistView) and view.trump is not None
        if unsearchable(view):  # table mode: no deal of four equal hands fits the view: the books decide
            action = self._classical.choose(view)
            self._last = self._classical.explain()
            return action
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        leader = current.leader if current else view.viewer
        trick = [c.index for c in current.cards] if current else []
        cards = [p.card.index for p in plays]
        totals = self._card_values(view, cards, leader=leader, trick=trick)
        if totals is None:
            # a ruling allows a card W-§5 forbids (or bars one it allows): DDS did not value it
            action = self._classical.choose(view)
            self._last = self._classical.explain()
            return action
        best = max(totals.values())
        choice = min((c for c in totals if totals[c] == best), key=lambda c: (rank_of(c), c))
        self._last = self._reason(view, choice, totals)
        return PLAYS[choice]

    def _card_values(self, view: WhistView, cards: list[int], *, leader: int,
                     trick: list[int]) -> dict[int, float] | None:
        """The total over the sampled deals of the tricks the bot's side takes with each card (None when DDS did
        not value every legal card)."""
        assert view.trump is not None
        totals: dict[int, float] = {card: 0 for card in cards}
        self._used = affordable(view, self.samples, self.budget)
        self.spent = self._used * solve_cost(view)
        for _ in range(self._used):
            hands = sample_hands(view, self._rng)
            scores = solve(hands, leader=leader, trump=int(view.trump), trick=trick)
            if not all(card in scores for card in totals):
                return None
            for card in totals:
                totals[card] += scores[card]
        return totals

    def _reason(self, view: WhistView, choice: int, totals: dict[int, float]) -> Reason:
        """Why ``choice`` (W-§8.3), from the totals of :meth:`_card_values`."""
        left = 13 - sum(1 for trick in view.tricks if trick.winner is not None)
        return _play_reason(choice, totals, self._used, left)


def _about(tricks: float) -> str:
    """A mean number of tricks as a person reads it: ``7.3``, ``0.4``, ``0.08``, ``3``."""
    text = f"{tricks:.1f}" if tricks >= 0.095 else f"{tricks:.3f}".rstrip("0").rstrip(".")
    return text.removesuffix(".0")


def _play_reason(choice: int, totals: dict[int, float], samples: int, left: int) -> Reason:
    """W-§8.3: the tricks the bot and its partner take with the card played, and how many more than with the next
    best card, over the sampled deals. The other cards are not named: they are still in the bot's hand."""
    card = PLAYS[choice].card
    tricks = _about(totals[choice] / samples)
    others = [c for c in totals if totals[c] < totals[choice]]
    if not others:
        return Reason("plays {card}, its lowest card: every card it may play gives its side about "
                      "{tricks} of the {left} tricks left, over {deals} sampled deals of the unseen cards, each solved "
                      "with all four hands in view (W-§8.3)", card=card, tricks=tricks, left=left, deals=samples)
    gain = _about((totals[choice] - max(totals[c] for c in others)) / samples)
    if any(c != choice and totals[c] == totals[choice] for c in totals):
        return Reason("plays {card}, the lowest of the cards that do best: its side takes about {tricks} "
                      "of the {left} tricks left, {gain} more than with the rest, over {deals} sampled deals of the "
                      "unseen cards, each solved with all four hands in view (W-§8.3)", card=card, tricks=tricks,
                      left=left, gain=gain, deals=samples)
    return Reason("plays {card}: with it its side takes about {tricks} of the {left} tricks left, {gain} "
                  "more than with any other card, over {deals} sampled deals of the unseen cards, each solved with "
                  "all four hands in view (W-§8.3)", card=card, tricks=tricks, left=left, gain=gain, deals=samples)


def unsearchable(view: WhistView) -> str:
    """Why the deal cannot be dealt for a double-dummy search ("" when it can).

    DDS needs four hands of one size (the current trick's cards counted in) and the unseen cards must fill the
    other hands exactly, as :func:`~academie.games.whist.state.sample_hands` deals them. Table mode breaks both:
    a hand of twelve cards, its missing card lying aside unseen (W-D5), a second card played astray (W-P6).
    """
    me = view.viewer
    current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
    played = {(current.leader + offset) % 4 for offset in range(len(current.cards))} if current else set()
    sizes = {view.hand_sizes[seat] + (seat in played) for seat in range(4)}
    if len(sizes) != 1:
        return f"hands of {' '.join(str(n) for n in view.hand_sizes)} cards"
    held = [mask_of(view.exposed[seat]) if seat != me else mask_of(view.hand) for seat in range(4)]
    seen = held[me] | mask_of(card for trick in view.tricks for card in trick.cards)
    turned = view.turned_card
    if turned is not None and view.dealer is not None and view.dealer != me and not seen >> turned.index & 1:
        held[view.dealer] |= turned.bit
    for mask in held:
        seen |= mask
    room = [view.hand_sizes[seat] - held[seat].bit_count() for seat in range(4) if seat != me]
    unseen = 52 - seen.bit_count()
    if min(room) < 0 or sum(room) != unseen:
        return f"{unseen} unseen cards for {sum(room)} places in the other hands"
    return ""
