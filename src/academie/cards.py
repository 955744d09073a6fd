"""The vocabulary of cards: suits, ranks, cards, packs and card sets as int bitmasks.

A card is identified by an index ``suit * 13 + (rank - 2)`` in ``0..51``; a set of cards is an ``int``
whose bit ``index`` is set for every card in the set. Games keep their hands as bitmasks in the hot path
and turn them into :class:`Card` values only at the edges (actions, views, display).

>>> Card.parse("KH")
Card.parse('KH')
>>> str(Card.parse("10d")), Card.parse("♠7").french()
('TD', 'sept de pique')
>>> mask = mask_of(parse_cards("KH QH 7S"))
>>> [str(c) for c in cards_of(mask)]
['QH', 'KH', '7S']
>>> len(PACK_32), len(PACK_36), len(PACK_52)
(32, 36, 52)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final


class Suit(IntEnum):
    """The four French suits. The order is only a convention for indices and display."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def french(self) -> str:
        return ("trèfle", "carreau", "cœur", "pique")[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``C D H S`` (any case), the symbols ``♣♦♥♠``, or the French names."""
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.symbol, suit.french, suit.name.lower()):
                return suit
        if key == "coeur":
            return cls.HEARTS
        raise CardParseError(f"unknown suit {text!r}: expected one of C D H S (or ♣ ♦ ♥ ♠)")


class Rank(IntEnum):
    """Ranks by face value; each game has its own order of strength (a table in the game module)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def french(self) -> str:
        return _FRENCH_RANKS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``2..9``, ``T`` or ``10``, ``J Q K A`` (any case) or the French ``V D R`` for valet, dame, roi."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        key = {"V": "J", "D": "Q", "R": "K"}.get(key, key)
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        raise CardParseError(f"unknown rank {text!r}: expected 2-9, T or 10, J, Q, K, A")


_FRENCH_RANKS: Final = ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
                        "valet", "dame", "roi", "as")


class CardParseError(ValueError):
    """A card, rank or suit could not be read from text."""


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card. ``str(card)`` is the two-letter notation (``KH``, ``TD``, ``7S``)."""

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """``suit * 13 + rank - 2``: the card's position in a bitmask."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit * 13 + self.rank - 2)

    @property
    def bit(self) -> int:
        return 1 << self.index

    @staticmethod
    def from_index(index: int) -> Card:
        return CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``KH``, ``10h``, ``th``, ``♥K``, ``K♥`` or ``hk``-style notations (rank and suit in any order)."""
        canonical = _BY_TEXT.get(text)
        if canonical is not None:  # the form records and actions use: no search over the spellings
            return canonical
        raw = text.strip()
        if len(raw) < 2:
            raise CardParseError(f"cannot read a card from {text!r}: expected rank then suit, e.g. KH, TD, 7S")
        for rank_part, suit_part in ((raw[:-1], raw[-1]), (raw[1:], raw[0])):
            try:
                return CARDS[Suit.parse(suit_part) * 13 + Rank.parse(rank_part) - 2]
            except CardParseError:
                continue
        raise CardParseError(f"cannot read a card from {text!r}: expected rank then suit, e.g. KH, TD, 7S")

    def french(self) -> str:
        return f"{self.rank.french} de {self.suit.french}"

    def pretty(self) -> str:
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return f"{rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: Final[tuple[Card, ...]] = tuple(Card(Rank(i % 13 + 2), Suit(i // 13)) for i in range(52))
"""Every card, by index."""

_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in CARDS}
"""Each card by its canonical text (``KH``, ``TD``): the fast path of :meth:`Card.parse`."""

SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""The bitmask of all 13 cards of each suit, by suit index."""


RANKS_PER_SUIT: Final = 13
"""Card indices run suit by suit: ``index = 13 * suit + (rank - 2)``."""


def suit_of(index: int) -> int:
    """The suit (as its :class:`Suit` value) of a card index, without building a :class:`Card`.

    >>> suit_of(Card.parse("KH").index) == Suit.HEARTS
    True
    """
    return index // RANKS_PER_SUIT


def rank_of(index: int) -> int:
    """The rank (as its :class:`Rank` value, 2 to 14) of a card index.

    >>> rank_of(Card.parse("KH").index) == Rank.KING
    True
    """
    return index % RANKS_PER_SUIT + 2


def card_index(rank: Rank, suit: Suit) -> int:
    """The index of a card from its rank and suit: the inverse of :func:`rank_of` and :func:`suit_of`.

    >>> CARDS[card_index(Rank.QUEEN, Suit.SPADES)]
    Card.parse('QS')
    """
    return RANKS_PER_SUIT * suit + rank - 2


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: ``"KH 7S, TD"``."""
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def indices_of(mask: int) -> Iterator[int]:
    """The card indices in a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a bitmask, in index order (clubs, diamonds, hearts, spades; low to high)."""
    cards = []  # one loop, no generator: hands and legal actions are made from masks at every step
    while mask:
        low = mask & -mask
        cards.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _pack(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    ranks = tuple(ranks)
    return tuple(card for card in CARDS if card.rank in ranks)


PACK_52: Final = CARDS
"""The full French pack."""
PACK_36: Final = _pack(r for r in Rank if r >= Rank.SIX)
"""The piquet pack with the sixes (Guinguette with 3–4 players)."""
PACK_32: Final = _pack(r for r in Rank if r >= Rank.SEVEN)
"""The piquet pack, 7 to ace (Écarté, Guimbarde for 3–5 players)."""
