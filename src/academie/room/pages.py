"""The card room's pages (lobby, table, replay): HTML shells and the words they show, served beside the API.

Each page is a small HTML shell that loads its script module from ``/static`` (package data, no build step, nothing
fetched from elsewhere); the script asks ``/api/words`` for the words of the reader's language, then draws the page
from the API and, at a table, from the pictures the WebSocket sends.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse

from academie.room.web_words import page_words
from academie.words import LANGUAGES, LanguageError

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


def _page(script: str) -> HTMLResponse:
    return HTMLResponse(_SHELL.format(script=escape(script)), headers={"cache-control": "no-cache"})


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def lobby() -> HTMLResponse:
    """The lobby: the games, a new table, the open tables, the finished games."""
    return _page("lobby")


@router.get("/tables/{table}", response_class=HTMLResponse, include_in_schema=False)
def table_page(table: str) -> HTMLResponse:
    """A table, as the seat of ``?token=`` sees it, or as a spectator without one."""
    return _page("table")


@router.get("/replay/{table}", response_class=HTMLResponse, include_in_schema=False)
def replay_page(table: str) -> HTMLResponse:
    """A finished game, step by step."""
    return _page("replay")


@cache
def _words(lang: str) -> dict[str, Any]:
    return page_words(lang)


@router.get("/api/words")
def words(lang: str = "en") -> dict[str, Any]:
    """The words of the pages in ``lang``: their messages, the cards, a line on each game, a word on each rules
    option and the values of the options that take a few."""
    if lang not in LANGUAGES:
        raise HTTPException(400, str(LanguageError(f"language {lang!r} is not available; available: "
                                                   f"{', '.join(LANGUAGES)}")))
    return _words(lang)
