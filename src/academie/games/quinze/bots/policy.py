"""Form B's exactly optimal draw/stand policy, ready for a bot: how often each player draws with each hand.

The policy is the behaviour strategy of the optimal mixtures that :mod:`academie.games.quinze.bots.solver` computes
(rule file Q-§5.8, Q-H1; the same solution ``academie analyse quinze`` prints). Solving the full 52-card game
takes some seconds, so the solution for the default card values (ace 1, courts 10, Q-§2.2) is stored in
:mod:`academie.games.quinze.bots.formb_table`, written by :func:`render_table_module`; any other card values are
solved once per process when first asked for.

A hand is the count of each kind of card (see :class:`~academie.games.quinze.bots.solver.Kinds`); in the stored text a
hand is the hexadecimal index of its kinds, one digit per card, and a dealer's entry is prefixed with how many
cards the elder holds.

>>> from academie.games.quinze.bots.solver import solve
>>> small = solve(values=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), copies=1)
>>> policy = policy_from_solution(small)
>>> decode(encode(policy), policy.kinds) == policy
True
>>> policy.elder[hand_of(policy.kinds, [5], [False])]  # on 5 nothing can bust him: he always draws
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from academie.cards import Card, Rank
from academie.games.quinze.bots.solver import Hand, Kinds, Solution, hand_of, kinds_of, solve
from academie.games.quinze.state import QuinzeRules, card_values

DIGITS: Final = "0123456789abcdef"
PRECISION: Final = 6
"""Decimal places kept for a drawing probability."""


@dataclass(frozen=True, slots=True)
class FormBPolicy:
    """How often the optimal Form B player draws: the elder by his hand, the dealer by the number of cards the
    elder holds and his own hand. A hand off the optimal path has no entry, nor has a number of cards the optimal
    elder never ends with."""

    kinds: Kinds
    elder: dict[Hand, float]
    dealer: dict[tuple[int, Hand], float]
    value: float
    """The elder's expectation per game under optimal play (in stakes)."""

    def hand(self, cards: Sequence[Card], rules: QuinzeRules) -> Hand:
        """The kinds of ``cards`` under ``rules``' card values."""
        values = card_values(rules.courts_value)
        return hand_of(self.kinds, [values[c.index] for c in cards], [c.rank == Rank.ACE for c in cards])

    def elder_draws(self, hand: Hand) -> float | None:
        return self.elder.get(hand)

    def dealer_draws(self, elder_cards: int, hand: Hand) -> float | None:
        return self.dealer.get((elder_cards, hand))


def policy_from_solution(solution: Solution) -> FormBPolicy:
    """The behaviour strategy of a solved game, for every hand the optimal mixtures can reach."""
    elder: dict[Hand, float] = {}
    for hand in sorted({h for policy, _ in solution.elders for h in policy}):
        p = solution.elder_draw_probability(hand)
        if p is not None:
            elder[hand] = round(p, PRECISION)
    dealer: dict[tuple[int, Hand], float] = {}
    reached = solution.elder_card_counts()  # the dealer's other cases never occur: every action ties there
    for count, hand in sorted({key for policy, _ in solution.dealers for key in policy if key[0] in reached}):
        p = solution.dealer_draw_probability(count, hand)
        if p is not None:
            dealer[(count, hand)] = round(p, PRECISION)
    return FormBPolicy(solution.kinds, elder, dealer, round(solution.value, 9))


def _hand_text(hand: Hand) -> str:
    return "".join(DIGITS[kind] * n for kind, n in enumerate(hand))


def _probability_text(p: float) -> str:
    return "1" if p == 1 else "0" if p == 0 else f"{p:.{PRECISION}f}".rstrip("0")


def encode(policy: FormBPolicy) -> str:
    """The policy as text: ``value`` then one ``hand=p`` (elder) or ``count/hand=p`` (dealer) entry per word."""
    words = [f"value={policy.value!r}"]
    words += [f"{_hand_text(h)}={_probability_text(p)}" for h, p in policy.elder.items()]
    words += [f"{c}/{_hand_text(h)}={_probability_text(p)}" for (c, h), p in policy.dealer.items()]
    return " ".join(words)


def decode(text: str, kinds: Kinds) -> FormBPolicy:
    """Read :func:`encode`'s text back for ``kinds``."""
    elder: dict[Hand, float] = {}
    dealer: dict[tuple[int, Hand], float] = {}
    value = 0.0
    for word in text.split():
        key, _, number = word.partition("=")
        if key == "value":
            value = float(number)
            continue
        count, slash, digits = key.rpartition("/")
        hand = [0] * len(kinds.counts)
        for digit in digits:
            hand[DIGITS.index(digit)] += 1
        if slash:
            dealer[(int(count), tuple(hand))] = float(number)
        else:
            elder[tuple(hand)] = float(number)
    return FormBPolicy(kinds, elder, dealer, value)


def render_table_module(solution: Solution) -> str:
    """The source of :mod:`academie.games.quinze.bots.formb_table` for a solution of the default card values."""
    words = encode(policy_from_solution(solution)).split()
    lines: list[str] = []
    line = ""
    for word in words:
        if len(line) + len(word) + 1 > 108:
            lines.append(line)
            line = ""
        line = f"{line} {word}" if line else word
    lines.append(line)
    body = "\n".join(f"    {line!r}," for line in lines)
    return ('"""Form B\'s optimal draw/stand policy for the default card values (ace 1, courts 10), solved by\n'
            ':mod:`academie.games.quinze.bots.solver` and written by\n'
            ':func:`academie.games.quinze.bots.policy.render_table_module`\n'
            '(generated data: do not edit by hand)."""\n\n'
            "from typing import Final\n\n"
            f"TABLE: Final = (\n{body}\n)\n")


DEFAULT_VALUES: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Ace first, then two … king: the default card values (Q-§2.2)."""


def solver_values(rules: QuinzeRules) -> tuple[int, ...]:
    """The card values by rank, ace first, as the solver takes them."""
    values = card_values(rules.courts_value)
    return (values[12], *values[0:12])


@lru_cache(maxsize=8)
def _policy(values: tuple[int, ...], ace_eleven: bool) -> FormBPolicy:
    if values == DEFAULT_VALUES and not ace_eleven:
        from academie.games.quinze.bots.formb_table import TABLE

        return decode(" ".join(TABLE), kinds_of(values))
    return policy_from_solution(solve(values=values, ace_eleven=ace_eleven))


def form_b_policy(rules: QuinzeRules) -> FormBPolicy:
    """Q-§5.8: the optimal Form B policy for ``rules``' card values (stored for the defaults, else solved once)."""
    return _policy(solver_values(rules), rules.ace_one_or_eleven)
