"""La Guimbarde in the research adapters (:mod:`academie.interop`): what a seat observes beyond the segments every
game has, its fixed action space, and the bounds of a deal's results (:class:`academie.interop.features.GameEncoding`).
"""

from __future__ import annotations

from typing import Final

from academie.games.guimbarde.state import BOXES, GuimbardeRules, GuimbardeView, Phase
from academie.interop.features import (
    CARD_SLOTS,
    ActionSpace,
    Build,
    Context,
    Feature,
    card_texts,
    card_values,
    common,
    scaled,
    seat_cards,
    seat_one_hot,
    seat_values,
    suit,
)


def build(players: int, rules: GuimbardeRules, /) -> Build[GuimbardeView]:
    """La Guimbarde's segments (after the common ones), its action space and its verbs."""

    stock = float(rules.starting_stock)

    def boxes(view: GuimbardeView, ctx: Context) -> list[float]:
        held = dict(view.boxes)
        return scaled([held.get(box, 0) for box in BOXES], ctx.players * stock)

    features: list[Feature[GuimbardeView]] = [
        *common(5, len(Phase)),
        Feature("trumps", 4, "the trump suit one-hot", lambda v, c: suit(v.trump)),
        Feature("turn_up", CARD_SLOTS, "the turned-up card", lambda v, c: card_values([v.trump_card])),
        seat_cards("shown", "per relative seat: its cards shown to everybody", lambda v: v.shown),
        seat_one_hot("eldest", "the eldest hand", lambda v: v.eldest),
        Feature("boxes", len(BOXES), "counters in each box (GUIMBARDE-FIG order) / (players × starting stock)", boxes),
        seat_values("stocks", "per relative seat: its counters / (players × starting stock)",
                     lambda v, c: v.stocks or [0] * c.players, lambda c: c.players * stock),
        seat_values("announced", "per relative seat: the point it announced / 5", lambda v, c: v.announced,
                     lambda c: 5.0),
        seat_values("tricks_won", "per relative seat: tricks won / 5", lambda v, c: v.tricks_won, lambda c: 5.0),
        Feature("deal", 1, "deals played / deals in the game", lambda v, c: scaled([v.deal_number], max(1, v.deals))),
    ]
    return features, ActionSpace(card_texts("play")), ("play",)


MOST_PAID: Final = 30
"""More counters than the rules can take from one seat in one deal (see :func:`deal_bounds`)."""


def deal_bounds(players: int, rules: GuimbardeRules, /) -> tuple[float, float]:
    """What the rules can ask of one seat in a deal, whatever its stock (G18: new stocks are not counted): five
    antes and the Point's (G-§3.2, GUIMBARDE-§7), the four marriages in the pack paid to their holders, the grand
    one twice (GUIMBARDE-R1, R4, G-Q9), R2's and the fou's payments (GUIMBARDE-R2, R5): under :data:`MOST_PAID`."""
    most = float(MOST_PAID)
    return -most, (players - 1) * most


def zero_sum(rules: GuimbardeRules, /) -> bool:
    """Whether every deal's results sum to zero: no: counters wait in the boxes between deals."""
    return False
