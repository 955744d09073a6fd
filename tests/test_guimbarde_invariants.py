"""La Guimbarde invariants over many seeded random games for every player count, and hypothesis properties.

Checked at every step: cards conserved (hands + tricks + undealt = the pack), counters conserved (stocks plus
boxes constant, the ledger sums to zero), every deal ends in five tricks, no view holds a card its viewer may
not know (each seat and the public), the log replays to the same state, clones are independent.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from academie.cards import Card, mask_of
from academie.engine import PUBLIC, ActionParseError, IllegalActionError, Mode
from academie.games.guimbarde import (
    BANK,
    BOXES,
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    GuimbardeRules,
    GuimbardeState,
    Phase,
    Shuffle,
    pack_for,
)


def _known(state: GuimbardeState, viewer: int) -> set[Card]:
    """What ``viewer`` may know: its hand, the shown cards, the turn-up and every card played this game."""
    view = state.view(viewer)
    known = set(view.hand) | {c for cards in view.shown for c in cards}
    if view.trump_card is not None:
        known.add(view.trump_card)
    for trick in (*view.tricks, *view.previous_tricks):
        known |= {card for _, card in trick.plays}
    return known


def _check_views(state: GuimbardeState) -> None:
    players = state.players
    for viewer in (*range(players), PUBLIC):
        view = state.view(viewer)
        hands_elsewhere = {c for s in range(players) if s != viewer for c in state.hand(s)}
        leaked = (set(view.hand) & hands_elsewhere) | (
            {c for seat, cards in enumerate(view.shown) for c in cards} - set(_shown(state)))
        assert not leaked, (viewer, leaked)
        assert not any(isinstance(action, Shuffle) for _, action in view.history)
        assert (view.legal_actions == state.legal_actions()) == (viewer == state.actor) or not state.legal_actions()


def _shown(state: GuimbardeState) -> list[Card]:
    deal = state.deal
    return [c for s in range(state.players) for c in state.hand(s) if deal.shown[s] >> c.index & 1]


def _check_conservation(state: GuimbardeState) -> None:
    rules = state.rules
    assert state.ledger.total() == 0
    assert all(state.stock(s) >= 0 for s in range(rules.players))  # G18: no stock ever goes negative
    stocks = sum(state.stock(s) for s in range(rules.players))
    sold = -state.ledger.balance(BANK)  # G18: the new stocks bought from the bank
    assert sold == rules.starting_stock * sum(state.stocks_bought) >= 0
    assert stocks + sum(state.boxes().values()) == rules.players * rules.starting_stock + sold
    if rules.unable_to_pay == "retire":
        assert not any(state.stocks_bought)
    if state.phase is Phase.PLAY:
        in_hands = [c for s in range(rules.players) for c in state.hand(s)]
        played = [c for trick in state.view(PUBLIC).tricks for _, c in trick.plays]
        assert not any(state.hand(s) for s in range(rules.players) if state.retired[s])
        assert len(set(in_hands) | set(played)) == len(in_hands) + len(played) == 5 * state.active
        assert set(in_hands) | set(played) <= set(pack_for(rules.players))


def _run_game(players: int, seed: int, **options: object) -> GuimbardeState:
    rules = GuimbardeRules(players=players, rounds=1, **options)  # type: ignore[arg-type]
    state = GuimbardeState.new(rules, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        _check_conservation(state)
        if steps % 7 == 0:
            _check_views(state)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 50 * rules.players * rules.deals
    return state


def test_invariants_every_player_count() -> None:
    """G-§2.1, G-§2.3, G-§5.7, GUIMBARDE-§7: random whole games for 3 to 8 players: cards and counters conserved,
    every deal ends after five tricks, the boxes are empty at the end and the deal results add up to the counters."""
    for players in range(3, 9):
        for seed in range(12):
            state = _run_game(players, seed)
            assert len(state.deal_results) == players
            assert all(sum(d.tricks) == 5 for d in state.deal_results)
            assert sum(state.boxes().values()) == 0
            totals = tuple(sum(d.points[s] for d in state.deal_results) for s in range(players))
            assert totals == state.result().points and sum(totals) == 0


def test_invariants_under_every_option() -> None:
    """G-Q1 … G-Q17: the invariants hold with each non-default option."""
    options: list[dict[str, object]] = [
        {"parlett_follow_only": True}, {"undertrump_required": False}, {"rule3_literal_king_of_diamonds": True},
        {"rule3_protects_trump_marriages": False}, {"marriage_either_order": True},
        {"marriage_obligation_only_in_suit": True}, {"fou_box_on_survival": True},
        {"grand_marriage_table_from_each": False}, {"pay_hand_marriage_at_start": True},
        {"point_pip_tiebreak": True}, {"ante_only_empty_boxes": True}, {"re_ante_only_if_point_taken": True},
        {"direction": "clockwise"}, {"deal_pattern": (2, 3)}, {"clearing_deals": 3}]
    for index, option in enumerate(options):
        for players in (3, 6):
            _run_game(players, 100 + index, **option)


def test_G18_invariants_under_both_options_with_short_stocks() -> None:
    """G18, G-§2.3, G-§5.7: with stocks too small for a whole game, under unable_to_pay "new-stock" and "retire":
    stocks never negative, the ledger sums to zero, stocks plus boxes plus the bank's sales constant, retired
    seats dealt nothing; whole games end with the boxes empty, the deal results adding up to the counters (new
    stocks excluded) and summing to zero, and the log replays to the same ledger."""
    bought = retired = 0
    for option in ("new-stock", "retire"):
        for players in (3, 4, 5, 7):
            for seed in range(5):
                state = _run_game(players, 300 + seed, starting_stock=7, unable_to_pay=option)
                assert sum(state.boxes().values()) == 0
                totals = tuple(sum(d.points[s] for d in state.deal_results) for s in range(players))
                assert totals == state.result().points and sum(totals) == 0
                result = state.result()
                assert result.stocks_bought == tuple(state.stocks_bought) == state.view(PUBLIC).stocks_bought
                assert result.retired == tuple(state.retired) == state.view(PUBLIC).retired
                bought += sum(result.stocks_bought)
                retired += sum(result.retired)
                if option == "retire" and state.active >= 3:
                    assert len(state.deal_results) >= state.rules.deals
                twin = GuimbardeState.new(state.rules)
                for operation in state.operations:
                    twin.apply(operation.action)
                assert twin.ledger.entries == state.ledger.entries and twin.retired == state.retired
    assert bought > 0 and retired > 0  # both behaviours were exercised


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 8), steps=st.integers(0, 60))
def test_property_actions_apply_and_round_trip(seed: int, players: int, steps: int) -> None:
    """Every legal action applies; every text form parses back; an illegal card is refused with the state
    unchanged and the allowed actions named; garbage text is refused by the parser."""
    state = GuimbardeState.new(seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            return
        legal = state.legal_actions()
        for action in legal:
            assert state.parse_action(str(action)) == action
        illegal = [c for s in range(players) for c in state.hand(s) if f"play {c}" not in map(str, legal)]
        if illegal:
            before = (list(state.operations), list(state.ledger.entries), state.legal_actions())
            try:
                state.apply_text(f"play {rng.choice(illegal)}")
                raise AssertionError("an illegal card was accepted")
            except IllegalActionError as error:
                assert "allowed: " + ", ".join(map(str, legal)) in str(error)
            assert (list(state.operations), list(state.ledger.entries), state.legal_actions()) == before
        state.apply(rng.choice(legal))
    for text in ("", "play", "play XX", "jump 7S", "deck 7S 7S"):
        try:
            action = state.parse_action(text)
        except ActionParseError:
            continue
        try:
            state.apply(action)
            raise AssertionError(f"{text!r} was accepted")
        except IllegalActionError:
            pass


def test_table_mode_under_random_irregular_acts() -> None:
    """G3, G7–G17 (table mode): random irregular acts mixed with legal play: the ledger balances, stocks plus
    boxes are constant, every game ends, the log replays to the same rulings; G18: also with short stocks under
    both unable_to_pay options (fines and restorations of G10/G11 included)."""
    for players in (3, 4, 7):
        for seed in range(8):
            short: dict[str, object] = {"starting_stock": 7, "unable_to_pay": ("new-stock", "retire")[seed % 2]}
            rules = GuimbardeRules(players=players, rounds=1, mode=Mode.TABLE,  # type: ignore[arg-type]
                                   **(short if seed >= 4 else {}))
            state = GuimbardeState.new(rules, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                _check_conservation(state)
                seat = rng.randrange(players)
                acts = state.irregular_actions(seat)
                if acts and rng.random() < 0.08:
                    state.apply(rng.choice(acts))
                else:
                    state.apply(rng.choice(state.legal_actions()))
            twin = GuimbardeState.new(rules)
            twin.automate_table = False
            for operation in state.operations:
                twin.apply(operation.action)
            assert twin.rulings == state.rulings and twin.ledger.entries == state.ledger.entries
            assert set(BOXES) <= set(state.ledger.balances())


def _check_sample(state: GuimbardeState, rng: random.Random) -> int:
    """Sample a state from every seat's view and check that it agrees with what the seat knows; the number of
    samples checked."""
    players = state.players
    for viewer in range(players):
        view = state.view(viewer)
        sampled = GuimbardeState.sample(view, rng)
        assert sampled.actor == view.actor
        again = sampled.view(viewer)
        assert again.hand == view.hand
        if view.actor == viewer:
            assert tuple(sampled.legal_actions()) == view.legal_actions
        # every public thing the seat knows is as it was (the log excepted: the sampled state starts its own)
        assert dataclasses.replace(again, history=view.history) == view
        if view.phase is not Phase.PLAY:
            continue
        hands = [mask_of(sampled.hand(seat)) for seat in range(players)]
        played = mask_of(c for trick in view.tricks for _, c in trick.plays)
        assert sum(hands) == functools.reduce(operator.or_, hands, 0)  # no card dealt twice
        assert not sum(hands) & (played | view.trump_card.bit if view.trump_card else played)
        assert sum(hands) & ~mask_of(pack_for(players)) == 0
        for seat in range(players):
            assert hands[seat].bit_count() == view.hand_sizes[seat]
            assert mask_of(view.shown[seat]) & ~hands[seat] == 0  # GUIMBARDE-§6: the cards shown stay put
        if state.rules.mode is Mode.ENFORCED:  # GUIMBARDE-R8: nobody holds a suit he failed to follow
            trump = view.trump
            assert trump is not None
            for trick in view.tricks:
                led = EFFECTIVE_SUIT[trump][trick.plays[0][1].index]
                for seat, card in trick.plays[1:]:
                    if EFFECTIVE_SUIT[trump][card.index] != led:
                        assert not hands[seat] & EFFECTIVE_MASKS[trump][led]
    return players


def test_sample_agrees_with_every_seats_view() -> None:
    """GuimbardeState.sample over random positions of random games, enforced and table mode (with random irregular
    acts), 3 to 8 players, for every seat: the sampled state has the same actor, the seat's hand, the same legal
    actions when it is the seat's turn and the same view but for the log; hands have their sizes, keep the shown
    cards, hold no card seen elsewhere and (enforced mode) no suit their holder failed to follow."""
    rng = random.Random(11)
    checked = 0
    for mode in (Mode.ENFORCED, Mode.TABLE):
        for players in range(3, 9):
            for seed in range(3):
                rules = GuimbardeRules(players=players, rounds=1, mode=mode)
                state = GuimbardeState.new(rules, seed=500 + seed)
                while not state.is_terminal:
                    if rng.random() < 0.05:
                        checked += _check_sample(state, rng)
                    acts = state.irregular_actions(rng.randrange(players))
                    if acts and rng.random() < 0.08:
                        state.apply(rng.choice(acts))
                    else:
                        state.apply(rng.choice(state.legal_actions()))
                checked += _check_sample(state, rng)
    assert checked > 1000  # samples, one per seat: a few hundred positions
