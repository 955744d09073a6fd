"""Écarté figures: random playouts through the Python API, the exact solver, the bots' decision time.

A random deal is driven the way a Python bot drives an engine, one call per action: from a new partie
(``EcarteState.new(seed=…, first_dealer=0)``, chance automated from the seed) loop ``legal_actions()`` and
``apply(choice)`` with a uniformly random legal action until the first deal is scored. The closest peer figure is
OpenSpiel's euchre through pyspiel (``openspiel/euchre/python-api random full game``: one euchre deal, 24 cards,
five tricks, a trump turn-up).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable
from typing import Any

from academie.cards import mask_of
from academie.engine import PUBLIC, Action
from academie.games import load, make_bot
from academie.games.ecarte import EcarteState, EcarteView, Phase
from bench import Counters, Figure, Spec, Workload, latency, local
from bench.peers import EUCHRE_CPP, EUCHRE_PYTHON

SOLVER_MODULE = "academie.games.ecarte.bots.solver"
SEED_STRIDE = 1_000_003
"""Deal ``i`` of a stream is dealt from ``stream * SEED_STRIDE + i``: every deal differs, every run repeats."""


def _stream(seed: int, salt: int) -> int:
    """A seed stream of its own for each workload (``salt``) and run (``seed``).

    An engine may cache work by hand or by deal; replaying the deals of another figure would hit such a cache and
    flatter the second figure, so no two figures (nor the calibration and the runs) share a deal.
    """
    return seed * 16 + salt


# ------------------------------------------------------------------------------------------- random playouts
def random_deals(n: int, seed: int) -> Counters:
    """``n`` random first deals with the checked ``apply`` (what a bot or a client calls)."""
    stream = _stream(seed, 1)
    randrange = random.Random(stream).randrange
    actions = 0
    for i in range(n):
        state = EcarteState.new(seed=stream * SEED_STRIDE + i, first_dealer=0)
        while not state.deal_results:
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])
            actions += 1
    return {"deals": n, "actions": actions}


def random_deals_unchecked(n: int, seed: int) -> Counters:
    """The same deals through ``apply_unchecked`` (the fast path a search uses)."""
    stream = _stream(seed, 2)
    randrange = random.Random(stream).randrange
    actions = 0
    for i in range(n):
        state = EcarteState.new(seed=stream * SEED_STRIDE + i, first_dealer=0)
        while not state.deal_results:
            legal = state.legal_actions()
            state.apply_unchecked(legal[randrange(len(legal))])
            actions += 1
    return {"deals": n, "actions": actions}


def random_parties(n: int, seed: int) -> Counters:
    """``n`` random parties to five points (several deals each) with the checked ``apply``."""
    stream = _stream(seed, 3)
    randrange = random.Random(stream).randrange
    actions = deals = 0
    for i in range(n):
        state = EcarteState.new(seed=stream * SEED_STRIDE + i, first_dealer=0)
        while state.actor is not None:
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])
            actions += 1
        deals += len(state.deal_results)
    return {"parties": n, "deals": deals, "actions": actions}


PLAYOUTS: tuple[tuple[str, Workload, str, str], ...] = (
    ("ecarte/python-api random deal", random_deals, "deals",
     "new partie from a seed, legal_actions() + apply(random) until the first deal is scored"),
    ("ecarte/python-api random deal, apply_unchecked", random_deals_unchecked, "deals",
     "same deals, apply_unchecked instead of apply"),
    ("ecarte/python-api random partie", random_parties, "parties",
     "new partie from a seed, legal_actions() + apply(random) until one seat has five points"),
)


PEERS = [EUCHRE_PYTHON, EUCHRE_CPP]
"""The peer figures measured side by side with ours in the ``ecarte`` section."""


def specs() -> list[Spec]:
    """Our throughput figures of the ``ecarte`` section."""
    return [Spec(name, local(work), unit, note) for name, work, unit, note in PLAYOUTS]


# ------------------------------------------------------------------------------------------------ positions
def play_positions(count: int, seed: int) -> list[EcarteState]:
    """``count`` states at the first trick of a random deal (exchanges done at random, no card played yet)."""
    rng = random.Random(seed)
    positions: list[EcarteState] = []
    while len(positions) < count:
        state = EcarteState.new(seed=rng.getrandbits(48), first_dealer=0)
        while not (state.phase == Phase.PLAY and not _cards_played(state)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        positions.append(state)
    return positions


def _cards_played(state: EcarteState) -> bool:
    return bool(state.view(PUBLIC).tricks)


def decision_views(count: int, seed: int) -> list[EcarteView]:
    """``count`` views of the seat to act in random first deals, alternately at an exchange decision and at a
    card to play (each chosen uniformly among the deal's decisions of that kind)."""
    rng = random.Random(seed)
    views = []
    for index in range(count):
        state = EcarteState.new(seed=rng.getrandbits(48), first_dealer=0)
        seen: dict[bool, list[EcarteView]] = {True: [], False: []}
        while not state.deal_results:
            actor = state.actor
            assert actor is not None and actor >= 0
            seen[state.phase == Phase.PLAY].append(state.view(actor))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        kind = seen[index % 2 == 0]  # every deal has both: the elder's first decision and ten cards
        views.append(kind[rng.randrange(len(kind))])
    return views


# --------------------------------------------------------------------------------------------------- solver
def solver_available() -> bool:
    return importlib.util.find_spec(SOLVER_MODULE) is not None


def solver_inputs(state: EcarteState) -> dict[str, Any]:
    """The keyword arguments of ``ecarte_solver.solve`` for the position at the first trick of ``state``."""
    module = importlib.import_module(SOLVER_MODULE)
    view = state.view(PUBLIC)
    assert view.trump_card is not None and view.dealer is not None
    payoff = module.deal_payoff(stood=view.stood, refused=view.refused,
                                penalty_on_vole=state.rules.penalty_on_vole)
    return {"hands": (mask_of(state.hand(0)), mask_of(state.hand(1))), "trump": int(view.trump_card.suit),
            "leader": 1 - view.dealer, "must_trump": state.rules.must_trump, "payoff": payoff}


def bench_solver(*, runs: int, positions: int) -> list[Figure]:
    """Time to solve a full five-trick position exactly (both hands known, a fresh solver each time)."""
    title = "ecarte/exact solver, full 5-trick position"
    if not solver_available():
        print(f"[bench] {title}: not available ({SOLVER_MODULE} does not exist)", flush=True)
        return [{"name": title, "kind": "missing", "note": f"not available: {SOLVER_MODULE} does not exist"}]
    solve: Callable[..., Any] = importlib.import_module(SOLVER_MODULE).solve
    inputs = [solver_inputs(state) for state in play_positions(positions, seed=2024)]
    return [latency(title, inputs, lambda kwargs: solve(**kwargs), unit="positions", runs=runs, section="solver",
                    note="ecarte_solver.solve(hands, trump, leader, payoff=deal_payoff(...)) with a fresh Solver, "
                         "on random deals after random exchanges, before the first card")]


# ----------------------------------------------------------------------------------------------------- bots
def bench_bots(*, runs: int, views: int) -> list[Figure]:
    """Decision time of every registered Écarté bot, on views from random positions of random deals.

    The spread is also given apart for card play and for the decisions before it (propose, accept, discard …),
    whose costs differ by orders of magnitude for a search bot.
    """
    sample = decision_views(views, seed=7)
    kinds = ["card play" if view.phase == Phase.PLAY else "exchange" for view in sample]
    figures = []
    for name in load("ecarte").bot_names():
        title = f"ecarte/bot {name}: decision time"
        try:
            bot = make_bot("ecarte", name, seed=1)
        except ImportError as error:
            print(f"[bench] {title}: not available ({error})", flush=True)
            figures.append({"name": title, "kind": "missing", "note": f"not available: {error}"})
            continue
        choose: Callable[[EcarteView], Action] = bot.choose
        figures.append(latency(title, sample, choose, unit="decisions", runs=runs, groups=kinds, section="search",
                               note=f"make_bot('ecarte', {name!r}).choose(view) on the actor's view of a "
                                    "decision of a random deal (half exchange decisions, half card play)"))
    return figures
