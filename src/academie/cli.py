"""The ``academie`` command: play against a bot, replay a record, simulate bots, report the rules.

``academie play ecarte`` · ``academie replay FILE`` · ``academie simulate ecarte --deals N --seed S --bots A,B``
· ``academie tournament ecarte --bots random,classical,search --deals N`` · ``academie rules ecarte``. Every
command that prints data takes ``--json``. Errors the user can fix (an unknown game, a bad option, an unreadable
record, a file that cannot be written) print one line saying what was wrong and what is allowed, and exit with
code 2, before any long work starts. Long commands report their progress on standard error: a live bar on a
terminal, plain lines otherwise (:class:`ProgressReport`).

This module is a client of the library: it is the only place (with ``bench/``) that reads the clock, the
operating system's randomness (the default seed of ``play``) or the terminal.
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib
import inspect
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import StrEnum
from fractions import Fraction
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Annotated, Any, Final, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from academie import duplicate as duplicates
from academie import laws, record, referee, sim
from academie import review as reviews
from academie import tournament as tournaments
from academie.engine import JSON, AcademieError, Game, Operation, Rules, rules_from_dict, rules_to_dict
from academie.games import GAMES, GameType, available, load
from academie.hint import hint
from academie.picture import draw_tally
from academie.terminal import Screen, Session, marked_move_words, print_replay, rebuild
from academie.words import LANGUAGES, Words, language_of_environment

COMMAND_ORDER: Final = ("play", "replay", "review", "rules", "referee", "simulate", "tournament", "duplicate",
                        "analyse", "ladder", "serve", "ratings")
"""The commands as ``academie --help`` lists them: a player's first."""
GAME_NAMES: Final = ", ".join(GAMES)
"""The games a command takes, as its help says them."""


def _plain_types(params: Sequence[Any]) -> None:
    """Show each option's value as a word a user reads (N, FILE, TEXT), not as a Python type (``<int>``,
    ``<list[str]>``); a flag shows none."""
    for param in params:
        if getattr(param, "is_flag", False):
            label = ""
        elif param.metavar is not None:
            label = param.metavar
        else:
            shown = str(param.display_type(None) if hasattr(param, "display_type") else "").strip("<>")
            label = {"int": "N", "float": "X", "path": "FILE", "str": "TEXT", "list[str]": "TEXT",
                     "list[path]": "FILE"}.get(shown, shown)
        param.display_type_rich = lambda ctx, label=label: label


class _PlainTypes:
    """A command whose help shows values as words, with -h as well as --help (:func:`_plain_types`)."""

    params: list[Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain_types(self.params)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        _plain_types([option] if option is not None else [])
        return option


class _Command(_PlainTypes, typer.core.TyperCommand):
    pass


class _Group(_PlainTypes, typer.core.TyperGroup):
    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(names, key=lambda name: COMMAND_ORDER.index(name) if name in COMMAND_ORDER else len(names))


app = typer.Typer(name="academie", add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  cls=_Group, context_settings={"help_option_names": ["-h", "--help"]},
                  help="Académie: classic French card games from the 19th-century books: "
                       + ", ".join(f"{game.title} ({name})" for name, game in GAMES.items())
                       + f". Start with: academie play {available()[0]}.")


def _version(asked: bool) -> None:
    if asked:
        from academie import __version__  # the package's own, read when asked (no circle at import)

        typer.echo(f"academie {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", help="Print the version and exit.", callback=_version, is_eager=True)] = False) -> None:
    """Académie: classic French card games from the 19th-century books."""

RECORD_SUFFIXES = (".acad", ".json")
"""The record file types: the text format and its JSON twin (docs/record-format.md)."""
EXIT_USAGE = 2
"""The exit code of every error the user can fix (the same as for a mistyped option)."""
PLAIN_PROGRESS_SECONDS: Final = 10.0
"""Without a terminal, a progress line at each tenth of the work, and at least this often while work advances."""
WRITABLE = "allowed: a file in a folder you can write to"


def _players_option(game: GameType, players: int | None) -> dict[str, int]:
    """``--players N``: passed to ``GameType.new`` for games with a variable number of seats."""
    if players is None:
        return {}
    if game.min_seats == game.max_seats:
        if players != game.min_seats:
            fail(f"--players {players} is not allowed for {game.name}; allowed: {game.min_seats}")
        return {}
    if not game.min_seats <= players <= game.max_seats:
        fail(f"--players {players} is not allowed for {game.name}; allowed: {game.min_seats} to {game.max_seats}")
    return {"players": players}


class FirstDealer(StrEnum):
    me = "me"
    bot = "bot"


# ------------------------------------------------------------------------------------------------ serve
WS_PING_INTERVAL: Final = 60.0
"""``--ws-ping-interval``'s default: at 20 s (uvicorn's) the pings of 2,000 connections took about 2% of the server's
event loop at 1,000 tables (issue 33); a minute finds a vanished client soon enough for a card table (a player's
closed page is seen at once) and stays within the 120 s nginx waits for the server in the deployment set-up."""


def _daily_day(day: str | None) -> str | None:
    """``--daily-day`` checked (a usage error names the form allowed)."""
    if day is None:
        return None
    try:
        return datetime.date.fromisoformat(day).isoformat()
    except ValueError:
        raise typer.BadParameter(f"{day!r} is not a day; allowed: YYYY-MM-DD", param_hint="--daily-day") from None


@app.command(cls=_Command)
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on (0.0.0.0: every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[str, typer.Option(
        help="The database: sqlite:///FILE (the default) or postgresql://USER:PASSWORD@HOST:PORT/DATABASE for several "
             "processes (served by the aiosqlite and asyncpg drivers).")] = "sqlite:///academie.db",
    workers: Annotated[int, typer.Option(
        help="Server processes (one a core), each serving every table: more than 1 needs a PostgreSQL --db.",
        min=1, max=64)] = 1,
    bot_processes: Annotated[int | None, typer.Option(
        help="Processes per pool of bots, in each server process (default: the cores, at most 4).", min=1,
        max=64)] = None,
    message_rate: Annotated[float, typer.Option(
        help="Messages a connection may send each second (bursts of twice as many).", min=0.1)] = 20.0,
    allowed_origin: Annotated[list[str] | None, typer.Option(
        help="An origin (http://HOST:PORT) whose pages may use the room; repeat it for several. Default: "
             "http://HOST:PORT, with localhost, 127.0.0.1 and [::1] when listening on loopback.")] = None,
    create_rate: Annotated[float, typer.Option(
        help="New tables one address may create each minute, after a burst of --create-burst.", min=0.01)] = 2.0,
    create_burst: Annotated[float, typer.Option(help="New tables one address may create at once.", min=1)] = 10.0,
    max_live_tables: Annotated[int, typer.Option(
        help="Tables kept in memory; past this, the idle ones leave it (the database keeps them).", min=1)] = 1000,
    review_level: Annotated[str, typer.Option(
        help="The bots that play the deals out in the reviews of finished games.")] = "classical",
    review_samples: Annotated[int, typer.Option(
        help="Worlds per decision in the reviews of finished games (more: slower, more precise).", min=2)] = 32,
    bots_after: Annotated[float, typer.Option(
        help="Play now: the seconds a player waits in the queue before he may fill the empty seats with bots.",
        min=0)] = 30.0,
    ticket_expires: Annotated[float, typer.Option(
        help="Play now: a waiting player whose page has not asked for his ticket for this many seconds has left.",
        min=1)] = 10.0,
    daily_boards: Annotated[int, typer.Option(
        help="The board of the day: boards per game and day (the room's secret key, which deals them, is read from "
             "the environment variable ACADEMIE_DAILY_KEY).", min=1, max=8)] = 1,
    daily_day: Annotated[str | None, typer.Option(
        help="The board of the day: a fixed day, YYYY-MM-DD (a demonstration, a test); default: the server's date "
             "in UTC.")] = None,
    ws_deflate: Annotated[bool, typer.Option(
        "--ws-deflate/--no-ws-deflate",
        help="Compress WebSocket messages (per-message deflate) when a client offers it: fewer bytes on a slow link, "
             "more CPU per message on the server. Off by default: a picture is a few kilobytes of JSON.")] = False,
    ws_ping_interval: Annotated[float, typer.Option(
        help="Seconds between the server's pings of each WebSocket: a client gone without closing (its network "
             "lost) is found within this and 20 s more. Each ping and its answer cost the server about as much as a "
             "message; a proxy in front must wait longer than this for the server (nginx's proxy_read_timeout).",
        min=1.0)] = WS_PING_INTERVAL,
    commit_window_ms: Annotated[float | None, typer.Option(
        help="Milliseconds the first action (or other write) of a batch waits for those behind it, so that they share "
             "one commit and one wake-up of the writer: at most that much latency added to an action, less CPU an "
             "action when many tables play (default: 2 ms; 0: none; at most 50).")] = None,
) -> None:
    """The card room: play with friends in the browser, bots in the empty seats (docs/card-room.md)."""
    import uvicorn  # the server's dependencies load only for this command

    from academie.room.limits import MAX_MESSAGE_BYTES
    from academie.room.processes import FACTORY, application
    from academie.room.processes import environment as processes_environment

    url, origins = _room_address(db, host, port, allowed_origin or [], workers)
    window = _commit_window(commit_window_ms)
    options: dict[str, object] = {
        "database_url": url, "origins": origins, "workers": bot_processes, "message_rate": message_rate,
        "create_rate": create_rate, "create_burst": create_burst, "max_live": max_live_tables, "scheduled_gc": True,
        "review_level": review_level, "review_samples": review_samples,
        "queue": {"bots_after": bots_after, "expires": ticket_expires},
        "daily": {"boards": daily_boards, "day": _daily_day(daily_day)}, "commit_window": window}
    from sqlalchemy.engine import make_url

    console = Console(stderr=True, highlight=False)
    shown = make_url(url).render_as_string(hide_password=True)
    processes = f" · {workers} processes" if workers > 1 else ""
    console.print(f"Académie card room on http://{host}:{port}/ · database {escape(shown)}{processes} · pages from "
                  f"{escape(', '.join(origins))}")
    if host in ("0.0.0.0", "::") and not allowed_origin:
        console.print("Pages reached by another name than these need --allowed-origin http://NAME:PORT.")
    served = {"host": host, "port": port, "log_level": "warning", "ws_max_size": 4 * MAX_MESSAGE_BYTES,
              "ws_ping_interval": ws_ping_interval, "ws_ping_timeout": 20.0, "ws_per_message_deflate": ws_deflate}
    if workers == 1:
        uvicorn.run(application(options), **served)  # type: ignore[arg-type]
        return
    # uvicorn's supervisor: one socket, N spawned processes, each built from the options, a dead one started again
    os.environ.update(processes_environment(options))
    uvicorn.run(FACTORY, factory=True, workers=workers, **served)  # type: ignore[arg-type]


def _commit_window(milliseconds: float | None) -> float:
    """``--commit-window-ms`` in seconds (None: the room's default); exits on a value not allowed."""
    from academie.room.writer import WINDOW, WINDOW_MOST, WindowError, checked_window

    if milliseconds is None:
        return WINDOW
    try:
        return checked_window(milliseconds / 1000)
    except WindowError:
        fail(f"--commit-window-ms {milliseconds:g} is not allowed; allowed: 0 (no window) to "
             f"{WINDOW_MOST * 1000:g} milliseconds")


def _room_address(db: str, host: str, port: int, given: Sequence[str],
                  workers: int) -> tuple[str, tuple[str, ...]]:
    """``serve``'s database URL with its asynchronous driver, and the origins it serves (exits on a bad one, or on
    several processes with a database they cannot share)."""
    from academie.room.limits import RoomInputError, normal_origin, served_origins
    from academie.room.processes import WorkersNeedPostgreSQL, check_workers
    from academie.room.store import DatabaseURLError, with_async_driver

    try:
        url = with_async_driver(db)
        check_workers(url, workers)
        origins = tuple(normal_origin(origin) for origin in given) or served_origins(host, port)
    except WorkersNeedPostgreSQL as error:
        fail(f"--workers: {error}")
    except (DatabaseURLError, RoomInputError) as error:
        fail(f"{'--db' if isinstance(error, DatabaseURLError) else '--allowed-origin'}: {error}")
    return url, origins


# ------------------------------------------------------------------------------------------------ analyse --report
BOOKS_ANALYSES: Final = {game.name: game.books_report for game in GAMES.values() if game.books_report}
"""The games whose old books' advice ``academie analyse GAME --report DIR`` checks, and the module that does it
(``plan``, ``run_job``, ``build_report``), as each game declares it."""
OPENING_ANALYSES: Final = {game.name: game.opening_report for game in GAMES.values() if game.opening_report}
"""The games whose first decisions ``academie analyse GAME --opening --report DIR`` solves as a game."""
MAX_ANALYSIS_SIZE: Final = 100_000


def books_report(game: str, directory: Path, *, seed: int, size: int, workers: int, backend: str = "process",
                 opening: bool = False, chunks: int = 0) -> None:
    """``academie analyse GAME --report DIR``: the old books' claims checked by computation, written as Markdown
    and HTML with plots (:mod:`academie.report`); ``all`` writes each game's into ``DIR/<game>``. The jobs run on
    the tournament's process pool, with progress. A report that keeps chunks of played deals beside it (its
    module has ``chunk_jobs``, ``keep_chunk`` and ``stored_samples``) is built from the run and every chunk kept;
    ``chunks`` plays that many more first, each kept as it ends. A module with ``data_files`` also writes the
    report's data beside it (the solved opening's equilibrium)."""
    if not 1 <= workers <= tournaments.MAX_WORKERS:
        fail(f"--workers {workers} is not allowed; allowed: 1 to {tournaments.MAX_WORKERS}")
    if chunks < 0:
        fail(f"--chunks {chunks} is not allowed; allowed: 0 or more")
    if not 1 <= size <= MAX_ANALYSIS_SIZE:
        fail(f"--size {size} is not allowed; allowed: 1 to {MAX_ANALYSIS_SIZE:,}")
    if directory.exists() and not directory.is_dir():
        fail(f"cannot write the report to {directory}: it is not a folder; allowed: a folder you can write to")
    modules = OPENING_ANALYSES if opening else BOOKS_ANALYSES
    what = "solved opening" if opening else "report of the books' advice"
    names = list(modules) if game == "all" else [load_game(game).name]
    for name in names:
        if name not in modules:
            fail(f"no {what} for {name}; games with one: {', '.join(modules)}, or all")
    flag = " --opening" if opening else ""
    command = f"academie analyse {game}{flag} --report {directory} --seed {seed} --size {size}"
    if chunks and not any(hasattr(importlib.import_module(modules[name]), "chunk_jobs") for name in names):
        fail(f"--chunks: no {what} of {game} keeps chunks; reports with chunks: "
             f"{', '.join(n for n, m in modules.items() if hasattr(importlib.import_module(m), 'chunk_jobs'))}")
    for name in names:
        target = directory / name if game == "all" else directory
        _books_report(modules[name], name, target, seed=seed, size=size, workers=workers, command=command,
                      backend=backend, chunks=chunks)


def _books_report(module_name: str, name: str, directory: Path, *, seed: int, size: int, workers: int, command: str,
                  backend: str, chunks: int = 0) -> None:
    from academie.report import write as write_report

    module = importlib.import_module(module_name)
    stored: dict[str, Any] = {}
    if hasattr(module, "chunk_jobs"):
        with user_errors():
            more = module.chunk_jobs(directory, seed=seed, count=chunks)
        if more:
            with user_errors(), ProgressReport(f"analyse {name}: chunks", "chunks") as progress:
                progress.update(0, len(more))
                for done, (index, result) in enumerate(tournaments.run_work(module.run_job, more, backend=backend,
                                                                            workers=workers), start=1):
                    module.keep_chunk(directory, more[index], result)
                    progress.update(done, len(more))
        with user_errors():
            stored["stored"] = module.stored_samples(directory, seed=seed)
    with user_errors():
        jobs = module.plan(seed=seed, size=size)
    results: list[Any] = [None] * len(jobs)
    with user_errors(), ProgressReport(f"analyse {name}", "jobs") as progress:
        progress.update(0, len(jobs))
        for done, (index, result) in enumerate(tournaments.run_work(module.run_job, jobs, backend=backend,
                                                                    workers=workers), start=1):
            results[index] = result
            progress.update(done, len(jobs))
        report = module.build_report(results, seed=seed, size=size, command=command, **stored)
        written = write_report(report, directory)
        if hasattr(module, "data_files"):  # the report's data, beside it
            for file_name, text in module.data_files(results, seed=seed, size=size, command=command).items():
                (directory / file_name).write_text(text, encoding="utf-8")
                written += (directory / file_name,)
    console = _out()
    for path in written:
        console.print(f"written {escape(str(path))}")


# ------------------------------------------------------------------------------------------------ ratings
ratings_app = typer.Typer(cls=_Group, no_args_is_help=True, help="The card room's ratings (OpenSkill, per game).")
app.add_typer(ratings_app, name="ratings")


@ratings_app.command("bots", cls=_Command)
def ratings_bots(
    boards: Annotated[list[str] | None, typer.Option(
        help="Boards per pair of adjacent levels (each board: one seed of deals played as a whole partie once per "
             "seating): N for every game or GAME=N (repeatable; default: 20).")] = None,
    pair_boards: Annotated[list[str] | None, typer.Option(
        "--pair-boards", help="Boards for one pair, as GAME:WEAKER:STRONGER=N (repeatable).")] = None,
    seed: Annotated[int, typer.Option(help="The seed of the parties (recorded in the file).")] = 0,
    game: Annotated[list[str] | None, typer.Option(help="A game to measure (repeatable; default: every game).")]
    = None,
    workers: Annotated[int, typer.Option(help="Processes playing the parties (the results do not depend on it).")]
    = 1,
    store: Annotated[Path | None, typer.Option(help="A folder where the parties are kept as they are played, and "
                                                    "read back when the command runs again (resuming).")] = None,
    out: Annotated[Path | None, typer.Option(help="The file to write (default: the one the room reads, "
                                                  "academie/room/bot_ratings.json).")] = None,
) -> None:
    """Measure each game's bot levels on the players' rating scale (whole parties between adjacent levels, in
    duplicate) and write the fixed ratings the card room's rated tables give them."""
    from academie.room import bot_levels
    from academie.room.ratings import BOT_RATINGS_FILE

    names = [load_game(name).name for name in game] if game else list(GAMES)
    counts = _counts_by_game(boards or ["20"], "--boards", zero=False)
    per_game = {name: counts.get(name, counts.get("", 20)) for name in names}
    extra = _pair_counts(pair_boards or [])
    target = out or Path(str(resources.files("academie.room").joinpath(BOT_RATINGS_FILE)))
    check_output(target, "the ratings")

    def said(name: str, done: int, total: int) -> None:
        typer.echo(f"{name}: {done}/{total} parties", err=True)

    with user_errors():
        command = ("academie ratings bots" + "".join(f" --boards {text}" for text in boards or ["20"])
                   + "".join(f" --pair-boards {text}" for text in pair_boards or [])
                   + f" --seed {seed}" + "".join(f" --game {n}" for n in game or []))
        measured = bot_levels.measure_all(names, boards=per_game, pair_boards=extra, seed=seed, out=target,
                                          command=command, workers=workers, store=store, progress=said)
    for result in measured:
        typer.echo(f"{result.game}: " + ", ".join(f"{level.bot} mu {level.rating.mu:.1f} sigma {level.rating.sigma:.1f}"
                                                  for level in result.levels))
    typer.echo(f"written: {target}")


# ------------------------------------------------------------------------------------------------ ladder
@app.command("ladder", cls=_Command)
def ladder_command(
    games: Annotated[list[str], typer.Argument(help="The games whose ladder to run.")],
    out: Annotated[Path, typer.Option(help="The folder of the results: <game>.json, <game>.png, ladder.md.")]
    = Path("docs/ladder"),
    boards: Annotated[list[str] | None, typer.Option(
        help="Boards per pair of adjacent levels: N for every game or GAME=N (repeatable; default: 200).")] = None,
    pair_boards: Annotated[list[str] | None, typer.Option(
        "--pair-boards", help="Boards for one pair, as GAME:WEAKER:STRONGER=N (repeatable).")] = None,
    oracle_boards: Annotated[list[str] | None, typer.Option(
        help="Boards of each level against the perfect-information player, where the game has one: N for every game "
             "or GAME=N (repeatable; default: none).")] = None,
    timing_deals: Annotated[int, typer.Option(help="Deals per level on which decision times are measured.")] = 5,
    seed: Annotated[int, typer.Option(help="The seed of every tournament of the ladder.")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes (default: every core).")] = None,
    readme: Annotated[Path | None, typer.Option(
        help="A README whose <!-- ladder --> ... <!-- /ladder --> block receives the table.")] = None,
    levels: Annotated[list[str] | None, typer.Option(
        help="The levels, comma-separated, for every game or as GAME=A,B,C (repeatable; default: every bot).")]
    = None,
    tournament: Annotated[list[Path] | None, typer.Option(
        help="Results of `academie tournament --out` whose pairs of adjacent levels stand as rungs (repeatable).")]
    = None,
) -> None:
    """Each game's ladder of bots, weakest first, adjacent levels measured in duplicate with 95% intervals."""
    from academie import ladder as ladders

    extra = _pair_counts(pair_boards or [])
    chosen: dict[str, list[str]] = {}
    for text in levels or []:
        name, _, names = text.rpartition("=")
        chosen[load_game(name).name if name else ""] = names.split(",")
    per_game = _counts_by_game(boards or ["200"], "--boards", zero=False)
    oracle = _counts_by_game(oracle_boards or ["0"], "--oracle-boards", zero=True)
    if any(n < 2 for pairs in extra.values() for n in pairs.values()):
        fail("boards per pair must be at least 2 (intervals need two boards)")
    results = []
    with user_errors():
        played = [json.loads(path.read_text(encoding="utf-8")) for path in tournament or []]
        for name in games:
            game_type = load_game(name)
            results.append(ladders.ladder(game_type.name, boards=per_game.get(game_type.name, per_game.get("", 200)),
                                          seed=seed, workers=workers,
                                          pair_boards=extra.get(game_type.name),
                                          oracle_boards=oracle.get(game_type.name, oracle.get("", 0)),
                                          timing_deals=timing_deals, levels=chosen.get(game_type.name, chosen.get("")),
                                          store=out, played=played,
                                          progress=lambda line: typer.echo(f"ladder: {line}", err=True)))
        written = ladders.write(results, out, readme=readme)
    console = _out()
    console.print(escape(ladders.table(results)))
    for path in written:
        console.print(f"written {escape(str(path))}")


def _pair_counts(texts: Sequence[str]) -> dict[str, dict[tuple[str, str], int]]:
    """``GAME:WEAKER:STRONGER=N`` per text: the boards of one pair of levels, by game."""
    extra: dict[str, dict[tuple[str, str], int]] = {}
    for text in texts:
        pair, _, count = text.partition("=")
        parts = pair.split(":")
        if len(parts) != 3 or not count.isdigit():
            fail(f"--pair-boards {text!r} is not allowed; allowed: GAME:WEAKER:STRONGER=N, "
                 f"e.g. {available()[0]}:search:expert=2000")
        extra.setdefault(load_game(parts[0]).name, {})[(parts[1], parts[2])] = int(count)
    return extra


def _counts_by_game(texts: Sequence[str], option: str, *, zero: bool) -> dict[str, int]:
    """``N`` (key "": every game) or ``GAME=N`` per text; N at least 2 (boards for an interval), or 0 if ``zero``."""
    counts: dict[str, int] = {}
    for text in texts:
        name, _, count = text.rpartition("=")
        if not count.isdigit() or not (int(count) >= 2 or (zero and int(count) == 0)):
            fail(f"{option} {text!r} is not allowed; allowed: N or GAME=N, N at least 2" + (" or 0" if zero else ""))
        counts[load_game(name).name if name else ""] = int(count)
    return counts


def main() -> None:
    """The console entry point (``academie = "academie.cli:main"``)."""
    app()


# ------------------------------------------------------------------------------------------------ helpers
def _out() -> Console:
    return Console(highlight=False, soft_wrap=True)


def fail(message: str) -> NoReturn:
    """Print one line on standard error and exit with code 2."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"academie: error: {escape(message)}")
    raise typer.Exit(EXIT_USAGE)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's typed errors and file errors into a one-line message and exit code 2."""
    try:
        yield
    except (AcademieError, ValueError) as error:
        fail(str(error).replace("\n", " "))
    except OSError as error:
        fail(f"{error.strerror or error}: {error.filename}" if error.filename else str(error))


def check_output(path: Path, what: str) -> None:
    """Fail now unless ``path`` can be written: the command writes it only at the end, and a game or a
    tournament would otherwise be lost to a mistyped path. Missing folders are created; a file made only to
    try is removed."""
    for ancestor in path.parents:  # the nearest existing one decides whether the folders can be made
        if os.path.lexists(ancestor):
            if not ancestor.is_dir():
                fail(f"cannot write {what} to {path}: {ancestor} is not a folder; {WRITABLE}")
            break
    if path.is_dir():
        fail(f"cannot write {what} to {path}: it is a folder; {WRITABLE}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:  # an existing file is kept as it is until it is replaced at the end
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND))
        else:
            os.close(descriptor)
            path.unlink()
    except OSError as error:
        fail(f"cannot write {what} to {path}: {error.strerror or error}; {WRITABLE}")


def stderr_is_terminal() -> bool:
    """Whether progress can be drawn as a live bar (else it is written as plain lines)."""
    return sys.stderr.isatty()


def _duration(seconds: float) -> str:
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{int(seconds // 60)} min {int(seconds % 60):02d} s"
    return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60):02d} min"


class ProgressReport:
    """The progress of a long command on standard error: a live bar on a terminal; otherwise (a pipe, a log
    file, CI) plain lines such as ``tournament: 120/400 deals, 30%, ~40 s left``, at each tenth of the work and
    every :data:`PLAIN_PROGRESS_SECONDS` at least, so that an unattended run shows it is alive.

    Use as a context manager and call :meth:`update`; ``total`` None means the amount of work is not known.
    A new ``stage`` (a part of the work with its own count) starts a new bar or a new series of lines."""

    def __init__(self, label: str, unit: str) -> None:
        self.label = label
        self.unit = unit
        self.terminal = stderr_is_terminal()
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._stage: str | None = None
        self._stage_started = self._last_line = 0.0
        self._last_tenth = -1

    def __enter__(self) -> ProgressReport:
        if self.terminal:
            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                       TextColumn("{task.fields[unit]}"), TimeElapsedColumn(), TextColumn("ETA"),
                       TimeRemainingColumn(), TextColumn("{task.fields[detail]}"))
            self._bar = Progress(*columns, console=Console(stderr=True), transient=True)
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()

    def update(self, done: int, total: int | None, *, stage: str = "", unit: str | None = None,
               detail: str = "") -> None:
        """``done`` of ``total`` units of work (of ``stage``, if the work has several)."""
        name = f"{self.label}: {stage}" if stage else self.label
        unit = unit or self.unit
        now = time.monotonic()
        new_stage = stage != self._stage
        if new_stage:
            self._stage, self._stage_started, self._last_tenth = stage, now, -1
        if self._bar is not None:
            if new_stage or self._task is None:
                if self._task is not None:
                    self._bar.remove_task(self._task)
                self._task = self._bar.add_task(name, total=total, unit=unit, detail=detail)
            self._bar.update(self._task, completed=done, total=total, unit=unit, detail=detail)
            return
        tenth = min(10, done * 10 // total) if total else None
        if not (new_stage or (tenth is not None and tenth > self._last_tenth)
                or now - self._last_line >= PLAIN_PROGRESS_SECONDS):
            return
        if tenth is not None:
            self._last_tenth = tenth
        self._last_line = now
        elapsed = now - self._stage_started
        if total:
            line = f"{name}: {done}/{total} {unit}, {100 * done // total}%"
            if done >= total:
                line += f", done in {_duration(elapsed)}"
            elif done:
                line += f", ~{_duration(elapsed * (total - done) / done)} left"
        else:
            line = f"{name}: {done} {unit}, {_duration(elapsed)} so far"
        sys.stderr.write(line + (f", {detail}" if detail else "") + "\n")
        sys.stderr.flush()


def load_game(name: str) -> GameType:
    with user_errors():
        return load(name)


def _coerce(game: GameType, key: str, value: str) -> JSON:
    """A rules option typed on the command line, read as the type of its default value."""
    defaults = rules_to_dict(game.rules())
    if key not in defaults:
        return value  # rules_from_dict names the unknown option and lists the known ones
    default = defaults[key]
    if isinstance(default, bool):
        truth = {"true": True, "yes": True, "on": True, "1": True,
                 "false": False, "no": False, "off": False, "0": False}
        if value.lower() not in truth:
            raise ValueError(f"rules option {key}={value!r} is not allowed; allowed: true, false")
        return truth[value.lower()]
    if isinstance(default, int):
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"rules option {key}={value!r} is not allowed; allowed: a whole number") from None
    if isinstance(default, list):
        parts = value.replace("-", ",").replace("+", ",").split(",")
        try:
            return [int(part) for part in parts]
        except ValueError:
            raise ValueError(f"rules option {key}={value!r} is not allowed; allowed: numbers as in "
                             f"{'-'.join(map(str, default))}") from None
    return value


def parse_rules(game: GameType, options: Sequence[str]) -> Rules:
    """The game's rules with ``key=value`` options applied (``mode=table``, ``must_trump=false``, ...)."""
    with user_errors():
        data: dict[str, JSON] = {}
        for option in options:
            key, sep, value = option.partition("=")
            if not sep or not key.strip():
                known = ", ".join(rules_to_dict(game.rules()))
                raise ValueError(f"rules option {option!r} must be key=value; known options: {known}")
            data[key.strip()] = _coerce(game, key.strip(), value.strip())
        return rules_from_dict(game.rules, data)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


# ------------------------------------------------------------------------------------------------ play
@app.command(cls=_Command)
def play(
    game: Annotated[str, typer.Argument(
        help=f"The game to play: {GAME_NAMES}.", metavar="GAME")] = available()[0],
    bot: Annotated[str | None, typer.Option("--level", "--bot", metavar="LEVEL", help="The bots' level: random, "
                                            "classical, search or expert (default: the strongest).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deals (default: a random one, told at the end).")]
    = None,
    first_dealer: Annotated[FirstDealer | None, typer.Option(
        help="Who deals first (default: cut or draw for the deal).")] = None,
    rules_option: Annotated[list[str] | None, typer.Option(
        "--rules-option", metavar="KEY=VALUE",
        help="A rules option (repeatable), e.g. must_trump=false, mode=table (irregular acts under the laws).")]
    = None,
    save: Annotated[Path | None, typer.Option(help="Where to save the record (default: records/<game>-<seed>.acad).")]
    = None,
    players: Annotated[int | None, typer.Option(
        help="Number of players, for games played by a varying number: " + ", ".join(
            f"{name} {game.min_seats} to {game.max_seats}" for name, game in GAMES.items()
            if game.min_seats != game.max_seats) + ".")] = None,
    form: Annotated[str | None, typer.Option(
        help="The form of the game, for games played in several forms, as --rules-option form=F.")] = None,
    seat: Annotated[int, typer.Option(
        help="Your seat, from 0, in the order of play (in a game of partnerships your partner sits opposite: "
             "0 and 2, 1 and 3); bots take the others. The table shows each seat's name.")] = 0,
    lang: Annotated[str | None, typer.Option(metavar="en|fr",
                                             help="The language (default: the locale's).")] = None,
    resume: Annotated[Path | None, typer.Option(
        help="Continue an unfinished game from its record (the seed, seats and bots are read from it).")] = None,
) -> None:
    """Play a game against bots in the terminal (type `help` during the game); the record is written as you play."""
    language = _language(lang)
    console = _out()
    if resume is not None:
        game_type, state, seed, seat, bot_name, tags, comments = _resumed(resume)
        words = Words(language, game=game_type.name)
        target = resume
        screen = _screen(console, words)
        screen.say(f"{game_type.title} · " + words(
            "{path} resumed at action {count} · type help for the commands", path=str(resume),
            count=len(state.operations)))
        history: Sequence[Operation] = state.operations
    else:
        game_type = load_game(game)
        words = Words(language, game=game_type.name)
        rules = parse_rules(game_type, [*(rules_option or []), *([f"form={form}"] if form else [])])
        bot_name = bot or game_type.strongest()
        if bot_name not in game_type.bot_names():
            fail(f"unknown bot {bot_name!r} for {game_type.name}; available: {', '.join(game_type.bot_names())}")
        chosen_seed = seed is not None
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        # a seed the player did not choose is told at the end: with it, the deals could be dealt again and seen
        name = f"{game_type.name}-{seed}" if chosen_seed else \
            f"{game_type.name}-{datetime.datetime.now().strftime('%Y%m%d-%H%M%S')}"
        target = save or _new_record_path(Path("records"), name, keep_old=not chosen_seed)
        if target.suffix.lower() not in RECORD_SUFFIXES:
            fail(f"cannot save a record as {target}: allowed file types: {', '.join(RECORD_SUFFIXES)}")
        check_output(target, "the record (--save)")
        with user_errors():
            state = game_type.new(rules, seed=seed, **_players_option(game_type, players))
        seats = len(state.returns())
        if not 0 <= seat < seats:
            fail(f"--seat {seat} is not a seat of {game_type.name}; allowed: 0 to {seats - 1}")
        if first_dealer is not None:
            dealer = seat if first_dealer is FirstDealer.me else (seat + 1) % seats
            with user_errors():
                state = game_type.new(rules, seed=seed, first_dealer=dealer, **_players_option(game_type, players))
        tags = {"Date": datetime.date.today().isoformat(), "Seed": str(seed)}
        tags |= {f"Seat{s}": "Player" if s == seat else f"Bot ({bot_name})" for s in range(seats)}
        comments = {}
        history = ()
        told = words("seed {seed} (play the same deals again with --seed {seed})", seed=seed) if chosen_seed \
            else words("a new seed (told at the end of the game)")
        screen = _screen(console, words)
        level = {"random": words("random"), "classical": words("classical"), "search": words("search"),
                 "expert": words("expert")}.get(bot_name, bot_name)
        screen.say(f"{game_type.title} · " + words(
            "{level} bots · {seed} · type help for the commands", level=level, seed=told))
    _play_session(game_type, state, seat=seat, seed=seed, bot_name=bot_name, target=target, tags=tags,
                  comments=comments, words=words, console=console, history=history, screen=screen)


SETTINGS_FILE: Final = "settings.json"
"""The player's settings, in ``$XDG_CONFIG_HOME/academie/`` (``~/.config/academie/`` when it is not set)."""


def settings_path() -> Path:
    """Where the player's settings are kept: ``$XDG_CONFIG_HOME/academie/settings.json``, as the XDG base
    directories say (``~/.config`` when the variable is unset or not absolute)."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".config"
    return root / "academie" / SETTINGS_FILE


def read_settings() -> dict[str, JSON]:
    """The player's settings (empty when there are none, or when the file cannot be read as a JSON object)."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_setting(name: str, value: JSON) -> None:
    """Keep one setting for the next games; a settings file that cannot be written is left as it is (the choice
    still holds for this game)."""
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(read_settings() | {name: value}, indent=2) + "\n", encoding="utf-8")
    except OSError:
        pass


def why_setting() -> bool:
    """Whether the bots' reasons are told: ``why on|off`` in a game keeps it (default: on)."""
    return read_settings().get("why") is not False


THINKING_DELAY: Final = 0.5
"""Seconds a bot may think before the screen says it is thinking."""


@contextmanager
def _thinking(text: str) -> Iterator[None]:
    """On a terminal, ``text`` on the line under the cursor while a bot takes longer than
    :data:`THINKING_DELAY`, erased when it has decided."""
    if not sys.stdout.isatty():
        yield
        return
    import threading

    shown = threading.Event()

    def show() -> None:
        sys.stdout.write(text)
        sys.stdout.flush()
        shown.set()

    timer = threading.Timer(THINKING_DELAY, show)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()
        if shown.is_set():
            sys.stdout.write("\r\x1b[K")
            sys.stdout.flush()


def _progress_line(text: str) -> None:
    """On a terminal, ``text`` on the line under the cursor, written over at each call ("" rubs it out); through a
    pipe, nothing (the session says once what it is doing)."""
    if sys.stdout.isatty():
        sys.stdout.write(f"\r{text}\x1b[K" if text else "\r\x1b[K")
        sys.stdout.flush()


def _screen(console: Console, words: Words) -> Screen:
    """The screen of a game: the terminal's width (``COLUMNS``), and on a terminal its height (``LINES``), with a
    pause before what would scroll away; through a pipe, 80 columns and no pause."""
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    height = console.size.height if interactive else None

    def wait(prompt: str) -> None:
        console.print(prompt, end="")
        _read_line()

    return Screen(console, width=console.width, height=height, wait=wait, more=words("--More--"))


def _play_session(game_type: GameType, state: Game, *, seat: int, seed: int, bot_name: str, target: Path,
                  tags: dict[str, str], comments: dict[int, str], words: Words, console: Console,
                  history: Sequence[Operation], screen: Screen) -> None:
    """The game in the terminal through the shared session; the record is written after every action. A resumed
    game's ``history`` is played again first, its bots asked at their decisions as in the first run."""
    assert game_type.painter is not None
    painter = game_type.painter()
    seats = len(state.returns())
    first = game_type.record.first_dealer(state)
    rules = state.rules

    def save(current: Game, notes: Mapping[int, str]) -> None:
        with user_errors():
            _save_record(record.from_state(current, tags=tags, comments=notes), target, seat=seat,
                         over=bool(current.is_terminal))

    with user_errors():
        bots = {s: game_type.make_bot(bot_name, seed=seed + s) for s in range(seats) if s != seat}
        if history:
            state = rebuild(game_type, rules=rules, first_dealer=first, seed=seed, operations=history, bots=bots)
        session = Session(
            state=state, painter=painter, human=seat, bots=bots, console=console, read_line=_read_line,
            words=words, names=painter.default_names(state.view(seat), words=words), save=save,
            restart=lambda operations: rebuild(game_type, rules=rules, first_dealer=first, seed=seed,
                                               operations=operations),
            adviser=lambda view: hint(game_type, view, seed=seed), rules_text=game_type.how_to_play(
                words.lang), hide=game_type.record.hide, comments=comments, screen=screen,
            why=why_setting(), remember_why=lambda on: write_setting("why", on), thinking=_thinking,
            progress=_progress_line)
        save(state, comments)
        try:
            finished = session.run()
        except KeyboardInterrupt:
            finished = False
            console.print()
    final = painter.paint(session.state.view(seat), words=words, names=session.names)
    out = session.out
    if finished:
        if final.result and final.result not in " ".join(session.told):  # said once: the log may have told it
            out.say(final.result)
        for tally in final.tallies:
            out.say(draw_tally(tally, words))
        out.say(words("Seed {seed}: play the same deals again with --seed {seed}", seed=seed))
        out.say(words("Record saved to {path} (see it again with: academie replay {path})", path=str(target)))
        with user_errors():
            try:
                session.after_game()
            except KeyboardInterrupt:
                console.print()
        return
    out.say(words("Game stopped."))
    for tally in final.tallies:
        out.say(draw_tally(tally, words))
    # the record shows what the player saw; the whole one, beside it, is read to continue
    out.say(words("What you saw is saved to {path} (see it again with: academie replay {path})", path=str(target)))
    again = f"academie play --resume {target}" + (f" --lang {words.lang}" if words.lang != "en" else "")
    out.say(words("Continue it with: {command}", command=again))


def _new_record_path(folder: Path, name: str, *, keep_old: bool) -> Path:
    """``folder/name.acad``; with ``keep_old``, a name not yet taken (``name-2.acad``...): two games begun in the
    same second never share a record."""
    path, number = folder / f"{name}.acad", 1
    while keep_old and path.exists():
        number += 1
        path = folder / f"{name}-{number}.acad"
    return path


def whole_record_path(target: Path) -> Path:
    """Where ``academie play`` keeps the whole record of an unfinished game, beside the record it shows the player
    (``records/.ecarte-3.whole.acad`` for ``records/ecarte-3.acad``), for ``--resume``."""
    return target.with_name(f".{target.stem}.whole{target.suffix}")


def _save_record(whole: record.Record, target: Path, *, seat: int, over: bool) -> None:
    """The record as the player may read it: until the game is over, redacted for his seat (no seed, no card he
    has not seen, no bot's reason), with the whole record kept beside it to continue the game; once it is over,
    the whole record, and nothing beside it."""
    kept = whole_record_path(target)
    shown = whole if over else record.redact(whole, seat)
    with _signals_held():  # the two files always tell the same moment of the game
        if not over:
            _save_atomically(whole, kept)
        _save_atomically(shown, target)
        if over:
            kept.unlink(missing_ok=True)


STOPPING_SIGNALS: Final = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                                if hasattr(signal, name))
"""Ctrl-C, a kill and a closed terminal: held while a record and its whole twin are written, then delivered."""


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold the signals that stop the game until the block is done, then act on the first that came.

    The main thread's handlers stand in for the signals meanwhile (masking the thread would not do: the kernel
    gives a process's signal to any thread that does not mask it, such as a numerical library's, and Python then
    runs the handler in the main thread anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = {number: signal.signal(number, lambda number, _frame: came.append(number))
                for number in STOPPING_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        if came:
            signal.raise_signal(came[0])


def _save_atomically(game_record: record.Record, target: Path) -> None:
    """Write the record beside its place, then move it there: an interruption never leaves half a record."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial" + target.suffix)
    record.save_file(game_record, partial)
    os.replace(partial, target)


def _resumed(path: Path) -> tuple[GameType, Game, int, int, str, dict[str, str], dict[int, str]]:
    """An unfinished game from its record: its game, its replayed state (to be dealt again from its seed), the
    seed, the player's seat, the bots' name, the tags and the bots' reasons."""
    with user_errors():
        partie = record.load_file(path)
        if partie.redacted_for is not None:  # what the player was shown: the game goes on from the whole record
            kept = whole_record_path(path)
            if not kept.exists():
                fail(f"{path} shows only what seat {partie.redacted_for} saw, and the whole record kept beside it "
                     f"({kept}) is missing: the game cannot be continued")
            partie = record.load_file(kept)
        final = record.replay(partie)
    game_type = load(partie.game)
    if final.is_terminal:
        fail(f"{path} is a finished game: nothing to resume (see it with: academie replay {path})")
    seed_tag = partie.tag("Seed")
    if seed_tag is None or not (seed_tag.isascii() and seed_tag.isdigit()):
        fail(f"{path} has no [Seed] tag: only a game played with `academie play` can be resumed")
    seats = len(final.returns())
    players = [s for s in range(seats) if partie.tag(f"Seat{s}") == "Player"]
    bots = {partie.tag(f"Seat{s}") for s in range(seats)} - {"Player"}
    bot_names = [name[len("Bot ("):-1] for name in bots if name and name.startswith("Bot (") and name.endswith(")")]
    if len(players) != 1 or len(bot_names) != 1 or bot_names[0] not in game_type.bot_names():
        fail(f"{path}: expected one seat \"Player\" and bots named \"Bot (NAME)\" with NAME among "
             f"{', '.join(game_type.bot_names())}")
    tags = {name: value for name, value in partie.tags if name not in ("Game", "Rules", "Options", "FirstDealer",
                                                                        "Result")}
    return game_type, final, int(seed_tag), players[0], bot_names[0], tags, record.comments_by_operation(partie)


def _read_line() -> str | None:
    """A line typed by the player (None at the end of input); echoed when the input is not a terminal."""
    line = sys.stdin.readline()
    if not line:
        return None
    if not sys.stdin.isatty():
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return line


# ------------------------------------------------------------------------------------------------ replay
@app.command(cls=_Command)
def replay(
    file: Annotated[Path, typer.Argument(help="A record: .acad (text) or .json.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the replayed partie as JSON.")] = False,
    seat: Annotated[int | None, typer.Option(help="Show only what this seat saw (default: every hand).")] = None,
    lang: Annotated[str | None, typer.Option(metavar="en|fr",
                                             help="The language (default: the locale's).")] = None,
    why: Annotated[bool | None, typer.Option(
        "--why/--no-why", help="Tell the bots' reasons (default: as `why on|off` last set in a game; on).")] = None,
    with_review: Annotated[bool, typer.Option("--review", help="Then review every decision (of --seat's alone with "
                                                                "--seat; see academie review).")] = False,
) -> None:
    """Replay a record through the engine and tell the game: deals, hands, every action with the bots' reasons,
    tricks, each deal's result and the score after it."""
    language = _language(lang)
    if with_review and as_json:
        fail("--review tells the review beside the replay; for the review as JSON: academie review FILE --json")
    with user_errors():
        partie = record.load_file(file)
        seen_by = partie.redacted_for
        if seen_by is not None:  # an unfinished game of `academie play`: told from the whole record, as seen
            partie = _whole_of_seen(file, seen_by, seat=seat, as_json=as_json)
            seat = seen_by
        state = record.replay(partie)
    if as_json:
        _print_json(replay_json(partie, state))
        return
    game_type = load(partie.game)
    words = Words(language, game=game_type.name)
    seats = len(state.returns())
    if seat is not None and not 0 <= seat < seats:
        fail(f"--seat {seat} is not a seat of {game_type.name}; allowed: 0 to {seats - 1}")
    console = _out()
    shown_tags = partie.tags if seen_by is None else record.redact(partie, seen_by).tags
    console.print(f"[bold]{escape(game_type.title)}[/bold] · " +
                  " · ".join(escape(_tag_text(name, value)) for name, value in shown_tags if name != "Game"))
    comments = record.comments_by_operation(partie)
    if seen_by is not None:  # the bots' reasons speak of their hands: only the seat's own until the end
        comments = {index: text for index, text in comments.items() if state.operations[index].actor == seen_by}
    names, player = _replay_names(partie, state)
    with user_errors():
        print_replay(console, game=game_type, final=state, comments=comments, words=words, seat=seat,
                     names=names if seat is None else None, viewer=player if seat is None else seat,
                     why=why_setting() if why is None else why, width=console.width)
    if with_review:
        result = _reviewed(partie, seat=seat, samples=reviews.DEFAULT_SAMPLES, level=reviews.DEFAULT_LEVEL,
                           exact=seen_by is None)
        _print_review(console, result, words, final=state)


# ------------------------------------------------------------------------------------------------ review
@app.command("review", cls=_Command)
def review_command(
    file: Annotated[Path, typer.Argument(help="A record: .acad (text) or .json.")],
    seat: Annotated[int | None, typer.Option(help="Review this seat's decisions only (default: every seat's).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as one JSON object.")] = False,
    as_markdown: Annotated[bool, typer.Option("--markdown", help="Print the review as Markdown.")] = False,
    chart: Annotated[Path | None, typer.Option(help="Write the chart of each seat's expected result (SVG).")] = None,
    level: Annotated[str, typer.Option(help="The bots that play each sampled deal out.")] = reviews.DEFAULT_LEVEL,
    samples: Annotated[int, typer.Option(help="Deals of the unseen cards sampled per decision (more: more "
                                               "precise, slower).")] = reviews.DEFAULT_SAMPLES,
    lang: Annotated[str | None, typer.Option(metavar="en|fr",
                                             help="The language (default: the locale's).")] = None,
) -> None:
    """Review every decision of a played game: each legal choice valued from the deciding seat's view alone, the
    cost of the choice made, marks, accuracy and the luck of the deal (docs/review.md)."""
    language = _language(lang)
    if chart is not None:
        if chart.suffix.lower() != ".svg":
            fail(f"--chart {chart}: the chart is drawn as SVG; allowed: a file name ending in .svg")
        check_output(chart, "the chart")
    with user_errors():
        partie = record.load_file(file)
        seen_by = partie.redacted_for
        if seen_by is not None:  # an unfinished game of `academie play`: that seat's decisions, from the whole record
            partie = _whole_of_seen(file, seen_by, seat=seat, as_json=False)
            seat = seen_by
    result = _reviewed(partie, seat=seat, samples=samples, level=level, exact=seen_by is None)
    words = Words(language, game=result.game)
    if chart is not None:
        _write_text(chart, reviews.chart_svg(result, words), "the chart")
    if as_json:
        _print_json(reviews.to_json(result, words))
    elif as_markdown:
        sys.stdout.write(reviews.markdown(result, words))
    else:
        with user_errors():
            final = record.replay(partie)
        _print_review(_out(), result, words, final=final)


def _reviewed(partie: record.Record, *, seat: int | None, samples: int, level: str, exact: bool) -> reviews.Review:
    """The review of ``partie``, its progress on standard error."""
    with user_errors(), ProgressReport("review", "decisions") as progress:
        return reviews.review(partie, seat=seat, samples=samples, level=level, exact=exact,
                              progress=lambda done, total: progress.update(done, total))


def _write_text(path: Path, text: str, what: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {what} to {path}: {error.strerror or error}")


def _print_review(console: Console, result: reviews.Review, words: Words, *, final: Game) -> None:
    """The review in the terminal: each seat's totals, then the decisions that were marked, their choices in the
    words of the menu (``play K♥``, ``jouer R♥``) as the end-of-game review in the terminal says them; ``final`` is
    the replayed game."""
    table = Table(title=escape(words("# Review of a game of {game}", game=load(result.game).title).lstrip("# ")))
    headings = words("| Seat | Decisions | Total cost | Mean cost | Accuracy | Slips | Mistakes | Blunders | Luck | "
                     "Result |")
    for heading in headings.strip("| ").split(" | "):
        table.add_column(escape(heading))
    for line in result.seats:
        accuracy = "—" if line.accuracy is None else f"{line.accuracy:.0f}%"
        table.add_row(str(line.seat), str(line.decisions), reviews.figure(words, line.cost, ".2f"),
                      reviews.figure(words, line.mean_cost, ".3f"), accuracy,
                      *(str(line.marks[name]) for name in reviews.MARKS), reviews.figure(words, line.luck, ".2f"),
                      reviews.figure(words, line.result, "g"))
    console.print(table)
    for line in result.seats:
        if not line.decisions:
            console.print(escape(words("Seat {seat} had no decision to make: every move it made was forced.",
                                       seat=line.seat)))
    labels = marked_move_words(result, final, words=words)
    for decision in (decision for decision in result.decisions if decision.mark is not None):
        moves = labels.get(decision.step, {})
        played, best = moves.get(decision.played, decision.played), moves.get(decision.best, decision.best)
        console.print(escape(f"{decision.step} · {decision.seat} · {played} → {best} · "
                             f"{reviews.term(decision.mark or '', words)} · "
                             f"{reviews.say_reason_text(decision.reason, words, moves=moves)}"))


def _replay_names(partie: record.Record, state: Game) -> tuple[tuple[str, ...] | None, int | None]:
    """The seats' names in a replay and the seat it is told from: a game of ``academie play`` (one seat "Player",
    the others "Bot (LEVEL)") is told from the player's seat with the names he read ("You", "The bot", "West");
    another record from the public's, with the players' names when each has its own."""
    tags = [partie.tag(f"Seat{s}") or "" for s in range(len(state.returns()))]
    players = [s for s, tag in enumerate(tags) if tag == "Player"]
    if len(players) == 1 and all(tag.startswith("Bot (") for s, tag in enumerate(tags) if s != players[0]):
        return None, players[0]
    return (tuple(tags) if all(tags) and len(set(tags)) == len(tags) else None), None


def _tag_text(name: str, value: str) -> str:
    """A tag of a record as a replay's heading shows it: the rules' options as ``players 3``, not as JSON."""
    if name == "Options":
        try:
            options = json.loads(value)
        except ValueError:
            return f"{name} {value}"
        if isinstance(options, dict):
            return ", ".join(f"{key} {item}" for key, item in options.items())
    return f"{name} {value}"



def _whole_of_seen(file: Path, seen_by: int, *, seat: int | None, as_json: bool) -> record.Record:
    """The whole record kept beside the record of what ``seen_by`` saw of an unfinished game, to tell it from that
    seat alone (the only way an unfinished game is told: as the player saw it)."""
    if as_json:
        fail(f"{file} shows what seat {seen_by} saw of a game not yet over: its replay as JSON would tell every "
             "card; it is given once the game is over")
    if seat is not None and seat != seen_by:
        fail(f"{file} shows what seat {seen_by} saw of a game not yet over: allowed: --seat {seen_by} or no --seat")
    kept = whole_record_path(file)
    if not kept.exists():
        fail(f"{file} shows what seat {seen_by} saw, and cannot be replayed without the whole record kept beside it "
             f"({kept}), which is missing; read it as text")
    return record.load_file(kept)


def replay_json(partie: record.Record, state: Game) -> dict[str, JSON]:
    """The replayed partie as plain data: game, rules, tags, result (and the partie's other numbers, as games won),
    winner, deals (each with its dealer, points, and the game's other numbers: tricks, the game it belongs to),
    operations."""
    result = state.result()
    return {
        "game": partie.game,
        "rules": rules_to_dict(state.rules),
        "tags": dict(partie.tags),
        **_numbers(result),
        "result": list(result.points),
        "winner": result.winner,
        "finished": state.is_terminal,
        "deals": [{**_numbers(deal), "dealer": deal.dealer, "points": list(deal.points)}
                  for deal in state.deal_results],
        "operations": [str(operation) for operation in state.operations],
    }


def _numbers(result: object) -> dict[str, JSON]:
    """The fields of a game's result that are numbers, flags or tuples of numbers, as JSON holds them (the fields
    every game has are read through the protocol; these are each game's own)."""
    if not dataclasses.is_dataclass(result):
        return {}
    found: dict[str, JSON] = {}
    for field in dataclasses.fields(result):
        value = getattr(result, field.name)
        if isinstance(value, bool | int):
            found[field.name] = value
        elif isinstance(value, tuple) and all(type(item) is int for item in value):
            found[field.name] = [int(item) for item in value]
    return found


# ------------------------------------------------------------------------------------------------ simulate
@app.command(cls=_Command)
def simulate(
    game: Annotated[str, typer.Argument(help="The game to simulate.")],
    deals: Annotated[int, typer.Option(help=f"How many deals to play in all (1 to {sim.MAX_DEALS:,}).")] = 1000,
    seed: Annotated[int, typer.Option(help="The seed of the run (each partie gets a seed derived from it).")] = 0,
    bots: Annotated[str, typer.Option(help="The bots, one per seat, comma-separated, e.g. classical,random.")]
    = "random,random",
    workers: Annotated[int, typer.Option(
        help=f"Processes to use (1 to {sim.MAX_WORKERS}); the totals do not depend on it.")] = 1,
    rules_option: Annotated[list[str] | None, typer.Option("--rules-option", help="A rules option as key=value.")]
    = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the result as JSON (the progress still goes to standard error).")] = False,
    players: Annotated[int | None, typer.Option(
        help="Number of players, for games played by a varying number; one bot name then fills every seat.")]
    = None,
) -> None:
    """Let bots play each other for a number of deals and add up the points."""
    game_type = load_game(game)
    rules = parse_rules(game_type, rules_option or [])
    names = [name.strip() for name in bots.split(",") if name.strip()]
    if _players_option(game_type, players) and players is not None and len(names) != players:
        if len(set(names)) != 1:
            fail(f"--players {players} needs {players} bots or one bot name for all seats; got {', '.join(names)}")
        names = names[:1] * players
    with user_errors(), ProgressReport("simulate", "deals") as report:
        result = sim.simulate(game_type.name, bots=names, deals=deals, seed=seed, workers=workers, rules=rules,
                              progress=lambda done: report.update(done, deals))
    if as_json:
        _print_json(result.as_dict())
        return
    table = Table(title=f"{game_type.title}: {deals} deals, seed {seed}, {workers} worker(s)")
    for column in ("seat", "bot", "points", "points/deal", "games won"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for seat, name in enumerate(result.bots):
        table.add_row(str(seat), name, str(result.totals[seat]), f"{result.totals[seat] / deals:.3f}",
                      str(result.games[seat]))
    console = _out()
    console.print(table)
    tail = " (the last one cut short)" if result.cut_short else ""
    console.print(f"{result.parties} parties{tail}, {result.actions} actions, {result.seconds:.2f} s "
                  f"({deals / max(result.seconds, 1e-9):,.0f} deals/s)")


# ------------------------------------------------------------------------------------------------ tournament
class Backend(StrEnum):
    process = "process"
    ray = "ray"


@app.command("tournament", cls=_Command)
def tournament_command(
    game: Annotated[str, typer.Argument(help="The game of the tournament.")],
    bots: Annotated[str | None, typer.Option(help="The bots, comma-separated (default: every bot of the game).")]
    = None,
    deals: Annotated[int, typer.Option(
        help=f"Deals per pair of bots (2 to {tournaments.MAX_DEALS:,}); each is played in every seating.")] = 100,
    seed: Annotated[int, typer.Option(help="The seed of the tournament (every deal's seed is derived from it).")] = 0,
    workers: Annotated[int | None, typer.Option(
        help=f"Processes (1 to {tournaments.MAX_WORKERS}; default: every core); the results do not depend on it.")]
    = None,
    backend: Annotated[Backend, typer.Option(help="Where the deals are played: local processes or Ray.")]
    = Backend.process,
    ray_address: Annotated[str | None, typer.Option(
        help="The Ray cluster to join (default: a new local Ray instance).")] = None,
    players: Annotated[int | None, typer.Option(help="Table size, for games of a variable number of players.")]
    = None,
    rules_option: Annotated[list[str] | None, typer.Option("--rules-option", help="A rules option as key=value.")]
    = None,
    out: Annotated[Path | None, typer.Option(help="Write the results as JSON to this file.")] = None,
    plot: Annotated[Path | None, typer.Option(help="Draw the ratings and points per deal to this PNG file.")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the results as JSON (the progress still goes to standard error).")] = False,
) -> None:
    """A duplicate tournament: every pair of bots plays the same deals, seats rotated; ratings with intervals."""
    game_type = load_game(game)
    rules = parse_rules(game_type, rules_option or [])
    seats = _players_option(game_type, players).get("players")
    names = ([name.strip() for name in bots.split(",") if name.strip()] if bots is not None
             else list(game_type.bot_names()))
    if plot is not None and plot.suffix.lower() != ".png":
        fail(f"cannot draw the plot as {plot}: allowed file type: .png")
    if out is not None:
        check_output(out, "the results (--out)")
    if plot is not None:
        check_output(plot, "the plot (--plot)")
    cores = workers if workers is not None else min(os.cpu_count() or 1, tournaments.MAX_WORKERS)
    started = time.perf_counter()
    with user_errors(), ProgressReport("tournament", "deals") as report:
        result = tournaments.tournament(game_type.name, bots=names, deals=deals, seed=seed, workers=cores,
                                        rules=rules, backend=backend.value, ray_address=ray_address, seats=seats,
                                        progress=report.update)
    run = TournamentRun(backend=backend.value, workers=cores, seconds=round(time.perf_counter() - started, 3))
    data = result.as_dict() | {"run": {"backend": run.backend, "workers": run.workers, "seconds": run.seconds}}
    with user_errors():
        if out is not None:
            out.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        if plot is not None:
            tournaments.plot(result, plot)
    if as_json:
        _print_json(data)
        return
    _print_tournament(result, run, out, plot)


@dataclasses.dataclass(frozen=True, slots=True)
class TournamentRun:
    """How a tournament ran: the backend, its workers and the wall time (the ``run`` entry of its JSON)."""

    backend: str
    workers: int
    seconds: float


def _print_tournament(result: tournaments.TournamentResult, run: TournamentRun, out: Path | None,
                      plot: Path | None) -> None:
    def share(value: tournaments.Estimate) -> str:
        return f"{value.value:.0%} ({100 * value.low:.0f}–{100 * value.high:.0f})"

    def points(value: tournaments.Estimate, sign: str = "") -> str:
        return f"{value.value:{sign}.2f} ±{(value.high - value.low) / 2:.2f}"

    console = _out()
    table = Table(title=f"{load(result.game).title}: {result.deals} deals per pair, seed {result.seed}",
                  caption=f"{result.format}; intervals 95%")
    for column in ("bot", "rating", "boards won", "margin/deal", "points/deal"):
        table.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    for bot in result.ranking():
        table.add_row(escape(bot.name), f"{bot.rating.value:+.0f} ({bot.rating.low:+.0f}, {bot.rating.high:+.0f})",
                      share(bot.win_rate), points(bot.margin, "+"), points(bot.points))
    console.print(table)
    pairs = Table(title="Pairs, seen from the first bot")
    for column in ("pair", "boards won", "margin/deal", "deals won"):
        pairs.add_column(column, justify="left" if column == "pair" else "right", no_wrap=True)
    for pair in result.pairs:
        pairs.add_row(escape(f"{pair.bots[0]} v {pair.bots[1]}"), share(pair.win_rate), points(pair.margin, "+"),
                      share(pair.deal_win_rate))
    console.print(pairs)
    played = len(result.pairs) * result.deals * result.deals_per_board
    console.print(f"{played} deals in {run.seconds:.1f} s ({run.backend}, {run.workers} worker(s)); "
                  "ratings on the Elo scale, fitted on the boards won (a board: one deal in all its seatings)")
    for what, path in (("Results", out), ("Plot", plot)):
        if path is not None:
            console.print(f"{what} written to {escape(str(path))}")


# ------------------------------------------------------------------------------------------------ analyse
@app.command(cls=_Command)
def analyse(
    game: Annotated[str, typer.Argument(help="The game of the record; with --report, all: every game that has one.")],
    file: Annotated[Path | None, typer.Argument(
        help="A record: .acad (text) or .json (optional for the analyses that need none).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the lines as a JSON list.")] = False,
    report: Annotated[Path | None, typer.Option(
        help="Check the old books' advice by computation (the games that have such a report): write the report to "
             "this folder.")] = None,
    opening: Annotated[bool, typer.Option(
        "--opening", help="With --report: solve the first decisions (propose or play, accept or refuse) as a game "
        "instead; --size counts thousands of deals.")] = False,
    seed: Annotated[int, typer.Option(help="With --report: the seed of the deals.")] = 0,
    size: Annotated[int, typer.Option(help="With --report: hands or deals per claim (more: narrower intervals).")]
    = 30,
    workers: Annotated[int | None, typer.Option(help="With --report: processes (default: every core).")] = None,
    backend: Annotated[Backend, typer.Option(help="With --report: local processes or Ray (as tournaments).")]
    = Backend.process,
    chunks: Annotated[int, typer.Option(
        help="With --report, for a report that keeps chunks of bot-played deals beside it: play this many more "
             "first, each kept in the folder as it ends (any machine with the same seed plays the same chunk).")]
    = 0,
) -> None:
    """Analyse a played record (Whist: the double-dummy trick count at each card, and the cards that cost a trick);
    with --report, check the old books' advice by computation."""
    if opening and report is None:
        fail("--opening needs --report DIR: the solved opening is written as a report")
    if report is not None:
        cores = workers if workers is not None else min(os.cpu_count() or 1, tournaments.MAX_WORKERS)
        books_report(game, report, seed=seed, size=size, workers=cores, backend=backend.value, opening=opening,
                     chunks=chunks)
        return
    game_type = load_game(game)
    analysis = game_type.analysis
    if analysis is None:
        fail(f"no analysis for {game_type.name}; games with an analysis: "
             f"{', '.join(g.name for g in GAMES.values() if g.analysis is not None)}")
    state: Game | None = None
    if file is None and analysis.needs_record:
        fail(f"the analysis of {game_type.name} needs a record: academie analyse {game_type.name} FILE")
    with user_errors():
        if file is not None:
            partie = record.load_file(file)
            if partie.game != game_type.name:
                raise ValueError(f"{file} is a record of {partie.game}, not of {game_type.name}")
            state = record.replay(partie)
    lines = _run_analysis(game_type, analysis.run, state)
    if as_json:
        _print_json(lines)
        return
    console = _out()
    for line in lines:
        console.print(escape(line))


def _run_analysis(game: GameType, run: Callable[..., list[str]], state: Game | None) -> list[str]:
    """The analysis' lines, with its progress shown when it reports any: an analysis that takes a keyword
    ``progress`` calls it with steps that have ``stage``, ``done``, ``total``, ``unit`` and ``detail`` (as
    :class:`academie.games.quinze.bots.solver.Step`)."""
    if "progress" not in inspect.signature(run).parameters:
        result: list[str] = run(state)
        return result
    with ProgressReport(f"analyse {game.name}", "steps") as report:
        lines: list[str] = run(state, progress=lambda step: report.update(
            step.done, step.total, stage=step.stage, unit=step.unit, detail=step.detail))
    return lines


# ------------------------------------------------------------------------------------------------ rules
def catalogue_rows(game_type: GameType) -> list[laws.RuleStatus]:
    """Every rule and law ID of the game, with where it is implemented and the tests that name it."""
    root, tests_root = game_type.sources
    if tests_root is not None:
        index = laws.tests_index(game_type.catalogue, tests_root=tests_root, root=root)
    else:
        index = game_type.shipped_tests_index()
    return laws.rules_report(game_type.catalogue, code_files=game_type.code_files, root=root, tests=index)


@app.command(cls=_Command)
def rules(
    game: Annotated[str, typer.Argument(help=f"The game whose rules to show: {GAME_NAMES}.", metavar="GAME")],
    catalogue: Annotated[bool, typer.Option(
        "--catalogue", help="Every rule and law ID: its source, status, where it is implemented and tested.")]
    = False,
    as_json: Annotated[bool, typer.Option("--json", help="The catalogue as a JSON list.")] = False,
    lang: Annotated[str | None, typer.Option(help="The language: en or fr (default: the locale's).")] = None,
) -> None:
    """How to play the game (one or two screens, citing its laws); --catalogue and --json: every rule ID."""
    game_type = load_game(game)
    if not catalogue and not as_json:
        with user_errors():
            text = game_type.how_to_play(_language(lang))
        console = _out()
        for line in text.splitlines():
            console.print(escape(line), soft_wrap=True)
        return
    with user_errors():
        try:
            rows = catalogue_rows(game_type)
        except SyntaxError as error:  # a test file that does not parse: say which, instead of a traceback
            fail(f"cannot read the tests for the report: {error.filename} line {error.lineno}: {error.msg}")
    if as_json:
        _print_json([row.as_dict() for row in rows])
        return
    table = Table(title=f"{game_type.title}: rules and laws")
    for column in ("ID", "source", "status", "code", "tests", "title"):
        table.add_column(column, overflow="fold")
    styles = {"implemented": "green", "partial": "yellow", "missing": "red"}
    for row in rows:
        status = f"[{styles.get(row.status, 'white')}]{row.status}[/]"
        table.add_row(escape(row.id), row.source, status, escape(row.code), str(len(row.tests)),
                      escape(row.title + (f" ({row.note})" if row.note else "")))
    console = _out()
    console.print(table)
    counts = {status: sum(row.status == status for row in rows) for status in styles}
    sources = {source: sum(row.source == source for row in rows) for source in ("seed", "law", "reconstructed")}
    console.print(f"{len(rows)} IDs: " + ", ".join(f"{count} {status}" for status, count in counts.items())
                  + " · sources: " + ", ".join(f"{count} {source}" for source, count in sources.items()))


@app.command("referee", cls=_Command)
def referee_command(
    game: Annotated[str | None, typer.Argument(
        help="The game whose laws to ask about (asked first when not given).", metavar="[GAME]")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help='The whole question tree as JSON: {"game", "laws", "tree"} (needs GAME).')] = False,
    lang: Annotated[str | None, typer.Option(help="The language: en or fr (default: the locale's).")] = None,
) -> None:
    """The referee of a real table: answer a few questions on what happened, one at a time, and get the ruling:
    the law, who chooses among which remedies."""
    language = _language(lang)
    console = _out()
    with user_errors():
        if game is None:
            if as_json:
                fail("--json needs the game: academie referee GAME --json")
            names = [name for name in available() if load(name).referee is not None]
            chooser = referee.Question("game", referee.WHICH_GAME, tuple(
                referee.Choice(load(name).title, referee.Verdict(name)) for name in names))
            chosen = referee.ask(chooser, Words(language), read=_read_line, say=console.print)
            if chosen is None:
                return
            game = names[chosen[0]]
        game_type = load(game)
        words = Words(language, game=game_type.name)
        if as_json:
            _print_json(referee.contract(game_type, words))
            return
        tree = referee.book_of(game_type).TREE
        answers = referee.ask(tree, words, read=_read_line, say=lambda line: console.print(escape(line)))
        if answers is None:
            return
        ruling = referee.ruling_of(game_type, answers, words)
        if ruling is not None:
            for line in referee.ruling_lines(ruling, words):
                console.print(escape(line), soft_wrap=True)


# ------------------------------------------------------------------------------------------------ duplicate
duplicate_app = typer.Typer(name="duplicate", cls=_Group, no_args_is_help=True,
                            help="Duplicate for people: an event's boards and movement for its director, and the "
                                 "scores of its results as clubs count them (docs/duplicate.md).")
app.add_typer(duplicate_app)


def _percent(words: Words, value: Fraction) -> str:
    """A percentage or a mean of IMPs, two decimals, as the language writes them."""
    return words.number(f"{float(value):.2f}")


@duplicate_app.command("boards", cls=_Command)
def duplicate_boards_command(
    game: Annotated[str, typer.Argument(help=f"The game of the event: {GAME_NAMES}.", metavar="GAME")],
    boards: Annotated[int, typer.Option(help=f"Boards of the event (1 to {duplicates.MAX_BOARDS}).")] = 1,
    seed: Annotated[int | None, typer.Option(
        help="The event's seed, the director's secret until the event is over (each board's seed is derived from "
             "it).")] = None,
    day: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD", help="The boards of the day instead of a seed (published rule, no key).")]
    = None,
    players: Annotated[int | None, typer.Option(help="Table size, for games of a variable number of players.")]
    = None,
    entrants: Annotated[int | None, typer.Option(
        help="Entrants (players, or partnerships where the game has them): print the movement too.")] = None,
    boards_per_round: Annotated[int, typer.Option(
        help="Boards each table plays in a round of the movement (they must divide --boards).")] = 1,
    decks: Annotated[bool, typer.Option(
        "--decks", help="Print each board's deck order: for the director alone, never for a player.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the boards (and movement) as JSON.")] = False,
    lang: Annotated[str | None, typer.Option(metavar="en|fr", help="The language (default: the locale's).")] = None,
) -> None:
    """The boards of an event and its movement: who deals each board and who sits where; --decks adds what only the
    director may see, each board's seed and deck order."""
    language = _language(lang)
    game_type = load_game(game)
    if (seed is None) == (day is None):
        fail("give --seed or --date, one of them; allowed: --seed N (an event) or --date YYYY-MM-DD (the day's)")
    with user_errors():
        size = duplicates.table_size(game_type, players)
        if day is not None:
            try:
                when = datetime.date.fromisoformat(day)
            except ValueError:
                raise duplicates.DuplicateError(f"--date {day!r} is not allowed; allowed: YYYY-MM-DD") from None
            seed = duplicates.day_seed(game_type, when)
        assert seed is not None  # one of the two was given
        made = duplicates.boards(game_type, count=boards, seed=seed, seats=size)
        places = duplicates.places(game_type, size)
        if boards_per_round < 1 or boards % boards_per_round:
            raise duplicates.DuplicateError(f"--boards-per-round {boards_per_round} is not allowed with --boards "
                                            f"{boards}; allowed: a number that divides {boards}")
        plan = (duplicates.movement(entrants=entrants, places=len(places), rounds=boards // boards_per_round,
                                    boards_per_round=boards_per_round) if entrants is not None else None)
        # A board's seed deals its cards as surely as its deck order: both are shown to the director alone.
        shown: list[dict[str, JSON]] = [board.as_dict() | {"deck": board.deck()} if decks else
                                        {"number": board.number, "dealer": board.dealer} for board in made]
    if as_json:
        _print_json({"game": game_type.name, "seats": size, "places": [list(p) for p in places], "boards": shown,
                     "movement": None if plan is None else plan.as_dict()} | ({"seed": seed} if decks else {}))
        return
    words = Words(language, game=game_type.name)
    console = _out()
    console.print(escape(words("{game}: {count} boards, tables of {seats} seats", game=game_type.title,
                               count=len(made), seats=size)))
    for place, seats in enumerate(places):
        console.print(escape(words("Place {place}: seats {seats}", place=place,
                                   seats=", ".join(str(s) for s in seats))))
    for board, row in zip(made, shown, strict=True):
        console.print(escape(words("Board {number}: dealt by seat {dealer}", number=board.number,
                                   dealer=board.dealer)))
        if decks:
            console.print(escape(words("  seed {seed}, deck: {cards}", seed=board.seed, cards=str(row["deck"]))))
    if not decks:
        console.print(escape(words("The seeds and deck orders are for the director alone: --decks prints them.")))
    if plan is not None:
        for sitting in plan.sittings:
            console.print(escape(words("Round {round}, table {table}, boards {boards}: entrants {entrants}",
                                       round=sitting.round, table=sitting.table,
                                       boards=", ".join(str(b) for b in sitting.boards),
                                       entrants=", ".join(str(e) for e in sitting.entrants))))


@duplicate_app.command("score", cls=_Command)
def duplicate_score_command(
    file: Annotated[Path, typer.Argument(help="The results, as JSON (docs/duplicate.md).")],
    scale: Annotated[duplicates.Scale | None, typer.Option(
        help="The ranking's scale (default: the game's first, matchpoints; imps: the game's difference "
             "scale, where it has one).")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ranking and the sheets as JSON.")] = False,
    lang: Annotated[str | None, typer.Option(metavar="en|fr", help="The language (default: the locale's).")] = None,
) -> None:
    """Score an event's results as clubs do: each board against the others on the same cards, the ranking, and each
    board's travelling score sheet."""
    language = _language(lang)
    with user_errors():
        game_type, seats, chosen, results = duplicates.results_from_dict(json.loads(file.read_text(encoding="utf-8")))
        scored = duplicates.score(game_type, results, scale=scale or chosen, seats=seats)
    if as_json:
        _print_json(scored.as_dict())
        return
    words = Words(language, game=game_type.name)
    console = _out()
    by = words("matchpoints") if scored.scale is duplicates.Scale.MATCHPOINTS else words("IMPs")
    console.print(escape(words("{game}: ranking by {scale}", game=game_type.title, scale=by)))
    for standing in scored.standings:
        line = words("{rank}. {entrant}: {percent}% ({matchpoints} of {top} matchpoints, {boards} boards)",
                     rank=standing.rank, entrant=standing.entrant, percent=_percent(words, standing.percentage),
                     matchpoints=standing.matchpoints, top=standing.top, boards=standing.boards)
        if standing.imps is not None:
            line += " · " + words("{imps} IMPs", imps=_percent(words, standing.imps))
        console.print(escape(line))
    for sheet in scored.sheets:
        console.print(escape(words("Board {number}: travelling score sheet", number=sheet.board)))
        for scored_line in sheet.lines:
            line = words("  place {place} · {entrant} · scored {points} · {matchpoints}/{top} · {percent}%",
                         place=scored_line.result.place, entrant=scored_line.result.entrant,
                         points=words.number(str(scored_line.result.points)), matchpoints=scored_line.matchpoints,
                         top=scored_line.top, percent=_percent(words, scored_line.percentage))
            if scored_line.imps is not None:
                line += " · " + words("{imps} IMPs", imps=_percent(words, scored_line.imps))
            console.print(escape(line))


def _language(lang: str | None) -> str:
    """``--lang``, else the locale's language (English unless it asks for French)."""
    chosen = lang if lang is not None else language_of_environment()
    if chosen not in LANGUAGES:
        fail(f"--lang {chosen} is not available; available: {', '.join(LANGUAGES)}")
    return chosen
