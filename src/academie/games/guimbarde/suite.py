"""What the shared tests over the registry cannot know of La Guimbarde (:class:`academie.registry.Suite`)."""

from __future__ import annotations

from academie.cards import Card, cards_of
from academie.engine import Game
from academie.games.guimbarde.state import GuimbardeState
from academie.registry import RoomTable, Suite, SuiteTable, own_state


def face_down(state: Game) -> dict[int, set[Card]]:
    """Each hand less the cards shown to everybody (a declaration, a card shown under a law)."""
    state = own_state(state, GuimbardeState)
    deal, seats = state.deal, range(state.rules.players)
    if not deal.hands:
        return {seat: set() for seat in seats}
    return {seat: set(cards_of(deal.hands[seat] & ~deal.shown[seat])) for seat in seats}


SUITE = Suite(
    tables=(SuiteTable(name="guimbarde-3", options={"players": 3}, perft_depth=10, irregular_playouts=(12, 100),
                       transcript=30, bot_parties=(12, 3), pictures=False, reasons=(6, 300)),
            SuiteTable(name="guimbarde-6", options={"players": 6}, perft_depth=11, irregular_playouts=(6, 100),
                       bot_parties=(5, 1), pictures=False, reasons=(1, 150)),
            SuiteTable(name="guimbarde-4", options={"players": 4}, sweeps=False)),
    face_down=face_down, zero_sum=True,
    bot_budgets={"search": {"worlds": 3}, "expert": {"worlds": 3, "tries": 4}},
    terminal=("--players", "4"),
    room=(RoomTable(players=3), RoomTable(players=4, bots={"2": "classical"}, mode="table", lang="fr")),
    short_rules={"rounds": 1})
