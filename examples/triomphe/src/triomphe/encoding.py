"""La Triomphe in the research adapters (:mod:`academie.interop`): what a seat observes beyond the segments every
game has, its fixed action space, and the bounds of a deal's results."""

from __future__ import annotations

from academie.cards import PACK_32
from academie.interop.features import (
    CARD_SLOTS,
    ActionSpace,
    Build,
    Feature,
    card_texts,
    card_values,
    common,
    seat_cards,
    seat_values,
    suit,
)
from triomphe.state import HAND, Phase, TriompheRules, TriompheView


def build(players: int, rules: TriompheRules, /) -> Build[TriompheView]:
    """The trump suit, the turn-up, the cards shown, the tricks and the points; one action per card played."""
    features: list[Feature[TriompheView]] = [
        *common(HAND, len(Phase)),
        Feature("trumps", 4, "the trump suit one-hot (T-2)", lambda v, c: suit(v.trump_card)),
        Feature("turn_up", CARD_SLOTS, "the turned-up card, la triomphe (T-2)",
                lambda v, c: card_values([v.trump_card])),
        seat_cards("shown", "per relative seat: its cards shown face up (T-L1)", lambda v: v.shown),
        seat_values("tricks_won", "per relative seat: tricks won / 5", lambda v, c: v.tricks_won, lambda c: 5.0),
        seat_values("score", "per relative seat: points / the points of the game (T-5)", lambda v, c: v.score,
                    lambda c: float(rules.game_points)),
    ]
    return features, ActionSpace(card_texts("play", PACK_32)), ("play",)


def deal_bounds(players: int, rules: TriompheRules, /) -> tuple[float, float]:
    """T-4: a deal marks nothing, one point, or two for the vole."""
    return 0.0, 2.0


def zero_sum(rules: TriompheRules, /) -> bool:
    """Whether every deal's results sum to zero: no, points are marked, not paid."""
    return False
