"""The seeded generator: a counter-based hash, the one source of every seeded deck order.

Every random number is a pure function of counters, ``draw(key, purpose, counter)``, where ``key`` is made from
the seed (and, in a batch, the deal's index: :func:`key_of`), ``purpose`` says what the number is for (a deck
order, a decision) and ``counter`` which one. The hash is the splitmix64 finaliser on 64-bit words, so the same
seed gives the same numbers on any machine, with no state to carry and nothing to seed. The one-deal engine
(:class:`academie.engine.SeededChance`) deals from this module; :mod:`academie.batch.rng` computes the same
functions with numpy over thousands of deals at once, bit for bit the same.

A deck order (the ``index``-th shuffle drawn from ``key``, a pack of ``size`` cards): position ``j`` of the pack
gets the 32-bit sort key made of the low (``j`` even) or high (``j`` odd) half of draw ``32 * index + j // 2``,
its low 6 bits replaced by ``j``; the pack's cards are sorted by key. The keys are distinct (26 random bits,
then the position), so the order is a permutation; two cards share their random bits with probability about
``size**2 / 2**27``, and then the lower position comes first (a bias far below what any simulation can see).

The functions here take what their callers have already checked (a seed from 0 to ``2**64 - 1``, a pack of at
most :data:`SHUFFLE_STRIDE` cards); :class:`academie.engine.SeededChance` and :mod:`academie.batch.rng` check
them and say what is allowed.

>>> shuffle_order(key_of(7, 0), 5) == shuffle_order(key_of(7, 0), 5)
True
>>> sorted(shuffle_order(key_of(7, 0), 32)) == list(range(32))
True
>>> shuffle_order(key_of(7, 0), 32, 1) != shuffle_order(key_of(7, 0), 32, 0)
True
"""

from __future__ import annotations

from collections.abc import Callable
from struct import Struct
from typing import Final

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
"""The splitmix64 increment (2**64 divided by the golden ratio, odd)."""
MUL1: Final = 0xBF58476D1CE4E5B9
MUL2: Final = 0x94D049BB133111EB
CHANCE_PURPOSE: Final = 1
"""Purpose of the draws that make deck orders."""
DECISION: Final = 2
"""Purpose of the draws that choose a random bot's action (the batch's random policy)."""
SHUFFLE_STRIDE: Final = 64
"""The counters of the ``index``-th deck order of a key start at ``32 * index`` (two cards a draw, at most 64
cards a pack); the low 6 bits of a sort key hold the card's position."""
POSITION_BITS: Final = SHUFFLE_STRIDE - 1
"""``key & POSITION_BITS`` is the pack position a sort key stands for."""


def mix64(value: int) -> int:
    """The splitmix64 finaliser: a bijection of 64-bit integers that scatters every input bit.

    >>> mix64(0), mix64(1) != mix64(2)
    (0, True)
    """
    z = value & MASK64
    z = ((z ^ (z >> 30)) * MUL1) & MASK64
    z = ((z ^ (z >> 27)) * MUL2) & MASK64
    return z ^ (z >> 31)


def key_of(seed: int, stream: int) -> int:
    """The key of stream ``stream`` of ``seed`` (a batch's deal ``stream``; a partie dealt from ``seed`` alone is
    stream 0): every draw of the stream derives from it."""
    return mix64(mix64(seed + GOLDEN) + (stream + 1) * GOLDEN)


def draw(key: int, purpose: int, counter: int) -> int:
    """The 64-bit random number ``counter`` of ``purpose`` for the stream whose key is ``key``."""
    return mix64((key ^ (purpose << 56)) + (counter + 1) * GOLDEN)


# The deck order computes its draws all at once: one Python integer holds every draw in a lane of 128 bits, so
# that the finaliser's shifts, products and masks work on every lane in one operation (a 64-bit product fits in
# its lane, and a right shift's spill from the lane above is masked off). Tables are indexed by the number of
# draws (``(size + 1) // 2``).
_LANE: Final = 128
_WORDS: Final = SHUFFLE_STRIDE // 2


def _lanes(value_of_lane: Callable[[int], int], words: int) -> int:
    return sum(value_of_lane(i) << (_LANE * i) for i in range(words))


_REPEAT: Final = tuple(_lanes(lambda i: 1, words) for words in range(_WORDS + 1))
"""1 in each lane: ``x * _REPEAT[w]`` copies a 64-bit ``x`` into ``w`` lanes."""
_LOW64: Final = tuple(_lanes(lambda i: MASK64, words) for words in range(_WORDS + 1))
_STEPS: Final = tuple(_lanes(lambda i: ((i + 1) * GOLDEN) & MASK64, words) for words in range(_WORDS + 1))
"""Lane ``i`` holds the counter increment of the ``i``-th draw of a deck order."""
_KEY_BITS: Final = _lanes(lambda i: (0xFFFFFFFF ^ (SHUFFLE_STRIDE - 1)) * 0x1_0000_0001, _WORDS)
"""The random bits kept in each half of each lane (the low 6 are the card's position)."""
_POSITIONS: Final = tuple(_lanes(lambda i: (2 * i + 1) << 32 | 2 * i, words) for words in range(_WORDS + 1))
"""The card positions ``2 i`` and ``2 i + 1`` in the halves of lane ``i``."""
_HALVES: Final = tuple(Struct("<" + "II8x" * (size // 2) + "I12x" * (size % 2)) for size in range(SHUFFLE_STRIDE + 1))
"""For a pack of ``size`` cards, the 32-bit halves holding its keys, read from the lanes' bytes."""


def _mixed_keys(key: int, size: int, index: int) -> tuple[int, int]:
    """The lanes of sort keys of the ``index``-th deck order of a ``size``-card pack, as one integer, and the
    number of 64-bit words they fill (see the module's docstring)."""
    words = (size + 1) // 2
    low = _LOW64[words]
    z = (((key ^ (CHANCE_PURPOSE << 56)) + index * _WORDS * GOLDEN) & MASK64) * _REPEAT[words] + _STEPS[words] & low
    z = ((z ^ (z >> 30 & low)) * MUL1) & low
    z = ((z ^ (z >> 27 & low)) * MUL2) & low
    return (z ^ (z >> 31 & low)) & _KEY_BITS | _POSITIONS[words], words


def shuffle_keys(key: int, size: int, index: int = 0) -> list[int]:
    """The sort keys of the ``index``-th deck order of a ``size``-card pack, sorted: key ``k`` puts the card at
    pack position ``k & 63`` (see the module's docstring). ``size`` must be 1 to :data:`SHUFFLE_STRIDE`."""
    z, words = _mixed_keys(key, size, index)
    return sorted(_HALVES[size].unpack(z.to_bytes(16 * words, "little")))


def shuffle_order(key: int, size: int, index: int = 0) -> list[int]:
    """The pack positions of the ``index``-th deck order of a ``size``-card pack, top card first."""
    return list(deck_positions(key, size, index))


# The one-deal engine deals a pack per partie, so :func:`deck_positions` sorts the keys as doubles: each 32-bit key
# goes into the mantissa of a double in [1, 2) (exactly: 48 bits of 52), where doubles order as their keys do and
# sort faster than Python integers of two digits; the sorted doubles are packed again and the byte holding each
# key's low 8 bits read off (its position in the low 6).
_KEY_HALF: Final = _lanes(lambda i: 0xFFFFFFFF, _WORDS)
_ONES: Final = tuple(_lanes(lambda i: (0x3FF << 52) * (1 << 64 | 1), words) for words in range(_WORDS + 1))
"""The exponent bits of 1.0 in both 64-bit words of each lane."""
_DOUBLES: Final = tuple(Struct("<" + "d" * size + "8x" * (size % 2)) for size in range(SHUFFLE_STRIDE + 1))
"""For a pack of ``size`` cards, the doubles holding its keys, read from the lanes' bytes."""
_SORTED: Final = tuple(Struct("<" + "d" * size) for size in range(SHUFFLE_STRIDE + 1))
_LOW_BYTE: Final = 2
"""The byte of a double (little-endian) holding its key's low 8 bits: the key sits 16 bits up."""
_POSITION_OF_BYTE: Final = bytes(byte & POSITION_BITS for byte in range(256))


def deck_positions(key: int, size: int, index: int = 0) -> bytes:
    """:func:`shuffle_order` as bytes (the pack position of each card of the order, top card first), computed
    without a Python integer per key: what the one-deal engine deals from.

    >>> list(deck_positions(key_of(7, 0), 32)) == shuffle_order(key_of(7, 0), 32) == [
    ...     k & POSITION_BITS for k in shuffle_keys(key_of(7, 0), 32)]
    True
    """
    z, words = _mixed_keys(key, size, index)
    z = (z & _KEY_HALF) << 16 | (z >> 32 & _KEY_HALF) << (64 + 16) | _ONES[words]
    ordered = sorted(_DOUBLES[size].unpack(z.to_bytes(16 * words, "little")))
    return _SORTED[size].pack(*ordered)[_LOW_BYTE::8].translate(_POSITION_OF_BYTE)
