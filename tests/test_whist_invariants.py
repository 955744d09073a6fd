"""Whist invariants over many seeded random deals, and property tests (hypothesis): W-§3 the 52 cards conserved,
W-§5 thirteen tricks, W-§6.1 scores consistent with the ledger, WHIST-24 the turn-up public until the dealer plays,
views never showing another seat's hidden cards, the log replaying to the same state, texts round-tripping and
illegal actions refused with the state unchanged."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from academie.cards import CARDS, mask_of
from academie.engine import PUBLIC, IllegalActionError
from academie.games import make_bot
from academie.games.whist import Shuffle, WhistState, parse_action


def _check_views(state: WhistState) -> None:
    """No view holds a card its viewer may not know: own hand only, tricks played, the turn-up while shown."""
    played = 0
    for trick in state.view(PUBLIC).tricks:
        played |= mask_of(trick.cards)
    for viewer in (0, 1, 2, 3, PUBLIC):
        view = state.view(viewer)
        own = state.hand_mask(viewer) if viewer != PUBLIC else 0
        assert mask_of(view.hand) == own
        assert all(not isinstance(action, Shuffle) for _, action in view.history)
        for seat in range(4):
            assert not view.exposed[seat]
        if view.turn_up is not None:
            assert view.turn_up == state.trump_card and state.dealer is not None
            assert state.hand_mask(state.dealer) >> view.turn_up.index & 1
        assert (view.legal_actions != ()) == (viewer == state.actor)


@pytest.mark.parametrize("chunk", range(4))
def test_W_3_W_5_W_6_1_invariants_over_random_rubbers(chunk: int) -> None:
    """W-§3, W-§5, W-§6.1, WHIST-24: over seeded random rubbers the 52 cards are conserved at every step, every
    deal has thirteen tricks or ends by a call, partners score alike, the ledger sums to zero and matches the
    scores, views hide what they must, and replaying the log rebuilds the state."""
    rng = random.Random(chunk)
    for _rubber in range(25):
        state = WhistState.new(seed=rng.randrange(1 << 30))
        steps = 0
        while not state.is_terminal:
            total = sum(state.hand_mask(s).bit_count() for s in range(4))
            played = sum(len(t.cards) for t in state.view(PUBLIC).tricks)
            assert total + played == 52
            if steps % 7 == 0:
                _check_views(state)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        for deal in state.deal_results:
            assert deal.points[0] == deal.points[2] and deal.points[1] == deal.points[3]
            assert sum(deal.tricks) == 13 or not deal.completed
        assert state.ledger.total() == 0
        balances = state.ledger.seat_balances()
        assert balances == tuple(sum(d.points[s] for d in state.deal_results) for s in range(4))
        twin = WhistState.new(first_dealer=None)
        for operation in state.operations:
            twin.apply(operation.action)
        assert twin.operations == state.operations and twin.result() == state.result()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 1 << 30), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=120))
def test_W_5_properties_legal_actions_apply_and_texts_round_trip(seed: int, picks: list[int]) -> None:
    """W-§5: every legal action applies; its text parses back to itself; an illegal card is refused naming the
    allowed ones and leaves the state unchanged."""
    state = WhistState.new(seed=seed)
    for pick in picks:
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = legal[pick % len(legal)]
        assert parse_action(str(action)) == action
        illegal = [c for c in CARDS if not any(str(a) == f"play {c}" for a in legal)]
        before = (list(state.operations), state.hand_mask(state.actor or 0), state.score)
        with pytest.raises(IllegalActionError, match="allowed"):
            state.apply_text(f"play {illegal[pick % len(illegal)]}")
        assert (list(state.operations), state.hand_mask(state.actor or 0), state.score) == before
        state.apply(action)


@pytest.mark.parametrize("name", ["classical", "search"])
def test_W_5_bots_play_legal_cards_from_views(name: str) -> None:
    """W-§5, W-§8: the classical and search bots choose legal actions from their views and explain them."""
    state = WhistState.new(seed=11, first_dealer=3)
    bots = [make_bot("whist", name, seed=s) if s % 2 == 0 else make_bot("whist", "random", seed=s) for s in range(4)]
    if name == "search":
        for seat in (0, 2):
            bots[seat].samples = 2  # type: ignore[attr-defined]
    while not state.deal_results:
        seat = state.actor
        assert isinstance(seat, int)
        action = bots[seat].choose(state.view(seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert "W-§8" in bots[0].explain() or bots[0].explain() in ("the only legal card", "")


def test_W_3_the_next_deal_is_dealt_when_asked_for_and_is_the_same_deal() -> None:
    """W-§3: once a deal is scored the automated chance owes the next one; it is dealt only when something asks
    about the table (the actor, a view, the log, a hand), and it is the deal an eager dealer would have made: the
    same pack from the same seed, whether it is asked for at once, after a clone, or through another reader."""
    def play_first_deal(seed: int) -> WhistState:
        state, rng = WhistState.new(seed=seed, first_dealer=3), random.Random(seed)
        while not state.deal_results:
            state.apply(rng.choice(state.legal_actions()))
        return state

    for seed in range(12):
        state = play_first_deal(seed)
        operations = len(state._operations)
        assert state.deal_results[0].dealer == 3 and len(state._operations) == operations  # the past: not dealt
        twin = state.clone()
        deck = state.operations[operations].action  # the log asks for it
        assert isinstance(deck, Shuffle) and len(state.operations) == operations + 1
        assert state.actor == 1 and state.dealer == 0 and state.phase.name == "PLAY"  # W-§5: the elder hand leads
        assert twin.hand_mask(1) == state.hand_mask(1) and twin.operations == state.operations
        fresh = play_first_deal(seed)
        assert fresh.view(2).hand == state.view(2).hand and fresh.legal_actions() == state.legal_actions()
