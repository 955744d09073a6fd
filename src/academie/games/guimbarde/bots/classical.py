"""The classical Guimbarde bot: the strategy notes of the rule file's §8, each decision citing its paragraph.

It sees only its view: its hand, the cards shown at the declarations (who holds ♥Q, ♥K, ♦J), the turn-up and
the cards played.

>>> from academie.games.guimbarde.state import GuimbardeState
>>> state = GuimbardeState.new(seed=4, first_dealer=0)
>>> bot = ClassicalBot(seed=0)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

from typing import Final

from academie.bots import OpenReason, Reason
from academie.bots.random import NoLegalActionError
from academie.cards import Card
from academie.engine import Action
from academie.games.guimbarde.state import BEATEN_BY, JD, KH, POWER, QH, GuimbardeView, Play

CAPTORS: Final = (KH, QH)
"""The cards that take the fou (GUIMBARDE-R5)."""


def _played(view: GuimbardeView) -> int:
    mask = 0
    for trick in view.tricks:
        for _, card in trick.plays:
            mask |= 1 << card.index
    return mask


def _holder(view: GuimbardeView, card: int) -> int | None:
    """Who was seen to hold ``card`` (shown at the declarations), if it is still in a hand."""
    for seat, cards in enumerate(view.shown):
        if any(c.index == card for c in cards):
            return seat
    return None


class ClassicalBot:
    """Sure tricks first, win cheaply, throw low, keep the fou out of the captors' way (rule file §8)."""

    name = "classical"

    def __init__(self, *, seed: int = 0) -> None:
        self._seed = seed
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` citing the rule file's §8."""
        return self._last

    def choose(self, view: GuimbardeView) -> Action:
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if not plays:
            if view.legal_actions:
                self._last = OpenReason("takes the ruling the law gives ({law})", law=view.pending.law) \
                    if view.pending is not None else OpenReason("takes the ruling the law gives (§7)")
                return view.legal_actions[0]
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if len(plays) == 1:
            self._last = Reason("plays {card}, the only card it may play (G-§5.3)", card=plays[0].card)
            return plays[0]
        trump = view.trump
        assert trump is not None
        power = POWER[trump]
        cards = [p.card.index for p in plays]
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        gone = _played(view)
        if current is None:
            return self._lead(view, cards, gone, power)
        return self._follow(view, cards, current.plays, gone, power)

    def _lead(self, view: GuimbardeView, cards: list[int], gone: int, power: tuple[int, ...]) -> Action:
        mine = sum(1 << c for c in cards)
        live_top = [c for c in (QH, KH, JD) if not gone >> c & 1 and not mine >> c & 1]
        for card in (QH, KH, JD):
            higher = [c for c in live_top if power[c] > power[card]]
            if mine >> card & 1 and not higher and (card != JD or not any(c in CAPTORS for c in live_top)):
                self._last = Reason("leads {card}: a sure trick, and tricks taken early win the Point box (at two "
                                    "tricks each, the first to two wins it) (§8)", card=Card.from_index(card))
                return Play(Card.from_index(card))
        plain = [c for c in cards if c not in (QH, KH, JD)] or cards
        best = max(plain, key=lambda c: power[c])
        self._last = Reason("leads {card}, its highest ordinary card, to make a trick while few players are void in "
                            "its suit (§8)", card=Card.from_index(best))
        return Play(Card.from_index(best))

    def _follow(self, view: GuimbardeView, cards: list[int], plays: tuple[tuple[int, Card], ...], gone: int,
                power: tuple[int, ...]) -> Action:
        trump = view.trump
        assert trump is not None
        best = plays[0][1].index
        for _, card in plays[1:]:
            if BEATEN_BY[trump][best] >> card.index & 1:
                best = card.index
        seated = {seat for seat, _ in plays}
        still = [s for s in range(view.players) if s not in seated and s != view.viewer]
        danger = [c for c in (QH, KH) if not gone >> c & 1 and _holder(view, c) in still]
        winners = [c for c in cards if BEATEN_BY[trump][best] >> c & 1]
        safe = [c for c in winners if c != JD or not danger]
        if safe:
            cheapest = min(safe, key=lambda c: power[c])
            self._last = Reason("takes the trick with {card}, the cheapest card that wins it: every trick counts for "
                                "the Point box (§8)", card=Card.from_index(cheapest))
            return Play(Card.from_index(cheapest))
        trick_has_captor = any(c.index in CAPTORS for _, c in plays)
        pool = [c for c in cards if c != JD or not (trick_has_captor or danger)] or cards
        lowest = min(pool, key=lambda c: power[c])
        if JD in cards and lowest != JD:
            self._last = Reason("cannot take this trick: throws {card}, its lowest card, keeping le fou while le roi "
                                "or la guimbarde could take it (§8)", card=Card.from_index(lowest))
        else:
            self._last = Reason("cannot take this trick: throws {card}, its lowest card (§8)",
                                card=Card.from_index(lowest))
        return Play(Card.from_index(lowest))
