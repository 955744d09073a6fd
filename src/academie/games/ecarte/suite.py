"""What the shared tests over the registry cannot know of Écarté (:class:`academie.registry.Suite`)."""

from __future__ import annotations

from academie.cards import Card, cards_of
from academie.engine import Game
from academie.games.ecarte.state import EcarteState
from academie.registry import RoomTable, Suite, SuiteTable, own_state


def face_down(state: Game) -> dict[int, set[Card]]:
    """Each hand less the cards shown to everybody: a hand exposed whole (ECARTE-VI.6), a card shown under a law."""
    state = own_state(state, EcarteState)
    deal = state.deal
    if not deal.hands:
        return {seat: set() for seat in range(2)}
    return {seat: set(cards_of(0 if deal.exposed[seat] else deal.hands[seat] & ~deal.shown[seat]))
            for seat in range(2)}


SUITE = Suite(
    tables=(SuiteTable(name="ecarte", perft_depth=5, irregular_playouts=(120, 200), transcript=30,
                       bot_parties=(100, 20), reasons=(30, 400)),),
    face_down=face_down, zero_sum=False,
    bot_budgets={"search": {"samples": 4, "exchange_samples": 8}, "expert": {"samples": 4, "exchange_samples": 8}},
    resume_bot="search",
    room=(RoomTable(players=2), RoomTable(players=2, bots={"1": "classical"}, mode="table", lang="fr")))
