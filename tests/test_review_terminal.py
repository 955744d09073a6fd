"""The review at the end of a game in the terminal (:meth:`academie.terminal.Session.after_game`): the player's
marked decisions told with the choices in the words of the menu (the cards as the terminal shows them, in English
and French), never in the record's notation; a seat that had no decision to make is told so."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from rich.console import Console

from academie.games import load
from academie.games.ecarte import EcarteState
from academie.games.ecarte.positions import deck as ecarte_deck
from academie.terminal import Session
from academie.words import Words

KING_TOO_SOON = ("stand", "play 8D", "play 9D", "play 7C", "play KC", "play QC", "play 8C", "play 7H", "play KH")
"""Écarté, E-§5: the dealer (seat 0) overtakes the elder's 7♥ with K♥ where 8♥ keeps the last trick (the position
of tests/test_review.py, marked there and here)."""


def ecarte_deal(*actions: str) -> EcarteState:
    """The deal of the E-§5 position, played as far as ``actions``: seat 0 deals and holds 9♦ 7♣ 8♣ K♥ 8♥."""
    order = ecarte_deck(hands={1: "8D KC QC 7H QH", 0: "9D 7C 8C KH 8H"}, dealer=0, turn_up="7S")
    state = EcarteState.new(decks=[order], first_dealer=0)
    for text in actions:
        state.apply_text(text)
    return state


def reviewed_in_the_terminal(state: EcarteState, lang: str) -> str:
    """What seat 0 reads when it types ``review`` (``revue``) at the end-of-game prompt."""
    game = load("ecarte")
    assert game.painter is not None
    painter = game.painter()
    words = Words(lang, game="ecarte")
    out = StringIO()
    answers = iter(["review" if lang == "en" else "revue"])
    session = Session(state=state, painter=painter, human=0, bots={}, console=Console(file=out, width=80),
                      read_line=lambda: next(answers, None), words=words,
                      names=painter.default_names(state.view(0), words=words))
    session.after_game()
    return " ".join(out.getvalue().split())


@pytest.mark.parametrize(("lang", "played", "best"), [("en", "play K♥", "play 8♥"), ("fr", "jouer R♥", "jouer 8♥")])
def test_E_5_the_terminal_review_names_the_choices_in_the_menus_words(lang: str, played: str, best: str) -> None:
    """E-§5: the king played too soon is marked, and the line that tells it, and the values beside it, name the
    cards as the terminal's menu does (K♥, R♥ in French), not as the record writes them (KH)."""
    text = reviewed_in_the_terminal(ecarte_deal(*KING_TOO_SOON), lang)
    said = {"en": f"you played {played}; {best} was better by", "fr": f"vous avez joué {played} ; {best} valait mieux"}
    assert said[lang] in text, text
    assert f"{best} 0" in text and f"{played} 0" in text, text  # the values of the best choice and of the one played
    assert "KH" not in text and "8H" not in text, text


@pytest.mark.parametrize(("lang", "told"), [("en", "You had no decision to make: every move of yours was forced."),
                                            ("fr", "Vous n'aviez aucune décision à prendre : tous vos coups étaient "
                                                   "forcés.")])
def test_E_5_a_player_whose_every_move_was_forced_is_told_he_had_no_decision(lang: str, told: str) -> None:
    """E-§5: the elder leads 8♦ and the dealer's one diamond, 9♦, must follow: the dealer's only move was forced,
    so his review has no decision, and the terminal says so instead of totals."""
    text = reviewed_in_the_terminal(ecarte_deal(*KING_TOO_SOON[:3]), lang)
    assert told in text, text
    assert "accuracy" not in text and "précision" not in text


@pytest.mark.parametrize(("lang", "point", "other"), [("en", ".", ","), ("fr", ",", ".")])
def test_E_5_the_terminal_review_writes_its_figures_with_the_languages_decimal_mark(lang: str, point: str,
                                                                                     other: str) -> None:
    """E-§5, issue 31: the end-of-game review's costs and values are written as the reader's language writes
    numbers (0,62 in French, 0.62 in English), never with the other's decimal mark."""
    text = reviewed_in_the_terminal(ecarte_deal(*KING_TOO_SOON), lang)
    assert re.search(rf"\d{re.escape(point)}\d\d\b", text), text
    assert not re.search(rf"\d{re.escape(other)}\d", text), text
