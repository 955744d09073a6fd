"""The classical Guinguette bot: the rule file's strategy notes (§8) turned into decisions, each citing them.

There is no old book on Guinguette strategy: §8 of the rule file gives probabilities for the
reconstruction R1 (tierce frequencies, the chance of completing a tierce with one stir, the ♦Q trade-off, what a
kept hand says, pot odds). The bot uses them as follows:

- **stir** (§8 "improving with one stir"): for each possible discard, count the unseen cards that would make a
  tierce (the *outs*) and stir the discard with the best chance when the chance times what a tierce is worth
  (cabaret + cotillon baskets, §8 "whether to stir again … depends on the size of the baskets") beats the fee;
  keep a tierce, keep a hand of courts for the point (§8 "betting"), and never throw the ♦Q unless the
  guinguette basket is smaller than what the draw is worth (§8 "♦Q trade-off");
- **bet** (§8 "betting"): with a tierce bet and raise (a pinte with a high tierce), hold any tierce (pot odds);
  without one, bet or hold small only on a high point and when few players kept their hands (§8
  "information"), else pass or fold.

>>> from academie.cards import parse_cards
>>> from academie.games.guinguette.state import GuinguetteRules
>>> best_draw(parse_cards("9S 8H KC 6D"), unseen=parse_cards("7C 7D TH JC QS"), rules=GuinguetteRules())
(Card.parse('KC'), 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from academie.bots import OpenReason, Reason
from academie.bots.random import NoLegalActionError
from academie.cards import Card, mask_of, parse_cards
from academie.engine import Action, Remedy
from academie.games.guinguette.state import (
    ALL_IN,
    BETS,
    FOLD,
    HOLD,
    KEEP,
    PASS,
    QUEEN_OF_DIAMONDS,
    RAISES,
    STIR_COST,
    GuinguetteRules,
    GuinguetteView,
    Phase,
    PlayCard,
    Restir,
    Stir,
    point_of,
    tierce_of,
)

HIGH_POINT = 35
"""§8 "betting": without a tierce, a hand of courts (35 and more: e.g. K J 9 6) is worth playing for the point."""
WIN_WITH_TIERCE = 0.7
"""An estimate of how often a tierce takes the cabaret (a tierce is dealt in about one hand in nine, §8)."""


def unseen_cards(view: GuinguetteView) -> tuple[Card, ...]:
    """The cards the viewer has not seen in anyone's hand this deal: they may be in the cotillon."""
    known = mask_of(view.hand) | mask_of(card for cards in view.shown for card in cards)
    if not view.rules.discard_mixed:
        known |= mask_of(view.my_discards)
    return tuple(card for card in view.rules.pack if not known >> card.index & 1)


def best_draw(hand: Sequence[Card], *, unseen: Sequence[Card], rules: GuinguetteRules) -> tuple[Card, int]:
    """The discard that leaves the most outs (unseen cards that would complete a tierce) and their number.

    §8: with an open-ended pair such as 9-8 a ten or a seven completes it (8 outs in 36 cards); a gapped pair
    such as J-9 only a ten. Ties: throw the highest point (a court helps no tierce, GU-§5.1c).
    """
    mask = mask_of(hand)
    best: tuple[int, int, Card] | None = None
    for card in hand:
        rest = mask & ~(1 << card.index)
        outs = sum(1 for other in unseen if tierce_of(rest | 1 << other.index, rules))
        key = (outs, point_of(1 << card.index), card)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2], best[0]


class ClassicalBot:
    """Plays by the rule file's §8; ``explain()`` gives the reason of the last choice."""

    name = "classical"

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` citing the rule file's §8."""
        return self._last

    def choose(self, view: GuinguetteView) -> Action:
        legal = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        if view.pending is not None:
            action, self._last = remedy_choice(view, legal)
        elif view.phase is Phase.STIR:
            action, self._last = self._stir(view, legal)
        elif view.phase is Phase.BET:
            action, self._last = self._bet(view, legal)
        elif view.phase is Phase.TRICKS:
            action, self._last = self._trick(view, legal)
        else:
            action, self._last = legal[0], Reason("takes the only choice the ruling leaves")
        if action not in legal:
            # table mode: a ruling can bar what the notes advise (a card exposed, a stir voided): stay legal
            action, self._last = legal[0], Reason("what the rule file's §8 advises is not allowed here: takes the "
                                                  "first move allowed")
        return action

    # ------------------------------------------------------------------ cotillon
    def _stir(self, view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, Reason]:
        rules = view.rules
        hand = mask_of(view.hand)
        if len(legal) == 1:
            return KEEP, Reason("keeps its cards (« je m'y tiens »): it may not stir (GU-§5.3a)")
        if tierce_of(hand, rules):
            return KEEP, Reason("keeps its cards (« je m'y tiens »): it holds a tierce (§8)")
        if point_of(hand) >= HIGH_POINT and not hand >> QUEEN_OF_DIAMONDS & 1:
            return KEEP, Reason("keeps its cards (« je m'y tiens »): no tierce, but a point of {point}, worth playing "
                                "for (§8)", point=point_of(hand))
        unseen = unseen_cards(view)
        card, outs = best_draw(view.hand, unseen=unseen, rules=rules)
        chance = outs / max(1, len(unseen))
        again = view.stir_round > 1
        cost = rules.restir_cost if again else STIR_COST
        prize = WIN_WITH_TIERCE * (view.baskets[1] + view.baskets[2] + 2 * rules.players)
        if card.index == QUEEN_OF_DIAMONDS:
            prize -= view.baskets[0]  # §8: throwing the ♦Q gives up the guinguette basket
        if chance * prize <= cost and not outs:
            return KEEP, Reason("keeps its cards (« je m'y tiens »): no card it has not seen would give it a tierce "
                                "with one stir, and a stir costs {cost} tokens (§8)", cost=cost)
        if chance * prize <= cost:
            # a keep is seen by all: its reason names no card of the hand
            return KEEP, Reason("keeps its cards (« je m'y tiens »): its best stir would find a tierce in only {outs} "
                                "of the {unseen} cards it has not seen ({chance}%), not worth the {cost} tokens it "
                                "costs (§8)", outs=outs, unseen=len(unseen), chance=round(100 * chance), cost=cost)
        action = next(a for a in legal if isinstance(a, (Stir, Restir)) and a.card == card)
        if again:
            return action, Reason("stirs the cotillon again (« je renvie le cotillon »), throwing {card}: {outs} of "
                                  "the {unseen} cards it has not seen would make a tierce ({chance}%), for baskets "
                                  "worth about {prize} tokens (§8)", card=card, outs=outs, unseen=len(unseen),
                                  chance=round(100 * chance), prize=round(prize))
        return action, Reason("stirs the cotillon (« je remue le cotillon »), throwing {card}: {outs} of the {unseen} "
                              "cards it has not seen would make a tierce ({chance}%), for baskets worth about {prize} "
                              "tokens (§8)", card=card, outs=outs, unseen=len(unseen), chance=round(100 * chance),
                              prize=round(prize))

    # ------------------------------------------------------------------ cabaret
    def _bet(self, view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, Reason]:
        rules = view.rules
        seat = view.viewer
        hand = mask_of(view.hand)
        tierce = tierce_of(hand, rules)
        point = point_of(hand)
        keepers = sum(1 for s, stirs in enumerate(view.stirs) if stirs == 0 and s != seat and not view.folded[s])
        if not view.opened:
            if tierce:
                if tierce >= _high_tierce(rules):
                    action = _measure(legal, BETS, 4)
                    return action, Reason("opens the cabaret, betting {amount}: a high tierce (au dix or au valet) is "
                                          "worth a pinte (§8)", amount=getattr(action, "amount", 4))
                action = _measure(legal, BETS, 2)
                return action, Reason("opens the cabaret, betting {amount}: a tierce is worth a chopine (§8)",
                                      amount=getattr(action, "amount", 2))
            if point >= HIGH_POINT and keepers <= 1:
                return _measure(legal, BETS, 1), Reason("bets a demi-septier: no tierce, but a point of {point}, and "
                                                        "at most one other player kept his cards (§8)", point=point)
            return PASS, Reason("passes (« passe »): no tierce; it may still come in later (§8)")
        need = view.high - view.contributions[seat]
        if ALL_IN in legal:
            if tierce:
                return ALL_IN, Reason("goes all in: a tierce, but too few tokens to hold (§8)")
            return FOLD, Reason("folds (« quitte »): too few tokens to hold, and no tierce (§8)")
        if tierce:
            if tierce >= _high_tierce(rules) and view.raises < 3 and RAISES[4] in legal:
                return RAISES[4], Reason("raises a pinte (« renvi »): a high tierce (au dix or au valet) (§8)")
            return HOLD, Reason("holds (« tiens »): the measures are small, and with any tierce the pot is worth the "
                                "price (§8)")
        if point >= HIGH_POINT and need <= 2 and keepers <= 1:
            return HOLD, Reason("holds (« tiens »): no tierce, but a point of {point}, and holding costs only {need} "
                                "(§8)", point=point, need=need)
        return FOLD, Reason("folds (« quitte »): no tierce against a bet (§8)")

    # ------------------------------------------------------------------ tricks (option GU-§5.6)
    @staticmethod
    def _trick(view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, Reason]:
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if not plays:
            return legal[0], Reason("no card may be played now: takes the only choice")
        best = max(plays, key=lambda a: point_of(1 << a.card.index))
        return best, Reason("plays {card}, its highest card allowed, to take tricks (GU-§5.6)", card=best.card)


_PREFERRED_REMEDIES: Final = ("forfeit", "redeal")
"""Remedies taken when a law lets this seat choose: the offender's forfeit (GU8) rather than a pardon, and a
redeal (GU3) rather than playing on with a card known to all."""


def remedy_choice(view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, Reason]:
    """Table mode (rule file §7): the remedy this seat takes among those the law offers, with the reason."""
    by_name = {action.name: action for action in legal if isinstance(action, Remedy)}
    chosen = next((name for name in _PREFERRED_REMEDIES if name in by_name), None)
    if view.pending is None:
        return by_name[chosen] if chosen is not None else legal[0], OpenReason("takes the ruling the laws offer (§7)")
    law = view.pending.law
    if chosen == "forfeit":
        return by_name[chosen], OpenReason("takes the forfeit the offender owes rather than pardoning him ({law})",
                                       law=law)
    if chosen == "redeal":
        return by_name[chosen], OpenReason("asks for a new deal rather than playing on with a card everyone has seen "
                                       "({law})", law=law)
    return legal[0], OpenReason("takes the ruling the law offers ({law})", law=law)


def _high_tierce(rules: GuinguetteRules) -> int:
    """Tierces au dix and au valet count as high (the two best, GU-§5.1c)."""
    return tierce_of(mask_of(parse_cards("TC 9C 8C")), rules)


def _measure(legal: Sequence[Action], table: Mapping[int, Action], measure: int) -> Action:
    """The largest allowed measure up to ``measure`` (the stock may be short)."""
    for amount in (measure, 2, 1):
        if amount <= measure and table[amount] in legal:
            return table[amount]
    return legal[0]

