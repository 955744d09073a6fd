"""The classical Whist bot: the old books' principles (§8 of the rule file), each decision citing its §.

Leads from the longest plain suit with the standard opening cards (W-§8.1 Cavendish), trumps with five or more,
partner's suit returned; second hand low, third hand high, fourth hand as cheaply as possible; discards from
the weakest suit; calls at eight whenever entitled (W-§8.2).

>>> from academie.games.whist.state import WhistState
>>> state = WhistState.new(seed=3, first_dealer=3)
>>> bot = ClassicalBot(seed=0)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True

Each reason is a :class:`~academie.bots.Reason`, and names the bot's side as "its side": a person at
the table calls the seats by where they sit from him, which the bot does not know.
"""

from __future__ import annotations

from typing import Any, Final

from academie.bots import OpenReason, Reason
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


def remedy_choice(legal: tuple[Action, ...]) -> tuple[Action, Reason]:
    """Table mode (rule file §7): the remedy this seat takes among those the law offers, with the reason."""
    remedies = [action for action in legal if isinstance(action, Remedy)]
    for name in _PREFERRED_REMEDIES:
        named = [r for r in remedies if r.name == name]
        if named:
            chosen = max(named, key=lambda r: int(Card.parse(r.args[0]).rank) if r.args and len(r.args[0]) == 2 else 0)
            return chosen, _remedy_reason(chosen)
    first = legal[0]
    if isinstance(first, Remedy):
        return first, OpenReason("takes the first ruling the law offers ({law})", law=first.law)
    return first, OpenReason("takes the first ruling offered (§7)")


def _remedy_reason(remedy: Remedy) -> Reason:
    """Why this seat takes ``remedy`` (table mode, rule file §7)."""
    law = remedy.law
    card = _card_argument(remedy.args)
    if remedy.name == "call" and card is not None:
        return OpenReason("calls {card}, the highest of the cards it may call: a high card called costs the offenders "
                      "most ({law})", card=card, law=law)
    if remedy.name == "play-before" and card is not None:
        return OpenReason("has the fourth hand play {card}, the highest card it may name, before his partner ({law})",
                      card=card, law=law)
    reasons = {
        "add": OpenReason("takes the penalty as points added to the score of its side ({law})",
                           law=law),
        "call": OpenReason("calls an exposed card: it must be played as soon as it can be ({law})", law=law),
        "call-card": OpenReason("calls the exposed card: it must be played as soon as it can be ({law})", law=law),
        "oblige-win": OpenReason("obliges the offender's partner to win the trick if he can ({law})", law=law),
        "neither-trump-nor-win": OpenReason("forbids the offender to trump or to win this trick ({law})", law=law),
        "partner-to-win": OpenReason("calls on the offender's partner to win the trick ({law})", law=law),
        "play-before": OpenReason("has the fourth hand play before his partner ({law})", law=law),
        "highest": OpenReason("calls the highest card the law lets it call ({law})", law=law),
        "stand": OpenReason("lets the deal stand ({law})", law=law),
    }
    return reasons.get(remedy.name, OpenReason("takes the first ruling the law offers ({law})", law=law))


def _card_argument(args: tuple[str, ...]) -> Card | None:
    if args and len(args[0]) == 2:
        try:
            return Card.parse(args[0])
        except ValueError:
            return None
    return None


def announcement_reason(action: Action) -> Reason:
    """W-§4.2, W-§8.2: why a call, a show of honours or an answer (the partner always answers truly)."""
    if isinstance(action, Call):
        return Reason("calls (« j'appelle »): at eight with two honours, it asks its partner for a third; calling "
                      "costs nothing (W-§8.2)")
    if isinstance(action, ShowHonours):
        return Reason("shows its honours: at eight with three or four honours, its side wins the game "
                      "without playing the hand (W-§4.2, W-§8.2)")
    if isinstance(action, Answer):
        return Reason("answers its partner's call truly: it holds an honour (W-§4.2, W-§8.2)")
    return Reason("answers its partner's call truly: it holds no honour (W-§4.2, W-§8.2)")


class ClassicalBot:
    """Plays by the maxims of Hoyle and Cavendish; deterministic (the seed is accepted for the common protocol)."""

    name = "classical"

    def __init__(self, *, seed: int = 0) -> None:
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` citing the books' maxim (W-§8)."""
        return self._last

    def _say(self, action: Action, reason: Reason) -> Action:
        self._last = reason
        return action

    def choose(self, view: WhistView) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if not any(isinstance(action, Play) for action in legal) and isinstance(legal[0], Remedy):
            return self._say(*remedy_choice(legal))
        for action in legal:
            if isinstance(action, (Call, ShowHonours, Answer, Deny)):
                return self._say(action, announcement_reason(action))
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) == 1:
            return self._say(plays[0], Reason("the only legal card"))
        assert isinstance(view, WhistView)
        trick = view.tricks[-1].cards if view.tricks and view.tricks[-1].winner is None else ()
        cards = [p.card for p in plays]
        if not trick:
            card, why = self._lead(view, cards)
        else:
            card, why = self._follow(view, trick, cards)
        return self._say(Play(card), why)

    # ------------------------------------------------------------------------------------ leading
    def _lead(self, view: WhistView, cards: list[Card]) -> tuple[Card, Reason]:
        trump = view.trump
        hand = view.hand
        trumps = [c for c in hand if c.suit == trump]
        partner_lead = self._partner_first_lead(view)
        if partner_lead is not None and any(c.suit == partner_lead for c in cards):
            suit_cards = sorted((c for c in cards if c.suit == partner_lead), key=_rank)
            if partner_lead == trump:
                return suit_cards[-1], Reason("returns its partner's trump lead at once with {card}, its highest "
                                              "trump (W-§8.1)", card=suit_cards[-1])
            if len(suit_cards) <= 3:
                return suit_cards[-1], Reason("returns its partner's suit with {card}: holding three cards of it or "
                                              "fewer, the highest (W-§8.1)", card=suit_cards[-1])
            return suit_cards[0], Reason("returns its partner's suit with {card}: holding more than three cards of "
                                         "it, the lowest (W-§8.1)", card=suit_cards[0])
        if len(trumps) >= 5 and any(c.suit == trump for c in cards):
            card = self._opening(sorted(trumps, key=_rank))
            return card, Reason("leads trumps with {card}: it holds five trumps or more (W-§8.1)", card=card)
        plain = [c for c in cards if c.suit != trump] or cards
        by_suit: dict[Any, list[Card]] = {}
        for card in plain:
            by_suit.setdefault(card.suit, []).append(card)
        longest = max(by_suit.values(), key=lambda cs: (len(cs), max(_rank(c) for c in cs)))
        card = self._opening(sorted(longest, key=_rank))
        return card, Reason("leads {card} from its longest suit, the card Cavendish leads from such a suit (W-§8.1)",
                            card=card)

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
    def _follow(self, view: WhistView, trick: tuple[Card, ...], cards: list[Card]) -> tuple[Card, Reason]:
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
                card = self._lowest_of_sequence(winners[-1], cards)
                return card, Reason("second hand, but holding a sequence of honours: covers with {card}, the lowest of "
                                    "the sequence (W-§8.1)", card=card)
            return lowest, Reason("second hand plays low: {card} (W-§8.1)", card=lowest)
        if partner_winning:
            return lowest, Reason("its partner is winning the trick: plays low, {card} (W-§8.1)", card=lowest)
        if not winners:
            return lowest, Reason("cannot win the trick: plays its lowest card, {card} (W-§8.1)", card=lowest)
        if position == 2:
            card = self._lowest_of_sequence(winners[-1], cards)
            return card, Reason("third hand plays high: {card}, the lowest of its equal top cards (W-§8.1)", card=card)
        return winners[0], Reason("fourth hand wins as cheaply as it can: {card} (W-§8.1)", card=winners[0])

    def _void(self, view: WhistView, cards: list[Card], winners: list[Card], partner_winning: bool, position: int,
              lowest: Card) -> tuple[Card, Reason]:
        trump = view.trump
        trumps = [c for c in view.hand if c.suit == trump]
        if winners and not partner_winning and (position == 3 or len(trumps) <= 3):
            if position == 3:
                return winners[0], Reason("fourth hand with none of the suit led: trumps with {card} and wins the "
                                          "trick (W-§8.1)", card=winners[0])
            return winners[0], Reason("none of the suit led and three trumps or fewer: trumps with {card} (W-§8.1)",
                                      card=winners[0])
        plain = [c for c in cards if c.suit != trump]
        if not plain:
            return lowest, Reason("only trumps left: plays the lowest, {card} (W-§8.1)", card=lowest)
        counts = {c.suit: sum(1 for h in view.hand if h.suit == c.suit) for c in plain}
        weakest = min(plain, key=lambda c: (counts[c.suit], _rank(c)))
        if partner_winning:
            return weakest, Reason("none of the suit led and its partner is winning the trick: discards {card} from "
                                   "its weakest suit (W-§8.1)", card=weakest)
        return weakest, Reason("none of the suit led: discards {card} from its weakest suit (W-§8.1)", card=weakest)

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
