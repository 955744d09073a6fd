"""The rest of a deal of La Guimbarde played exactly with every hand in view, on card masks (max-n).

:func:`academie.games.guimbarde.bots.expert.solve` plays the rest of the deal through the engine itself, a clone
of the state at every node: exact, and slow. This solver computes the same values from the cards alone, paying
what the engine would pay (:meth:`~academie.games.guimbarde.state.GuimbardeState.play_card` and the trick's
settlement): a marriage in hand as its first card is played (G-Q9: GUIMBARDE-R1, R4), the marriages on the table
(GUIMBARDE-R1, R2, R4, R6), the fou (GUIMBARDE-R5, G-Q7), and the Point box to the most tricks at the end
(GUIMBARDE-§7). Each seat plays the card that brings it the most counters over the rest of the deal, ties to the
lowest card, as the engine's solver does; tests check that the two agree.

It covers what an engine solve covers in enforced play (:func:`supports`): no ruling pending, no seat retired or
barred from the trick prize (G17, G18), and stocks that cannot run short when ``unable_to_pay`` is "retire".

>>> from academie.games.guimbarde.state import GuimbardeState
>>> state = GuimbardeState.new(seed=3, first_dealer=0)
>>> for _ in range(12):
...     _ = state.apply(state.legal_actions()[0])
>>> from academie.games.guimbarde.bots.expert import solve
>>> world = GuimbardeState.from_view(state.view(state.actor), hands=state.deal.hands)  # counting from here
>>> supports(world) and exact_values(world) == solve(world.clone(), 0)
True
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from academie.bots import Work
from academie.cards import Rank, Suit, card_index, indices_of, rank_of, suit_of
from academie.engine import Mode
from academie.games.guimbarde.state import (
    BEATEN_BY,
    EFFECTIVE_SUIT,
    FOU,
    JD,
    KH,
    POINT,
    QH,
    TRICKS,
    GuimbardeRules,
    GuimbardeState,
    Phase,
    legal_mask,
    marriage_kind,
    pack_for,
)

LOWEST_STOCK: Final = 40
"""Under unable_to_pay="retire", the least stock for which no seat can run short in the rest of a deal."""

NODE_UNITS: Final = 2
"""The work (:class:`~academie.bots.Work`) of a card played in an exact search: its units are about a microsecond
each on the project's two-core machine (``python -m bench.bots``)."""
DRAWN_UNITS: Final = 3
"""The work of a card drawn and played in a random play-out."""

Hands = tuple[int, ...]
Trick = tuple[tuple[int, int], ...]
Values = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Table:
    """What stays the same for the rest of the deal."""

    rules: GuimbardeRules
    players: int
    trump: int
    order: tuple[int, ...]
    """The seats in playing order (all of them: :func:`supports` refuses retired seats)."""
    following: tuple[int, ...]
    """The seat that plays after each seat (G-Q14)."""
    partner: tuple[int, ...]
    """For a King or Queen, the other card of its marriage; else -1."""
    kinds: tuple[tuple[int, ...], ...]
    """``kinds[a][b]``: :func:`~academie.games.guimbarde.state.marriage_kind` of ``a`` then ``b``."""
    point: int
    """The counters in the Point box (GUIMBARDE-§7), which the most tricks draws at the end."""
    fou_box: int
    """The counters in the Fou box (drawn by a surviving fou under G-Q7's variant)."""


def supports(state: GuimbardeState) -> bool:
    """Whether :func:`exact_values` can solve the rest of this deal (the module's conditions)."""
    rules = state.rules
    if state.phase is not Phase.PLAY or rules.mode is not Mode.ENFORCED or state.active != rules.players:
        return False
    stocks = [state.stock(seat) for seat in range(rules.players)]
    return not any(state.deal.fined) and (rules.unable_to_pay == "new-stock" or min(stocks) >= LOWEST_STOCK)


def _table(state: GuimbardeState) -> _Table:
    rules, deal = state.rules, state.deal
    partner, kinds = _marriages(rules)
    return _Table(rules=rules, players=rules.players, trump=deal.trump, order=state.seats_in_order(),
                  following=tuple(state.next_seat(seat) for seat in range(rules.players)), partner=partner,
                  kinds=kinds, point=state.ledger.balance(POINT), fou_box=state.ledger.balance(FOU))


@functools.lru_cache(maxsize=16)
def _marriages(rules: GuimbardeRules) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For each card of the pack, its partner in a marriage (-1 for none), and the kind of every pair played in a row
    (:func:`~academie.games.guimbarde.state.marriage_kind`): the same for every deal under the same rules, so made
    once (it was two fifths of a solve from the last tricks)."""
    indices = range(max(card.index for card in pack_for(rules.players)) + 1)
    partner = []
    for card in indices:
        rank = rank_of(card)
        other = Rank.KING if rank == Rank.QUEEN else Rank.QUEEN if rank == Rank.KING else None
        partner.append(-1 if other is None else card_index(other, Suit(suit_of(card))))
    return tuple(partner), tuple(tuple(marriage_kind(a, b, rules) for b in indices) for a in indices)


def exact_values(state: GuimbardeState, work: Work | None = None) -> Values:
    """The counters the rest of the deal brings each seat, every seat playing its best card seeing every hand
    (ties to the lowest card), from ``state`` (not changed). Only where :func:`supports` holds. Each card the
    search plays costs :data:`NODE_UNITS` of ``work``."""
    solver = _Solver(state)
    values = solver.value(state.deal.to_play)
    if work is not None:
        work.units += NODE_UNITS * solver.nodes
    return values


def card_values(state: GuimbardeState, work: Work | None = None) -> dict[int, Values]:
    """For each card the seat to play may play: the counters the rest of the deal brings each seat when it plays
    that card and every seat then plays exactly (:func:`exact_values`). Only where :func:`supports` holds. Each card
    the search plays costs :data:`NODE_UNITS` of ``work``."""
    solver = _Solver(state)
    seat = state.deal.to_play
    values = {card: solver.after(seat, card) for card in indices_of(state.playable(seat))}
    if work is not None:
        work.units += NODE_UNITS * solver.nodes
    return values


def playout_totals(state: GuimbardeState, seeds: Sequence[int], work: Work | None = None) -> dict[int, Values]:
    """For each card the seat to play may play: the counters the rest of the deal brings each seat, summed over one
    play-out per seed in which, after that card, every seat (the one to play too) plays a legal card drawn at random
    (G-§5.3), paid as the engine pays (G-§5.5, GUIMBARDE-§7). Play-out ``k`` draws from ``random.Random(seeds[k])``
    after every card, so the cards are compared on common draws. Only where :func:`supports` holds. Each card
    played costs :data:`DRAWN_UNITS` of ``work``.

    >>> from academie.games.guimbarde.state import GuimbardeState
    >>> state = GuimbardeState.new(seed=3, first_dealer=0)
    >>> totals = playout_totals(state, seeds=range(20))
    >>> sorted(totals) == sorted(indices_of(state.playable(state.deal.to_play)))
    True
    >>> box = state.ledger.balance(POINT)  # at four players some seat always takes two tricks and draws the box
    >>> all(sum(values) == 20 * box for values in totals.values())  # the side payments: one seat's gain, others' loss
    True
    """
    seat = state.deal.to_play
    solver = _Solver(state)
    totals = {}
    for card in indices_of(state.playable(seat)):
        sums = [0] * solver.table.players
        for seed in seeds:
            solver.rng = random.Random(seed)
            for other, value in enumerate(solver.after(seat, card)):
                sums[other] += value
        totals[card] = tuple(sums)
    if work is not None:
        work.units += DRAWN_UNITS * solver.nodes
    return totals


class _Solver:
    """One search: the position of the deal in progress, and the values of the trick starts already solved."""

    __slots__ = (
        "best",
        "best_seat",
        "hands",
        "known",
        "leader",
        "nodes",
        "number",
        "protected",
        "rng",
        "second",
        "table",
        "trick",
        "won",
    )

    def __init__(self, state: GuimbardeState) -> None:
        deal = state.deal
        self.rng: random.Random | None = None
        """None for an exact search; else a play-out's draws, each seat playing a legal card drawn at random."""
        self.table = _table(state)
        self.hands: Hands = tuple(deal.hands)
        self.trick: Trick = tuple(deal.trick)
        self.best, self.best_seat, self.protected = deal.best, deal.best_seat, deal.protected_marriage
        self.leader = deal.leader
        self.won: tuple[int, ...] = tuple(deal.tricks_won)
        self.second: tuple[int, ...] = tuple(deal.second_at)
        self.number = len(deal.tricks)
        self.known: dict[tuple[Hands, int, tuple[int, ...], tuple[int, ...]], Values] = {}
        self.nodes = 0
        """The cards played so far in this search (its work: see :class:`~academie.bots.Work`)."""

    def value(self, seat: int) -> Values:
        return _node(self, self.hands, self.trick, self.best, self.best_seat, self.protected, seat, self.won,
                     self.second, self.number)

    def after(self, seat: int, card: int) -> Values:
        return _play(self, self.hands, self.trick, self.best, self.best_seat, self.protected, seat, card, self.won,
                     self.second, self.number)


def _node(solver: _Solver, hands: Hands, trick: Trick, best: int, best_seat: int, protected: bool, seat: int,
          won: tuple[int, ...], second: tuple[int, ...], number: int) -> Values:
    """The value of the position, ``seat`` to play: its best card's (ties to the lowest); in a play-out, the value
    of one legal card drawn at random."""
    if solver.rng is not None:
        return _drawn(solver, solver.rng, hands, trick, best, best_seat, protected, seat, won, second, number)
    if not trick:
        key = (hands, seat, won, second)
        known = solver.known.get(key)
        if known is not None:
            return known
    table = solver.table
    legal = legal_mask(hands[seat], [card for _, card in trick], table.trump, table.rules, best=best,
                       protected_marriage=protected)
    chosen: Values | None = None
    for card in indices_of(legal):
        values = _play(solver, hands, trick, best, best_seat, protected, seat, card, won, second, number)
        if chosen is None or values[seat] > chosen[seat]:
            chosen = values
    assert chosen is not None
    if not trick:
        solver.known[key] = chosen
    return chosen


def _drawn(solver: _Solver, rng: random.Random, hands: Hands, trick: Trick, best: int, best_seat: int,
           protected: bool, seat: int, won: tuple[int, ...], second: tuple[int, ...], number: int) -> Values:
    """A play-out's step: ``seat`` plays a card drawn at random among its legal ones (G-§5.3), the rest follows."""
    table = solver.table
    legal = [*indices_of(legal_mask(hands[seat], [card for _, card in trick], table.trump, table.rules, best=best,
                                    protected_marriage=protected))]
    card = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
    return _play(solver, hands, trick, best, best_seat, protected, seat, card, won, second, number)


def _play(solver: _Solver, hands: Hands, trick: Trick, best: int, best_seat: int, protected: bool, seat: int,
          card: int, won: tuple[int, ...], second: tuple[int, ...], number: int) -> Values:
    """The value of ``seat`` playing ``card``, then exact play to the end of the deal (or a play-out's draws)."""
    solver.nodes += 1
    table = solver.table
    paid = [0] * table.players
    hand = hands[seat]
    partner = table.partner[card]
    if partner >= 0 and hand >> partner & 1 and not table.rules.pay_hand_marriage_at_start:
        # GUIMBARDE-R1, R4 (G-Q9): a marriage in hand is paid as its first card is played, 2 each for hearts
        _from_each(table, paid, seat, 2 if suit_of(card) == Suit.HEARTS else 1)
    hands = (*hands[:seat], hand & ~(1 << card), *hands[seat + 1:])
    trump = table.trump
    if trick:
        previous = trick[-1][1]
        if table.kinds[previous][card] == 1 and (table.rules.rule3_protects_trump_marriages
                                                 or EFFECTIVE_SUIT[trump][previous] != trump):
            protected = True  # GUIMBARDE-R3
        if BEATEN_BY[trump][best] >> card & 1:
            best, best_seat = card, seat
    else:
        best, best_seat = card, seat
    trick = (*trick, (seat, card))
    if len(trick) < table.players:
        rest = _node(solver, hands, trick, best, best_seat, protected, table.following[seat], won, second, number)
    else:
        rest = _settle(solver, paid, hands, trick, best, best_seat, won, second, number)
    if not any(paid):  # most cards pay nothing: the rest of the deal's values stand as they are
        return rest
    return tuple(p + r for p, r in zip(paid, rest, strict=True))


def _settle(solver: _Solver, paid: list[int], hands: Hands, trick: Trick, best: int, winner: int,
            won: tuple[int, ...], second: tuple[int, ...], number: int) -> Values:
    """G-§5.5: the marriages on the table and the fou paid into ``paid``; then the next trick, or the Point box."""
    table = solver.table
    rules = table.rules
    for (king_seat, first), (queen_seat, following) in itertools.pairwise(trick):
        kind = table.kinds[first][following]
        if kind == 2:  # GUIMBARDE-R4: the grand marriage on the table
            if rules.grand_marriage_table_from_each:
                _from_each(table, paid, winner, 1)
            else:
                holder = king_seat if first == KH else queen_seat
                paid[holder] -= 1
                paid[winner] += 1
        elif kind == 1:
            if rank_of(first) == Rank.QUEEN:  # G-Q5 variant: queen first
                king_seat, queen_seat = queen_seat, king_seat
            if winner == king_seat:  # GUIMBARDE-R1: all pay but the queen's player
                _from_each(table, paid, winner, 1, except_seat=queen_seat)
            else:  # GUIMBARDE-R2: won by another card: one from each of the couple
                for payer in (king_seat, queen_seat):
                    if payer != winner:
                        paid[payer] -= 1
                        paid[winner] += 1
    for seat, card in trick:
        if card == JD:  # GUIMBARDE-R5 (G-Q7)
            if best in (KH, QH) and winner != seat:
                paid[seat] -= 1
                paid[winner] += 1
            elif rules.fou_box_on_survival:
                paid[seat] += table.fou_box
            else:
                _from_each(table, paid, seat, 1)
    number += 1
    won = (*won[:winner], won[winner] + 1, *won[winner + 1:])
    if won[winner] == 2:
        second = (*second[:winner], number, *second[winner + 1:])
    if number < TRICKS:
        return _node(solver, hands, (), -1, -1, False, winner, won, second, number)
    most = max(won)
    end = [0] * table.players
    if most >= 2:  # GUIMBARDE-§7: the most tricks, two at least; at equal tricks the first to two
        taker = min((s for s in table.order if won[s] == most), key=lambda s: second[s])
        end[taker] += table.point
    return tuple(end)


def _from_each(table: _Table, paid: list[int], seat: int, amount: int, *, except_seat: int = -1) -> None:
    """G-§3.4: ``amount`` from each other player to ``seat``."""
    for other in table.order:
        if other != seat and other != except_seat:
            paid[other] -= amount
            paid[seat] += amount
