"""The classical Whist bot: the old books' principles (``shared/rules/whist.md`` §8), each decision citing its §.

Leads from the longest plain suit with the standard opening cards (W-§8.1 Cavendish), trumps with five or more,
partner's suit returned; second hand low, third hand high, fourth hand as cheaply as possible; discards from
the weakest suit; calls at eight whenever entitled (W-§8.2).

>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=3, first_dealer=3)
>>> bot = ClassicalBot(seed=0)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

from typing import Any, Final

from academie.bots.random import NoLegalActionError
from academie.cards import Card, Rank
from academie.engine import Action
from academie.games.whist.state import Answer, Call, Deny, Play, Remedy, ShowHonours, WhistView


def _rank(card: Card) -> int:
    return int(card.rank)


_PREFERRED_REMEDIES: Final = ("add", "call", "call-card", "oblige-win", "neither-trump-nor-win", "partner-to-win",
                              "play-before", "highest", "stand")
"""Remedies taken when the law gives this seat the choice: the penalty points, an exposed card called (the highest
named), the offender's partner obliged to win, and otherwise the deal as it stands."""


def remedy_choice(legal: tuple[Action, ...]) -> tuple[Action, str]:
    """Table mode (rule file §7): the remedy this seat takes among those the law offers, with the reason."""
    remedies = [action for action in legal if isinstance(action, Remedy)]
    for name in _PREFERRED_REMEDIES:
        named = [r for r in remedies if r.name == name]
        if named:
            chosen = max(named, key=lambda r: int(Card.parse(r.args[0]).rank) if r.args and len(r.args[0]) == 2 else 0)
            return chosen, f"chooses {' '.join((chosen.name, *chosen.args))} under {chosen.law}"
    return legal[0], f"takes {legal[0]}, the ruling the law offers"


class ClassicalBot:
    """Plays by the maxims of Hoyle and Cavendish; deterministic (the seed is accepted for the common protocol)."""

    name = "classical"

    def __init__(self, *, seed: int = 0) -> None:
        self._last = ""

    def explain(self) -> str:
        return self._last

    def _say(self, action: Action, reason: str) -> Action:
        self._last = reason
        return action

    def choose(self, view: Any) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if not any(isinstance(action, Play) for action in legal) and isinstance(legal[0], Remedy):
            return self._say(*remedy_choice(legal))
        for action in legal:
            if isinstance(action, (Call, ShowHonours)):
                return self._say(action, "W-§8.2: a side at eight calls whenever entitled (it costs nothing)")
            if isinstance(action, (Answer, Deny)):
                return self._say(action, "W-§4.2: the partner answers truly")
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) == 1:
            return self._say(plays[0], "the only legal card")
        assert isinstance(view, WhistView)
        trick = view.tricks[-1].cards if view.tricks and view.tricks[-1].winner is None else ()
        cards = [p.card for p in plays]
        if not trick:
            card, why = self._lead(view, cards)
        else:
            card, why = self._follow(view, trick, cards)
        return self._say(Play(card), why)

    # ------------------------------------------------------------------------------------ leading
    def _lead(self, view: WhistView, cards: list[Card]) -> tuple[Card, str]:
        trump = view.trump
        hand = view.hand
        trumps = [c for c in hand if c.suit == trump]
        partner_lead = self._partner_first_lead(view)
        if partner_lead is not None and any(c.suit == partner_lead for c in cards):
            suit_cards = sorted((c for c in cards if c.suit == partner_lead), key=_rank)
            if partner_lead == trump:
                return suit_cards[-1], "W-§8.1: always return partner's trump lead at once"
            if len(suit_cards) <= 3:
                return suit_cards[-1], "W-§8.1: return partner's lead; holding three or fewer, the best"
            return suit_cards[0], "W-§8.1: return partner's lead; holding more than three, the lowest"
        if len(trumps) >= 5 and any(c.suit == trump for c in cards):
            return self._opening(sorted(trumps, key=_rank)), "W-§8.1: with five trumps or more, lead trumps"
        plain = [c for c in cards if c.suit != trump] or cards
        by_suit: dict[Any, list[Card]] = {}
        for card in plain:
            by_suit.setdefault(card.suit, []).append(card)
        longest = max(by_suit.values(), key=lambda cs: (len(cs), max(_rank(c) for c in cs)))
        return self._opening(sorted(longest, key=_rank)), "W-§8.1: lead from the longest suit (Cavendish)"

    @staticmethod
    def _opening(suit: list[Card]) -> Card:
        """W-§8.1: A K → K; K Q → K; A Q J → A; A + four small → A; Q J 10 → Q; otherwise the fourth best (or the
        lowest of a short suit)."""
        ranks = {c.rank for c in suit}
        top = {r: c for c in suit for r in [c.rank]}
        if Rank.ACE in ranks and Rank.KING in ranks:
            return top[Rank.KING]
        if Rank.KING in ranks and Rank.QUEEN in ranks:
            return top[Rank.KING]
        if {Rank.ACE, Rank.QUEEN, Rank.JACK} <= ranks or (Rank.ACE in ranks and len(suit) >= 5):
            return top[Rank.ACE]
        if {Rank.QUEEN, Rank.JACK, Rank.TEN} <= ranks:
            return top[Rank.QUEEN]
        return suit[-4] if len(suit) >= 4 else suit[0]

    @staticmethod
    def _partner_first_lead(view: WhistView) -> Any:
        partner = (view.viewer + 2) % 4
        for trick in view.tricks:
            if trick.leader == partner and trick.cards:
                return trick.cards[0].suit
        return None

    # ------------------------------------------------------------------------------------ following
    def _follow(self, view: WhistView, trick: tuple[Card, ...], cards: list[Card]) -> tuple[Card, str]:
        trump = view.trump
        led = trick[0].suit
        position = len(trick)  # 1: second hand, 2: third hand, 3: fourth hand
        best, best_at = trick[0], 0
        for i, card in enumerate(trick[1:], start=1):
            if (card.suit == best.suit and card.rank > best.rank) or (card.suit == trump and best.suit != trump):
                best, best_at = card, i
        partner_winning = position - best_at == 2
        winners = sorted((c for c in cards if (c.suit == best.suit and c.rank > best.rank)
                          or (c.suit == trump and best.suit != trump)), key=_rank)
        following = cards[0].suit == led
        lowest = min(cards, key=lambda c: (c.suit == trump, _rank(c))) if not following else min(cards, key=_rank)
        if not following:
            return self._void(view, cards, winners, partner_winning, position, lowest)
        if position == 1:
            if winners and self._sequence_top(winners[-1], cards):
                return self._lowest_of_sequence(winners[-1], cards), \
                    "W-§8.1: second hand low, except with a sequence of honours (A K, K Q)"
            return lowest, "W-§8.1: second hand low"
        if partner_winning:
            return lowest, "W-§8.1: partner is winning: play low"
        if not winners:
            return lowest, "W-§8.1: cannot win: play the lowest"
        if position == 2:
            return self._lowest_of_sequence(winners[-1], cards), "W-§8.1: third hand high (the lowest of a sequence)"
        return winners[0], "W-§8.1: fourth hand wins as cheaply as possible"

    def _void(self, view: WhistView, cards: list[Card], winners: list[Card], partner_winning: bool, position: int,
              lowest: Card) -> tuple[Card, str]:
        trump = view.trump
        trumps = [c for c in view.hand if c.suit == trump]
        if winners and not partner_winning and (position == 3 or len(trumps) <= 3):
            return winners[0], "W-§8.1: void: trump (with three trumps or fewer, trump freely; fourth hand wins)"
        plain = [c for c in cards if c.suit != trump]
        if not plain:
            return lowest, "W-§8.1: only trumps left: the lowest"
        counts = {c.suit: sum(1 for h in view.hand if h.suit == c.suit) for c in plain}
        weakest = min(plain, key=lambda c: (counts[c.suit], _rank(c)))
        return weakest, "W-§8.1: discard from the weakest suit"

    @staticmethod
    def _sequence_top(card: Card, cards: list[Card]) -> bool:
        """A K or K Q (the top card and the one below it both held) in the suit."""
        held = {c.rank for c in cards if c.suit == card.suit}
        return card.rank >= Rank.KING and Rank(card.rank - 1) in held

    @staticmethod
    def _lowest_of_sequence(card: Card, cards: list[Card]) -> Card:
        """W-§8.1: with a sequence, win with the lowest."""
        held = {c.rank: c for c in cards if c.suit == card.suit}
        rank = card.rank
        while rank - 1 >= Rank.TWO and Rank(rank - 1) in held:
            rank = Rank(rank - 1)
        return held[rank]
