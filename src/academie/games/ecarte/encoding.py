"""Écarté in the research adapters (:mod:`academie.interop`): what a seat observes beyond the segments every game
has, its fixed action space, and the bounds of a deal's results (:class:`academie.interop.features.GameEncoding`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from academie.cards import PACK_32, Card
from academie.engine import Action
from academie.games.ecarte.state import Discard, EcarteRules, EcarteView, Phase, TakeBack
from academie.interop.features import (
    CARD_SLOTS,
    ActionSpace,
    Build,
    Feature,
    InteropError,
    card_slot,
    card_texts,
    card_values,
    common,
    scaled,
    seat_cards,
    seat_one_hot,
    seat_values,
    suit,
)

_POSITION_MASKS: Final = 32
"""Écarté: a subset of the five positions of a hand (or of a discard) as a 5-bit mask."""


class EcarteActionSpace(ActionSpace[EcarteView]):
    """Écarté's space: the fixed actions, then ``discard`` by positions in the sorted hand (32 masks, 0 = keep
    all, E-§4.2's dealer who takes no card), then ``take-back`` by positions in the last discard (ECARTE-VI.5)."""

    needs_view = True

    def __init__(self, texts: Sequence[str]) -> None:
        fixed = tuple(texts)
        self.discard_base = len(fixed)
        self.take_back_base = self.discard_base + _POSITION_MASKS
        masks = [_positions(m) for m in range(_POSITION_MASKS)]
        super().__init__((*fixed, *(f"discard positions {p}" for p in masks),
                          *(f"take-back positions {p}" for p in masks)))

    def index(self, view: EcarteView | None, action: Action) -> int:
        if not isinstance(action, Discard | TakeBack):
            return super().index(view, action)
        if view is None:
            raise InteropError(f"{str(action)!r} is numbered by positions in the viewer's cards: its index needs "
                               "the view")
        if isinstance(action, Discard):
            return self.discard_base + _subset_mask(sorted(view.hand, key=card_slot), action.cards)
        return self.take_back_base + _subset_mask(_last_discard(view), action.cards)


def _positions(mask: int) -> str:
    return ",".join(str(i) for i in range(5) if mask >> i & 1) or "none"


def _subset_mask(pool: Sequence[Card], cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << pool.index(card)
    return mask


def _last_discard(view: EcarteView) -> list[Card]:
    """The cards of the viewer's last discard this deal, sorted in card order (ECARTE-VI.5's take-back)."""
    for seat, action in reversed(view.history):
        if seat == view.viewer and isinstance(action, Discard):
            return sorted(action.cards, key=card_slot)
    return []


def build(players: int, rules: EcarteRules, /) -> Build[EcarteView]:
    """Écarté's segments (after the common ones), its action space and its verbs."""
    points = rules.game_points
    features: list[Feature[EcarteView]] = [
        *common(5, len(Phase)),
        Feature("trumps", 4, "the trump suit one-hot", lambda v, c: suit(v.trump_card)),
        Feature("turn_up", CARD_SLOTS, "the turned-up card (la retourne)", lambda v, c: card_values([v.trump_card])),
        seat_cards("exposed", "per relative seat: its cards shown face up (ECARTE-VI.6)", lambda v: v.exposed),
        Feature("my_discards", CARD_SLOTS, "the cards the viewer discarded this deal",
                lambda v, c: card_values(v.my_discards)),
        Feature("my_draws", CARD_SLOTS, "the cards the viewer drew from the talon this deal",
                lambda v, c: card_values(card for drawn in v.drawn for card in drawn)),
        seat_values("drawn", "per relative seat: cards drawn this deal / 20",
                     lambda v, c: [sum(counts) for counts in v.draw_counts], lambda c: 20.0),
        Feature("talon", 1, "cards left in the talon / 32", lambda v, c: scaled([v.talon_size], 32)),
        seat_values("tricks_won", "per relative seat: tricks won / 5", lambda v, c: v.tricks_won, lambda c: 5.0),
        seat_values("score", f"per relative seat: points in the game / {points}", lambda v, c: v.score,
                     lambda c: float(rules.game_points)),
        seat_values("games", "per relative seat: games won in the partie / 2", lambda v, c: v.games, lambda c: 2.0),
        seat_one_hot("king_marked", "who marked the king (E-§4.4)", lambda v: v.king_marked_by),
        Feature("first_decision", 1, "the deal is at its first decision (ECARTE-VI.7/VI.8)",
                lambda v, c: [float(v.first_decision)]),
        seat_one_hot("stood", "who played without proposing (ECARTE-VI.8)", lambda v: v.stood),
        seat_one_hot("refused", "who refused the first proposal (ECARTE-VI.7)", lambda v: v.refused),
    ]
    texts = ("propose", "stand", "accept", "refuse", "mark-king", *card_texts("play", PACK_32))
    return features, EcarteActionSpace(texts), ("propose", "stand", "accept", "refuse", "mark-king", "play",
                                                "discard", "take-back")


def deal_bounds(players: int, rules: EcarteRules, /) -> tuple[float, float]:
    """E-§6.1: the point, or two for the vole or a refused proposal; the king one more; "add" adds the two points of
    ECARTE-VI.7/VI.8 to a vole."""
    return 0.0, 3.0 if rules.penalty_on_vole == "cap" else 5.0


def zero_sum(rules: EcarteRules, /) -> bool:
    """Whether every deal's results sum to zero: no, points are scored, not paid by the loser."""
    return False
