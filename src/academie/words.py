"""Words: everything a person reads, in English or French, through gettext catalogues.

The English text is the message itself; each language other than English has one catalogue per domain,
``academie/locale/<lang>/<domain>.po`` (the domain ``academie`` for what every game shares, and one per game,
``ecarte``, ``whist``...), read at run time with Babel. A :class:`Words` object translates for one language:

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
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Final

from babel.messages.pofile import read_po

from academie.cards import Card, Rank, Suit
from academie.engine import AcademieError

LANGUAGES: Final = ("en", "fr")
"""The languages every screen speaks; English is the language of the messages themselves."""
DOMAINS: Final = ("academie", "bots", "ecarte", "whist", "guimbarde", "guinguette", "quinze", "room", "web")
"""The catalogues: the shared words, the bots' reasons, one per game, then the card room's server and pages."""
GAME_DOMAINS: Final = DOMAINS[2:7]
"""The catalogues of the games, by the games' names."""

_SUIT_NAMES: Final = {
    "en": {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"},
    "fr": {Suit.CLUBS: "trèfle", Suit.DIAMONDS: "carreau", Suit.HEARTS: "cœur", Suit.SPADES: "pique"},
}
_RANK_LETTERS: Final = {
    "en": {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"},
    "fr": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R", Rank.ACE: "A"},
}
"""Court cards as each language writes them: the French valet, dame, roi."""


class LanguageError(AcademieError, ValueError):
    """A language we do not speak."""


@cache
def _catalogue(lang: str, domain: str) -> Mapping[str, str]:
    """The translations of one domain into ``lang`` (empty for English, whose messages are the text)."""
    if lang == "en":
        return {}
    source = resources.files("academie").joinpath("locale", lang, f"{domain}.po")
    if not source.is_file():
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

    __slots__ = ("_table", "lang")

    def __init__(self, lang: str = "en", *, game: str | None = None) -> None:
        if lang not in LANGUAGES:
            raise LanguageError(f"language {lang!r} is not available; available: {', '.join(LANGUAGES)}")
        if game is not None and game not in GAME_DOMAINS:
            raise LanguageError(f"no words for the game {game!r}; games: {', '.join(GAME_DOMAINS)}")
        self.lang = lang
        table: dict[str, str] = {}
        for domain in DOMAINS if game is None else ("academie", "bots", game):
            table.update(_catalogue(lang, domain))
        self._table = table

    def __call__(self, message: str, /, **arguments: object) -> str:
        """The message in this language, its ``{names}`` filled with ``arguments``."""
        text = self._table.get(message, message)
        return text.format(**arguments) if arguments else text

    def card(self, card: Card) -> str:
        """A card as players of this language write it, with its suit's symbol: ``10♥``, ``Q♣`` / ``D♣``."""
        rank = "10" if card.rank is Rank.TEN else _RANK_LETTERS[self.lang].get(card.rank, card.rank.letter)
        return rank + card.suit.symbol

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        return " ".join(self.card(card) for card in cards)

    def suit_name(self, suit: Suit) -> str:
        return _SUIT_NAMES[self.lang][suit]

    def suit(self, suit: Suit) -> str:
        """A suit with its symbol and its name: ``♠ spades`` / ``♠ pique``."""
        return f"{suit.symbol} {self.suit_name(suit)}"

    def count_cards(self, count: int) -> str:
        """A number of cards, said in this language ("1 card", "3 cards")."""
        words = self
        return words("1 card") if count == 1 else words("{count} cards", count=count)


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
