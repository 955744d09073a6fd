"""Words: everything a person reads, in English or French, through gettext catalogues.

The English text is the message itself; each language other than English has one catalogue per domain,
``academie/locale/<lang>/<domain>.po`` (the domain ``academie`` for what every game shares, ``bots``, ``room``,
``web``), and each game keeps its own in its package, ``locale/<lang>.po`` beside its code (a game published as a
distribution of its own brings its words with it), all read at run time with Babel. A :class:`Words` object
translates for one language:

>>> fr = Words("fr")
>>> fr("Your hand: {cards}", cards="R♥ 7♠")
'Votre jeu : R♥ 7♠'
>>> fr.card(Card.parse("QC"))
'D♣'
>>> Words("en").suit_name(Suit.SPADES)
'spades'

Messages take named arguments in braces, filled after translation (``w("{seat} wins the trick", seat=...)``).
The books' own words stay in French in both languages where players use them (« je propose », « le roi »).
Code never builds a sentence from pieces of translated words: each sentence is one message.
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping
from decimal import Decimal
from functools import cache
from importlib import resources
from importlib.metadata import entry_points
from importlib.resources.abc import Traversable
from typing import Final

from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from academie.cards import CARDS, Card, Rank, Suit
from academie.engine import AcademieError

LANGUAGES: Final = ("en", "fr")
"""The languages every screen speaks; English is the language of the messages themselves."""
DOMAINS: Final = ("academie", "bots", "room", "web")
"""The shared catalogues: the words every game shares, the bots' reasons, the card room's server and pages."""
GAMES_GROUP: Final = "academie.games"
"""The entry-point group where every game is registered (:mod:`academie.games`): each entry's module is the game's
package, which holds the game's catalogues."""

_SUIT_NAMES: Final = {
    "en": {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"},
    "fr": {Suit.CLUBS: "trèfle", Suit.DIAMONDS: "carreau", Suit.HEARTS: "cœur", Suit.SPADES: "pique"},
}
_RANK_LETTERS: Final = {
    "en": {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"},
    "fr": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R", Rank.ACE: "A"},
}
"""Court cards as each language writes them: the French valet, dame, roi."""


_BLANK: Final = re.compile(r"\{(\w+)[^{}]*\}")
_NUMBER: Final = re.compile(r"(?<![\w.§])([-+−]?)(\d+\.\d+)(?![\w.])")
"""A number with a decimal point in English text (not a law's ID such as §8.4)."""
_CARD: Final = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])")
"""A card as English text writes it (``Q♣``, ``10♥``)."""
_SUIT_OF: Final = {suit.symbol: suit for suit in Suit}
_RANK_OF: Final = {"10": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
MIN_LITERAL: Final = 8
"""Letters a message must have besides its blanks to be recognised in English text (``{reason}`` alone would
recognise anything)."""


class LanguageError(AcademieError, ValueError):
    """A language we do not speak."""


def game_packages() -> dict[str, str]:
    """The package of every registered game, by the game's name (read from the entry points alone: the words
    load no game)."""
    return dict(_registered())


@cache
def _registered() -> tuple[tuple[str, str], ...]:
    """The registered games' packages, read once a process: reading the entry points costs milliseconds, and
    pages and reviews make words for every request (the games themselves are discovered once, at import)."""
    return tuple((entry.name, entry.module) for entry in entry_points(group=GAMES_GROUP))


@cache
def _translations(lang: str, game: str | None) -> Mapping[str, str]:
    """Every translation that words of ``lang`` and ``game`` read (see :class:`Words`), put together once."""
    table: dict[str, str] = {}
    for domain in DOMAINS if game is None else ("academie", "bots"):
        table.update(_catalogue(lang, domain))
    for name, package in _registered():
        if game is None or name == game:
            table.update(_game_catalogue(lang, package))
    return table


@cache
def _written_cards(lang: str) -> tuple[str, ...]:
    """Every card as :meth:`Words.card` writes it in ``lang``, by index."""
    letters = _RANK_LETTERS[lang]
    return tuple(("10" if card.rank is Rank.TEN else letters.get(card.rank, card.rank.letter)) + card.suit.symbol
                 for card in CARDS)


@cache
def _catalogue(lang: str, domain: str) -> Mapping[str, str]:
    """The translations of one shared domain into ``lang`` (empty for English, whose messages are the text)."""
    return _read(lang, resources.files("academie").joinpath("locale", lang, f"{domain}.po"))


@cache
def _game_catalogue(lang: str, package: str) -> Mapping[str, str]:
    """The translations of a game's own words into ``lang``: ``locale/<lang>.po`` in its package."""
    return _read(lang, resources.files(package).joinpath("locale", f"{lang}.po"))


def _read(lang: str, source: Traversable) -> Mapping[str, str]:
    if lang == "en" or not source.is_file():
        return {}
    with source.open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    return {str(message.id): str(message.string) for message in catalogue
            if message.id and message.string and not message.fuzzy}


class Words:
    """Translate messages, cards and suits for one language (``"en"`` or ``"fr"``).

    With ``game``, the shared words and that game's own (which win where the two say the same message
    differently); without, every catalogue (for tools that speak of all the games).
    """

    __slots__ = ("_cards", "_table", "game", "lang")

    def __init__(self, lang: str = "en", *, game: str | None = None) -> None:
        if lang not in LANGUAGES:
            raise LanguageError(f"language {lang!r} is not available; available: {', '.join(LANGUAGES)}")
        packages = game_packages()
        if game is not None and game not in packages:
            raise LanguageError(f"no words for the game {game!r}; games: {', '.join(packages)}")
        self.lang = lang
        self.game = game
        self._table: Final = _translations(lang, game)
        self._cards: Final = _written_cards(lang)
        """Every card as :meth:`card` writes it, by index (worked out once: screens write cards all the time)."""

    def __eq__(self, other: object) -> bool:
        """Words of one language and game are equal (the same catalogues make the same table), so that the
        painters' caches keyed on words keep one entry, and one table alive, whatever instance a caller made.

        >>> Words("fr", game="ecarte") == Words("fr", game="ecarte") != Words("en", game="ecarte")
        True
        """
        return isinstance(other, Words) and (self.lang, self.game) == (other.lang, other.game)

    def __hash__(self) -> int:
        return hash((self.lang, self.game))

    def __call__(self, message: str, /, **arguments: object) -> str:
        """The message in this language, its ``{names}`` filled with ``arguments``."""
        text = self._table.get(message, message)
        return text.format(**arguments) if arguments else text

    def card(self, card: Card) -> str:
        """A card as players of this language write it, with its suit's symbol: ``10♥``, ``Q♣`` / ``D♣``."""
        return self._cards[card.index]

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        written = self._cards
        return " ".join([written[card.index] for card in cards])

    def suit_name(self, suit: Suit) -> str:
        return _SUIT_NAMES[self.lang][suit]

    def suit(self, suit: Suit) -> str:
        """A suit with its symbol and its name: ``♠ spades`` / ``♠ pique``."""
        return f"{suit.symbol} {self.suit_name(suit)}"

    def number(self, text: str | float) -> str:
        """A number as this language writes it (Babel's format: ``0,4`` in French), its sign a true minus:
        ``−0.7``, ``+0,12``."""
        match = _NUMBER.fullmatch(text) if isinstance(text, str) else _NUMBER.fullmatch(f"{text:g}")
        if match is None:
            return str(text).replace("-", "−", 1) if str(text).startswith("-") else str(text)
        sign, digits = match.groups()
        decimals = len(digits.partition(".")[2])
        written = format_decimal(Decimal(digits), format="0." + "0" * decimals, locale=self.lang)
        return {"-": "−"}.get(sign, sign) + written

    def localise(self, text: str) -> str:
        """English text's cards and decimal numbers as this language writes them (``Q♣ 0.4`` → ``D♣ 0,4``)."""
        if self.lang == "en":
            return _NUMBER.sub(lambda found: self.number(found.group(0)), text)
        with_cards = _CARD.sub(lambda found: self.card(Card(_RANK_OF.get(found.group(1)) or Rank(int(found.group(1))),
                                                            _SUIT_OF[found.group(2)])), text)
        return _NUMBER.sub(lambda found: self.number(found.group(0)), with_cards)

    def said_again(self, text: str) -> str:
        """A sentence kept in English (a bot's reason in a record) said in this language: the catalogue's message
        it was made from, its blanks filled with what the English text had there, localised; ``text`` itself
        (its numbers localised) when no message fits."""
        if self.lang == "en":
            return self.localise(text)
        if text in self._table:
            return self._table[text]
        for pattern, message in _patterns(self.lang, self.game):
            found = pattern.fullmatch(text)
            if found is not None:
                try:
                    return self(message, **{name: self.localise(value) for name, value in found.groupdict().items()})
                except (KeyError, IndexError, ValueError):
                    continue
        return self.localise(text)

    def count_cards(self, count: int) -> str:
        """A number of cards, said in this language ("1 card", "3 cards")."""
        words = self
        return words("1 card") if count == 1 else words("{count} cards", count=count)


@cache
def _patterns(lang: str, game: str | None) -> tuple[tuple[re.Pattern[str], str], ...]:
    """A pattern for each message with blanks that words of ``lang`` and ``game`` translate, the most specific
    first (the longest once its blanks are out)."""
    made = []
    for message in _translations(lang, game):
        literal = _BLANK.sub("", message)
        if "{" not in message or sum(character.isalpha() for character in literal) < MIN_LITERAL:
            continue
        parts, seen, end = [], set(), 0
        for blank in _BLANK.finditer(message):
            parts.append(re.escape(message[end:blank.start()]))
            name = blank.group(1)
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
            end = blank.end()
        parts.append(re.escape(message[end:]))
        made.append((len(literal), re.compile("".join(parts), re.DOTALL), message))
    made.sort(key=lambda item: -item[0])
    return tuple((pattern, message) for _, pattern, message in made)


def language_of_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the user's locale asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), among ours;
    English when none of them names French."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = locale.normalize(value.split(":")[0]).split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"
