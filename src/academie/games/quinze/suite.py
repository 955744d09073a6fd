"""What the shared tests over the registry cannot know of Le Quinze (:class:`academie.registry.Suite`)."""

from __future__ import annotations

from academie.cards import CARDS, Card
from academie.engine import Game
from academie.games.quinze.state import QuinzeState
from academie.registry import RoomTable, Suite, SuiteTable, own_state


def face_down(state: Game) -> dict[int, set[Card]]:
    """Each seat's hidden card, its substitute card, and in Form B its cards drawn, less the cards lying face up:
    the packs hold each card twice, so a hidden card is left out while its twin lies face up (its name tells
    nothing). Cards given face up by the dealer (QUINZE-32, QUINZE-33) are face up until the choice."""
    state = own_state(state, QuinzeState)
    coup, form_b = state.coup, state.rules.form == "B"
    hidden: dict[int, set[Card]] = {}
    face_up = {CARDS[coup.shown_card]} if coup.shown_card >= 0 else set()
    pending = state.pending_ruling
    if pending is not None and pending.irregularity.law in ("QUINZE-32", "QUINZE-33"):
        face_up |= {CARDS[c] for c in pending.cards}
    for seat in range(state.n):
        hole = {CARDS[coup.hole[seat]]} if coup.hole and coup.hole[seat] >= 0 else set()
        up = {CARDS[c] for c in coup.up[seat]} if coup.up else set()
        substitute = {CARDS[coup.substitute[seat]]} if coup.substitute and coup.substitute[seat] >= 0 else set()
        if coup.revealed and coup.revealed[seat]:
            hidden[seat], face_up = substitute, face_up | hole | up
        else:
            hidden[seat] = hole | substitute | (up if form_b else set())
            face_up |= set() if form_b else up
    return {seat: cards - face_up for seat, cards in hidden.items()}


SUITE = Suite(
    tables=(SuiteTable(name="quinze-2", options={"players": 2}, perft_depth=3, irregular_playouts=(120, 200),
                       transcript=40, bot_parties=(60, 12), pictures=False),
            SuiteTable(name="quinze-4", options={"players": 4}, perft_depth=3, irregular_playouts=(60, 200),
                       bot_parties=(40, 6), pictures=False),
            SuiteTable(name="quinze-B", rules={"form": "B"}, perft_depth=10, irregular_playouts=(10, 200),
                       transcript=30, bot_parties=(12, 6), irregular_acts=False, reasons=(20, 300)),
            SuiteTable(name="quinze-3", options={"players": 3}, sweeps=False, reasons=(20, 300))),
    face_down=face_down, zero_sum=True, bot_budgets={"search": {"samples": 4}, "expert": {"samples": 4}},
    terminal=("--players", "3"),
    room=(RoomTable(players=2), RoomTable(players=3, bots={"1": "classical"}, mode="table", lang="fr")))
