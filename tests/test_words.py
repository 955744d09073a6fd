"""The words of every screen: each message the code says has its French translation, with the same blanks to
fill; the catalogues hold nothing the code no longer says; the language follows --lang or the locale."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from academie import referee
from academie.cards import Card
from academie.games import GAMES, load
from academie.words import DOMAINS, LanguageError, Words, game_packages, language_of_environment

SOURCE = Path(__file__).resolve().parents[1] / "src" / "academie"
KEYWORDS = {"words": None, "w": None, "Reason": None, "OpenReason": None}
"""How code marks a message: ``words("...")``, ``self.words("...")``, ``w("...")``, ``Reason("...")`` and
``OpenReason("...")``."""
BLANK = re.compile(r"\{([a-z_]+)[^}]*\}")


def sources() -> list[Path]:
    """Where the code that speaks lives: this distribution, and the package of every game registered from
    another one."""
    folders = [SOURCE]
    for package in game_packages().values():
        folder = Path(str(resources.files(package)))
        if not folder.is_relative_to(SOURCE):
            folders.append(folder)
    return folders


def messages_in_code() -> Iterator[tuple[str, str]]:
    """(message, where) for every message the code says."""
    for folder in sources():
        for filename, line, message, _comments, _context in extract_from_dir(
                str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS):
            if isinstance(message, str) and message:
                yield message, f"{folder / filename}:{line}"
    for name in GAMES:  # the referee's questions and rulings are data of each game (academie.referee.messages)
        if load(name).referee is not None:
            yield from ((message, f"the referee of {name}") for message in referee.messages(load(name)))


def catalogues() -> list[Traversable]:
    """The French catalogues: the shared domains, and each registered game's own."""
    shared = [resources.files("academie").joinpath("locale", "fr", f"{domain}.po") for domain in DOMAINS]
    return shared + [resources.files(package).joinpath("locale", "fr.po") for package in game_packages().values()]


def french() -> dict[str, str]:
    table: dict[str, str] = {}
    for source in catalogues():
        if source.is_file():
            with source.open("rb") as handle:
                for message in read_po(handle, locale="fr"):
                    if message.id:
                        table[str(message.id)] = str(message.string)
    return table


def test_every_registered_game_has_its_french_words() -> None:
    assert all(resources.files(package).joinpath("locale", "fr.po").is_file()
               for package in game_packages().values())


def test_every_message_of_the_code_is_in_french_with_the_same_blanks() -> None:
    translations = french()
    missing = [f"{where}: {message!r}" for message, where in messages_in_code() if not translations.get(message)]
    assert not missing, "messages without a French translation:\n" + "\n".join(missing)
    for message, translated in translations.items():
        assert set(BLANK.findall(message)) == set(BLANK.findall(translated)), message


def test_the_catalogues_hold_no_message_the_code_no_longer_says() -> None:
    said = {message for message, _ in messages_in_code()}
    assert not set(french()) - said


def test_words_fill_blanks_after_translation_and_write_cards_each_language_way() -> None:
    assert Words("fr")("{count} cards", count=3) == "3 cartes"
    assert Words("en")("{count} cards", count=3) == "3 cards"
    assert Words("fr").card(Card.parse("KH")) == "R♥" and Words("en").card(Card.parse("TD")) == "10♦"


def test_a_language_we_do_not_speak_is_refused_naming_ours() -> None:
    with pytest.raises(LanguageError, match="available: en, fr"):
        Words("de")


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANGUAGE": "fr:en", "LANG": "C"}, "fr"), ({"LC_ALL": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({}, "en")])
def test_the_language_follows_the_locale(environ: dict[str, str], lang: str) -> None:
    assert language_of_environment(environ) == lang


def test_words_of_one_language_and_game_are_one_key_for_the_painters_caches() -> None:
    """Painters cache sentences by their words (issue 33): words made anew for the same language and game must
    hit the same entries, and words of another language or game must not."""
    keys = {Words(lang, game=game) for lang in ("en", "fr") for game in (*GAMES, None) for _ in range(2)}
    assert len(keys) == 2 * (len(GAMES) + 1)
    assert Words("fr", game="ecarte") == Words("fr", game="ecarte")
    assert Words("fr", game="ecarte") != Words("fr", game="whist") and Words("fr") != Words("en")
    assert Words("en") != "en"
