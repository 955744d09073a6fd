"""Batch simulators: many first deals played at once with numpy, for Monte-Carlo analysis.

The one-deal engine (:mod:`academie.games`) plays one partie at a time through its Python API. For statistics
over hundreds of thousands of deals, :func:`academie.games.ecarte.batch.simulate` and
:func:`academie.games.whist.batch.simulate` play ``n`` deals in lock step over numpy arrays (hands as bitmasks, one
vectorised operation per decision for all the deals at that decision), with the random or the classical policy.

They give exactly what the one-deal engine gives on the same seeds, provided both draw their randomness from
the counter-based generator of :mod:`academie.batch.rng` (:class:`~academie.batch.rng.CounterChance` for the
deck, :class:`~academie.batch.rng.CounterRandomBot` for the random policy; the classical bots are
deterministic). Each module's ``reference_deal`` drives the one-deal engine that way; the tests compare the two
deal by deal.

Scope: one deal from a fresh partie (score 0–0) with a fixed first dealer and the default rules of the game.

This module holds the bit helpers the simulators share.

>>> import numpy as np
>>> masks = np.array([0b10110, 0b1], dtype=np.uint32)
>>> kth_bit(masks, np.array([1, 0])).tolist()
[4, 1]
>>> low_bits(np.array([0b10110], dtype=np.uint32), 4)[0].tolist()
[2, 4, 16, 0]
"""

from __future__ import annotations

from typing import Final, Literal, TypeVar

import numpy as np
import numpy.typing as npt

from academie.engine import AcademieError

Policy = Literal["random", "classical"]
POLICIES: Final[tuple[Policy, ...]] = ("random", "classical")
Mask = TypeVar("Mask", np.uint32, np.uint64)
Ints = npt.NDArray[np.int64]


class BatchError(AcademieError, ValueError):
    """A batch simulation asked with an option outside what it supports."""


def check_policy(policy: str) -> Policy:
    """The policy name, or :class:`BatchError` naming the allowed ones."""
    for known in POLICIES:
        if policy == known:
            return known
    raise BatchError(f"policy {policy!r} is not allowed; allowed: {', '.join(POLICIES)}")


def check_count(n: int) -> None:
    if type(n) is not int or n < 0:
        raise BatchError(f"number of deals {n!r} is not allowed; allowed: an integer 0 or more")


def popcount(masks: npt.NDArray[Mask]) -> Ints:
    """The number of set bits of every mask."""
    return np.bitwise_count(masks).astype(np.int64)


def kth_bit(masks: npt.NDArray[Mask], k: Ints) -> npt.NDArray[Mask]:
    """The ``k``-th lowest set bit (0-based) of every mask, as a mask of one bit (0 when there is none)."""
    dtype = masks.dtype.type
    width = 8 * masks.dtype.itemsize
    position = np.zeros(masks.shape, dtype=dtype)
    rest, k = masks.copy(), k.copy()
    half = width // 2
    while half:
        low = rest & dtype((1 << half) - 1)
        count = np.bitwise_count(low).astype(np.int64)
        high = k >= count
        k -= np.where(high, count, 0)
        rest = np.where(high, rest >> dtype(half), low)
        position += np.where(high, dtype(half), dtype(0))
        half //= 2
    found: npt.NDArray[Mask] = np.where(rest & dtype(1), dtype(1) << position, dtype(0)).astype(dtype)
    return found


def low_bits(masks: npt.NDArray[Mask], count: int) -> npt.NDArray[Mask]:
    """The ``count`` lowest set bits of every mask, lowest first, as an array ``(len(masks), count)`` of one-bit
    masks (0 past the last set bit)."""
    dtype = masks.dtype.type
    out = np.zeros((masks.shape[0], count), dtype=dtype)
    rest = masks.copy()
    for j in range(count):
        bit = rest & (~rest + dtype(1))
        out[:, j] = bit
        rest ^= bit
    return out


def bit_index(bits: npt.NDArray[Mask]) -> Ints:
    """The index of each one-bit mask (-1 for 0)."""
    dtype = bits.dtype.type
    return np.where(bits != 0, np.bitwise_count(bits - dtype(1)).astype(np.int64), -1)


def spread(patterns: Ints, masks: npt.NDArray[Mask], count: int) -> npt.NDArray[Mask]:
    """Bit ``j`` of each pattern selects the ``j``-th lowest set bit of its mask (the first ``count`` bits)."""
    bits = low_bits(masks, count)
    chosen = (patterns[:, None] >> np.arange(count)) & 1
    picked: npt.NDArray[Mask] = np.bitwise_or.reduce(np.where(chosen == 1, bits, 0).astype(masks.dtype), axis=1)
    return picked
