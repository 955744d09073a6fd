"""The expert bot for Whist: information-set search that values the points of the deal, DDS at the leaves.

Like the search bot (:mod:`academie.games.whist.bots.search`), it deals the unseen cards consistently with
everything the seat has seen (the cards played, the voids shown, the turned-up card in the dealer's hand,
W-§8.3) and solves every deal double-dummy, many deals in one call to DDS (endplay's ``solve_all_boards``).
Three things differ:

- It values a card by the *points* its side makes from the deal (W-§6.1: each trick over six scores one for the
  side that took seven or more), not by the tricks: the seventh trick is worth two tricks' swing, a trick beyond
  what the score needs is worth nothing once the game is won.
- It reads the play (W-§8.1): a partner's first lead comes from his longest plain suit (Cavendish's long-suit
  system), so deals where it does not are kept only with probability :data:`DISSENT`; and when several cards
  do as well over the sampled deals (within :data:`EQUAL_TRICKS` a deal), it leads as the books advise (from its
  longest plain suit, the top of a sequence), so that its partner may read it the same way.
- It samples more deals: :data:`DEFAULT_SAMPLES` a decision (:data:`OPENING_SAMPLES` while twelve cards or
  more are still held, where each solve costs the most).

The budget is a number of deals, never a clock; the generator is the bot's own, seeded at its creation.

>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=3, first_dealer=3)
>>> bot = ExpertBot(seed=1, samples=2, opening_samples=2)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from endplay.dds import solve_all_boards

from academie.bots import Reason
from academie.cards import SUIT_MASKS, rank_of, suit_of
from academie.engine import RulesError
from academie.games.whist.bots.dds import from_card, make_deal
from academie.games.whist.bots.search import SearchBot
from academie.games.whist.state import PLAYS, WhistView, sample_hands

DEFAULT_SAMPLES: Final = 28
"""Deals sampled per decision once a trick has been played."""
OPENING_SAMPLES: Final = 16
"""Deals sampled per decision while the hands hold twelve cards or more (the costliest solves)."""
DISSENT: Final = 0.35
"""The chance a deal is kept where the partner's first lead was not from his longest plain suit."""
EQUAL_TRICKS: Final = 0.05
"""Cards whose mean values differ by less than this (in points a deal) count as equal: the books choose."""
TRIES: Final = 6
"""Deals drawn per deal kept, at most, before the reading of the leads is set aside."""


class ExpertBot(SearchBot):
    """Sampled deals read by the books' conventions, valued in points, solved in batches (see the module)."""

    name = "expert"

    def __init__(self, *, seed: int = 0, samples: int = DEFAULT_SAMPLES,
                 opening_samples: int = OPENING_SAMPLES) -> None:
        if samples < 1 or opening_samples < 1:
            raise RulesError(f"samples={samples}, opening_samples={opening_samples}: both must be at least 1")
        super().__init__(seed=seed, samples=samples)
        self.opening_samples = opening_samples
        self._used = samples

    def _card_values(self, view: WhistView, cards: list[int], *, leader: int,
                     trick: list[int]) -> dict[int, float] | None:
        assert view.trump is not None
        count = self.opening_samples if len(view.hand) >= 12 else self.samples
        self._used = count
        worlds = _worlds(view, self._rng, count)
        deals = [make_deal(hands, leader=leader, trump=int(view.trump), trick=trick) for hands in worlds]
        side = view.viewer & 1
        won = view.tricks_won[side]
        need = _points_to_game(view)
        totals: dict[int, float] = {card: 0.0 for card in cards}
        for solved in solve_all_boards(deals):
            scores = {from_card(card): int(tricks) for card, tricks in solved}
            if not all(card in scores for card in totals):
                return None
            for card in totals:
                totals[card] += _net_points(won + scores[card], need)
        best = max(totals.values())
        equal = [c for c in cards if totals[c] >= best - EQUAL_TRICKS * count]
        if len(equal) > 1:
            preferred = _books_card(view, equal)
            if preferred is not None:
                totals[preferred] = best + 1e-9
        return totals

    def _reason(self, view: WhistView, choice: int, totals: dict[int, float]) -> Reason:
        left = 13 - sum(1 for trick in view.tricks if trick.winner is not None)
        return _points_reason(choice, totals, self._used, left)


def _points_to_game(view: WhistView) -> tuple[int, int]:
    """The points each side (ours first) still needs for the game (W-§6.2: ten, five at short whist)."""
    target = view.rules.game_points
    side = view.viewer & 1
    return max(1, target - view.score[side]), max(1, target - view.score[1 - side])


def _net_points(tricks: int, need: tuple[int, int]) -> float:
    """W-§6.1: our side's points from the deal less theirs, when it ends with ``tricks`` of the thirteen, each
    side's points capped at what it needs for the game."""
    if tricks >= 7:
        return float(min(tricks - 6, need[0]))
    return -float(min(7 - tricks, need[1]))


def _worlds(view: WhistView, rng: random.Random, count: int) -> list[list[int]]:
    """``count`` deals of the unseen cards consistent with the view, the partner's first lead read as from his
    longest plain suit (W-§8.1) where the deals allow."""
    partner = (view.viewer + 2) % 4
    lead = _first_lead(view, partner)
    worlds: list[list[int]] = []
    for _ in range(count * TRIES):
        hands = sample_hands(view, rng)
        if lead is None or _from_longest(view, hands[partner], partner, lead) or rng.random() < DISSENT:
            worlds.append(hands)
            if len(worlds) == count:
                return worlds
    return worlds + [sample_hands(view, rng) for _ in range(count - len(worlds))]


def _first_lead(view: WhistView, seat: int) -> tuple[int, int] | None:
    """The first card ``seat`` led this deal and the number of the trick, if he has led a plain card."""
    for number, trick in enumerate(view.tricks):
        if trick.leader == seat and trick.cards:
            card = trick.cards[0]
            return (card.index, number) if card.suit != view.trump else None
    return None


def _from_longest(view: WhistView, hand: int, seat: int, lead: tuple[int, int]) -> bool:
    """Whether ``seat``'s hand when he led ``lead`` held no plain suit longer than the suit led."""
    card, number = lead
    held = hand
    for trick in view.tricks[number:]:
        for offset, played in enumerate(trick.cards):
            if (trick.leader + offset) % 4 == seat:
                held |= played.bit
    lengths = [(held & SUIT_MASKS[suit]).bit_count() for suit in range(4) if suit != view.trump]
    return (held & SUIT_MASKS[suit_of(card)]).bit_count() >= max(lengths)


def _books_card(view: WhistView, cards: Sequence[int]) -> int | None:
    """W-§8.1 among cards of equal value: when leading, the top of a sequence in the longest plain suit (then the
    lowest of that suit); when following, the lowest card. None when the books have no preference."""
    leading = not view.tricks or view.tricks[-1].winner is not None
    if not leading:
        return min(cards, key=lambda c: (rank_of(c), c))
    hand = sum(1 << c.index for c in view.hand)
    plain = [c for c in cards if suit_of(c) != view.trump]
    if not plain:
        return None
    longest = max(plain, key=lambda c: ((hand & SUIT_MASKS[suit_of(c)]).bit_count(), rank_of(c)))
    suit = [c for c in plain if suit_of(c) == suit_of(longest)]
    top = max(suit, key=rank_of)
    return top if hand >> (top - 1) & 1 and rank_of(top) >= 11 else min(suit, key=rank_of)


def _points_reason(choice: int, totals: dict[int, float], samples: int, left: int) -> Reason:
    """W-§6.1, W-§8.3: the points the card played is worth to the bot's side, and how much more than the next best
    card, over the sampled deals. The other cards are not named: they are still in the bot's hand."""
    card = PLAYS[choice].card
    points = f"{totals[choice] / samples:+.1f}"
    others = [c for c in totals if c != choice]
    if not others:
        return Reason("plays {card}: it gives the bot and its partner about {points} points from this deal, over "
                      "{deals} sampled deals of the unseen cards, each solved with all four hands in view (W-§8.3)",
                      card=card, points=points, deals=samples)
    gain = (totals[choice] - max(totals[c] for c in others)) / samples
    if gain < EQUAL_TRICKS:
        return Reason("plays {card}, the card the books prefer (W-§8.1) among those that do as well: about {points} "
                      "points from this deal for the bot and its partner, over {deals} sampled deals of the {left} "
                      "tricks left, each solved with all four hands in view (W-§8.3)", card=card, points=points,
                      deals=samples, left=left)
    return Reason("plays {card}: about {points} points from this deal for the bot and its partner, {gain} more than "
                  "with any other card, over {deals} sampled deals of the {left} tricks left, each solved with all "
                  "four hands in view (W-§8.3)", card=card, points=points, gain=f"{gain:.2f}", deals=samples, left=left)
