"""Ratings per game (issue 32): the arithmetic (sides, draws, abandonment, bots that do not move), simulated players
of known strength ordered by their ratings, the bots' levels measured, and through the real server on SQLite and
PostgreSQL: a rated game between two accounts moves both ratings and shows on both pages, a rated game against a
bot moves the player's alone, an abandoned game is lost by who left it, a table is rated once, a name with markup
is escaped, a running game's cards never appear; the pages at desktop and phone sizes in Chromium."""

from __future__ import annotations

import asyncio
import json
import math
import random
import re
import subprocess
import sys
from html import escape
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import open_page, screenshot
from playwright.sync_api import Browser, Page
from ratings_support import (
    Player,
    count,
    forget_rating,
    forget_seat_account,
    history_of,
    in_thread,
    on_database,
    rated_table,
    rename_account,
    sign_up,
    until,
)
from room_support import Server, play, running
from suite_support import SUITES

from academie.games import GAMES, load
from academie.room import bot_levels, standings
from academie.room.ratings import (
    MODEL,
    NEW,
    Rating,
    RatingError,
    bot_ratings,
    ranks_after_abandon,
    ranks_by_points,
    rate,
    side_of,
)
from academie.room.store import Store, rating_history, ratings

HEAD_TO_HEAD = next(name for name, game in GAMES.items() if game.min_seats == game.max_seats == 2)
"""A game of two players, head to head."""
FREE_FOR_ALL = "guinguette"
"""A game of three players or more, each for himself, where the classical bot's edge over random play is wide
(docs/ladder: 7.8 points per deal); at La Guimbarde it is 0.29, and 150 parties seldom order the two."""
PARTNERS = next(name for name, game in GAMES.items() if game.partnerships)
"""A game of partnerships."""
SHORT = SUITES[HEAD_TO_HEAD].short_rules


# ------------------------------------------------------------------------------------------------ the arithmetic
def test_a_free_for_all_ranks_by_points_and_equal_points_are_a_draw() -> None:
    assert ranks_by_points((3, 3, -6), partnerships=False) == (0, 0, 2)
    before = [NEW, NEW, NEW]
    after = rate(before, (0, 0, 2), partnerships=False)
    assert after[0] == after[1]  # a draw between equals moves them alike
    assert after[0].mu > NEW.mu > after[2].mu


def test_partners_are_rated_as_one_team_and_move_alike() -> None:
    ranks = ranks_by_points((5, 2, 5, 2), partnerships=True)
    assert ranks == (0, 1, 0, 1)
    after = rate([NEW, NEW, Rating(30.0, 4.0), NEW], ranks, partnerships=True)
    assert after[0].mu > NEW.mu and after[2].mu > 30.0
    assert after[1] == after[3] and after[1].mu < NEW.mu
    with pytest.raises(RatingError, match="partners ranked apart"):
        rate([NEW] * 4, (0, 1, 1, 0), partnerships=True)


def test_an_abandoned_partie_is_lost_by_who_abandoned_it_and_his_partner() -> None:
    assert ranks_after_abandon(3, {2}, partnerships=False) == (0, 0, 1)
    assert ranks_after_abandon(4, {1}, partnerships=True) == (0, 1, 0, 1)
    with pytest.raises(RatingError, match="allowed: one or more of 0 to 2"):
        ranks_after_abandon(3, {3}, partnerships=False)


def test_a_bot_takes_part_with_its_fixed_rating_and_does_not_move() -> None:
    expert, weak = Rating(35.0, 2.0), Rating(12.0, 2.0)
    beat_expert = rate([NEW, expert], (0, 1), partnerships=False, fixed={1})
    beat_weak = rate([NEW, weak], (0, 1), partnerships=False, fixed={1})
    assert beat_expert[1] == expert and beat_weak[1] == weak
    assert beat_expert[0].mu > beat_weak[0].mu > NEW.mu  # beating the stronger level is worth more


def test_a_partie_that_cannot_be_rated_is_refused_saying_what_is_allowed() -> None:
    with pytest.raises(RatingError, match="one rank per rating, two seats or more"):
        rate([NEW], (0,), partnerships=False)
    with pytest.raises(RatingError, match="one rank per rating"):
        rate([NEW, NEW], (0,), partnerships=False)


# ------------------------------------------------------------------------------------------------ known strengths
@pytest.mark.parametrize(("game", "parties"), [(HEAD_TO_HEAD, 60), (FREE_FOR_ALL, 100)])
def test_simulated_players_of_known_strength_come_out_in_the_right_order(game: str, parties: int) -> None:
    """Two players who play as the classical bot and two who play at random, rated from their parties as the room
    rates accounts: the classical players end above the random ones (docs/card-room.md states after how many)."""
    for seed in (1, 2):
        simulated = bot_levels.simulate_players(game, ["classical", "random", "classical", "random"],
                                                parties=parties, seed=seed)
        assert simulated.ordered_after is not None, simulated
        assert min(simulated.ratings[0].mu, simulated.ratings[2].mu) > max(simulated.ratings[1].mu,
                                                                           simulated.ratings[3].mu)


LADDER = Path(__file__).parent.parent / "docs" / "ladder"


def ladder_apart(game: str) -> set[tuple[str, str]]:
    """The pairs of adjacent levels the ladder (docs/ladder) finds apart, as (lower, higher): the higher wins more
    boards than the lower, the 95% interval of its share of them wholly above one half. Boards won, not points per
    deal: the room ranks a partie's players and does not count their points (at Le Quinze the classical bot wins more
    points than random play, and fewer boards)."""
    path = LADDER / f"{game}.json"
    rungs = json.loads(path.read_text(encoding="utf-8"))["rungs"] if path.is_file() else []
    return ({(rung["weaker"], rung["stronger"]) for rung in rungs if rung["win_rate"]["low"] > 0.5}
            | {(rung["stronger"], rung["weaker"]) for rung in rungs if rung["win_rate"]["high"] < 0.5})


def test_the_fit_finds_the_levels_the_model_s_own_chances_come_from() -> None:
    """Parties drawn from the settled model itself (Plackett-Luce, beta 25/6) at known levels, head to head, in
    partnerships and four each for himself: the fit finds each level's mu within three of its sigmas, the levels'
    mean at a new player's, and every pair of adjacent levels (3 to 9 apart) separated."""
    known = {"random": 15.0, "classical": 24.0, "search": 27.0, "expert": 34.0}
    levels = list(known)
    draw = random.Random(32)
    for seats, partnerships in ((2, False), (4, True), (4, False)):
        parties = []
        for index in range(3000):
            low, high = levels[index % 3], levels[index % 3 + 1]
            bots = tuple(high if (seat % 2 == 0 if partnerships else seat == index % seats) else low
                         for seat in range(seats))
            sides = sorted({side_of(seat, partnerships=partnerships) for seat in range(seats)})
            strength = {side: sum(known[bot] for seat, bot in enumerate(bots)
                                  if side_of(seat, partnerships=partnerships) == side) for side in sides}
            c = MODEL.beta * math.sqrt(len(sides))
            order: list[int] = []
            while len(order) < len(sides):  # Plackett-Luce: the next side drawn by exp(mu / c) among those left
                left = [side for side in sides if side not in order]
                order.append(draw.choices(left, [math.exp(strength[side] / c) for side in left])[0])
            ranks = tuple(order.index(side_of(seat, partnerships=partnerships)) for seat in range(seats))
            parties.append(bot_levels.Partie(bots, ranks))
        ratings, rungs = bot_levels.fit(levels, parties, partnerships=partnerships)
        shift = sum(known.values()) / len(known) - NEW.mu
        for level in ratings:
            assert abs(level.rating.mu - (known[level.bot] - shift)) < 3 * level.rating.sigma, (seats, level)
            assert 0 < level.rating.sigma < 1.5
        assert sum(level.rating.mu for level in ratings) == pytest.approx(len(levels) * NEW.mu)
        assert all(rung.separated and rung.difference > 0 for rung in rungs), rungs


def test_the_bots_levels_are_measured_repeatably_on_any_number_of_processes_and_resumed(tmp_path: Path) -> None:
    first = bot_levels.measure(HEAD_TO_HEAD, boards=3, seed=3, levels=("random", "classical", "search"))
    assert [level.bot for level in first.levels] == ["random", "classical", "search"]
    assert [rung.parties for rung in first.rungs] == [3 * 2, 3 * 2] and first.parties == 12
    assert first.levels == bot_levels.measure(HEAD_TO_HEAD, boards=3, seed=3, workers=2, store=tmp_path,
                                              levels=("search", "random", "classical")).levels
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert len(kept) == 12 and kept[0] == f"{HEAD_TO_HEAD}-classical-random-s3-b0-p0.json"
    played = json.loads((tmp_path / kept[0]).read_text(encoding="utf-8"))
    bots, ranks = played["parties"][0]
    (tmp_path / kept[0]).write_text(json.dumps({"parties": [[bots, ranks[::-1]]], "cpu_seconds": 0.0}),
                                    encoding="utf-8")
    resumed = bot_levels.measure(HEAD_TO_HEAD, boards=3, seed=3, store=tmp_path,
                                 levels=("random", "classical", "search"))
    assert resumed.levels != first.levels  # the chunk kept was read back, not played again
    with pytest.raises(RatingError, match="allowed: 1 to"):
        bot_levels.measure(HEAD_TO_HEAD, boards=0, seed=1)
    with pytest.raises(RatingError, match="allowed: two or more of"):
        bot_levels.measure(HEAD_TO_HEAD, boards=1, seed=1, levels=("random", "grandmaster"))
    with pytest.raises(RatingError, match="allowed: adjacent levels"):
        bot_levels.measure(HEAD_TO_HEAD, boards=1, seed=1, pair_boards={("random", "expert"): 2})


@pytest.mark.parametrize("game", [name for name in GAMES if ladder_apart(name)])
def test_a_small_seeded_run_puts_the_levels_in_the_ladder_s_order(game: str) -> None:
    """The random and classical levels, 40 boards of whole parties: wherever the ladder finds them apart, the ratings
    order them as it does (at Le Quinze random play above the classical bot, as the boards it wins put it)."""
    measured = bot_levels.measure(game, boards=40, seed=32, levels=("random", "classical"))
    assert bot_levels.out_of_order(measured, ladder_apart(game)) == (), measured
    reversed_ladder = {(higher, lower) for lower, higher in ladder_apart(game)}
    assert bot_levels.out_of_order(measured, reversed_ladder) != ()  # the check can fail


def test_the_command_measures_the_bots_into_the_file_named_and_refuses_a_bad_count(tmp_path: Path) -> None:
    out = tmp_path / "levels.json"
    command = [sys.executable, "-m", "academie", "ratings", "bots", "--boards", "2", "--pair-boards",
               f"{HEAD_TO_HEAD}:random:classical=3", "--seed", "9", "--game", HEAD_TO_HEAD, "--workers", "2",
               "--store", str(tmp_path / "kept"), "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["command"] == (f"academie ratings bots --boards 2 --pair-boards {HEAD_TO_HEAD}:random:classical=3 "
                               f"--seed 9 --game {HEAD_TO_HEAD}")
    assert list(data["ratings"]) == [HEAD_TO_HEAD] and data["parties"][HEAD_TO_HEAD] == (3 + 2 + 2) * 2
    assert [rung["parties"] for rung in data["rungs"][HEAD_TO_HEAD]] == [6, 4, 4]
    assert len(list((tmp_path / "kept").iterdir())) == (3 + 2 + 2) * 2
    refused = subprocess.run([*command[:5], "--boards", "0", "--out", str(tmp_path / "none.json")],
                             capture_output=True, text=True, timeout=300, check=False)
    assert refused.returncode == 2 and "--boards '0' is not allowed" in refused.stderr
    assert not (tmp_path / "none.json").exists()


def test_the_shipped_bot_ratings_are_sure_and_in_the_ladder_s_order() -> None:
    """Every level of every game measured, each sigma under the stated bound, and each pair of adjacent levels the
    ladder finds apart rated in its order, or flagged not separated."""
    shipped = json.loads((Path(bot_levels.__file__).parent / "bot_ratings.json").read_text(encoding="utf-8"))
    assert shipped["command"].startswith("academie ratings bots ") and f"--seed {shipped['seed']}" in shipped["command"]
    assert shipped["sigma_bound"] == bot_levels.SIGMA_BOUND
    measured = bot_ratings()
    for name in GAMES:
        assert set(measured[name]) == set(load(name).bot_names()), name
        assert all(level.games > 0 and level.rating.sigma < bot_levels.SIGMA_BOUND
                   for level in measured[name].values()), name
        rungs = [bot_levels.Rung(rung["weaker"], rung["stronger"], rung["parties"], rung["difference"], rung["sigma"])
                 for rung in shipped["rungs"][name]]
        assert [rung.separated for rung in rungs] == [rung["separated"] for rung in shipped["rungs"][name]]
        for rung in rungs:
            assert rung.difference == pytest.approx(measured[name][rung.stronger].rating.mu
                                                    - measured[name][rung.weaker].rating.mu, abs=1e-3)
        wrong = bot_levels.out_of_order(bot_levels.Measured(name, (), tuple(rungs), 0.0), ladder_apart(name))
        assert all(not rung.separated for rung in wrong), (name, wrong)


# ------------------------------------------------------------------------------------------------ the real server
def _two_accounts_play(server: Server, names: tuple[str, str], *, seed: int) -> tuple[str, tuple[Player, Player]]:
    """A rated table of the head-to-head game between two new accounts (the first creates it, the second joins
    it, both logged in), played whole; its id and the two players."""
    first, second = (sign_up(server, name) for name in names)
    created, tokens = rated_table(first, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": seed}, others={1: second})
    asyncio.run(play(server, created["table"], tokens, seed=seed))
    return str(created["table"]), (first, second)


def _rated(server: Server, name: str, game: str) -> dict[str, Any] | None:
    answer = server.get(f"/api/players/{name}").json()
    return answer if game in answer.get("ratings", {}) else None


def _moved_and_shown(server: Server, names: tuple[str, str], table: str) -> None:
    pages = [until(lambda name=name: _rated(server, name, HEAD_TO_HEAD)) for name in names]  # type: ignore[misc]
    for page in pages:
        mine = page["ratings"][HEAD_TO_HEAD]
        assert mine["games"] == 1 and mine["sigma"] < NEW.sigma and mine["mu"] != NEW.mu
        assert [point["table"] for point in mine["history"]] == [table]
        assert page["games"][0]["table"] == table and page["games"][0]["rated"]
        assert page["games"][0]["replay"] == f"/replay/{table}"
    won = {page["name"]: page["games"][0]["outcome"] for page in pages}
    mus = {page["name"]: page["ratings"][HEAD_TO_HEAD]["mu"] for page in pages}
    if set(won.values()) == {"won", "lost"}:
        winner = next(name for name, outcome in won.items() if outcome == "won")
        loser = next(name for name in names if name != winner)
        assert mus[winner] > NEW.mu > mus[loser]
    for name in names:
        html = server.get(f"/players/{name}").text
        assert f'href="/replay/{table}"' in html and f'href="/replay/{table}?review=1"' in html
        assert "<svg class=\"rating-chart\"" in html
    assert next(game for game in server.get("/api/finished").json() if game["table"] == table)["rated"] is True
    board = server.get(f"/api/ratings/{HEAD_TO_HEAD}").json()
    assert {player["name"] for player in board["players"]} >= set(names)
    assert [player["rating"] for player in board["players"]] == sorted(
        (player["rating"] for player in board["players"]), reverse=True)


def test_a_rated_game_between_two_accounts_moves_both_ratings_and_shows_on_both_pages(server: Server) -> None:
    names = ("Aurélie", "Bastien")
    table, _ = _two_accounts_play(server, names, seed=41)
    _moved_and_shown(server, names, table)
    assert len(history_of(server.db, table)) == 2


def test_the_same_on_postgresql_and_a_table_is_rated_once_by_two_processes_at_once(
        cluster: str, tmp_path: Path) -> None:
    names = ("Céleste", "Dorian")
    with running(tmp_path, db=cluster) as server:
        table, _ = _two_accounts_play(server, names, seed=43)
        _moved_and_shown(server, names, table)
    first = history_of(cluster, table)
    before = count(cluster, ratings)

    async def undo(connection: Any) -> None:  # as if the table had just ended, not yet rated
        await connection.execute(rating_history.delete().where(rating_history.c.table_id == table))

    on_database(cluster, undo)

    async def two_processes() -> list[bool]:
        stores = [Store(cluster), Store(cluster)]
        try:
            return list(await asyncio.gather(*(standings.rate_finished(store, table) for store in stores)))
        finally:
            for store in stores:
                await store.close()

    assert sorted(asyncio.run(two_processes())) == [False, True]
    again = history_of(cluster, table)
    assert len(again) == len(first) == 2 and count(cluster, ratings) == before


def test_a_table_of_two_accounts_created_unrated_moves_no_rating_and_their_rated_one_after_it_does(
        server: Server) -> None:
    """The room asks for no rating at the end of a table created unrated, which it knows from the live table
    without reading the database (issue 33); the same players' rated table, ended after it, is rated, and alone."""
    names = ("Irène", "Théodule")
    first, second = (sign_up(server, name) for name in names)
    created, tokens = rated_table(first, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": 51}, others={1: second},
                                  rated=False)
    unrated = str(created["table"])
    asyncio.run(play(server, unrated, tokens, seed=51))
    created, tokens = rated_table(first, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": 53}, others={1: second})
    rated = str(created["table"])
    asyncio.run(play(server, rated, tokens, seed=53))
    for name in names:
        page = until(lambda name=name: _rated(server, name, HEAD_TO_HEAD))  # type: ignore[misc]
        mine = page["ratings"][HEAD_TO_HEAD]
        assert mine["games"] == 1 and [point["table"] for point in mine["history"]] == [rated]
        assert {game["table"]: game["rated"] for game in page["games"]} == {unrated: False, rated: True}
    assert history_of(server.db, unrated) == [] and len(history_of(server.db, rated)) == 2


def test_a_rated_table_that_ended_unrated_is_rated_when_the_room_starts_again(tmp_path: Path) -> None:
    """As after a process stopped between a game's end and its rating: the next start rates it, once. The API
    cannot stop a process at that moment: the game is played and rated through it, then, the room stopped, its
    rating is deleted from the database, which leaves the table as that process would have."""
    with running(tmp_path) as server:
        first, second = sign_up(server, "Octave"), sign_up(server, "Pauline")
        created, tokens = rated_table(first, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": 55},
                                      others={1: second})
        table = created["table"]
        asyncio.run(play(server, table, tokens, seed=55))
        until(lambda: history_of(server.db, table))
    forget_rating(server.db, table)
    assert history_of(server.db, table) == []
    for _ in range(2):
        with running(tmp_path) as server:
            assert {row.account_id for row in history_of(server.db, table)} == {first.id, second.id}
            assert server.get("/api/players/Octave").json()["ratings"][HEAD_TO_HEAD]["games"] == 1


def test_a_guest_at_a_rated_table_leaves_it_unrated(server: Server) -> None:
    """The room seats no guest at a rated table (tests/test_room_accounts.py): the ratings' own check is tested
    by a seat's account removed from the database behind the room, after the account holder sat down (the state
    an older room's database, or a hand's edit, could leave)."""
    eugene, other = sign_up(server, "Eugène"), sign_up(server, "Eudoxie")
    created, tokens = rated_table(eugene, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": 45}, others={1: other})
    table = created["table"]
    forget_seat_account(server.db, table, 1)  # seat 1 is a guest's
    asyncio.run(play(server, table, tokens, seed=45))
    page = until(lambda: server.get("/api/players/Eugène").json()["games"] or None)
    assert page[0]["status"] == "finished" and page[0]["rating"] is None
    assert server.get("/api/players/Eugène").json()["ratings"] == {}
    assert history_of(server.db, table) == []


def test_a_rated_game_against_a_bot_moves_the_player_alone_and_counts_in_his_record_against_it(
        server: Server) -> None:
    felicie = sign_up(server, "Félicie")
    bot = load(HEAD_TO_HEAD).bot_names()[0]
    created, tokens = rated_table(felicie, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": 47, "bots": {"1": bot}})
    table = created["table"]
    asyncio.run(play(server, table, tokens, seed=47))
    page = until(lambda: _rated(server, "Félicie", HEAD_TO_HEAD))
    tally = page["bots"][HEAD_TO_HEAD][bot]
    assert tally["won"] + tally["drawn"] + tally["lost"] == 1
    assert page["ratings"][HEAD_TO_HEAD]["games"] == 1
    assert [row.account_id for row in history_of(server.db, table)] == [felicie.id]  # the bot has no history
    levels = {level["bot"]: level for level in server.get(f"/api/ratings/{HEAD_TO_HEAD}").json()["bots"]}
    assert levels[bot]["rating"] == pytest.approx(bot_ratings()[HEAD_TO_HEAD][bot].rating.shown, abs=1e-3)


@pytest.mark.parametrize("how", ["leaves", "to a bot"])
def test_a_player_who_abandons_a_rated_game_begun_loses_it_at_once(server: Server, how: str) -> None:
    first, second = sign_up(server, f"Gaston {how}"), sign_up(server, f"Hortense {how}")
    created, tokens = rated_table(first, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": 49}, others={1: second})
    table = created["table"]
    asyncio.run(play(server, table, tokens, seed=49, stop_at=4))
    if how == "leaves":
        server.post(f"/api/tables/{table}/leave?token={tokens[1]}")
    else:  # the creator hands the absent player's seat to a bot
        server.post(f"/api/tables/{table}/seats/1/bot?owner={created['owner']['token']}", {"bot": "random"})
    rows = {row.account_id: row for row in history_of(server.db, table)}
    assert set(rows) == {first.id, second.id}
    assert rows[first.id].mu > NEW.mu > rows[second.id].mu
    assert server.get(f"/api/tables/{table}").json()["status"] != "finished"


def test_a_name_with_markup_is_escaped_on_the_pages_and_a_deleted_account_is_a_former_player(
        server: Server) -> None:
    """The room refuses a new account's name with markup (tests/test_room_accounts.py): the pages' escaping is
    tested with an account renamed in the database behind the room, after its rated game (a name no API makes)."""
    names = ("<b>Ivo</b>&\"'", "Jules")
    table, (ivo, _) = _two_accounts_play(server, ("Ivo", names[1]), seed=51)
    until(lambda: _rated(server, names[1], HEAD_TO_HEAD))
    rename_account(server.db, ivo.id, names[0])
    path = "%3Cb%3EIvo%3C%2Fb%3E%26%22%27"
    for html in (server.get(f"/players/{path}").text, server.get("/players/Jules").text,
                 server.get(f"/leaderboard/{HEAD_TO_HEAD}").text):
        assert "<b>Ivo" not in html
        assert escape(names[0]) in html
    ivo = server.get(f"/api/players/{path}").json()
    assert ivo["name"] == names[0]
    kleber = sign_up(server, "Kléber")
    deleted = kleber.client.request("DELETE", "/api/account", json={"password": kleber.password},
                                    headers={"X-CSRF-Token": kleber.csrf})
    assert deleted.status_code == 200, deleted.text
    assert server.get("/players/Kléber").status_code == 404
    assert "Kléber" not in server.get(f"/leaderboard/{HEAD_TO_HEAD}").text
    assert table in server.get("/players/Jules").text


def test_a_running_game_on_a_player_s_page_shows_no_card(server: Server) -> None:
    lazare, other = sign_up(server, "Lazare"), sign_up(server, "Léonie")
    created, tokens = rated_table(lazare, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": 53}, others={1: other})
    table = created["table"]
    asyncio.run(play(server, table, tokens, seed=53, stop_at=3))
    data = server.get("/api/players/Lazare").json()
    running_game = next(game for game in data["games"] if game["table"] == table)
    assert running_game["status"] != "finished" and running_game["result"] is None
    assert running_game["replay"] is None and running_game["table_url"] == f"/tables/{table}"
    html = server.get("/players/Lazare").text
    assert not re.search(r"\b[2-9TJQKA][CDHS]\b", html)
    assert not re.search(r"[♣♦♥♠]", html)


def test_unknown_players_and_games_are_404_in_the_reader_s_language(server: Server) -> None:
    assert server.get("/api/players/Nobody").status_code == 404
    french = server.get("/players/Nobody?lang=fr")
    assert french.status_code == 404 and "Aller à l’accueil" in french.text
    answer = server.get("/api/ratings/nogame")
    assert answer.status_code == 404 and "nogame" in answer.json()["detail"]
    assert server.get("/leaderboard/nogame").status_code == 404


# ------------------------------------------------------------------------------------------------ in Chromium
def test_the_player_s_page_and_a_leaderboard_at_desktop_and_phone_sizes(server: Server, browser: Browser) -> None:
    first, second = sign_up(server, "Madeleine"), sign_up(server, "Norbert")
    for seed in (61, 62, 63, 64):
        created, tokens = rated_table(first, {"game": HEAD_TO_HEAD, "options": SHORT, "seed": seed},
                                      others={1: second})
        in_thread(lambda: play(server, created["table"], tokens, seed=seed))  # noqa: B023 (run at once)
    until(lambda: (_rated(server, "Norbert", HEAD_TO_HEAD) or {}).get("ratings", {}).get(HEAD_TO_HEAD, {})
          .get("games") == 4)
    for width, height, size in ((1280, 900, "desktop"), (390, 844, "phone")):
        for lang, locale in (("en", "en-GB"), ("fr", "fr-FR")):
            page = open_page(browser, f"{server.base}/players/Madeleine?lang={lang}", locale=locale,
                             width=width, height=height)
            assert page.locator("svg.rating-chart").count() == 1
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0
            if lang == "en":
                screenshot(page, f"ratings-player-{size}")
                _no_accessibility_violation(page)
            page.close()
        page = open_page(browser, f"{server.base}/leaderboard/{HEAD_TO_HEAD}", width=width, height=height)
        assert page.locator("table").count() == 2
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        screenshot(page, f"ratings-leaderboard-{size}")
        _no_accessibility_violation(page)
        page.close()


def _no_accessibility_violation(page: Page) -> None:
    """axe-core, run inside the page: no violation of WCAG 2 A or AA."""
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa"]})
    assert results.violations_count == 0, results.generate_report()
