"""Whist's expert bot: legal, blind to hidden cards, reproducible, valuing points (W-§6.1, W-§6.2), reading the
partner's first lead (W-§8.1) and winning as the books say (W-§8.1: fourth hand wins with the lowest of a
sequence)."""

from __future__ import annotations

import random

from whist_support import whist_deck

from academie.games import load, make_bot
from academie.games.whist import WhistState
from academie.games.whist.bots.expert import ExpertBot, _from_longest, _net_points, _worlds
from academie.games.whist.state import sample_hands

FAST = {"samples": 3, "opening_samples": 2}


def test_W_5_expert_plays_legal_cards_and_explains_them() -> None:
    """W-§5: a whole deal with the expert in two seats against the search bot: every choice is legal (checked by
    apply) and explained, citing W-§8."""
    state = WhistState.new(seed=11, first_dealer=3)
    bots = [ExpertBot(seed=s, **FAST) if s % 2 == 0 else make_bot("whist", "search", seed=s, samples=2)
            for s in range(4)]
    while not state.deal_results:
        seat = state.actor
        assert isinstance(seat, int)
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        state.apply(action)
        assert bots[seat].explain()
    assert "W-§8" in bots[0].explain() or bots[0].explain() == "the only legal card"


def test_W_8_3_expert_sees_views_only_two_deals_alike_to_it_get_the_same_choice() -> None:
    """W-§8.3: a deal resampled from the expert's view (the other hands dealt otherwise) gets the same card from
    an expert of the same seed."""
    state = WhistState.new(seed=5, first_dealer=3)
    players = [make_bot("whist", "classical", seed=s) for s in range(4)]
    rng = random.Random(2)
    checked = 0
    while not state.deal_results and checked < 4:
        seat = state.actor
        assert isinstance(seat, int)
        view = state.view(seat)
        if len(view.legal_actions) > 1 and len(state.operations) > 8:
            other = WhistState.sample(view, rng)
            assert other.view(seat) == view
            assert [other.hand_mask(s) for s in range(4)] != [state.hand_mask(s) for s in range(4)]
            assert ExpertBot(seed=3, **FAST).choose(view) == ExpertBot(seed=3, **FAST).choose(other.view(seat))
            checked += 1
        state.apply(players[seat].choose(view))
    assert checked == 4


def test_expert_is_reproducible_from_its_seed() -> None:
    """The same seed and deal give the same cards; the registry's strongest Whist bot is this one."""
    def cards(seed: int) -> list[str]:
        state = WhistState.new(seed=8, first_dealer=3)
        bots = [ExpertBot(seed=seed + s, **FAST) for s in range(4)]
        played = []
        for _ in range(16):
            seat = state.actor
            assert isinstance(seat, int)
            action = bots[seat].choose(state.view(seat))
            state.apply(action)
            played.append(str(action))
        return played

    assert cards(1) == cards(1)
    assert isinstance(make_bot("whist", "expert"), ExpertBot)
    assert load("whist").strongest() == "expert"


def test_W_6_1_W_6_2_expert_values_points_capped_at_the_game() -> None:
    """W-§6.1: the seventh trick scores the first point, the sixth none (so it swings two); W-§6.5 example 4: a side
    at nine needs one odd trick, and more tricks add nothing."""
    fresh = (10, 10)
    assert _net_points(7, fresh) - _net_points(6, fresh) == 2
    assert _net_points(8, fresh) - _net_points(7, fresh) == 1
    at_nine = (1, 10)
    assert _net_points(13, at_nine) == _net_points(7, at_nine) == 1


def test_W_8_1_fourth_hand_wins_with_the_lowest_of_a_sequence() -> None:
    """W-§8.1: fourth hand, holding A K of the suit led over the queen, wins as cheaply as possible: the king."""
    order = whist_deck({0: "QH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", 1: "2H", 2: "3H", 3: "AH KH"}, dealer=3,
                       turn_up="2S")
    state = WhistState.new(decks=[order], first_dealer=3)
    for text in ("play QH", "play 2H", "play 3H"):
        state.apply_text(text)
    assert state.actor == 3
    for seed in range(3):
        assert str(ExpertBot(seed=seed, samples=4).choose(state.view(3))) == "play KH"


def test_W_8_1_expert_reads_its_partners_first_lead_as_from_his_longest_suit() -> None:
    """W-§8.1 (Cavendish: the first lead tells partner the long suit): after the partner leads a plain card, most
    of the expert's deals give him no longer plain suit than the suit led, more than deals drawn blind."""
    state = WhistState.new(seed=21, first_dealer=1)  # seat 2 leads, seat 0 is his partner
    players = [make_bot("whist", "classical", seed=s) for s in range(4)]
    for _ in range(2):
        seat = state.actor
        assert isinstance(seat, int)
        state.apply(players[seat].choose(state.view(seat)))
    view = state.view(0)
    lead = view.tricks[0].cards[0]
    assert view.tricks[0].leader == 2 and lead.suit != view.trump
    rng = random.Random(1)
    read = _worlds(view, rng, 200)
    blind = [sample_hands(view, rng) for _ in range(200)]
    kept = sum(_from_longest(view, hands[2], 2, (lead.index, 0)) for hands in read)
    drawn = sum(_from_longest(view, hands[2], 2, (lead.index, 0)) for hands in blind)
    assert kept > drawn + 30
    assert all(hands[seat].bit_count() == view.hand_sizes[seat] for hands in read for seat in range(4))
