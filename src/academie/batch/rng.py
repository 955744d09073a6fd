"""The seeded generator of :mod:`academie.rng` vectorised with numpy, for the batch simulators.

The one-deal engine deals from :class:`academie.engine.SeededChance`, whose every random number is
``draw(deal_key(seed, deal), purpose, counter)`` (:mod:`academie.rng`: the splitmix64 finaliser of counters).
Here the same functions are computed over unsigned 64-bit numpy arrays, for thousands of deals at once, bit for
bit the same, so that a batch deals exactly what the engine deals:

* deal ``i`` of a batch seeded ``seed`` is ``SeededChance(seed, i)`` (:data:`CounterChance`); a partie dealt
  from ``seed`` alone (``EcarteState.new(seed=seed)``) is deal 0 of the batch seeded ``seed``;
* a decision: the random policy with ``m`` legal actions takes ``legal[draw(key, DECISION, step) % m]``, where
  ``step`` is the number of decisions already taken in the deal (the length of the view's history: deck orders
  are not in it). Both seats use the same stream; each step is used once (:class:`CounterRandomBot`).

>>> draw(deal_key(7, 0), DECISION, 0) == int(draws(deal_keys(7, np.arange(1)), DECISION, 0)[0])
True
>>> from academie.cards import PACK_32
>>> from academie.games.ecarte import EcarteState
>>> order = shuffle_positions(deal_keys(7, np.array([3])), 32)[0]
>>> CounterChance(7, 3).shuffled(PACK_32) == tuple(PACK_32[j] for j in order)
True
>>> EcarteState.new(seed=7, first_dealer=0).operations[0].action.order == CounterChance(7, 0).shuffled(PACK_32)
True
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import numpy.typing as npt

from academie.engine import Action, SeededChance, SeedError, check_seed
from academie.rng import (
    CHANCE_PURPOSE,
    DECISION,
    GOLDEN,
    MASK64,
    MUL1,
    MUL2,
    SHUFFLE_STRIDE,
    draw,
    key_of,
    mix64,
)
from academie.rng import shuffle_order as _shuffle_order

__all__ = ["CHANCE_PURPOSE", "DECISION", "GOLDEN", "MASK64", "SHUFFLE_STRIDE", "CounterChance", "CounterRandomBot",
           "CounterRngError", "deal_key", "deal_keys", "draw", "draws", "mix64", "mix64_np", "shuffle_order",
           "shuffle_positions"]

U64 = npt.NDArray[np.uint64]
CounterRngError = SeedError
"""A seed, deal index or pack size outside what the generator accepts (the engine's :class:`SeedError`)."""
CounterChance = SeededChance
"""Deck orders of deal ``deal`` of the batch seeded ``seed``: ``CounterChance(seed, deal)`` is the engine's
``SeededChance(seed, deal)``; a partie that goes on draws the next orders (``index`` 1, 2, …)."""


def deal_key(seed: int, deal: int) -> int:
    """The key of deal number ``deal`` of the batch seeded ``seed`` (every draw of the deal derives from it)."""
    check_seed(seed, deal)
    return key_of(seed, deal)


def shuffle_order(key: int, size: int, index: int = 0) -> list[int]:
    """The positions of a ``size``-card pack in the ``index``-th deck order of the deal (top card first)."""
    _check_size(size)
    return _shuffle_order(key, size, index)


def _check_size(size: int) -> None:
    if not 1 <= size <= SHUFFLE_STRIDE:
        raise CounterRngError(f"pack size {size!r} is not allowed; allowed: 1 to {SHUFFLE_STRIDE}")


class CounterRandomBot:
    """The random policy of the batch path: ``legal[draw(key, DECISION, step) % len(legal)]``.

    ``step`` is the length of the view's history (the decisions already taken in this deal), so the bots of
    both seats read one stream without sharing any state, and a replayed deal makes the same choices.
    """

    name = "counter-random"

    def __init__(self, *, seed: int, deal: int) -> None:
        self._key = deal_key(seed, deal)
        self._last = ""

    def choose(self, view: Any) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise CounterRngError("the view offers no legal action: the bot is not the seat to act")
        step = len(view.history)
        action = legal[draw(self._key, DECISION, step) % len(legal)]
        self._last = f"chose {action} by counter draw {step} among {len(legal)} legal actions"
        return action

    def explain(self) -> str:
        return self._last


# ------------------------------------------------------------------------------------------- numpy
def mix64_np(values: U64) -> U64:
    """:func:`mix64` on every element (wrapping unsigned 64-bit arithmetic), in a new array."""
    return _mix_in_place(values.copy())


def _mix_in_place(z: U64) -> U64:
    spare = z >> np.uint64(30)
    z ^= spare
    z *= np.uint64(MUL1)
    np.right_shift(z, np.uint64(27), out=spare)
    z ^= spare
    z *= np.uint64(MUL2)
    np.right_shift(z, np.uint64(31), out=spare)
    z ^= spare
    return z


def deal_keys(seed: int, deals: npt.NDArray[np.int64]) -> U64:
    """:func:`deal_key` for every deal index in ``deals``."""
    check_seed(seed)
    if deals.size and (int(deals.min()) < 0 or int(deals.max()) >= 1 << 62):
        raise CounterRngError("deal indices must lie in 0 to 2**62 - 1")
    steps = (deals.astype(np.uint64) + np.uint64(1)) * np.uint64(GOLDEN)
    steps += np.uint64(mix64(seed + GOLDEN))
    return _mix_in_place(steps)


def draws(keys: U64, purpose: int, counters: int | npt.NDArray[np.int64]) -> U64:
    """:func:`draw` for every key (with one counter, or one counter per key)."""
    salted = keys ^ np.uint64(purpose << 56)
    if isinstance(counters, int):
        salted += np.uint64((counters + 1) * GOLDEN & MASK64)
    else:
        salted += (counters.astype(np.uint64) + np.uint64(1)) * np.uint64(GOLDEN)
    return _mix_in_place(salted)


def shuffle_positions(keys: U64, size: int, index: int = 0) -> npt.NDArray[np.uint8]:
    """:func:`shuffle_order` for every key: an array ``(len(keys), size)`` of pack positions."""
    _check_size(size)
    words = (size + 1) // 2
    counters = np.arange(words, dtype=np.uint64) + np.uint64(index * SHUFFLE_STRIDE // 2 + 1)
    salted = keys ^ np.uint64(CHANCE_PURPOSE << 56)
    mixed = _mix_in_place(salted[:, None] + counters[None, :] * np.uint64(GOLDEN))
    halves = mixed.view(np.uint32)[:, :size] if sys.byteorder == "little" else _halves(mixed)[:, :size]
    tagged = halves & np.uint32(0xFFFFFFFF ^ (SHUFFLE_STRIDE - 1))
    tagged |= np.arange(size, dtype=np.uint32)
    tagged.sort(axis=1)
    tagged &= np.uint32(SHUFFLE_STRIDE - 1)
    return tagged.astype(np.uint8)


def _halves(words: U64) -> npt.NDArray[np.uint32]:
    """Each 64-bit word as its low then its high 32 bits (the little-endian view, on any machine)."""
    out = np.empty((words.shape[0], 2 * words.shape[1]), dtype=np.uint32)
    out[:, 0::2] = words & np.uint64(0xFFFFFFFF)
    out[:, 1::2] = words >> np.uint64(32)
    return out
