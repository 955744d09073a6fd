"""The classical Guinguette bot: the rule file's strategy notes (§8) turned into decisions, each citing them.

There is no old book on Guinguette strategy: §8 of ``shared/rules/guinguette.md`` gives probabilities for the
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
from typing import Any, Final

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
        self._last = ""

    def explain(self) -> str:
        return self._last

    def choose(self, view: Any) -> Action:
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
            action, self._last = legal[0], "the only choice (a ruling)"
        if action not in legal:
            # table mode: a ruling can bar what the notes advise (a card exposed, a stir voided): stay legal
            action, self._last = legal[0], f"{legal[0]}: the §8 choice {action} is not allowed here"
        return action

    # ------------------------------------------------------------------ cotillon
    def _stir(self, view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, str]:
        rules = view.rules
        hand = mask_of(view.hand)
        if len(legal) == 1:
            return KEEP, "no stir possible: keep (GU-§5.3a)"
        if tierce_of(hand, rules):
            return KEEP, "§8: a tierce in hand: keep it (je m'y tiens)"
        if point_of(hand) >= HIGH_POINT and not hand >> QUEEN_OF_DIAMONDS & 1:
            return KEEP, f"§8: no tierce but a point of {point_of(hand)}: keep for the point"
        unseen = unseen_cards(view)
        card, outs = best_draw(view.hand, unseen=unseen, rules=rules)
        chance = outs / max(1, len(unseen))
        again = view.stir_round > 1
        cost = rules.restir_cost if again else STIR_COST
        prize = WIN_WITH_TIERCE * (view.baskets[1] + view.baskets[2] + 2 * rules.players)
        if card.index == QUEEN_OF_DIAMONDS:
            prize -= view.baskets[0]  # §8: throwing the ♦Q gives up the guinguette basket
        if chance * prize <= cost:
            return KEEP, (f"§8: throwing {card} leaves {outs} outs in {len(unseen)} unseen cards "
                          f"({chance:.0%}), not worth {cost} tokens: keep")
        action = next(a for a in legal if isinstance(a, (Stir, Restir)) and a.card == card)
        verb = "renvie" if again else "remue"
        return action, (f"§8: « je {verb} le cotillon »: throwing {card} leaves {outs} outs in {len(unseen)} "
                        f"unseen cards ({chance:.0%} to make a tierce) for baskets worth about {prize:.0f}")

    # ------------------------------------------------------------------ cabaret
    def _bet(self, view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, str]:
        rules = view.rules
        seat = view.viewer
        hand = mask_of(view.hand)
        tierce = tierce_of(hand, rules)
        point = point_of(hand)
        keepers = sum(1 for s, stirs in enumerate(view.stirs) if stirs == 0 and s != seat and not view.folded[s])
        if not view.opened:
            if tierce:
                measure = 4 if tierce >= _high_tierce(rules) else 2
                return _measure(legal, BETS, measure), f"§8: a tierce: open the cabaret with {measure}"
            if point >= HIGH_POINT and keepers <= 1:
                return _measure(legal, BETS, 1), (f"§8: no tierce but a point of {point} and {keepers} player(s) "
                                                  "who kept: a demi-septier")
            return PASS, "§8: no tierce: pass (passe), keeping the right to come in"
        need = view.high - view.contributions[seat]
        if ALL_IN in legal:
            if tierce:
                return ALL_IN, "§8: a tierce and short of tokens: all in"
            return FOLD, "§8: short of tokens without a tierce: quitte"
        if tierce:
            if tierce >= _high_tierce(rules) and view.raises < 3 and RAISES[4] in legal:
                return RAISES[4], "§8: a high tierce: raise a pinte (renvi)"
            return HOLD, "§8: the measures are small: with any tierce the pot odds say hold (tiens)"
        if point >= HIGH_POINT and need <= 2 and keepers <= 1:
            return HOLD, f"§8: no tierce but a point of {point}, and it costs only {need}: hold"
        return FOLD, "§8: no tierce against a bet: quitte"

    # ------------------------------------------------------------------ tricks (option GU-§5.6)
    @staticmethod
    def _trick(view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, str]:
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if not plays:
            return legal[0], "no card may be played now: the only choice"
        best = max(plays, key=lambda a: point_of(1 << a.card.index))
        return best, "GU-§5.6: play the highest card allowed to take tricks"


_PREFERRED_REMEDIES: Final = ("forfeit", "redeal")
"""Remedies taken when a law lets this seat choose: the offender's forfeit (GU8) rather than a pardon, and a
redeal (GU3) rather than playing on with a card known to all."""


def remedy_choice(view: GuinguetteView, legal: Sequence[Action]) -> tuple[Action, str]:
    """Table mode (rule file §7): the remedy this seat takes among those the law offers, with the reason."""
    law = view.pending.law if view.pending is not None else "the laws"
    by_name = {action.name: action for action in legal if isinstance(action, Remedy)}
    for name in _PREFERRED_REMEDIES:
        if name in by_name:
            return by_name[name], f"chooses {name} under {law}"
    return legal[0], f"takes {legal[0]}, the ruling {law} offers"


def _high_tierce(rules: GuinguetteRules) -> int:
    """Tierces au dix and au valet count as high (the two best, GU-§5.1c)."""
    return tierce_of(mask_of(parse_cards("TC 9C 8C")), rules)


def _measure(legal: Sequence[Action], table: Mapping[int, Action], measure: int) -> Action:
    """The largest allowed measure up to ``measure`` (the stock may be short)."""
    for amount in (measure, 2, 1):
        if amount <= measure and table[amount] in legal:
            return table[amount]
    return legal[0]

