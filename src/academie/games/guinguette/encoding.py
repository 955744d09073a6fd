"""La Guinguette in the research adapters (:mod:`academie.interop`): what a seat observes beyond the segments every
game has, its fixed action space, and the bounds of a deal's results (:class:`academie.interop.features.GameEncoding`).
"""

from __future__ import annotations

from academie.games.guinguette.state import GuinguetteRules, GuinguetteView, Phase
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
    seat_values,
)


def build(players: int, rules: GuinguetteRules, /) -> Build[GuinguetteView]:
    """La Guinguette's segments (after the common ones), its action space and its verbs."""

    stock = float(rules.stock)

    def total(ctx: Context) -> float:
        return ctx.players * stock

    features: list[Feature[GuinguetteView]] = [
        *common(4, len(Phase)),
        Feature("my_discards", CARD_SLOTS, "the cards the viewer discarded this deal",
                lambda v, c: card_values(v.my_discards)),
        Feature("my_draws", CARD_SLOTS, "the cards the viewer drew from the cotillon",
                lambda v, c: card_values(v.my_draws)),
        seat_cards("shown", "per relative seat: its cards shown face up", lambda v: v.shown),
        seat_values("stocks", "per relative seat: its tokens / (players × stock)", lambda v, c: v.stocks, total),
        Feature("baskets", 3, "guinguette, cabaret, cotillon baskets / (players × stock)",
                lambda v, c: scaled(v.baskets, total(c))),
        Feature("cotillon", 1, "cards in the cotillon / 52", lambda v, c: scaled([v.cotillon_size], 52)),
        seat_values("stirs", "per relative seat: times it stirred / 4", lambda v, c: v.stirs, lambda c: 4.0),
        seat_values("contributions", "per relative seat: put into the cabaret / (players × stock)",
                     lambda v, c: v.contributions, total),
        seat_values("folded", "per relative seat: folded", lambda v, c: v.folded, lambda c: 1.0),
        seat_values("all_in", "per relative seat: all in", lambda v, c: v.all_in, lambda c: 1.0),
        seat_values("acted", "per relative seat: spoke since the last bet", lambda v, c: v.acted, lambda c: 1.0),
        seat_values("may_stir", "per relative seat: may stir now", lambda v, c: v.may_stir, lambda c: 1.0),
        seat_values("stirred_now", "per relative seat: stirred this round", lambda v, c: v.stirred_now,
                     lambda c: 1.0),
        seat_values("tricks_won", "per relative seat: tricks won / 4", lambda v, c: v.tricks_won, lambda c: 4.0),
        Feature("betting", 5, "opened; highest contribution, raises, last measure, stir round (scaled)",
                lambda v, c: [float(v.opened), *scaled([v.high], total(c)), *scaled([v.raises], 20),
                              *scaled([v.last_measure], 4), *scaled([v.stir_round], 4)]),
    ]
    texts = ("keep", "pass", "hold", "fold", "all-in", "bet 1", "bet 2", "bet 4", "raise 1", "raise 2", "raise 4",
             *card_texts("stir"), *card_texts("restir"), *card_texts("play"))
    return features, ActionSpace(texts), ("keep", "pass", "hold", "fold", "all-in", "bet", "raise", "stir",
                                          "restir", "play")


def deal_bounds(players: int, rules: GuinguetteRules, /) -> tuple[float, float]:
    """A seat loses at most its stock, and wins at most the others'."""
    return -float(rules.stock), (players - 1) * float(rules.stock)


def zero_sum(rules: GuinguetteRules, /) -> bool:
    """Whether every deal's results sum to zero: no: the baskets carry tokens over from deal to deal."""
    return False
