"""The card room's pages (lobby, table, replay): HTML shells and the words they show, served beside the API.

Each page is a small HTML shell that loads its script module from ``/static`` (package data, no build step, nothing
fetched from elsewhere); the script asks ``/api/words`` for the words of the reader's language, then draws the page
from the API and, at a table, from the pictures the WebSocket sends.
"""

from __future__ import annotations

from functools import cache
from html import escape

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from academie.room.web_words import page_words
from academie.words import LANGUAGES, LanguageError, Words

router = APIRouter()
"""The pages' routes; the application (academie.room.app) includes it."""

_SHELL = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Académie</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/room.css">
<script type="module" src="/static/{script}.js"></script>
</head>
<body data-page="{script}"></body>
</html>
"""


_WRITTEN = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · Académie</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/room.css">
</head>
<body data-page="{page}">
<header class="top"><a href="/" class="home">Académie</a><span class="room-name">{room}</span></header>
<main class="{page}"><h1>{title}</h1>{body}</main>
</body>
</html>
"""


def page_shell(script: str) -> HTMLResponse:
    """A page's HTML shell, loading ``/static/<script>.js`` (the referee's page uses it too)."""
    return HTMLResponse(_SHELL.format(script=escape(script)), headers={"cache-control": "no-cache"})


def reader_lang(request: Request) -> str:
    """The language of a page the server writes itself: ``?lang=``, else the browser's first of ours."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return "en"


def missing_page(request: Request, table: str | None = None) -> HTMLResponse:
    """A page for what is not there (a table, or any other path), in the reader's language, with the way back to
    the lobby: answered 404, as HTML, since a person reads it."""
    w = Words(reader_lang(request))
    sentence = (w("There is no table {table} in this card room.", table=table[:40]) if table is not None else
                w("There is no page at this address in the card room."))
    lobby = w("Go to the lobby")
    body = f'<p>{escape(sentence)}</p><p><a href="/">{escape(lobby)}</a></p>'
    return written_page(w, page="missing", title=w("Not found"), body=body, status=404)


def written_page(w: Words, *, page: str, title: str, body: str, status: int = 200) -> HTMLResponse:
    """A page the server writes whole in ``w``'s language (``body``: HTML, its text already escaped), under the
    room's header; ``page`` names it (``data-page`` and its main part's class)."""
    return HTMLResponse(_WRITTEN.format(lang=w.lang, page=escape(page), title=escape(title),
                                        room=escape(w("Card room")), body=body), status_code=status,
                        headers={"cache-control": "no-cache"})


async def _exists(request: Request, table: str) -> bool:
    return await request.app.state.room.store.table(table) is not None


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def lobby() -> HTMLResponse:
    """The lobby: the games, a new table, the open tables, the finished games."""
    return page_shell("lobby")


@router.get("/account", response_class=HTMLResponse, include_in_schema=False)
def account_page() -> HTMLResponse:
    """Log in or create an account; once logged in, the account's settings (password, claim, delete)."""
    return page_shell("account")


@router.get("/tables/{table}", response_class=HTMLResponse, include_in_schema=False)
async def table_page(table: str, request: Request) -> HTMLResponse:
    """A table, as the seat of ``?token=`` sees it, or as a spectator without one (404: no such table)."""
    if not await _exists(request, table):
        return missing_page(request, table)
    return page_shell("table")


@router.get("/replay/{table}", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(table: str, request: Request) -> HTMLResponse:
    """A finished game, step by step (404: no such table)."""
    if not await _exists(request, table):
        return missing_page(request, table)
    return page_shell("replay")


@cache
def _words(lang: str) -> dict[str, object]:
    return page_words(lang)


@router.get("/api/words")
def words(lang: str = "en") -> dict[str, object]:
    """The words of the pages in ``lang``: their messages, the cards, a line on each game, a word on each rules
    option and the values of the options that take a few."""
    if lang not in LANGUAGES:
        raise HTTPException(400, str(LanguageError(f"language {lang!r} is not available; available: "
                                                   f"{', '.join(LANGUAGES)}")))
    return _words(lang)
