"""What a learning program sees and does (academie.interop.encoding): a fixed-size observation built from the seat's
view only, and a fixed action space in which every legal action has an index that maps back to it."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from interop_support import TABLES

from academie.engine import CHANCE, AcademieError, Mode
from academie.games import load
from academie.interop.encoding import Encoding, InteropError, encoding, new_rules

DEALS = 6


def _encoding(table: str) -> Encoding:
    name, options = TABLES[table]
    options = dict(options)
    players = options.pop("players", None)
    return encoding(name, rules=new_rules(load(name), players=players, options=options))


def _decisions(enc: Encoding, deals: int, seed: int) -> Any:
    """(state, seat) at every decision of ``deals`` random first deals."""
    for deal in range(deals):
        rng = random.Random(seed * 1000 + deal)
        state = enc.game.new(enc.rules, seed=seed * 1000 + deal, first_dealer=0)
        while not state.deal_results:
            yield state, state.actor
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_view_fits_the_layout_and_every_legal_action_round_trips(table: str) -> None:
    enc = _encoding(table)
    starts = [start for _, start, _, _ in enc.layout()]
    ends = [end for _, _, end, _ in enc.layout()]
    assert starts == [0, *ends[:-1]] and ends[-1] == enc.size
    assert len({name for name, *_ in enc.layout()}) == len(enc.layout())
    for state, seat in _decisions(enc, DEALS, seed=1):
        view = state.view(seat)
        observation = enc.observe(view)
        assert observation.shape == (enc.size,) and observation.dtype == np.float32
        assert observation.min() >= 0.0 and observation.max() <= 1.0
        indices = [enc.actions.index(view, action) for action in view.legal_actions]
        assert len(set(indices)) == len(indices), [str(a) for a in view.legal_actions]
        assert all(enc.actions.action(view, i) == a for i, a in zip(indices, view.legal_actions, strict=True))
        assert np.flatnonzero(enc.mask(view)).tolist() == sorted(indices)
        waiting = next(s for s in range(enc.players) if s != seat)
        assert not enc.mask(state.view(waiting)).any()


def _swapped(enc: Encoding, state: Any, rng: random.Random) -> Any:
    """The same deal with two cards of the first deck order swapped and the same actions replayed (None when an
    action is no longer legal there)."""
    orders = [list(op.action.order) for op in state.operations if op.actor == CHANCE]
    i, j = rng.sample(range(len(orders[0])), 2)
    orders[0][i], orders[0][j] = orders[0][j], orders[0][i]
    try:
        world = enc.game.new(enc.rules, decks=orders, first_dealer=0)
        for op in state.operations:
            if op.actor != CHANCE:
                world.apply(op.action)
    except AcademieError:  # an action no longer legal, or a later order (a cotillon) no longer fits
        return None
    return world


@pytest.mark.parametrize("table", sorted(TABLES))
def test_states_differing_only_in_cards_a_seat_has_not_seen_give_it_the_same_observation(table: str) -> None:
    """Hidden information: two cards the seat has not seen change places in the pack (another seat's hidden cards,
    the stock), the same actions are played, and the seat's observation and mask stay the same, while another
    seat, whose hand changed, sees the difference."""
    enc = _encoding(table)
    rng = random.Random(7)
    compared = 0
    for state, seat in _decisions(enc, 6, seed=2):
        if compared == 8:
            break
        view = state.view(seat)
        for _ in range(40):
            world = _swapped(enc, state, rng)
            if world is None or world.view(seat) != view:
                continue
            if all(world.view(other) == state.view(other) for other in range(enc.players) if other != seat):
                continue
            assert np.array_equal(enc.observe(world.view(seat)), enc.observe(view))
            assert np.array_equal(enc.mask(world.view(seat)), enc.mask(view))
            compared += 1
            break
    assert compared >= 3


def test_an_index_that_is_not_legal_now_is_refused_naming_the_legal_ones() -> None:
    enc = encoding("ecarte")
    state = enc.game.new(seed=7, first_dealer=0)
    view = state.view(1)
    with pytest.raises(InteropError, match=r"action index 7 \(play 9C\) is not legal now; allowed indices: \[0, 1\]"):
        enc.actions.action(view, 7)


def test_ecarte_exchanges_are_numbered_by_positions_in_the_sorted_hand() -> None:
    """ECARTE-VI.4: a discard is a subset of the hand; its index is the mask of the positions of its cards."""
    enc = encoding("ecarte")
    state = enc.game.new(seed=7, first_dealer=0)
    state.apply_text("propose")
    state.apply_text("accept")
    view = state.view(1)
    hand = sorted(view.hand, key=lambda card: card.index)
    discard = next(a for a in view.legal_actions if str(a) == f"discard {hand[0]} {hand[3]}")
    index = enc.actions.index(view, discard)
    assert enc.actions.text(index) == "discard positions 0,3"
    assert enc.actions.action(view, index) == discard


def test_table_mode_and_unknown_options_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(InteropError, match="enforced mode only"):
        new_rules(load("ecarte"), options={"mode": Mode.TABLE.value})
    with pytest.raises(InteropError, match="unknown rules option"):
        new_rules(load("whist"), options={"trumps": "none"})
    with pytest.raises(InteropError, match="ecarte is played by 2; players=3 is not allowed"):
        new_rules(load("ecarte"), players=3)
