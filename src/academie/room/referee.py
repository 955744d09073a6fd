"""The referee in the card room: the ``/referee`` page and its API, for a real table's players on a phone and for
other tools (a club's own app).

``GET /api/referee`` lists the games the referee knows and the page's words; ``GET /api/referee/{game}`` gives the
whole question tree (``{"game", "laws", "tree"}``, as ``academie referee GAME --json``); ``GET
/api/referee/{game}/ruling?answers=3,1,0`` the ruling the answers lead to (:mod:`academie.referee`). Every one takes
``?lang=en|fr``. Bad answers are refused (400) with what is allowed; an unknown game, or one without questions, is
not found (404).
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse

from academie import referee
from academie.engine import JSON, RulesError
from academie.games import available, load
from academie.registry import GameType
from academie.room.pages import page_shell
from academie.words import LANGUAGES, LanguageError, Words

router = APIRouter()
"""The referee's page and API; the application (academie.room.app) includes it."""


def page_messages(w: Callable[[str], str]) -> tuple[str, ...]:
    """Every sentence of the referee's page besides the questions and rulings, through ``w``."""
    return (w("Referee"), w("The laws, asked and answered: say what happened at your table, one question at a time."),
            w("Which game?"), w("Back"), w("Start again"), w("Ruling under {law}"), w("The law, in our words"),
            w("The seed"), w("The seed, in our translation"), w("{who} chooses"), w("The table rules"),
            w("Related laws"), w("Your answers"))


def page_words(words: Words) -> dict[str, str]:
    """The referee page's own words in ``words``' language, by their English message."""
    return dict(zip(page_messages(str), page_messages(words), strict=True))


def _lang(lang: str) -> Words:
    if lang not in LANGUAGES:
        raise HTTPException(400, str(LanguageError(f"language {lang!r} is not available; available: "
                                                   f"{', '.join(LANGUAGES)}")))
    return Words(lang)


def refereed() -> list[str]:
    """The games the referee has questions on, in the registry's order."""
    return [name for name in available() if load(name).referee is not None]


def _game(name: str, lang: str) -> tuple[GameType, Words]:
    _lang(lang)
    try:
        game = load(name)
    except RulesError:
        raise HTTPException(404, f"no game {name!r}; the referee knows: {', '.join(refereed())}") from None
    if game.referee is None:
        raise HTTPException(404, f"the referee has no questions on {game.name}; it knows: {', '.join(refereed())}")
    return game, Words(lang, game=game.name)


@router.get("/referee", response_class=HTMLResponse, include_in_schema=False)
def referee_page() -> HTMLResponse:
    """The referee of a real table, one question a screen (static/referee.js)."""
    return page_shell("referee")


@router.get("/api/referee", response_model=None)
def referee_games(lang: str = "en") -> dict[str, JSON]:
    """The games the referee knows (their names and titles) and the page's words in ``lang``."""
    w = _lang(lang)
    games: list[JSON] = [{"game": name, "title": load(name).title} for name in refereed()]
    words: dict[str, JSON] = dict(page_words(w))
    return {"lang": lang, "games": games, "words": words}


@router.get("/api/referee/{game}", response_model=None)
def referee_tree(game: str, lang: str = "en") -> dict[str, JSON]:
    """The whole question tree of ``game`` in ``lang``: ``{"game", "laws", "tree"}``."""
    game_type, words = _game(game, lang)
    return referee.contract(game_type, words)


@router.get("/api/referee/{game}/ruling", response_model=None)
def referee_ruling(game: str, answers: str = "", lang: str = "en") -> dict[str, JSON]:
    """The ruling the ``answers`` (comma-separated indices of the choices taken, from the first question) lead to;
    400 with what is allowed when they lead nowhere, or to a question still to answer."""
    game_type, words = _game(game, lang)
    try:
        path = referee.parse_answers(answers)
        ruling = referee.ruling_of(game_type, path, words)
    except referee.RefereeError as error:
        raise HTTPException(400, str(error)) from None
    if ruling is None:
        node = referee.walk(referee.book_of(game_type).TREE, path)
        assert isinstance(node, referee.Question)
        raise HTTPException(400, f"the answers lead to a question still to answer: {words(node.text)!r}, "
                                 f"answered 0 to {len(node.choices) - 1}")
    return {"game": game_type.name, "answers": list(path), "ruling": ruling.as_json(),
            "lines": list(referee.ruling_lines(ruling, words))}
