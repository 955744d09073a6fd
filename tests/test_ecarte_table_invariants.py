"""Random playouts in table mode with irregular acts thrown in: the laws never lose a card, never unbalance the
ledger, never leave a game stuck, never leak a hidden card, and the log replays to the same rulings.

Covers the machinery of every law of rule file §7 at once (E-D1 … E-S2 as sampled by ``irregular_actions``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from academie.cards import PACK_32, Card
from academie.engine import PUBLIC, Mode
from academie.games.ecarte import EcarteRules, EcarteState, Phase

TABLE_RULES = EcarteRules(mode=Mode.TABLE)


def _cards_accounted(state: EcarteState) -> None:
    if state.phase in (Phase.CUT, Phase.SHUFFLE, Phase.OVER):
        return
    seen: list[Card] = [*state.hand(0), *state.hand(1), *state.talon(), *state.discards(0), *state.discards(1)]
    trump = state.trump_card
    assert trump is not None
    seen.append(trump)
    for trick in state.view(PUBLIC).tricks:
        seen.extend(trick.cards)
    in_hand_and_on_table = set(state.hand(0)) | set(state.hand(1))
    table_cards = [c for t in state.view(PUBLIC).tricks if t.winner is None for c in t.cards]
    # a card led to the current trick has left the hand, so each card is counted exactly once
    assert not in_hand_and_on_table & set(table_cards)
    assert sorted(c.index for c in seen) == sorted(c.index for c in PACK_32)


def _no_leak(state: EcarteState) -> None:
    for viewer in (0, 1):
        view = state.view(viewer)
        hidden = set(state.hand(1 - viewer)) - set(view.exposed[1 - viewer])
        hidden |= set(state.talon()) | (set(state.discards(1 - viewer)) - set(state.discards(viewer)))
        shown = set(view.hand) | set(view.my_discards) | set(view.exposed[1 - viewer])
        assert not shown & (set(state.hand(1 - viewer)) - set(view.exposed[1 - viewer]))
        for _, action in view.history:
            for card in getattr(action, "cards", ()):
                assert card not in hidden or card in shown


def _playout(seed: int) -> Iterator[EcarteState]:
    rng = random.Random(seed)
    state = EcarteState.new(TABLE_RULES, seed=seed)
    for _ in range(4000):
        if state.is_terminal:
            return
        acts = state.irregular_actions(rng.randrange(2)) if rng.random() < 0.12 else ()
        kinds = sorted({act.kind for act in acts} - ({"leave"} if rng.random() < 0.9 else set()))
        if kinds:
            kind = rng.choice(kinds)
            state.apply(rng.choice([act for act in acts if act.kind == kind]))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        yield state
    raise AssertionError(f"seed {seed}: the partie did not end in 4000 actions")


@pytest.mark.parametrize("chunk", range(4))
def test_table_mode_random_irregularities_keep_every_invariant(chunk: int) -> None:
    """E-D1 … E-S2: over 150 random parties per chunk with irregular acts, cards are conserved, the ledger sums
    to zero, scores match the ledger, no view leaks, and every partie ends."""
    for seed in range(chunk * 150, chunk * 150 + 150):
        for state in _playout(seed):
            _cards_accounted(state)
            assert state.ledger.total() == 0
            assert state.score == state.ledger.seat_balances() or state.rules.partie_liee
            _no_leak(state)


@pytest.mark.parametrize("seed", range(40))
def test_table_mode_log_replays_to_the_same_state_and_rulings(seed: int) -> None:
    """Replaying the log (chance and rulings included, no automation) rebuilds the state."""
    states = list(_playout(seed))
    state = states[-1]
    replayed = EcarteState(TABLE_RULES, automate_table=False)
    for operation in state.operations:
        replayed.apply(operation.action)
    assert replayed.rulings == state.rulings
    assert replayed.result() == state.result()
    assert replayed.ledger.entries == state.ledger.entries
