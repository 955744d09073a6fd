"""Whist's expert bot: legal, blind to hidden cards, reproducible, valuing points (W-§6.1, W-§6.2), reading the
partner's first lead (W-§8.1), reading the others' plays as the lowest of equal cards (W-§8.1, W-§8.3) and
winning as the books say (W-§8.1: fourth hand wins with the lowest of a sequence)."""

from __future__ import annotations

import random

from whist_support import whist_deck

from academie.cards import Card, mask_of, parse_cards
from academie.games import load, make_bot
from academie.games.whist import WhistState
from academie.games.whist.bots.expert import ExpertBot, _from_longest, _net_points, _worlds, denied_cards
from academie.games.whist.bots.search import BUDGET, MIN_SAMPLES, SearchBot, affordable, solve_cost
from academie.games.whist.state import WhistView, sample_hands

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
    read = _worlds(view, rng, 400)
    blind = [sample_hands(view, rng) for _ in range(400)]
    kept = sum(_from_longest(view, hands[2], 2, (lead.index, 0)) for hands in read)
    drawn = sum(_from_longest(view, hands[2], 2, (lead.index, 0)) for hands in blind)
    assert kept > drawn + 40
    assert all(hands[seat].bit_count() == view.hand_sizes[seat] for hands in read for seat in range(4))


def _read_plays(hands: dict[int, str], plays: str) -> WhistView:
    """Seat 3's view after ``plays`` (dealer 3, spades trumps, seat 0 leads)."""
    state = WhistState.new(decks=[whist_deck(hands, dealer=3, turn_up="2S")], first_dealer=3)
    for card in plays.split():
        state.apply_text(f"play {card}")
    return state.view(3)


HEARTS = {0: "5H 8H", 1: "KH 6H 2H", 2: "3H 9H 4H QH", 3: "AH 7H"}


def test_W_8_1_a_follower_did_not_hold_the_next_lower_card_still_out() -> None:
    """W-§8.1 (second hand low, fourth hand wins with the lowest of a sequence): seat 1 played the king on trick one,
    so it held no queen; on trick two the five had gone, so its six denies it the four; seat 2's three denies it
    the two. Cards of the trick in progress keep cards apart (seat 2's nine over the eight denies nothing), leads
    are not read, and cards the viewer sees are never denied."""
    view = _read_plays(HEARTS, "5H KH 3H AH 7H 8H 6H 9H")
    assert denied_cards(view) == [0, mask_of(parse_cards("QH 4H")), mask_of(parse_cards("2H")), 0]
    for hands in _worlds(view, random.Random(4), 40):
        assert not hands[1] & mask_of(parse_cards("QH 4H")) and not hands[2] >> Card.parse("2H").index & 1
        assert all(hands[seat].bit_count() == view.hand_sizes[seat] for seat in range(4))


def test_W_8_1_a_seat_that_played_the_higher_of_equal_cards_is_read_no_more() -> None:
    """W-§8.1: seat 1 played the king holding the queen (it plays the queen on trick two): its plays deny it
    nothing, while seat 2's still do."""
    view = _read_plays({**HEARTS, 1: "KH QH 2H", 2: "3H 9H 4H"}, "5H KH 3H AH 7H 8H QH")
    assert denied_cards(view) == [0, 0, mask_of(parse_cards("2H")), 0]


def test_W_8_3_the_search_bots_plays_never_deny_a_card_it_holds() -> None:
    """W-§8.3: the search bot plays the lowest of the cards that do best, so against it the reading is exact: at
    every turn of two deals among search bots, no seat holds a card its plays deny it."""
    denials = 0
    for seed in (2, 9):
        state = WhistState.new(seed=seed, first_dealer=3)
        bots = [make_bot("whist", "search", seed=s, samples=2) for s in range(4)]
        while not state.deal_results:
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            denied = denied_cards(view)
            assert not any(denied[s] & state.hand_mask(s) for s in range(4))
            denials += sum(mask.bit_count() for mask in denied)
            state.apply(bots[seat].choose(view))
    assert denials > 20


def test_issue_29_the_first_trick_solves_only_the_deals_the_budget_pays_for() -> None:
    """Issue 29: a double-dummy solve of a whole deal is the costliest, so at the opening lead the search and expert
    bots solve only the sampled deals their budget pays for (five: a count of the cards in hand, never a clock),
    twelve when following at the first trick, every sample once a trick is done; the same seed gives the same card
    and work, and a larger budget buys every sample."""
    state = WhistState.new(seed=29, first_dealer=3)
    view = state.view(state.actor)
    assert len(view.hand) == 13 and not view.tricks
    assert solve_cost(view) * affordable(view, 16, BUDGET) <= BUDGET
    for kind in (SearchBot, ExpertBot):
        bot, twin = kind(seed=2), kind(seed=2)
        action = bot.choose(view)
        assert (twin.choose(view), twin.explain(), twin.spent) == (action, bot.explain(), bot.spent)
        assert bot.spent == 5 * solve_cost(view) <= BUDGET
        rich = kind(seed=2, budget=10**6)
        rich.choose(view)
        assert rich.spent == (12 if kind is SearchBot else 16) * solve_cost(view)
    state.apply(action)
    following = state.view(state.actor)
    assert affordable(following, 16, BUDGET) == 12 and affordable(following, 28, BUDGET) == 12
    assert MIN_SAMPLES <= affordable(view, 16, 1) < 5
