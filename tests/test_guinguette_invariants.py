"""Invariants of La Guinguette over many seeded random deals, for every player count (3 to 8) and options.

Checked after every action: the cards (hands + cotillon + set aside = the pack), the counters (stocks + baskets =
the stocks dealt + stocks bought, GU-§2.5, GU9), the ledger sums to zero with every transfer citing a rule ID of
the catalogue; every deal ends; a partie's counters won sum to zero (GU-§5.5); replaying the log rebuilds the
state; no view holds a card its viewer may not know (another hand, the cotillon), for every seat and PUBLIC.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from academie import record
from academie.cards import mask_of
from academie.engine import PUBLIC, ActionParseError, IllegalActionError, Mode
from academie.games.guinguette import GuinguetteRules, GuinguetteState, Phase, parse_action
from academie.games.guinguette.laws import CATALOGUE

IDS = {entry.id for entry in CATALOGUE}
OPTIONS = [GuinguetteRules(), GuinguetteRules(discard_mixed=False, max_stirs=4, restir_cost=2),
           GuinguetteRules(tierce_same_suit=True, guinguette_wild=True, betting="ladder", max_raises=2),
           GuinguetteRules(guinguette_claim_at_deal=True, no_tierce="carry", cotillon_to="tierce_winner"),
           GuinguetteRules(trick_phase=True, cotillon_to="guinguette_holder", direction="clockwise", stock=30)]


def _check(state: GuinguetteState) -> None:
    rules = state.rules
    deal = state.deal_in_progress
    if deal.hands and any(deal.hands):
        held = 0
        for hand in deal.hands:
            assert held & hand == 0
            held |= hand
        cards = held | mask_of(state.cotillon()) | deal.aside
        in_trick = sum(1 << card for _, card in deal.trick)
        played = len(state.cotillon()) + sum(h.bit_count() for h in deal.hands) + deal.aside.bit_count()
        assert (cards | in_trick) & ~mask_of(rules.pack) == 0
        if state.phase is not Phase.TRICKS:
            assert cards == mask_of(rules.pack) and played == rules.pack_size
    assert state.ledger.total() == 0
    assert sum(state.stocks) + sum(state.baskets()) == rules.players * rules.stock + sum(state.bought)
    assert all(stock >= 0 for stock in state.stocks)


def _no_leak(state: GuinguetteState) -> None:
    """No view shows another seat's hidden card or the cotillon."""
    deal = state.deal_in_progress
    for viewer in (*range(state.rules.players), PUBLIC):
        view = state.view(viewer)
        seen = mask_of(view.hand) | mask_of(card for cards in view.shown for card in cards)
        for seat, hand in enumerate(deal.hands):
            hidden = hand & ~mask_of(view.shown[seat])
            if seat != viewer:
                assert seen & hidden == 0
        text = " ".join(str(action) for _, action in view.history)
        for card in state.cotillon():
            if card not in view.hand and card not in view.my_discards:
                assert str(card) not in text.split()


@pytest.mark.parametrize("players", range(3, 9))
def test_GU_2_1_GU_5_5_random_parties_conserve_cards_and_counters(players: int) -> None:
    """GU-§2.1, GU-§2.5, GU-§5.5, GU-§5.4d, GU9: many random parties per player count and options set."""
    for index in range(60):
        rules = OPTIONS[index % len(OPTIONS)]
        rules = dataclasses.replace(rules, players=players)
        state = GuinguetteState.new(rules, seed=1000 * players + index)
        rng = random.Random(index)
        steps = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            _check(state)
            if steps % 7 == 0:
                _no_leak(state)
            assert steps < rules.deals * 400
        assert len(state.deal_results) == rules.deals and state.baskets() == (0, 0, 0)
        assert sum(state.result().points) == 0
        assert sum(sum(deal.points) for deal in state.deal_results) == 0
        assert {entry.reason for entry in state.ledger.entries} <= IDS
        assert sum(state.result().points[s] for s in range(players)) == 0
        if index % 10 == 0:
            replayed = record.replay(record.read_text(record.write_text(record.from_state(state))))
            assert replayed.operations == state.operations and replayed.stocks == state.stocks


def test_GU_5_3b_classical_bots_finish_and_clones_are_independent() -> None:
    """GU-§5.3b: bots' deals end; a clone plays on without touching the original."""
    from academie.games.guinguette.bots.classical import ClassicalBot

    state = GuinguetteState.new(seed=3, players=5)
    bot = ClassicalBot()
    while not state.is_terminal:
        twin = state.clone()
        before = (state.stocks, len(state.operations))
        if twin.legal_actions():
            twin.apply(twin.legal_actions()[-1])
        assert (state.stocks, len(state.operations)) == before
        state.apply(bot.choose(state.view(state.actor)))
        _check(state)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8), steps=st.integers(0, 60))
def test_GU_5_2_legal_actions_apply_text_round_trips_and_illegal_leaves_state(seed: int, players: int,
                                                                             steps: int) -> None:
    """GU-§5.2: every legal action applies, its text parses back, and an illegal one is refused with the state
    unchanged."""
    state = GuinguetteState.new(seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        for action in legal:
            assert parse_action(str(action)) == action
        illegal = [text for text in ("bet 4", "hold", "keep", "stir KS", "restir 6H", "fold", "pass")
                   if parse_action(text) not in legal]
        if illegal:
            before = (len(state.operations), list(state.stocks), state.actor)
            with pytest.raises(IllegalActionError):
                state.apply_text(illegal[0])
            assert (len(state.operations), list(state.stocks), state.actor) == before
        state.apply(rng.choice(legal))


def test_GU4_table_mode_random_irregular_acts_keep_the_books() -> None:
    """GU1–GU8 (table mode): random irregular acts among the moves; counters and ledger still balance."""
    rules = GuinguetteRules(mode=Mode.TABLE)
    for seed in range(30):
        state = GuinguetteState.new(rules, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 2000:
            steps += 1
            acts = [a for seat in range(rules.players) for a in state.irregular_actions(seat)]
            if acts and rng.random() < 0.15:
                state.apply(rng.choice(acts))
            else:
                state.apply(rng.choice(state.legal_actions()))
            assert state.ledger.total() == 0
            assert sum(state.stocks) + sum(state.baskets()) == rules.players * rules.stock + sum(state.bought)
        assert state.is_terminal


def test_GU_5_1a_garbage_is_refused_with_the_allowed_forms() -> None:
    """GU-§5.1a: unreadable text names the forms allowed."""
    with pytest.raises(ActionParseError, match="stir CARD"):
        parse_action("shuffle everything")
