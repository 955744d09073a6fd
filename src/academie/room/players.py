"""A player's page and the leaderboards (issue 32): ``/players/{name}`` (his games, his rating per game with its
history as a chart, his record against each bot level) and ``/leaderboard/{game}``, written by the server in the
reader's language, and the JSON behind them (``/api/players/{name}``, ``/api/ratings/{game}``).

What they show is public: finished games' results (told to the table), names, ratings. A game still running is
listed without its result, with the spectators' link: no card of it ever appears here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import quote

import sqlalchemy as sa
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from academie.games import GAMES, load
from academie.room.daily import played as daily_tables
from academie.room.pages import reader_lang, written_page
from academie.room.ratings import NEW, Rating, bot_ratings, final_ranks, side_of
from academie.room.standings import GAMES_SHOWN, LEADERS, account_named
from academie.room.store import FINISHED, Store, _table_row, accounts, rating_history, ratings, seats, tables
from academie.room.tables import apply_log, bot_name, new_state
from academie.words import Words

router = APIRouter()
"""The routes of the players' pages and their API; the application (academie.room.app) includes it."""


def _rating_json(rating: Rating) -> dict[str, float]:
    return {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3), "rating": round(rating.shown, 3)}


@dataclass(frozen=True, slots=True)
class _Seat:
    seat: int
    name: str | None
    account: int | None
    account_name: str | None
    bot: str | None


class _Ranks:
    """The ranks of finished tables (0: first), rebuilt once from their logs: a finished game never changes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.known: dict[str, tuple[int, ...]] = {}

    async def of(self, row: Any) -> tuple[int, ...] | None:
        if row.status != FINISHED or row.game not in GAMES:
            return None
        if row.id not in self.known:
            game = load(row.game)
            state = new_state(game, _table_row(row))
            apply_log(state, 0, await self.store.actions(row.id), {}, row.id)
            if not state.is_terminal:
                return None
            self.known[row.id] = final_ranks(state, partnerships=game.partnerships)
        return self.known[row.id]


def _ranks(request: Request) -> _Ranks:
    app_state = request.app.state
    if not hasattr(app_state, "player_ranks"):
        app_state.player_ranks = _Ranks(app_state.room.store)
    found: _Ranks = app_state.player_ranks
    return found


def _outcome(ranks: Sequence[int], mine: int, *, partnerships: bool, other: int | None = None) -> str:
    """``won``, ``drawn`` or ``lost``: against the seat ``other``, else the partie (won: first, no other side
    first with him)."""
    if other is not None:
        return "won" if ranks[mine] < ranks[other] else "drawn" if ranks[mine] == ranks[other] else "lost"
    if ranks[mine] > 0:
        return "lost"
    firsts = {side_of(seat, partnerships=partnerships) for seat, rank in enumerate(ranks) if rank == 0}
    return "won" if len(firsts) == 1 else "drawn"


async def player_json(request: Request, name: str) -> dict[str, Any]:
    """What ``/api/players/{name}`` answers (404: no such account)."""
    store: Store = request.app.state.room.store
    account = await account_named(store, name)
    if account is None:
        w = Words(reader_lang(request))
        raise HTTPException(404, w("There is no player {name} in this card room.", name=name[:64]))
    mine = seats.alias("mine")
    async with store.engine.connect() as connection:
        rated = {row.game: row for row in await connection.execute(
            ratings.select().where(ratings.c.account_id == account.id).order_by(ratings.c.game))}
        history = list(await connection.execute(rating_history.select().where(
            rating_history.c.account_id == account.id).order_by(rating_history.c.id)))
        played = list(await connection.execute(
            sa.select(tables, mine.c.seat.label("my_seat")).join(mine, mine.c.table_id == tables.c.id)
            .outerjoin(rating_history, sa.and_(rating_history.c.table_id == tables.c.id,
                                               rating_history.c.account_id == account.id))
            .where(mine.c.account_id == account.id)  # tables made in one second: in the order they were rated
            .where(tables.c.id.not_in(sa.select(daily_tables.c.table_id)))  # the boards of the day stay hidden
            .order_by(tables.c.created.desc(), sa.func.coalesce(rating_history.c.id, 0).desc())
            .limit(GAMES_SHOWN)))
        table_ids = [row.id for row in played]
        others: dict[str, list[_Seat]] = {table_id: [] for table_id in table_ids}
        for row in await connection.execute(
                sa.select(seats, accounts.c.name.label("account_name")).outerjoin(
                    accounts, accounts.c.id == seats.c.account_id)
                .where(seats.c.table_id.in_(table_ids)).order_by(seats.c.table_id, seats.c.seat)):
            others[row.table_id].append(_Seat(row.seat, row.name, row.account_id, row.account_name, row.bot))
    rating_of_table = {(row.game, row.table_id): row for row in history}
    games: list[dict[str, Any]] = []
    against: dict[str, dict[str, dict[str, int]]] = {}
    ranker = _ranks(request)
    for row in played:
        ranks = await ranker.of(row)
        table_seats = others[row.id]
        players = [{"seat": seat.seat, "name": _seat_label(seat), "account": seat.account_name, "bot": seat.bot}
                   for seat in table_seats if seat.seat != row.my_seat]
        entry: dict[str, Any] = {
            "table": row.id, "game": row.game, "title": load(row.game).title if row.game in GAMES else row.game,
            "status": row.status, "date": (row.finished or row.created)[:10], "seat": row.my_seat,
            "rated": bool(row.rated), "players": players, "result": None, "outcome": None,
            "table_url": f"/tables/{row.id}", "replay": None, "review": None, "rating": None}
        if row.status == FINISHED:
            entry |= {"result": row.result, "replay": f"/replay/{row.id}", "review": f"/replay/{row.id}?review=1"}
        if ranks is not None and row.my_seat < len(ranks):
            partners = load(row.game).partnerships
            entry["outcome"] = _outcome(ranks, row.my_seat, partnerships=partners)
            for seat in table_seats:
                if seat.bot is None or (partners and seat.seat % 2 == row.my_seat % 2):
                    continue
                tally = against.setdefault(row.game, {}).setdefault(seat.bot, {"won": 0, "drawn": 0, "lost": 0})
                tally[_outcome(ranks, row.my_seat, partnerships=partners, other=seat.seat)] += 1
        after = rating_of_table.get((row.game, row.id))
        if after is not None:
            entry["rating"] = _rating_json(Rating(after.mu, after.sigma))
        games.append(entry)
    measured = bot_ratings()
    return {
        "name": account.name,
        "ratings": {game: {**_rating_json(Rating(row.mu, row.sigma)), "games": row.games,
                           "history": [{"table": point.table_id, "at": point.at,
                                        **_rating_json(Rating(point.mu, point.sigma))}
                                       for point in history if point.game == game]}
                    for game, row in rated.items()},
        "games": games,
        "bots": {game: {bot: {**tally, **({"rating": round(measured[game][bot].rating.shown, 3)}
                                          if bot in measured.get(game, {}) else {})}
                        for bot, tally in levels.items()} for game, levels in against.items()},
    }


def _seat_label(seat: _Seat) -> str:
    """A seat's name as the lists show it: its account's name (a deleted account's is empty), its bot, or the
    name its player gave at the table."""
    if seat.bot is not None:
        return bot_name(seat.seat)
    if seat.account is not None:
        return seat.account_name or ""
    return seat.name or ""


async def leaderboard_json(request: Request, game: str) -> dict[str, Any]:
    """What ``/api/ratings/{game}`` answers (404: no such game)."""
    if game not in GAMES:
        w = Words(reader_lang(request))
        raise HTTPException(404, w("There is no game {game} in this card room.", game=game[:40]))
    store: Store = request.app.state.room.store
    shown = ratings.c.mu - 3 * ratings.c.sigma
    query = (sa.select(ratings, accounts.c.name).join(accounts, accounts.c.id == ratings.c.account_id)
             .where(ratings.c.game == game, accounts.c.name.is_not(None))
             .order_by(shown.desc(), accounts.c.name).limit(LEADERS))
    async with store.engine.connect() as connection:
        rows = list(await connection.execute(query))
    levels = bot_ratings().get(game, {})
    return {"game": game, "title": GAMES[game].title,
            "players": [{"rank": index + 1, "name": row.name, "games": row.games,
                         **_rating_json(Rating(row.mu, row.sigma))} for index, row in enumerate(rows)],
            "bots": [{"bot": bot, "games": level.games, **_rating_json(level.rating)}
                     for bot, level in levels.items()]}


@router.get("/api/players/{name:path}")
async def player_api(name: str, request: Request) -> dict[str, Any]:
    """A player's games, ratings (with their history) and record against each bot level (404: no such player)."""
    return await player_json(request, name)


@router.get("/api/ratings/{game}")
async def leaderboard_api(game: str, request: Request) -> dict[str, Any]:
    """The leaderboard of ``game``: its players by rating (``mu - 3 sigma``), and its bot levels on the same
    scale (404: no such game)."""
    return await leaderboard_json(request, game)


# ------------------------------------------------------------------------------------------------ the pages
CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 560, 200, 36


def rating_chart(points: Sequence[Rating], w: Words, *, title: str) -> str:
    """An SVG chart of a rating's history (``points``: from the rating a new player starts with, then after each
    rated game): the rating shown (``mu - 3 sigma``), and the estimate ``mu`` above it."""
    values = [value for point in points for value in (point.mu, point.shown)]
    low, high = min(*values, 0.0), max(*values, 1.0)
    span = high - low or 1.0
    steps = max(1, len(points) - 1)

    def xy(index: int, value: float) -> str:
        x = CHART_MARGIN + (CHART_WIDTH - 2 * CHART_MARGIN) * index / steps
        y = CHART_HEIGHT - CHART_MARGIN - (CHART_HEIGHT - 2 * CHART_MARGIN) * (value - low) / span
        return f"{x:.1f},{y:.1f}"

    shown = " ".join(xy(index, point.shown) for index, point in enumerate(points))
    estimate = " ".join(xy(index, point.mu) for index, point in enumerate(points))
    dots = "".join(f'<circle cx="{xy(index, point.shown).split(",")[0]}" cy="{xy(index, point.shown).split(",")[1]}" '
                   'r="3" class="shown"/>' for index, point in enumerate(points))
    bottom, top = CHART_HEIGHT - CHART_MARGIN, CHART_MARGIN
    shown_word, estimate_word = w("rating"), w("estimate (mu)")
    return (f'<svg class="rating-chart" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" '
            f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<line x1="{CHART_MARGIN}" y1="{bottom}" x2="{CHART_WIDTH - CHART_MARGIN}" y2="{bottom}" class="axis"/>'
            f'<line x1="{CHART_MARGIN}" y1="{top}" x2="{CHART_MARGIN}" y2="{bottom}" class="axis"/>'
            f'<text x="4" y="{top + 4}" class="tick">{high:.0f}</text>'
            f'<text x="4" y="{bottom}" class="tick">{low:.0f}</text>'
            f'<polyline points="{estimate}" class="estimate"/><polyline points="{shown}" class="shown"/>{dots}'
            f'<text x="{CHART_MARGIN}" y="{CHART_HEIGHT - 8}" class="legend shown">{escape(shown_word)}</text>'
            f'<text x="{CHART_MARGIN + 120}" y="{CHART_HEIGHT - 8}" class="legend estimate">'
            f'{escape(estimate_word)}</text></svg>')


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], *, label: str) -> str:
    """An HTML table (cells already escaped) in a box that scrolls sideways on a narrow screen."""
    header = "".join(f'<th scope="col">{cell}</th>' for cell in head)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<div class="scroll" role="region" aria-label="{escape(label)}" tabindex="0"><table>'
            f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table></div>")


def _paragraph(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def _heading(text: str) -> str:
    return f"<h2>{escape(text)}</h2>"


def _section(key: str, title: str) -> str:
    """The opening of a section titled ``title`` (its heading's id: ``<key>-title``)."""
    return f'<section aria-labelledby="{key}-title"><h2 id="{key}-title">{escape(title)}</h2>'


def _link(href: str, text: str) -> str:
    return f'<a href="{escape(href)}">{escape(text)}</a>'


def _player_link(name: str | None, w: Words, lang: str) -> str:
    if not name:
        return escape(w("a former player"))
    return _link(f"/players/{_path(name)}?lang={lang}", name)


def _path(text: str) -> str:
    return quote(text, safe="")


def _player_body(data: Mapping[str, Any], w: Words) -> str:
    lang = w.lang
    parts: list[str] = [_section("ratings", w("Ratings"))]
    if data["ratings"]:
        rows = [[_link(f"/leaderboard/{game}?lang={lang}", GAMES[game].title if game in GAMES else game),
                 f'{entry["rating"]:.1f}', f'{entry["mu"]:.1f}', f'{entry["sigma"]:.1f}', str(entry["games"])]
                for game, entry in data["ratings"].items()]
        parts.append(_table([escape(w("Game")), escape(w("Rating")), "μ", "σ", escape(w("Rated games"))], rows,
                            label=w("Ratings")))
        for game, entry in data["ratings"].items():
            title = w("{game}: the rating after each rated game",
                      game=GAMES[game].title if game in GAMES else game)
            points = [NEW, *(Rating(point["mu"], point["sigma"]) for point in entry["history"])]
            parts.append(f'<figure class="chart" data-game="{escape(game)}">{rating_chart(points, w, title=title)}'
                         f"<figcaption>{escape(title)}</figcaption></figure>")
    else:
        parts.append(_paragraph(w("No rated game yet.")))
    parts.append("</section>")
    parts.append(_section("bots", w("Against the bots")))
    if data["bots"]:
        rows = []
        for game, levels in data["bots"].items():
            for bot, tally in levels.items():
                level = escape(bot) + (f' ({tally["rating"]:.1f})' if "rating" in tally else "")
                rows.append([escape(GAMES[game].title if game in GAMES else game), level, str(tally["won"]),
                             str(tally["drawn"]), str(tally["lost"])])
        parts.append(_table([escape(w("Game")), escape(w("Bot level (its rating)")), escape(w("Won")),
                             escape(w("Drawn")), escape(w("Lost"))], rows, label=w("Against the bots")))
    else:
        parts.append(_paragraph(w("No game against a bot yet.")))
    parts.append("</section>")
    parts.append(_section("games", w("Games")))
    outcomes = {"won": w("won"), "drawn": w("drawn"), "lost": w("lost")}
    rows = []
    for game in data["games"]:
        others = ", ".join(_player_link(player["account"], w, lang) if player["account"] is not None or
                           (player["bot"] is None and not player["name"]) else escape(player["name"])
                           for player in game["players"])
        if game["status"] == FINISHED:
            result = escape(game["result"]) + (f' · {escape(outcomes[game["outcome"]])}' if game["outcome"] else "")
            replay, review = _link(game["replay"], w("replay")), _link(game["review"], w("review"))
            links = f"{replay} · {review}"
        else:
            result = escape(w("in play"))
            links = _link(game["table_url"], w("watch"))
        rating = f'{game["rating"]["rating"]:.1f}' if game["rating"] else ""
        rows.append([escape(game["date"]), escape(game["title"]), result, others, rating, links])
    if rows:
        parts.append(_table([escape(w("Date")), escape(w("Game")), escape(w("Result")),
                             escape(w("The other players")), escape(w("Rating after")), escape(w("Links"))], rows,
                            label=w("Games")))
    else:
        parts.append(_paragraph(w("No game yet.")))
    parts.append("</section>")
    return "\n".join(parts)


async def _written(request: Request, page: str,
                   answer: Callable[[], Awaitable[dict[str, Any]]],
                   draw: Callable[[dict[str, Any], Words], tuple[str, str]]) -> HTMLResponse:
    """The page ``page`` drawn by ``draw`` (its title and body) from what the API ``answer``s, in the reader's
    language; the API's 404 as a page with the way back to the lobby."""
    w = Words(reader_lang(request))
    try:
        data = await answer()
    except HTTPException as error:
        lobby = _link(f"/?lang={w.lang}", w("Go to the lobby"))
        return written_page(w, page="missing", title=w("Not found"),
                            body=f"{_paragraph(str(error.detail))}<p>{lobby}</p>", status=404)
    title, body = draw(data, w)
    return written_page(w, page=page, title=title, body=body)


@router.get("/players/{name:path}", response_class=HTMLResponse, include_in_schema=False)
async def player_page(name: str, request: Request) -> HTMLResponse:
    """A player's page (404: no such player)."""
    return await _written(request, "player", lambda: player_json(request, name),
                          lambda data, w: (data["name"], _player_body(data, w)))


@router.get("/leaderboard/{game}", response_class=HTMLResponse, include_in_schema=False)
async def leaderboard_page(game: str, request: Request) -> HTMLResponse:
    """A game's leaderboard (404: no such game)."""
    return await _written(request, "leaderboard", lambda: leaderboard_json(request, game), _leaderboard_body)


def _leaderboard_body(data: Mapping[str, Any], w: Words) -> tuple[str, str]:
    lang = w.lang
    rows = [[str(player["rank"]), _player_link(player["name"], w, lang), f'{player["rating"]:.1f}',
             str(player["games"])] for player in data["players"]]
    parts = [_table([escape(w("Rank")), escape(w("Player")), escape(w("Rating")), escape(w("Rated games"))], rows,
                    label=w("Players")) if rows else _paragraph(w("No rated game yet."))]
    parts.append(_heading(w("The bots on the same scale")))
    if data["bots"]:
        parts.append(_table([escape(w("Bot level")), escape(w("Rating")), "μ", "σ", escape(w("Parties measured"))],
                            [[escape(bot["bot"]), f'{bot["rating"]:.1f}', f'{bot["mu"]:.1f}', f'{bot["sigma"]:.1f}',
                              str(bot["games"])] for bot in data["bots"]], label=w("The bots on the same scale")))
    else:
        parts.append(_paragraph(w("The bots of this game have not been measured.")))
    parts.append("<nav><p>" + " · ".join(_link(f"/leaderboard/{name}?lang={lang}", GAMES[name].title)
                                         for name in GAMES) + "</p></nav>")
    return w("Leaderboard: {game}", game=data["title"]), "\n".join(parts)
