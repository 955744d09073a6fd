"""The batch simulators (academie.batch) against the one-deal engine, deal by deal, on the same counter seeds.

Every comparison plays the same deals twice: vectorised over numpy arrays, and one action at a time through the
engine's ``apply`` with :class:`CounterChance` and the same policy (CounterRandomBot, or the classical bots).
Points, tricks (and honours) must agree for every deal, and the whole sequence of decisions for every deal of
the sample. The samples are checked to reach the rules they are meant to compare (take-backs, marked and turned
kings, stand and refusal penalties, voles, honours), so that agreement means something. About 15 s in all.
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from academie.batch import BatchError, kth_bit, low_bits
from academie.batch.rng import (
    CounterChance,
    CounterRngError,
    deal_key,
    deal_keys,
    draw,
    draws,
    shuffle_order,
    shuffle_positions,
)
from academie.cards import CARDS, PACK_32, PACK_52, Card
from academie.games.ecarte import EcarteState
from academie.games.ecarte import batch as batch_ecarte
from academie.games.ecarte.bots.classical import _too_weak_to_refuse, dealer_refuses, discard_choice, jeu_de_regle
from academie.games.whist import batch as batch_whist

ECARTE_SEEDS = (1, 2024)
ECARTE_DEALS = 300
WHIST_SEEDS = (7,)
WHIST_DEALS = 150


@cache
def ecarte_pair(seed: int, policy: str, first_dealer: int) -> tuple[batch_ecarte.EcarteBatch,
                                                                    list[batch_ecarte.ReferenceDeal]]:
    batch = batch_ecarte.simulate(ECARTE_DEALS, seed=seed, policy=policy, first_dealer=first_dealer, trace=True)
    return batch, [batch_ecarte.reference_deal(seed, i, policy=policy, first_dealer=first_dealer)
                   for i in range(ECARTE_DEALS)]


@cache
def whist_pair(seed: int, policy: str, first_dealer: int) -> tuple[batch_whist.WhistBatch,
                                                                   list[batch_whist.ReferenceDeal]]:
    batch = batch_whist.simulate(WHIST_DEALS, seed=seed, policy=policy, first_dealer=first_dealer, trace=True)
    return batch, [batch_whist.reference_deal(seed, i, policy=policy, first_dealer=first_dealer)
                   for i in range(WHIST_DEALS)]


def _ecarte_cases() -> list[tuple[int, str, int]]:
    return [(seed, policy, dealer) for seed in ECARTE_SEEDS for policy in ("random", "classical") for dealer in (0, 1)]


# ------------------------------------------------------------------------------------------- the generator
def test_counter_draws_are_the_same_in_python_and_numpy() -> None:
    keys = deal_keys(99, np.arange(0, 4000, 37, dtype=np.int64))
    counters = np.arange(keys.size, dtype=np.int64) * 5
    vectorised = draws(keys, 2, counters)
    for i, deal in enumerate(range(0, 4000, 37)):
        assert int(keys[i]) == deal_key(99, deal)
        assert int(vectorised[i]) == draw(deal_key(99, deal), 2, 5 * i)


@pytest.mark.parametrize("size", [5, 32, 52])
def test_counter_shuffles_are_the_same_in_python_and_numpy_and_are_permutations(size: int) -> None:
    keys = deal_keys(3, np.arange(50, dtype=np.int64))
    for index in (0, 2):
        orders = shuffle_positions(keys, size, index)
        for deal in range(50):
            order = shuffle_order(deal_key(3, deal), size, index)
            assert orders[deal].tolist() == order
            assert sorted(order) == list(range(size))
    if size > 5:  # 5 cards have only 120 orders
        assert len({tuple(row) for row in shuffle_positions(keys, size).tolist()}) == 50


def test_counter_chance_gives_the_next_orders_and_clones_keep_the_place() -> None:
    chance = CounterChance(5, 8)
    first = chance.shuffled(PACK_32)
    twin = chance.clone()
    assert chance.shuffled(PACK_52) == twin.shuffled(PACK_52) != PACK_52
    assert first == CounterChance(5, 8).shuffled(PACK_32) != CounterChance(5, 9).shuffled(PACK_32)
    state = EcarteState(chance=CounterChance(5, 8), first_dealer=0)
    assert state.hand(1) == tuple(sorted((first[i] for i in (0, 1, 2, 6, 7)), key=lambda c: c.index))


def test_bad_seeds_deals_and_options_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(CounterRngError, match="seed -1 is not allowed"):
        deal_key(-1, 0)
    with pytest.raises(CounterRngError, match="deal index"):
        CounterChance(1, -3)
    with pytest.raises(BatchError, match="allowed: random, classical"):
        batch_ecarte.simulate(3, seed=1, policy="search")
    with pytest.raises(BatchError, match="allowed: 0, 1, 2, 3"):
        batch_whist.simulate(3, seed=1, first_dealer=4)
    with pytest.raises(BatchError, match="allowed: 0, 1"):
        batch_ecarte.simulate(3, seed=1, first_dealer=2)
    with pytest.raises(BatchError, match="an integer 0 or more"):
        batch_whist.simulate(-2, seed=1)
    assert batch_ecarte.simulate(0, seed=1).points.shape == (0, 2)


def test_bit_helpers_pick_the_kth_bit_and_list_the_low_bits() -> None:
    rng = random.Random(4)
    masks = [rng.getrandbits(52) for _ in range(300)]
    ks = [rng.randrange(max(1, m.bit_count())) for m in masks]
    picked = kth_bit(np.array(masks, dtype=np.uint64), np.array(ks, dtype=np.int64))
    for mask, k, bit in zip(masks, ks, picked.tolist(), strict=True):
        assert bit == 1 << [i for i in range(52) if mask >> i & 1][k]
    lows = low_bits(np.array(masks[:20], dtype=np.uint64), 3)
    for mask, row in zip(masks[:20], lows.tolist(), strict=True):
        assert row == [1 << i for i in range(52) if mask >> i & 1][:3]


# ------------------------------------------------------------------------------------------- Écarté
@pytest.mark.parametrize(("seed", "policy", "dealer"), _ecarte_cases())
def test_ecarte_batch_equals_the_one_deal_engine(seed: int, policy: str, dealer: int) -> None:
    """ECARTE-VI.1, ECARTE-VI.4, ECARTE-VI.5, ECARTE-VI.7, ECARTE-VI.8, E-§3.4, E-§4.4, E-§5, E-§6.1: the batch
    deals score what the engine scores, with the same decisions, deal by deal."""
    batch, references = ecarte_pair(seed, policy, dealer)
    assert batch.actions is not None
    for i, reference in enumerate(references):
        assert tuple(batch.points[i].tolist()) == reference.points, f"deal {i}"
        assert tuple(batch.tricks[i].tolist()) == reference.tricks, f"deal {i}"
        assert batch.actions[i] == reference.actions, f"deal {i}"


def test_ECARTE_VI_7_VI_8_E_3_4_E_4_4_the_random_sample_reaches_every_rule_compared() -> None:
    """The random samples hold refusals and stands at the first decision (ECARTE-VI.7, VI.8), marked kings
    (E-§4.4), turned kings (E-§3.4) and voles (E-§6.1), so the comparison covers them."""
    cases = [(seed, dealer) for seed in ECARTE_SEEDS for dealer in (0, 1)]
    references = [r for seed, dealer in cases for r in ecarte_pair(seed, "random", dealer)[1]]
    words = [{text.split()[0] for _, text in reference.actions} for reference in references]
    assert sum("mark-king" in w for w in words) >= 50
    assert sum(r.actions[0][1] == "stand" for r in references) >= 200
    assert sum(r.actions[1][1] == "refuse" for r in references if r.actions[0][1] == "propose") >= 100
    assert sum(max(r.tricks) == 5 for r in references) >= 50
    turned = sum(CounterChance(seed, i).shuffled(PACK_32)[10].rank == 13 for seed, _ in cases
                 for i in range(ECARTE_DEALS))
    assert turned >= 50
    batch = ecarte_pair(ECARTE_SEEDS[0], "random", 0)[0]
    assert set(batch.points.sum(axis=1).tolist()) == {1, 2, 3}  # a king (turned or marked) + two at most


def test_ECARTE_VI_5_take_backs_equal_the_one_deal_engine() -> None:
    """ECARTE-VI.5: the deals (among 20 000 random ones) where the elder asked beyond the talon and took cards
    back from his discard are played the same by the batch and by the engine."""
    batch = batch_ecarte.simulate(20_000, seed=77, policy="random", trace=True)
    assert batch.actions is not None
    taken = [i for i, actions in enumerate(batch.actions) if any(t.startswith("take-back") for _, t in actions)]
    assert len(taken) >= 10
    for i in taken:
        reference = batch_ecarte.reference_deal(77, i, policy="random")
        assert batch.actions[i] == reference.actions
        assert tuple(batch.points[i].tolist()) == reference.points


def test_ECARTE_VI_7_VI_8_the_classical_sample_stands_refuses_and_exchanges() -> None:
    """The classical sample holds stands, refusals (each scoring two to the winner against them) and exchanges."""
    _, references = ecarte_pair(ECARTE_SEEDS[1], "classical", 1)
    firsts = [(r.actions[0][1], r.actions[1][1]) for r in references]
    assert sum(first == "stand" for first, _ in firsts) >= 20
    assert sum(second == "refuse" for _, second in firsts) >= 10
    assert sum(second == "accept" for _, second in firsts) >= 50


def _random_hands(count: int) -> list[tuple[tuple[Card, ...], int]]:
    rng = random.Random(12)
    return [(tuple(sorted(rng.sample(PACK_32, 5), key=lambda c: c.index)), rng.randrange(4)) for _ in range(count)]


def _codes(hands: list[tuple[tuple[Card, ...], int]]) -> tuple[np.ndarray, np.ndarray]:
    masks = [sum(1 << PACK_32.index(c) for c in hand) for hand, _ in hands]
    return np.array(masks, dtype=np.uint32), np.array([t for _, t in hands], dtype=np.int64)


def test_E_8_2_E_8_3_vectorised_hand_tests_equal_the_classical_bots() -> None:
    """E-§8.2, E-§8.3: the jeux de règle, the refusals and the elder's stand on 20 000 random hands and trumps
    equal the classical bot's functions."""
    hands = _random_hands(20_000)
    masks, trumps = _codes(hands)
    reasons, strong = batch_ecarte._jeux_de_regle(masks, trumps)
    refuses = batch_ecarte._dealer_refuses(masks, trumps)
    stands = batch_ecarte._elder_stands(masks, trumps, np.ones(len(hands), dtype=np.bool_))
    for i, (hand, trump) in enumerate(hands):
        expected = jeu_de_regle(hand, trump)
        assert bool(reasons[i]) == bool(expected), hand
        assert bool(strong[i]) == any(not _too_weak_to_refuse(r, hand, trump) for r in expected), hand
        assert bool(refuses[i]) == dealer_refuses(hand, trump)[0], hand
        king = CARDS[13 * trump + 11] in hand
        assert bool(stands[i]) == (bool(expected) and not king), hand
    assert 0.05 < reasons.mean() < 0.95 and 0.05 < refuses.mean() < 0.95


def test_E_8_4_vectorised_discards_equal_the_classical_bots() -> None:
    """E-§8.4: everything but trumps and kings is discarded, within the limits, least valuable first."""
    hands = _random_hands(5_000)
    masks, trumps = _codes(hands)
    rng = random.Random(3)
    low = np.array([rng.randrange(2) for _ in hands], dtype=np.int64)
    high = np.array([rng.randrange(1, 6) for _ in hands], dtype=np.int64)
    chosen = batch_ecarte._classical_discard(masks, trumps, low, high)
    for i, (hand, trump) in enumerate(hands):
        expected = discard_choice(hand, trump, minimum=int(low[i]), maximum=int(high[i]))
        assert int(chosen[i]) == sum(1 << PACK_32.index(c) for c in expected), hand


# ------------------------------------------------------------------------------------------- Whist
@pytest.mark.parametrize(("policy", "dealer"), [("random", 0), ("random", 3), ("classical", 1), ("classical", 2)])
def test_whist_batch_equals_the_one_deal_engine(policy: str, dealer: int) -> None:
    """W-§3, WHIST-24, W-§5, W-§6.1, W-§4.1, W-§8.1: the batch deals score what the engine scores (points,
    tricks, honours), with the same 52 cards played in the same order, deal by deal."""
    for seed in WHIST_SEEDS:
        batch, references = whist_pair(seed, policy, dealer)
        assert batch.actions is not None
        for i, reference in enumerate(references):
            assert tuple(batch.points[i].tolist()) == reference.points, f"deal {i}"
            assert tuple(batch.tricks[i].tolist()) == reference.tricks, f"deal {i}"
            assert tuple(batch.honours[i].tolist()) == reference.honours, f"deal {i}"
            assert batch.actions[i] == reference.actions, f"deal {i}"


def test_W_4_1_the_whist_samples_score_honours_for_both_sides_and_odd_tricks() -> None:
    """W-§4.1, W-§6.1: the compared samples include two and four honours for each side and several odd tricks."""
    seen: set[tuple[int, int]] = set()
    odd: set[int] = set()
    for policy, dealer in (("random", 0), ("classical", 1)):
        _, references = whist_pair(WHIST_SEEDS[0], policy, dealer)
        for reference in references:
            seen |= {(side, reference.honours[side]) for side in (0, 1)}
            odd.add(max(reference.tricks) - 6)
    assert {(0, 2), (1, 2), (0, 4), (1, 4), (0, 0), (1, 0)} <= seen
    assert len(odd) >= 4


def test_batch_results_do_not_depend_on_how_the_deals_are_split() -> None:
    """Deal i of a seed is the same deal whether it is played in one batch or in two (``start``)."""
    whole = batch_ecarte.simulate(400, seed=9, policy="random")
    parts = [batch_ecarte.simulate(150, seed=9, policy="random"),
             batch_ecarte.simulate(250, seed=9, policy="random", start=150)]
    assert np.array_equal(whole.points, np.concatenate([p.points for p in parts]))
    whist = batch_whist.simulate(60, seed=9, policy="classical")
    tail = batch_whist.simulate(20, seed=9, policy="classical", start=40)
    assert np.array_equal(whist.points[40:], tail.points)
