"""The seeded generator (academie.rng): one counter-based source for the engine's deals and academie.batch.

Checked here: the fast deck order (every draw of an order computed at once, in lanes of one Python integer) is the
order its definition gives, draw by draw; it is the order numpy computes for the batch; a seed deals the same cards
through the engine and through the batch; every permutation of a small pack is reachable and the positions are
uniform within bounds; and bad seeds are refused saying what is allowed. About 2 s.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from academie.batch.rng import deal_keys, shuffle_positions
from academie.cards import PACK_32, PACK_52
from academie.engine import SeededChance, SeedError, Shuffle
from academie.games.ecarte import EcarteState
from academie.games.ecarte import batch as batch_ecarte
from academie.games.whist import WhistState
from academie.rng import CHANCE_PURPOSE, draw, key_of, shuffle_order

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
STREAMS = st.integers(min_value=0, max_value=2**62 - 1)


def order_by_definition(key: int, size: int, index: int) -> list[int]:
    """The deck order as academie.rng defines it, one draw at a time: position ``j`` sorts by the low (even
    ``j``) or high (odd ``j``) half of draw ``32 * index + j // 2``, its low 6 bits replaced by ``j``."""
    keyed = []
    for j in range(size):
        half = draw(key, CHANCE_PURPOSE, 32 * index + j // 2) >> (32 * (j % 2)) & 0xFFFFFFFF
        keyed.append((half & ~63 | j, j))
    return [j for _, j in sorted(keyed)]


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, stream=STREAMS, size=st.integers(min_value=1, max_value=64), index=st.integers(0, 1000))
def test_a_deck_order_is_the_permutation_its_definition_gives(seed: int, stream: int, size: int, index: int) -> None:
    order = shuffle_order(key_of(seed, stream), size, index)
    assert order == order_by_definition(key_of(seed, stream), size, index)
    assert sorted(order) == list(range(size))


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, first=st.integers(0, 2**40), size=st.sampled_from([5, 24, 32, 36, 52]),
       index=st.integers(0, 7))
def test_the_engine_and_numpy_give_the_same_orders(seed: int, first: int, size: int, index: int) -> None:
    deals = np.arange(first, first + 8, dtype=np.int64)
    vectorised = shuffle_positions(deal_keys(seed, deals), size, index).tolist()
    assert vectorised == [shuffle_order(key_of(seed, int(deal)), size, index) for deal in deals]


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_a_seed_deals_the_same_deck_through_the_engine_and_the_batch(seed: int) -> None:
    """E-§3: ``EcarteState.new(seed=s)`` deals what the batch seeded ``s`` deals as its deal 0, and its next deals
    are the next orders of that stream; Whist (52 cards) draws from the same generator."""
    state = EcarteState.new(seed=seed, first_dealer=0)
    opening = state.operations[0].action
    assert isinstance(opening, Shuffle)
    first = opening.order
    positions = shuffle_positions(deal_keys(seed, np.zeros(1, dtype=np.int64)), 32)[0].tolist()
    assert first == tuple(PACK_32[j] for j in positions) == SeededChance(seed, 0).shuffled(PACK_32)
    chance = SeededChance(seed)
    twin = chance.clone()
    assert [chance.shuffled(PACK_32) for _ in range(3)] == [twin.shuffled(PACK_32) for _ in range(3)]
    whist = WhistState.new(seed=seed, first_dealer=0)
    dealt = next(op.action.order for op in whist.operations if isinstance(op.action, Shuffle))
    assert dealt == SeededChance(seed).shuffled(PACK_52)


def test_a_seeds_first_deal_scores_what_the_batch_scores() -> None:
    """E-§6.1: the batch's deal 0 of a seed and the engine's partie dealt from that seed, played by the same
    classical policy, score the same."""
    batch = batch_ecarte.simulate(30, seed=41, policy="classical")
    for seed_index in range(30):
        engine = batch_ecarte.reference_deal(41, seed_index, policy="classical")
        assert tuple(batch.points[seed_index].tolist()) == engine.points
    alone = batch_ecarte.simulate(1, seed=41, policy="classical")
    assert tuple(alone.points[0].tolist()) == tuple(batch.points[0].tolist())


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_every_order_of_a_small_pack_is_reachable(size: int) -> None:
    seen = {tuple(shuffle_order(key_of(7, deal), size)) for deal in range(2000)}
    assert seen == set(permutations(range(size)))


def test_positions_are_uniform_within_bounds() -> None:
    """Over 16,000 orders of an 8-card pack, each card lands in each position about 2,000 times: every count
    within six standard deviations, and the chi-square of the 64 counts below its 99.99th percentile."""
    draws, size = 16_000, 8
    counts = Counter((card, place) for deal in range(draws)
                     for place, card in enumerate(shuffle_order(key_of(2024, deal), size)))
    expected = draws / size
    sigma = math.sqrt(draws * (1 / size) * (1 - 1 / size))
    cells = [(card, place) for card in range(size) for place in range(size)]
    chi_square = sum((counts[cell] - expected) ** 2 / expected for cell in cells)
    assert all(abs(counts[cell] - expected) < 6 * sigma for cell in cells)
    assert chi_square < 110  # 49 degrees of freedom: the 99.99th percentile is about 97


def test_bad_seeds_and_packs_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(SeedError, match="seed -1 is not allowed; allowed: an integer from 0 to 2"):
        SeededChance(-1)
    with pytest.raises(SeedError, match="seed 18446744073709551616 is not allowed"):
        EcarteState.new(seed=2**64)
    with pytest.raises(SeedError, match="deal index -2 is not allowed"):
        SeededChance(3, -2)
    with pytest.raises(SeedError, match="allowed: 1 to 64 cards"):
        SeededChance(3).shuffled(tuple(PACK_52) + tuple(PACK_32))
