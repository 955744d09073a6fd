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

from academie.bots import OpenReason, Reason
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
        self._last: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` citing the rule file's § or law."""
        return self._last

    def choose(self, view: QuinzeView) -> Action:
        legal = view.legal_actions
        action, why = self._decide(view)
        if action not in legal and view.pending is not None:  # table mode: a remedy to choose (§7)
            action, why = legal[0], OpenReason("takes the first remedy the law offers ({law})", law=view.pending.law)
        elif action not in legal:  # every branch falls back on a legal action
            action, why = legal[0], Reason("what the rule file advises is not allowed here: takes the first move "
                                           "allowed (§7)")
        self._last = why
        return action

    # ------------------------------------------------------------------------------------------------ decisions
    def _decide(self, view: QuinzeView) -> tuple[Action, Reason]:
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
                return ANNOUNCE, Reason("announces what it has, to play on (QUINZE-36): its cards reach 12 to 15 "
                                        "{chance}% of the time (§3)", chance=_percent(strength))
            return PASS, Reason("passes: short of tokens, and its cards reach 12 to 15 only {chance}% of the time (§8)",
                                chance=_percent(strength))
        if ALL_IN in legal:
            strength = reach_chance(total, counts, 12)
            if strength >= 0.45:
                return ALL_IN, Reason("puts in all it has (QUINZE-37) on a fair hand: its cards reach 12 to 15 "
                                      "{chance}% of the time (§3)", chance=_percent(strength))
            return PASS, Reason("passes: its cards reach 12 to 15 only {chance}% of the time, not worth its last "
                                "tokens (§8)", chance=_percent(strength))
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

    def _opening(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, Reason]:
        """Q-§8 Betting and Position: open for the minimum with a hidden card likely to make 12–15."""
        strength = reach_chance(total, counts, 12)
        speakers_left = sum(1 for s in self._opponents(view) if not view.folded[s])
        needed = 0.5 + 0.03 * speakers_left
        if strength >= needed:
            opening = next(a for a in view.legal_actions if isinstance(a, Open))
            return opening, Reason("opens for the jeu: its hidden card reaches 12 to 15 {chance}% of the time, and it "
                                   "wants {needed}% with {speakers} still to speak after it (§8)",
                                   chance=_percent(strength), needed=_percent(needed), speakers=speakers_left)
        return PASS, Reason("passes: its hidden card reaches 12 to 15 only {chance}% of the time (§8)",
                            chance=_percent(strength))

    def _facing_bet(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, Reason]:
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
            return raises[0], Reason("raises the least it may on a strong total, {total} (§8)", total=total)
        if share >= odds:
            return HOLD, Reason("holds (« je tiens »): its chance of a good total, {chance}%, about {share}% once "
                                "shared among the rivals still in, is worth the price: holding costs {odds}% of the "
                                "pot it would win (§8)", chance=_percent(strength), share=_percent(share),
                                odds=_percent(odds))
        return PASS, Reason("passes: its chance of a good total, {chance}%, about {share}% once shared among the "
                            "rivals still in, is below the price: holding costs {odds}% of the pot it would win (§8)",
                            chance=_percent(strength), share=_percent(share), odds=_percent(odds))

    def _my_raises(self, view: QuinzeView) -> int:
        return sum(1 for actor, action in view.history if actor == view.viewer and isinstance(action, Raise))

    def _with_the_word(self, view: QuinzeView, total: int) -> tuple[Action, Reason]:
        """QUINZE-31/39, Q-§8 Betting: raise a drawer when my own total is strong, else pass him the word."""
        raises = [a for a in view.legal_actions if isinstance(a, Raise)]
        if raises and total >= 14 and view.stood[view.viewer] and self._my_raises(view) < 2:
            return raises[0], Reason("raises the drawer: it stands on {total}, a strong total (§8)", total=total)
        return WANT_CARDS, Reason("« voulez-vous cartes ? »: passes the word to the drawer without raising "
                                  "(QUINZE-31)")

    def _draw_turn(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, Reason]:
        """Q-§8 Standing thresholds: 12 heads-up, 13 against several; draw anyway when sure to lose."""
        rivals = self._opponents(view)
        goal = 12 if len(rivals) <= 1 else 13
        best_seen = max((sum(min(10, v) for v in self._up_values(view, s)) + 1 for s in rivals), default=0)
        bust = bust_chance(total, counts)
        if CARD in view.legal_actions and total < TARGET:
            if best_seen > total:
                return CARD, Reason("asks for a card (« carte »): an opponent shows at least {seen}, more than its "
                                    "{total}, so it must draw; the risk of going over 15 is {bust}% (§8)",
                                    seen=best_seen, total=total, bust=_percent(bust))
            if total < goal and bust < 0.7:
                return CARD, Reason("asks for a card (« carte »): {total} is below {goal}, and the risk of going over "
                                    "15 is {bust}% (§8)", total=total, goal=goal, bust=_percent(bust))
        raises = [a for a in view.legal_actions if isinstance(a, Raise)]
        if raises and total >= 14 and self._my_raises(view) < 1:
            return raises[0], Reason("raises before standing on {total}, a strong total (§8)", total=total)
        return STAND, Reason("stands on {total} (« je m'y tiens »): another card would go over 15 {bust}% of the time "
                             "(§8)", total=total, bust=_percent(bust))

    def _up_values(self, view: QuinzeView, seat: int) -> list[int]:
        values = card_values(view.rules.courts_value)
        return [values[c.index] for c in view.up[seat]]

    def _form_b(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, Reason]:
        """Q-§5.8: the exactly optimal policy (the dealer knows only how many cards the elder holds)."""
        seat = view.viewer
        dealer = seat == view.dealer
        if view.busted[seat] and view.legal_actions == (STAND,):
            return STAND, Reason("stands on {total} (« je m'y tiens ») although over fifteen: in Form B the elder "
                                 "keeps his bust to himself, so the dealer draws without knowing it (§5.8)",
                                 total=total)
        policy = form_b_policy(view.rules)
        hand = policy.hand([c for c in (view.hole[seat], *view.up[seat]) if c is not None], view.rules)
        elder_cards = view.drawn[1 - seat] + 1
        p = policy.dealer_draws(elder_cards, hand) if dealer else policy.elder_draws(hand)
        if p is None or CARD not in view.legal_actions:
            return self._form_b_rule_of_thumb(view, total, counts)
        draw = p >= 1 or (p > 0 and self._rng.random() < p)
        return (CARD if draw else STAND), _form_b_reason(dealer=dealer, elder_cards=elder_cards, total=total, p=p,
                                                         draw=draw)

    def _form_b_rule_of_thumb(self, view: QuinzeView, total: int, counts: tuple[int, ...]) -> tuple[Action, Reason]:
        """Q-§8 Form B: the elder stands from 12; the dealer, who does not know whether the elder busted, from 11."""
        dealer = view.viewer == view.dealer
        goal = 11 if dealer else 12
        bust = bust_chance(total, counts)
        if total < goal and CARD in view.legal_actions:
            if dealer:
                return CARD, Reason("asks for a card (« carte ») on {total}: in Form B the dealer draws below 11; the "
                                    "risk of going over 15 is {bust}% (§8)", total=total, bust=_percent(bust))
            return CARD, Reason("asks for a card (« carte ») on {total}: in Form B the elder draws below 12; the risk "
                                "of going over 15 is {bust}% (§8)", total=total, bust=_percent(bust))
        if dealer:
            return STAND, Reason("stands on {total} (« je m'y tiens »): in Form B the dealer, not knowing whether the "
                                 "elder went over, stands from 11 (§8)", total=total)
        return STAND, Reason("stands on {total} (« je m'y tiens »): in Form B the elder stands from 12 (§8)",
                             total=total)


def _percent(chance: float) -> int:
    """A chance as a whole percentage (the messages write the sign: ``{chance}%``, in French ``{chance} %``)."""
    return round(100 * chance)


def _form_b_reason(*, dealer: bool, elder_cards: int, total: int, p: float, draw: bool) -> Reason:
    """Q-§5.8: the exactly optimal policy's draw on ``total``: always, never, or at random with chance ``p``."""
    chance = _percent(p)
    if dealer:
        if p >= 1:
            return Reason("§5.8 Form B, the exact solution for the dealer, the elder holding {count} cards: always "
                          "draw on {total}: « carte »", count=elder_cards, total=total)
        if p <= 0:
            return Reason("§5.8 Form B, the exact solution for the dealer, the elder holding {count} cards: never "
                          "draw on {total}: « je m'y tiens »", count=elder_cards, total=total)
        if draw:
            return Reason("§5.8 Form B, the exact solution for the dealer, the elder holding {count} cards: on "
                          "{total}, draw {chance}% of the time, at random; this time « carte »", count=elder_cards,
                          total=total, chance=chance)
        return Reason("§5.8 Form B, the exact solution for the dealer, the elder holding {count} cards: on {total}, "
                      "draw {chance}% of the time, at random; this time « je m'y tiens »", count=elder_cards,
                      total=total, chance=chance)
    if p >= 1:
        return Reason("§5.8 Form B, the exact solution for the elder: always draw on {total}: « carte »", total=total)
    if p <= 0:
        return Reason("§5.8 Form B, the exact solution for the elder: never draw on {total}: « je m'y tiens »",
                      total=total)
    if draw:
        return Reason("§5.8 Form B, the exact solution for the elder: on {total}, draw {chance}% of the time, at "
                      "random; this time « carte »", total=total, chance=chance)
    return Reason("§5.8 Form B, the exact solution for the elder: on {total}, draw {chance}% of the time, at random; "
                  "this time « je m'y tiens »", total=total, chance=chance)

