"""Property tests of Le Quinze (hypothesis): every legal action applies and its text reads back to itself;
actions that are not legal, and garbage text, are refused with what is allowed, the state unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from academie.engine import PUBLIC, AcademieError, IllegalActionError
from academie.games.quinze import ALL_IN, Open, QuinzeRules, QuinzeState, Raise, parse_action

FORMS = st.sampled_from([("A", 2), ("A", 3), ("A", 4), ("A", 6), ("B", 2)])


def walk(form: str, players: int, seed: int, choices: list[int]) -> QuinzeState:
    state = QuinzeState.new(QuinzeRules(form=form, players=players, cave=15), seed=seed)  # type: ignore[arg-type]
    for choice in choices:
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
    return state


@settings(max_examples=60, deadline=None)
@given(FORMS, st.integers(0, 10_000), st.lists(st.integers(0, 1000), max_size=60))
def test_Q_R9_legal_actions_apply_and_round_trip(form: tuple[str, int], seed: int, choices: list[int]) -> None:
    """Q-R9, QUINZE-31: every legal action's text parses back to it and applies."""
    state = walk(*form, seed, choices)
    for action in state.legal_actions():
        assert parse_action(str(action)) == action
        twin = state.clone()
        twin.apply(action)


@settings(max_examples=60, deadline=None)
@given(FORMS, st.integers(0, 10_000), st.lists(st.integers(0, 1000), max_size=60),
       st.sampled_from([Open(1), Open(999), Raise(0), Raise(999), ALL_IN, parse_action("card"),
                        parse_action("stand"), parse_action("want-cards"), parse_action("announce")]))
def test_QUINZE_35_illegal_actions_refused_state_unchanged(form: tuple[str, int], seed: int, choices: list[int],
                                                           action: object) -> None:
    """QUINZE-35, QUINZE-36: an action not in legal_actions is refused, naming what is allowed; nothing changes."""
    state = walk(*form, seed, choices)
    if action in state.legal_actions() or state.is_terminal:
        return
    before = state.view(PUBLIC), len(state.operations), state.ledger.seat_balances()
    with pytest.raises(IllegalActionError, match="allowed"):
        state.apply(action)  # type: ignore[arg-type]
    assert (state.view(PUBLIC), len(state.operations), state.ledger.seat_balances()) == before


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=30))
def test_garbage_text_refused(text: str) -> None:
    """Text that is no action raises a typed error (a ValueError) saying what is expected."""
    state = QuinzeState.new(QuinzeRules(players=3), seed=1)
    try:
        state.apply_text(text)
    except AcademieError as error:
        assert isinstance(error, ValueError) and str(error)
