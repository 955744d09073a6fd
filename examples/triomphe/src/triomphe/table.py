"""La Triomphe's law of irregularities in table mode (T-L1), through the state's public API."""

from __future__ import annotations

from academie import laws
from academie.cards import Card
from academie.engine import Irregular, Pending, Remedy
from triomphe.state import Phase, TriompheState


def _card(state: TriompheState, act: Irregular) -> Card:
    if len(act.args) != 1:
        raise ValueError("one card is played")
    card = Card.parse(act.args[0])
    if card not in state.hand(act.seat):
        raise ValueError(f"seat {act.seat} does not hold {card}")
    return card


def _out_of_turn_possible(state: TriompheState, act: Irregular) -> str:
    """T-L1: only a card of one's hand, while the other is to play."""
    if state.phase is not Phase.PLAY or state.actor == act.seat:
        return "a card is played out of turn only during the play, by the player who is not to play"
    _card(state, act)
    return ""


def _out_of_turn(state: TriompheState, act: Irregular) -> None:
    """T-L1: the card is seen by both and goes back to its player's hand; the law rules by itself."""
    card = _card(state, act)
    state.show_card(act.seat, card)
    state.pend_ruling("T-L1", act.seat, f"seat {act.seat} played {card} out of turn", (card.index,))


ACTS = {"out-of-turn": laws.Act("out-of-turn", "T-L1", "! out-of-turn SEAT CARD",
                                "a card played out of turn: taken back, shown, and a point to the other player",
                                _out_of_turn_possible, _out_of_turn)}
"""The irregular acts of La Triomphe, by kind."""


def why_impossible(state: TriompheState, act: Irregular) -> str:
    return laws.why_act_impossible(state, act, ACTS, seats=2)


def possible_acts(state: TriompheState, seat: int) -> tuple[Irregular, ...]:
    if state.rules.mode.value != "table" or state.pending is not None or state.phase is not Phase.PLAY \
            or state.actor == seat:
        return ()
    return tuple(Irregular("out-of-turn", seat, (str(card),)) for card in state.hand(seat))


def commit(state: TriompheState, act: Irregular) -> None:
    ACTS[act.kind].commit(state, act)


def apply_remedy(state: TriompheState, pending: Pending, remedy: Remedy) -> None:
    """T-L1: the other player marks a point (which may win him the game, T-5); the card stays shown."""
    offender = pending.irregularity.offender
    state.rule("T-L1: the card goes back to its player's hand, face up; the other player marks a point")
    state.mark(1 - offender, 1, "T-L1")
