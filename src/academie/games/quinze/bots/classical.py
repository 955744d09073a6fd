"""The classical Quinze bot: the rule file's strategy notes (§8), each decision citing its paragraph.

It draws or stands on the exact chance of busting given the cards it has not seen (Q-§8 "Bust and hit chances",
"Card counting"), needs a higher total against several drawers ("Standing thresholds"), opens and holds by the
strength of its hidden card and its position, raises with a strong made hand ("Betting"). In Form B it plays the
exactly optimal draw/stand policy (Q-§5.8, :mod:`academie.games.quinze.bots.policy`, the table ``academie analyse
quinze`` prints), drawing at random with the optimal probability where the optimum is mixed; on a hand the optimal
policy never reaches it falls back on §8 "Form B" (the dealer stands lower than the elder).

>>> from academie.games.quinze.state import QuinzeRules, QuinzeState
>>> state = QuinzeState.new(QuinzeRules(players=3), seed=3, first_dealer=2)
>>> bot = ClassicalBot(seed=0)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from functools import lru_cache

from academie.engine import Action
from academie.games.quinze.bots.policy import form_b_policy
from academie.games.quinze.state import (
    ALL_IN,
    ANNOUNCE,
    CARD,
    HOLD,
    PASS,
    STAND,
    TARGET,
    WANT_CARDS,
    Open,
    Phase,
    QuinzeView,
    Raise,
    card_values,
    hand_total,
    unseen_cards,
)


def _value_counts(view: QuinzeView) -> tuple[int, ...]:
    """How many unseen cards have each value 1..10 (index 0 unused)."""
    values = card_values(view.rules.courts_value)
    counts = [0] * 11
    for card, count in unseen_cards(view).items():
        counts[values[card]] += count
    return tuple(counts)


def bust_chance(total: int, counts: tuple[int, ...]) -> float:
    """Q-§8: the chance that the next card takes ``total`` over fifteen, from the unseen cards' values.

    >>> counts = (0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    >>> round(bust_chance(6, counts), 2), bust_chance(5, counts)
    (0.31, 0.0)
    """
    size = sum(counts)
    if not size:
        return 1.0
    return sum(n for value, n in enumerate(counts) if value and total + value > TARGET) / size


@lru_cache(maxsize=4096)
def reach_chance(total: int, counts: tuple[int, ...], goal: int) -> float:
    """Q-§8: the chance of ending on ``goal``..15 drawing while below ``goal`` (cards drawn with replacement)."""
    if total > TARGET:
        return 0.0
    if total >= goal:
        return 1.0
    size = sum(counts)
    if not size:
        return 0.0
    return sum(n / size * reach_chance(total + value, counts, goal) for value, n in enumerate(counts) if n)


class ClassicalBot:
    """Plays by the rule file's §8."""

    name = "classical"

    def __init__(self, *, seed: int = 0) -> None:
        self._rng = random.Random(seed)  # only for Form B's mixed optimal policy; Form A is deterministic
        self._last = ""

    def explain(self) -> str:
        return self._last

    def choose(self, view: QuinzeView) -> Action:
        legal = view.legal_actions
        action, why = self._decide(view)
        if action not in legal:  # every branch falls back on a legal action
            action, why = legal[0], why + f"; {legal[0]} instead (the only safe legal action)"
        self._last = why
        return action

    # ------------------------------------------------------------------------------------------------ decisions
    def _decide(self, view: QuinzeView) -> tuple[Action, str]:
        legal = view.legal_actions
        seat = view.viewer
        counts = _value_counts(view)
        hole = view.hole[seat]
        total = hand_total((hole, *view.up[seat]), view.rules) if hole is not None else 0
        if view.rules.form == "B":
            return self._form_b(view, total, counts)
        if ANNOUNCE in legal:
            strength = reach_chance(total, counts, 12)
            if strength >= 0.5:
                return ANNOUNCE, f"§3, QUINZE-36: I announce my holding to play on (chance of 12–15: {strength:.0%})"
            return PASS, f"§8 Betting: short and weak (chance of 12–15: {strength:.0%}): I pass"
        if ALL_IN in legal:
            strength = reach_chance(total, counts, 12)
            if strength >= 0.45:
                return ALL_IN, f"§3, QUINZE-37: all I have on a fair hand (chance of 12–15: {strength:.0%})"
            return PASS, f"§8 Betting: not worth my last tokens (chance of 12–15: {strength:.0%})"
        if any(isinstance(a, Open) for a in legal):
            return self._opening(view, total, counts)
        if HOLD in legal:
            return self._facing_bet(view, total, counts)
        if WANT_CARDS in legal:
            return self._with_the_word(view, total)
        return self._draw_turn(view, total, counts)

    def _opponents(self, view: QuinzeView) -> list[int]:
        return [s for s in range(len(view.caves)) if s != view.viewer and view.in_coup[s] and not view.folded[s]
                and not view.busted[s]]

    def _opening(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, str]:
        """Q-§8 Betting and Position: open for the minimum with a hidden card likely to make 12–15."""
        strength = reach_chance(total, counts, 12)
        speakers_left = sum(1 for s in self._opponents(view) if not view.folded[s])
        needed = 0.5 + 0.03 * speakers_left
        if strength >= needed:
            opening = next(a for a in view.legal_actions if isinstance(a, Open))
            return opening, (f"§8 Betting: my hidden card makes 12–15 {strength:.0%} of the time "
                             f"(I want {needed:.0%} with {speakers_left} to speak after me): I open for the jeu")
        return PASS, f"§8 Betting: my hidden card makes 12–15 only {strength:.0%} of the time: I pass"

    def _facing_bet(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, str]:
        """Q-§8 Betting: hold when the chance of a good total beats the price; raise with a strong made hand."""
        seat = view.viewer
        cost = view.highest - view.contributions[seat]
        odds = cost / (view.pot + cost) if cost else 0.0
        rivals = max(1, len(self._opponents(view)))
        finished = view.stood[seat] or (view.drawer not in (None, seat) and view.drawn[seat] > 0)
        strength = (1.0 if 12 <= total <= TARGET else 0.3) if finished else reach_chance(total, counts, 12)
        share = strength / rivals ** 0.5
        raises = [a for a in view.legal_actions if isinstance(a, Raise)]
        if raises and total >= 14 and (finished or view.phase is Phase.DRAW) and self._my_raises(view) < 2:
            return raises[0], f"§8 Betting: a strong total ({total}): I raise the minimum"
        if share >= odds:
            return HOLD, (f"§8 Betting: « je tiens »: my chance {strength:.0%} against {rivals} (≈{share:.0%}) "
                          f"beats the price {odds:.0%}")
        return PASS, (f"§8 Betting: my chance {strength:.0%} (≈{share:.0%} against {rivals}) is below the price "
                      f"{odds:.0%}")

    def _my_raises(self, view: QuinzeView) -> int:
        return sum(1 for actor, action in view.history if actor == view.viewer and isinstance(action, Raise))

    def _with_the_word(self, view: QuinzeView, total: int) -> tuple[Action, str]:
        """QUINZE-31/39, Q-§8 Betting: raise a drawer when my own total is strong, else pass him the word."""
        raises = [a for a in view.legal_actions if isinstance(a, Raise)]
        if raises and total >= 14 and view.stood[view.viewer] and self._my_raises(view) < 2:
            return raises[0], f"§8 Betting: I stand on {total}: I raise the drawer"
        return WANT_CARDS, "QUINZE-31: « voulez-vous cartes ? »: I pass him the word without raising"

    def _draw_turn(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, str]:
        """Q-§8 Standing thresholds: 12 heads-up, 13 against several; draw anyway when sure to lose."""
        rivals = self._opponents(view)
        goal = 12 if len(rivals) <= 1 else 13
        best_seen = max((sum(min(10, v) for v in self._up_values(view, s)) + 1 for s in rivals), default=0)
        bust = bust_chance(total, counts)
        if CARD in view.legal_actions and total < TARGET:
            if best_seen > total:
                return CARD, (f"§8 Information: an opponent shows at least {best_seen}, more than my {total}: "
                              f"I must draw (bust chance {bust:.0%})")
            if total < goal and bust < 0.7:
                return CARD, f"§8 Standing thresholds: {total} is below {goal}; bust chance {bust:.0%}: « carte »"
        raises = [a for a in view.legal_actions if isinstance(a, Raise)]
        if raises and total >= 14 and self._my_raises(view) < 1:
            return raises[0], f"§8 Betting: I raise before standing on {total}"
        return STAND, f"§8 Standing thresholds: I stand on {total} (bust chance {bust:.0%})"

    def _up_values(self, view: QuinzeView, seat: int) -> list[int]:
        values = card_values(view.rules.courts_value)
        return [values[c.index] for c in view.up[seat]]

    def _form_b(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, str]:
        """Q-§5.8: the exactly optimal policy (the dealer knows only how many cards the elder holds)."""
        seat = view.viewer
        dealer = seat == view.dealer
        policy = form_b_policy(view.rules)
        hand = policy.hand([c for c in (view.hole[seat], *view.up[seat]) if c is not None], view.rules)
        elder_cards = view.drawn[1 - seat] + 1
        p = policy.dealer_draws(elder_cards, hand) if dealer else policy.elder_draws(hand)
        if p is None or CARD not in view.legal_actions:
            return self._form_b_rule_of_thumb(view, total, counts)
        draw = p >= 1 or (p > 0 and self._rng.random() < p)
        role = f"dealer, the elder holding {elder_cards} cards" if dealer else "elder"
        mixed = "" if p in (0, 1) else ", drawn at random with that chance"
        return (CARD if draw else STAND), (f"§5.8 Form B, the exact solution ({role}): on {total} the optimal policy "
                                           f"draws {p:.0%} of the time{mixed}: {'card' if draw else 'stand'}")

    def _form_b_rule_of_thumb(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, str]:
        """Q-§8 Form B: the elder stands from 12; the dealer, who does not know whether the elder busted, from 11."""
        dealer = view.viewer == view.dealer
        goal = 11 if dealer else 12
        bust = bust_chance(total, counts)
        if total < goal and CARD in view.legal_actions:
            role = "dealer" if dealer else "elder"
            return CARD, f"§8 Form B: {total} is below {goal} ({role}); bust chance {bust:.0%}"
        return STAND, f"§8 Form B: I stand on {total} ({'dealer' if dealer else 'elder'})"

