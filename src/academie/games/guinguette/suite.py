"""What the shared tests over the registry cannot know of La Guinguette (:class:`academie.registry.Suite`)."""

from __future__ import annotations

from academie.cards import Card, cards_of
from academie.engine import Game
from academie.games.guinguette.state import GuinguetteState
from academie.registry import RoomTable, Suite, SuiteTable, own_state


def face_down(state: Game) -> dict[int, set[Card]]:
    """Each hand less the cards shown to everybody, and the discards a stir threw face down while in nobody's hand
    (GU5, GU4)."""
    state = own_state(state, GuinguetteState)
    deal, seats = state.deal_in_progress, range(state.rules.players)
    if not deal.hands:
        return {seat: set() for seat in seats}
    held = 0
    for hand in deal.hands:
        held |= hand
    return {seat: set(cards_of(deal.hands[seat] & ~deal.shown[seat] | deal.discarded[seat] & ~held))
            for seat in seats}


SUITE = Suite(
    tables=(SuiteTable(name="guinguette-3", options={"players": 3}, perft_depth=5, irregular_playouts=(25, 200),
                       transcript=40, bot_parties=(40, 4), pictures=False, reasons=(6, 200)),
            SuiteTable(name="guinguette-5", options={"players": 5}, perft_depth=5, irregular_playouts=(8, 200),
                       bot_parties=(24, 2), pictures=False, reasons=(2, 150)),
            SuiteTable(name="guinguette-4", options={"players": 4}, sweeps=False)),
    face_down=face_down, zero_sum=True,
    bot_budgets={"search": {"playouts": 16, "tries": 20}, "expert": {"playouts": 16, "tries": 10}},
    terminal=("--players", "3"),
    room=(RoomTable(players=3, lang="fr"), RoomTable(players=4, bots={"0": "classical"}, mode="table")))
