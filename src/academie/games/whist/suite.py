"""What the shared tests over the registry cannot know of Whist (:class:`academie.registry.Suite`)."""

from __future__ import annotations

from academie.cards import Card, cards_of
from academie.engine import Game
from academie.games.whist.state import WhistState
from academie.registry import RoomTable, Suite, SuiteTable, own_state


def face_down(state: Game) -> dict[int, set[Card]]:
    """Each hand less its exposed cards, the cards shown under a law, and the turn-up still in the dealer's hand."""
    state = own_state(state, WhistState)
    deal = state.deal
    if not deal.hands:
        return {seat: set() for seat in range(4)}
    turn_up = 1 << deal.turn_up if deal.turn_up >= 0 else 0
    return {seat: set(cards_of(deal.hands[seat] & ~(deal.exposed[seat] | deal.shown[seat] | turn_up)))
            for seat in range(4)}


SUITE = Suite(
    tables=(SuiteTable(name="whist", perft_depth=6, irregular_playouts=(12, 160), transcript=20, bot_parties=(8, 2),
                       bot_steps=260, reasons=(2, 200)),),
    face_down=face_down, zero_sum=False,
    bot_budgets={"search": {"samples": 2}, "expert": {"samples": 2, "opening_samples": 2}},
    room=(RoomTable(players=4, bots={"1": "classical", "3": "random"}, lang="fr"), RoomTable(players=4, mode="table")),
    short_rules={"variant": "short"})
