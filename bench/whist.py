"""Whist figures (``python -m bench --only whist,peers``): random deals through the Python API and double-dummy solves.

* random whist deals per second through the Python API: from a new rubber (chance automated from a seed, dealer
  fixed) loop ``legal_actions()`` and ``apply(choice)`` with a uniformly random legal action until the first deal
  is scored (52 cards played), checked ``apply`` and ``apply_unchecked``; each such deal also pays for setting up
  its rubber (the next deal is owed by the automated chance, dealt only when something asks for it, and never is);
* the same in whole rubbers (checked ``apply``): deals follow one another as at the table, and only deals played
  to the thirteenth trick are counted (a deal won by a call at eight costs its time but does not count);
* beside them, the peers' figures (OpenSpiel bridge python-api random full game and play phase only, RLCard
  bridge ``env.step`` random), interleaved round by round by the harness;
* the double-dummy solver (:func:`academie.games.whist.bots.dds.solve`, endplay's DDS) on whole deals: every card of
  the leader scored, as the search bot asks it for each sampled deal.
"""

from __future__ import annotations

import random

from academie.games.whist import WhistState
from academie.games.whist.bots.dds import solve
from bench import Counters, Figure, Spec, latency, local
from bench.peers import BRIDGE_PLAY, BRIDGE_PYTHON, RLCARD_BRIDGE

SEED_STRIDE = 1_000_003


def random_deals(n: int, seed: int, *, unchecked: bool = False) -> Counters:
    """``n`` random first deals of new rubbers (checked ``apply`` unless ``unchecked``)."""
    stream = seed * 2 + unchecked  # the checked and unchecked figures never replay each other's deals
    randrange = random.Random(stream).randrange
    actions = 0
    for i in range(n):
        state = WhistState.new(seed=stream * SEED_STRIDE + i, first_dealer=3)
        apply = state.apply_unchecked if unchecked else state.apply
        while not state.deal_results:
            legal = state.legal_actions()
            apply(legal[randrange(len(legal))])
            actions += 1
    return {"deals": n, "actions": actions}


def random_deals_unchecked(n: int, seed: int) -> Counters:
    """The same loop through ``apply_unchecked`` (the fast path a search uses)."""
    return random_deals(n, seed, unchecked=True)


def rubber_deals(n: int, seed: int) -> Counters:
    """Whole rubbers, one after another (each deal dealt by the automated chance as the last one ends), until at
    least ``n`` deals have been played out to the thirteenth trick; a deal won by a call at eight without play
    costs its time but is not counted."""
    stream = seed * 2 + 1_000
    randrange = random.Random(stream).randrange
    actions = deals = rubber = 0
    while deals < n:
        state = WhistState.new(seed=stream * SEED_STRIDE + rubber, first_dealer=3)
        rubber += 1
        apply, legal_actions = state.apply, state.legal_actions
        while not state.is_terminal:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
            actions += 1
        deals += sum(result.completed for result in state.deal_results)
    return {"deals": deals, "actions": actions}


PEERS = [BRIDGE_PYTHON, BRIDGE_PLAY, RLCARD_BRIDGE]
"""The peer figures measured side by side with ours in the ``whist`` section."""


def specs() -> list[Spec]:
    """Our throughput figures of the ``whist`` section."""
    return [
        Spec("whist/python-api random deal", local(random_deals), "deals",
             "new rubber from a seed, legal_actions() + apply(random) until the first deal is scored"),
        Spec("whist/python-api random deal, apply_unchecked", local(random_deals_unchecked), "deals",
             "the same loop with apply_unchecked"),
        Spec("whist/python-api random deals in whole rubbers", local(rubber_deals), "deals",
             "whole random rubbers; deals played to the 13th trick counted"),
    ]


def dds_positions(count: int, seed: int) -> list[tuple[list[int], int, int]]:
    """``count`` whole deals (four 13-card hands as masks), each with a random leader and trump suit."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << card for card in deck[13 * seat:13 * seat + 13]) for seat in range(4)]
        positions.append((hands, rng.randrange(4), rng.randrange(4)))
    return positions


def bench_dds(*, runs: int, positions: int) -> list[Figure]:
    """Time of one double-dummy solve of a whole deal (13 tricks, every card of the leader scored)."""
    inputs = dds_positions(positions, seed=2024)
    return [latency("whist/double-dummy solve (endplay DDS), whole deal", inputs,
                    lambda p: solve(p[0], leader=p[1], trump=p[2], trick=()), unit="deals", runs=runs,
                    section="solver", note="academie.games.whist.bots.dds.solve(hands, leader, trump, trick=()) on "
                                           "random "
                                           "whole deals: tricks of every card the leader may lead")]
