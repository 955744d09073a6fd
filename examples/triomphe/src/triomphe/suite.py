"""What the shared tests over the registry cannot know of La Triomphe (:class:`academie.registry.Suite`)."""

from __future__ import annotations

from academie.cards import Card, cards_of
from academie.engine import Game
from academie.registry import RoomTable, Suite, SuiteTable, own_state
from triomphe.state import TriompheState


def face_down(state: Game) -> dict[int, set[Card]]:
    """Each hand less the cards shown to everybody (a card played out of turn and taken back, T-L1)."""
    state = own_state(state, TriompheState)
    return {seat: set(cards_of(state.hands[seat] & ~state.shown[seat])) for seat in (0, 1)}


SUITE = Suite(
    tables=(SuiteTable(name="triomphe", perft_depth=10, irregular_playouts=(100, 200), transcript=30,
                       bot_parties=(60, 0), reasons=(20, 200)),),
    face_down=face_down, zero_sum=False,
    room=(RoomTable(players=2, lang="fr"), RoomTable(players=2, bots={"1": "classical"}, mode="table")))
