"""The randomness shared by the batch simulators and the one-deal engine: a counter-based generator.

The one-deal engine normally draws its deck orders from :class:`academie.engine.SeededChance` (Python's
Mersenne Twister) and the bots from :class:`random.Random`. A stream like that cannot be reproduced cheaply for
thousands of deals at once, so the batch path defines its randomness as a *hash of counters* instead: every
random number is ``draw(deal_key(seed, deal), purpose, counter)``, where ``purpose`` says what it is for (a
deck order, a decision) and ``counter`` which one. The hash is the splitmix64 finaliser, computed here both in
pure Python (for the one-deal engine: :class:`CounterChance`, :class:`CounterRandomBot`) and vectorised with
numpy over unsigned 64-bit integers (for the batch simulators), bit for bit the same.

* A deck order (the ``k``-th shuffle of a deal, ``n`` cards): position ``j`` of the pack gets the 32-bit key
  made of the low (``j`` even) or high (``j`` odd) half of draw ``32 k + j // 2``, its low 6 bits replaced by
  ``j``; the pack's cards are sorted by key. Keys are therefore distinct (26 random bits, then the position):
  two cards share their random bits with probability about ``n² / 2**27``, and then the lower position comes
  first — a bias far below anything a simulation can see, and the same in both implementations.
* A decision: the actor with ``m`` legal actions takes ``legal[draw(key, DECISION, step) % m]``, where ``step``
  is the number of decisions already taken in the deal (the length of the view's history: deck orders are not
  in it). Both seats use the same stream; each step is used once.

>>> draw(deal_key(7, 0), DECISION, 0) == int(draws(deal_keys(7, np.arange(1)), DECISION, 0)[0])
True
>>> from academie.cards import PACK_32
>>> order = shuffle_positions(deal_keys(7, np.array([3])), 32)[0]
>>> CounterChance(7, 3).shuffled(PACK_32) == tuple(PACK_32[j] for j in order)
True
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from academie.cards import Card
from academie.engine import AcademieError, Action, ChanceSource

U64 = npt.NDArray[np.uint64]
MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB
CHANCE_PURPOSE: Final = 1
"""Purpose of the draws that make deck orders."""
DECISION: Final = 2
"""Purpose of the draws that choose a random bot's action."""
SHUFFLE_STRIDE: Final = 64
"""Counters of the ``k``-th deck order of a deal start at ``64 k`` (a pack has at most 52 cards)."""


class CounterRngError(AcademieError, ValueError):
    """A seed, deal index or pack size outside what the counter generator accepts."""


def _check(seed: int, deal: int) -> None:
    if not 0 <= seed <= MASK64:
        raise CounterRngError(f"seed {seed!r} is not allowed; allowed: an integer from 0 to 2**64 - 1")
    if not 0 <= deal < 1 << 62:
        raise CounterRngError(f"deal index {deal!r} is not allowed; allowed: an integer from 0 to 2**62 - 1")


# ------------------------------------------------------------------------------------------- pure Python
def mix64(value: int) -> int:
    """The splitmix64 finaliser: a bijection of 64-bit integers that scatters every input bit."""
    z = value & MASK64
    z = ((z ^ (z >> 30)) * _MUL1) & MASK64
    z = ((z ^ (z >> 27)) * _MUL2) & MASK64
    return z ^ (z >> 31)


def deal_key(seed: int, deal: int) -> int:
    """The key of deal number ``deal`` of the batch seeded ``seed`` (every draw of the deal derives from it)."""
    _check(seed, deal)
    return mix64(mix64(seed + GOLDEN) + (deal + 1) * GOLDEN)


def draw(key: int, purpose: int, counter: int) -> int:
    """The 64-bit random number ``counter`` of ``purpose`` for the deal whose key is ``key``."""
    return mix64((key ^ (purpose << 56)) + (counter + 1) * GOLDEN)


def shuffle_order(key: int, size: int, index: int = 0) -> list[int]:
    """The positions of a ``size``-card pack in the ``index``-th deck order of the deal (top card first)."""
    if not 1 <= size <= SHUFFLE_STRIDE:
        raise CounterRngError(f"pack size {size!r} is not allowed; allowed: 1 to {SHUFFLE_STRIDE}")
    base = index * SHUFFLE_STRIDE // 2
    keys = []
    for j in range(size):
        word = draw(key, CHANCE_PURPOSE, base + j // 2) >> (32 * (j & 1)) & 0xFFFFFFFF
        keys.append((word & ~(SHUFFLE_STRIDE - 1)) | j)
    return [k & (SHUFFLE_STRIDE - 1) for k in sorted(keys)]


class CounterChance(ChanceSource):
    """Deck orders of deal ``deal`` of the batch seeded ``seed``: the orders the batch simulators deal.

    The first order is the one a batch deals; a partie that goes on draws the next ones (``index`` 1, 2, …).
    """

    __slots__ = ("_index", "_key", "deal", "seed")

    def __init__(self, seed: int, deal: int) -> None:
        self.seed = seed
        self.deal = deal
        self._key = deal_key(seed, deal)
        self._index = 0

    def shuffled(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        order = shuffle_order(self._key, len(pack), self._index)
        self._index += 1
        return tuple(pack[j] for j in order)

    def clone(self) -> CounterChance:
        twin = CounterChance(self.seed, self.deal)
        twin._index = self._index
        return twin


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
    z *= np.uint64(_MUL1)
    np.right_shift(z, np.uint64(27), out=spare)
    z ^= spare
    z *= np.uint64(_MUL2)
    np.right_shift(z, np.uint64(31), out=spare)
    z ^= spare
    return z


def deal_keys(seed: int, deals: npt.NDArray[np.int64]) -> U64:
    """:func:`deal_key` for every deal index in ``deals``."""
    _check(seed, 0)
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
    if not 1 <= size <= SHUFFLE_STRIDE:
        raise CounterRngError(f"pack size {size!r} is not allowed; allowed: 1 to {SHUFFLE_STRIDE}")
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
