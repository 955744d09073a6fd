"""The expert bot for Whist: information-set search that values the points of the deal, DDS at the leaves.

Like the search bot (:mod:`academie.games.whist.bots.search`), it deals the unseen cards consistently with
everything the seat has seen (the cards played, the voids shown, the turned-up card in the dealer's hand,
W-§8.3) and solves every deal double-dummy, many deals in one call to DDS (endplay's ``solve_all_boards``).
Three things differ:

- It values a card by the *points* its side makes from the deal (W-§6.1: each trick over six scores one for the
  side that took seven or more), not by the tricks: the seventh trick is worth two tricks' swing, a trick beyond
  what the score needs is worth nothing once the game is won.
- It reads the play (W-§8.1): a seat that follows plays the lowest of equal cards (second hand low, fourth hand
  wins with the lowest of a sequence), so it did not hold the next lower card of that suit still out, and no deal
  gives it that card (:func:`denied_cards`; exact against the search bot, which plays the lowest of the cards
  that do best; a seat seen to play otherwise is read no more); a partner's first lead comes from his longest
  plain suit (Cavendish's long-suit system), so deals where it does not are kept only with probability
  :data:`DISSENT`; and when several cards do as well over the sampled deals (within :data:`EQUAL_TRICKS` a
  deal), it leads as the books advise (from its longest plain suit, the top of a sequence) and follows with the
  lowest, so that its partner may read it the same way.
- It samples more deals: :data:`DEFAULT_SAMPLES` a decision (:data:`OPENING_SAMPLES` while twelve cards or
  more are still held, where each solve costs the most), as many as the search bot's budget of solving pays for
  (:func:`~academie.games.whist.bots.search.affordable`: five at the opening lead, twelve in the rest of the
  first trick).

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
from academie.cards import SUIT_MASKS, mask_of, rank_of, suit_of
from academie.engine import RulesError
from academie.games.whist.bots.dds import from_card, make_deal
from academie.games.whist.bots.search import BUDGET, SearchBot, affordable, solve_cost
from academie.games.whist.state import PLAYS, WhistView, known_voids, sample_hands

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
DEAL_TRIES: Final = 20
"""Random deals tried, at most, for one that denies every seat the cards its plays deny it (see
:func:`denied_cards`), before that reading is set aside."""


class ExpertBot(SearchBot):
    """Sampled deals read by the books' conventions, valued in points, solved in batches (see the module)."""

    name = "expert"

    def __init__(self, *, seed: int = 0, samples: int = DEFAULT_SAMPLES,
                 opening_samples: int = OPENING_SAMPLES, budget: int = BUDGET) -> None:
        if samples < 1 or opening_samples < 1:
            raise RulesError(f"samples={samples}, opening_samples={opening_samples}: both must be at least 1")
        super().__init__(seed=seed, samples=samples, budget=budget)
        self.opening_samples = opening_samples

    def _card_values(self, view: WhistView, cards: list[int], *, leader: int,
                     trick: list[int]) -> dict[int, float] | None:
        assert view.trump is not None
        count = affordable(view, self.opening_samples if len(view.hand) >= 12 else self.samples, self.budget)
        self._used = count
        self.spent = count * solve_cost(view)
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
    """``count`` deals of the unseen cards consistent with the view and with the other seats' plays read as the
    lowest of equal cards (:func:`denied_cards`), the partner's first lead read as from his longest plain suit
    (W-§8.1) where the deals allow."""
    partner = (view.viewer + 2) % 4
    lead = _first_lead(view, partner)
    denied = denied_cards(view)
    worlds: list[list[int]] = []
    for _ in range(count * TRIES):
        hands = _deal_denying(view, rng, denied) if any(denied) else None
        if hands is None:
            denied = [0, 0, 0, 0]  # no deal keeps every reading (a seat that does not play by the books): set aside
            hands = sample_hands(view, rng)
        if lead is None or _from_longest(view, hands[partner], partner, lead) or rng.random() < DISSENT:
            worlds.append(hands)
            if len(worlds) == count:
                return worlds
    return worlds + [sample_hands(view, rng) for _ in range(count - len(worlds))]


def denied_cards(view: WhistView) -> list[int]:
    """For each seat, a mask of the unseen cards it cannot hold if it follows as the books say (W-§8.1: second
    hand low, fourth hand wins with the lowest of a sequence; discards and ruffs alike): it plays the lowest of
    cards that are equal, so when it followed with a card, it did not hold the next lower card of that suit still
    out (equal to the card played once every card between them has gone in an earlier trick). The cards of the
    trick in progress keep the two apart (the lower one may lose the trick). A seat shown not to follow that rule
    (it held the lower card: it played it later, or the card is the turned-up card in its hand) is read no more.
    The viewer's own plays and every lead are not read (the books lead the top of a sequence, W-§8.1).

    >>> from academie.games.whist.state import WhistState
    >>> state = WhistState.new(seed=3, first_dealer=3)
    >>> denied_cards(state.view(0))
    [0, 0, 0, 0]
    """
    me = view.viewer
    fixed = [mask_of(cards) for cards in view.exposed]
    turned = view.turned_card
    if turned is not None and view.dealer is not None:
        fixed[view.dealer] |= turned.bit
    played = [0, 0, 0, 0]
    for trick in view.tricks:
        for offset, card in enumerate(trick.cards):
            played[(trick.leader + offset) % 4] |= card.bit
    visible = mask_of(view.hand) | fixed[0] | fixed[1] | fixed[2] | fixed[3] | sum(played)
    denied = [0, 0, 0, 0]
    astray = [False, False, False, False]
    gone = 0
    for trick in view.tricks:
        for offset, card in enumerate(trick.cards[1:], start=1):
            seat = (trick.leader + offset) % 4
            below = _next_lower(card.index, gone)
            if seat == me or below is None:
                continue
            if (played[seat] | fixed[seat]) >> below & 1:
                astray[seat] = True
            elif not visible >> below & 1:
                denied[seat] |= 1 << below
        if trick.winner is not None:
            gone |= mask_of(trick.cards)
    return [0 if astray[seat] else denied[seat] for seat in range(4)]


def _next_lower(card: int, gone: int) -> int | None:
    """The highest card of ``card``'s suit below it that has not gone (None when there is none)."""
    for lower in range(card - 1, suit_of(card) * 13 - 1, -1):
        if not gone >> lower & 1:
            return lower
    return None


def _deal_denying(view: WhistView, rng: random.Random, denied: Sequence[int]) -> list[int] | None:
    """The four hands now, as :func:`~academie.games.whist.state.sample_hands` deals them (the voids shown kept),
    no seat getting a card ``denied`` to it; None when :data:`DEAL_TRIES` random deals all fail."""
    me = view.viewer
    hands = [mask_of(cards) for cards in view.exposed]
    hands[me] = mask_of(view.hand)
    seen = hands[me] | mask_of(card for trick in view.tricks for card in trick.cards)
    turned = view.turned_card
    if turned is not None and view.dealer is not None and view.dealer != me and not seen >> turned.index & 1:
        hands[view.dealer] |= turned.bit
    for mask in hands:
        seen |= mask
    room = [view.hand_sizes[s] - hands[s].bit_count() if s != me else 0 for s in range(4)]
    barred = [denied[s] | sum(SUIT_MASKS[suit] for suit in range(4) if void >> suit & 1)
              for s, void in enumerate(known_voids(view))]
    unseen = [card for card in range(52) if not seen >> card & 1]
    for _ in range(DEAL_TRIES):
        dealt = _deal_once(unseen, room, barred, rng)
        if dealt is not None:
            return [hands[s] | dealt[s] for s in range(4)]
    return None


def _deal_once(unseen: Sequence[int], room: Sequence[int], barred: Sequence[int],
               rng: random.Random) -> list[int] | None:
    """The unseen cards dealt at random, each to a seat with room that is not barred from it, the most
    constrained cards first, each seat in proportion to its room; None when a card finds no seat."""
    order = list(unseen)
    rng.shuffle(order)
    order.sort(key=lambda card: sum(1 for s in range(4) if room[s] and not barred[s] >> card & 1))
    left = list(room)
    out = [0, 0, 0, 0]
    for card in order:
        seats = [s for s in range(4) if left[s] and not barred[s] >> card & 1]
        if not seats:
            return None
        seat = rng.choices(seats, [left[s] for s in seats])[0]
        out[seat] |= 1 << card
        left[seat] -= 1
    return out


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
        return Reason("plays {card}: it gives its side about {points} points from this deal, over "
                      "{deals} sampled deals of the unseen cards, each solved with all four hands in view (W-§8.3)",
                      card=card, points=points, deals=samples)
    gain = (totals[choice] - max(totals[c] for c in others)) / samples
    if gain < EQUAL_TRICKS:
        return Reason("plays {card}, the card the books prefer (W-§8.1) among those that do as well: about {points} "
                      "points from this deal for its side, over {deals} sampled deals of the {left} "
                      "tricks left, each solved with all four hands in view (W-§8.3)", card=card, points=points,
                      deals=samples, left=left)
    return Reason("plays {card}: about {points} points from this deal for its side, {gain} more than "
                  "with any other card, over {deals} sampled deals of the {left} tricks left, each solved with all "
                  "four hands in view (W-§8.3)", card=card, points=points, gain=f"{gain:.2f}", deals=samples, left=left)
