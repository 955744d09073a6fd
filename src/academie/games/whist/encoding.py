"""Whist in the research adapters (:mod:`academie.interop`): what a seat observes beyond the segments every
game has, its fixed action space, and the bounds of a deal's results (:class:`academie.interop.features.GameEncoding`).
"""

from __future__ import annotations

from academie.games.whist.state import Phase, WhistRules, WhistView
from academie.interop.features import (
    CARD_SLOTS,
    ActionSpace,
    Build,
    Feature,
    card_texts,
    card_values,
    common,
    scaled,
    seat_cards,
    seat_one_hot,
    side_first,
    suit,
)


def build(players: int, rules: WhistRules, /) -> Build[WhistView]:
    """Whist's segments (after the common ones), its action space and its verbs."""

    features: list[Feature[WhistView]] = [
        *common(13, len(Phase)),
        Feature("trumps", 4, "the trump suit one-hot", lambda v, c: suit(v.trump)),
        Feature("turned_card", CARD_SLOTS, "the card turned up this deal (WHIST-24)",
                lambda v, c: card_values([v.turned_card])),
        Feature("turn_up_on_table", CARD_SLOTS, "the turn-up while it lies on the table",
                lambda v, c: card_values([v.turn_up])),
        seat_cards("exposed", "per relative seat: its cards shown face up", lambda v: v.exposed),
        Feature("tricks_won", 2, "tricks won by the viewer's side, then the other / 13",
                lambda v, c: scaled(side_first(v, v.tricks_won), 13)),
        Feature("score", 2, "points of the viewer's side, then the other, in the game / 10",
                lambda v, c: scaled(side_first(v, v.score), 10)),
        Feature("start_score", 2, "the same when the deal began (W-§4.1)",
                lambda v, c: scaled(side_first(v, v.start_score), 10)),
        Feature("games", 2, "games won in the rubber by each side / 2",
                lambda v, c: scaled(side_first(v, v.games), 2)),
        seat_one_hot("called", "who called at eight this deal (W-§4.2)", lambda v: v.called),
    ]
    texts = (*card_texts("play"), "call", "answer", "deny", "show-honours")
    return features, ActionSpace(texts), ("play", "call", "answer", "deny", "show-honours")


def deal_bounds(players: int, rules: WhistRules, /) -> tuple[float, float]:
    """W-§4.1: seven tricks over the book and four honours."""
    return 0.0, 11.0


def zero_sum(rules: WhistRules, /) -> bool:
    """Whether every deal's results sum to zero: no: points are scored, not paid by the losers."""
    return False
