"""Le Quinze in the research adapters (:mod:`academie.interop`): what a seat observes beyond the segments every
game has, its fixed action space, and the bounds of a deal's results (:class:`academie.interop.features.GameEncoding`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from academie.cards import Card
from academie.games.quinze.state import SIMPLE, Phase, QuinzeRules, QuinzeView
from academie.interop.features import (
    CARD_SLOTS,
    ActionSpace,
    Build,
    Context,
    Feature,
    card_values,
    common_reading,
    scaled,
    seat_cards,
    seat_one_hot,
    seat_values,
)


def _cards_held(view: QuinzeView) -> Iterable[Card | None]:
    """The viewer's cards: his hidden card and his cards drawn."""
    if not 0 <= view.viewer < len(view.hole):
        return ()
    return (view.hole[view.viewer], *view.up[view.viewer])


def _cards_per_seat(view: QuinzeView) -> Sequence[int]:
    """Each seat's card count: its hidden card and the cards it drew."""
    return [int(view.in_coup[s]) + view.drawn[s] for s in range(len(view.in_coup))]


def build(players: int, rules: QuinzeRules, /) -> Build[QuinzeView]:
    """Le Quinze's segments (after the common ones), its action space and its verbs."""

    tokens = float(players * rules.cave)

    def total(ctx: Context) -> float:
        return tokens

    features: list[Feature[QuinzeView]] = [
        *common_reading(12, len(Phase), cards_held=_cards_held, cards_per_seat=_cards_per_seat),
        seat_cards("hole", "per relative seat: its hidden card when the viewer knows it (0.5 a copy)",
                    lambda v: [[card] for card in v.hole], 0.5),
        seat_cards("up", "per relative seat: its cards the viewer sees (0.5 a copy)", lambda v: v.up, 0.5),
        seat_values("total", "per relative seat: its total when the viewer knows it / 30",
                     lambda v, c: [v.total(s) or 0 for s in range(c.players)], lambda c: 30.0),
        seat_values("caves", "per relative seat: its tokens / all the tokens", lambda v, c: v.caves, total),
        seat_values("contributions", "per relative seat: bet this coup / all the tokens",
                     lambda v, c: v.contributions, total),
        seat_values("in_coup", "per relative seat: in the coup", lambda v, c: v.in_coup, lambda c: 1.0),
        seat_values("folded", "per relative seat: passed", lambda v, c: v.folded, lambda c: 1.0),
        seat_values("busted", "per relative seat: known bust", lambda v, c: v.busted, lambda c: 1.0),
        seat_values("stood", "per relative seat: stands", lambda v, c: v.stood, lambda c: 1.0),
        seat_values("announced", "per relative seat: announced short (QUINZE-36)", lambda v, c: v.announced,
                     lambda c: 1.0),
        seat_values("drawn", "per relative seat: cards drawn / 10", lambda v, c: v.drawn, lambda c: 10.0),
        seat_one_hot("drawer", "who draws now", lambda v: v.drawer),
        Feature("shown_burnt", CARD_SLOTS, "the burnt cards shown (QUINZE-25)",
                lambda v, c: card_values(v.shown_burnt, 0.5)),
        Feature("stakes", 5, "pot, jeu, highest stake / all the tokens; pack left / 104; Form B multiplier / 8",
                lambda v, c: [*scaled([v.pot, v.jeu, v.highest], tokens), *scaled([v.pack_left], 104),
                              *scaled([v.multiplier], 8)]),
    ]
    amounts = range(1, int(tokens) + 1)
    texts = (*SIMPLE, *(f"open {x}" for x in amounts), *(f"raise {x}" for x in amounts))
    return features, ActionSpace(texts), (*SIMPLE, "open", "raise")


def deal_bounds(players: int, rules: QuinzeRules, /) -> tuple[float, float]:
    """Form B: the first game is for the agreed stake (Q-§5.8); Form A: nobody bets more than his cave (Q-R3)."""
    if rules.form == "B":
        return -float(rules.stake), float(rules.stake)
    return -float(rules.cave), (players - 1) * float(rules.cave)


def zero_sum(rules: QuinzeRules, /) -> bool:
    """Whether every deal's results sum to zero: in Form B, the loser pays the winner; Form A's pot may stay."""
    return rules.form == "B"
