"""Events (issue 36) in Debian's Chromium against a real ``academie serve`` process: an organiser creates an event
on the events page, two people register on the event's page in browsers of their own (guests, by name), the
organiser fills the other places with bots and starts it; the people go to their tables from the event's page and
play there by clicks, board after board; the results page then shows the ranking and each board's travelling
sheet, whose matchpoints (and at Whist the difference scale) the test computes by hand from the points the page
shows. Four boards of Whist (eight players: two people and six bots, four partnerships at two tables) and two of
Écarté (eight players at four tables). The pages are saved as events*.png (in docs/screenshots with
ACADEMIE_UPDATE_GOLDEN=1) at desktop and phone sizes."""

from __future__ import annotations

import contextlib
import time
from collections import defaultdict
from collections.abc import Iterator

import httpx
import pytest
from browser_support import open_page, playable, screenshot, seq, wait_for_picture
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from ratings_support import sign_up
from room_support import Server, running

from academie.games import load

MOVES = "#moves button.move:not([disabled]):visible"
WAIT = 300.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("events-browser")) as started:
        yield started


def log_in(page: Page, base: str, name: str, password: str) -> None:
    page.goto(base + "/account")
    page.fill("#login-name", name)
    page.fill("#login-password", password)
    page.click("#login button[type=submit]")
    page.wait_for_selector("#logout")


def create_on_page(page: Page, title: str, game: str, boards: int, per_round: int) -> str:
    page.fill("#event-title", title)
    page.select_option("#event-game", game)
    page.fill("#event-boards", str(boards))
    page.fill("#event-per-round", str(per_round))
    page.click("#new-event button[type=submit]")
    page.wait_for_url("**/events/*")
    return page.url.split("/events/")[1].split("?")[0]


def register_on_page(page: Page, name: str) -> str:
    page.fill("#register-name", name)
    page.click("#register button[type=submit]")
    page.wait_for_selector("#unregister")
    token: str = page.evaluate(f"localStorage.getItem('academie.event.{page.url.split('/events/')[1].split('?')[0]}')")
    return token


def event_state(server: Server, event: str, token: str | None = None) -> dict[str, object]:
    answer = httpx.get(f"{server.base}/api/events/{event}" + (f"?token={token}" if token else ""), timeout=30)
    assert answer.status_code == 200, answer.text
    found: dict[str, object] = answer.json()
    return found


def play_event(server: Server, event: str, people: dict[str, tuple[Page, str]]) -> None:
    """Each person follows the event page's link to his table and plays there by clicks (a card of his hand, or
    a move that is not a proposal) until the event is over."""
    at: dict[str, str | None] = {name: None for name in people}
    deadline = time.monotonic() + WAIT
    while event_state(server, event)["status"] != "finished":
        assert time.monotonic() < deadline, "the event did not end"
        moved = False
        for name, (page, token) in people.items():
            you = event_state(server, event, token)["you"]
            assert isinstance(you, dict)
            if you["url"] and not you.get("finished") and at[name] != you["table"]:
                page.goto(f"{server.base}/events/{event}")
                page.click("#to-table")
                page.wait_for_url("**/tables/**")
                wait_for_picture(page)
                at[name] = str(you["table"])
            if at[name] != you["table"] or you.get("finished"):
                continue
            before = seq(page)
            cards = playable(page)
            if cards:
                page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
            elif page.locator(MOVES).count():
                page.locator(MOVES).and_(page.locator('button:not([data-action="propose"])')).first.click()
            else:
                continue
            moved = True
            with contextlib.suppress(PlaywrightError):  # the board's last move: the API says it is over
                wait_for_picture(page, after=before)
        if not moved:
            time.sleep(0.1)


def check_results_page(page: Page, base: str, event: str, entrants: int, boards: int, game: str) -> None:
    """The results page's sheets: each line's matchpoints, computed by hand from the points the page shows (2 for
    each other result on the same cards at the same place beaten, 1 for each tie), and the ranking's totals."""
    page.goto(f"{base}/events/{event}")
    page.wait_for_selector("#ranking")
    page.wait_for_function(f"document.querySelectorAll('table.sheet').length === {boards}")
    lines = page.eval_on_selector_all("table.sheet tbody tr", """rows => rows.map(row => ({
        board: Number(row.closest('table').dataset.board), entrant: Number(row.dataset.entrant),
        place: Number(row.cells[0].textContent), points: Number(row.querySelector('.points').textContent),
        matchpoints: row.querySelector('.matchpoints').textContent,
        imps: row.querySelector('.imps')?.textContent ?? null}))""")
    assert len(lines) == entrants * boards
    # each line links its table's replay and the review of the board, the same table's
    links = page.eval_on_selector_all("table.sheet tbody tr", """rows => rows.map(row =>
        [...row.querySelectorAll('a')].map(link => new URL(link.href).pathname + new URL(link.href).search))""")
    for replay, review in links:
        assert replay.startswith("/replay/") and review == replay.replace("?lang=", "?review=1&lang="), (replay, review)
    scheme = load(game).boards
    assert scheme is not None
    steps = scheme().SCALE_STEPS
    same_cards: dict[tuple[int, int], list[int]] = defaultdict(list)
    for line in lines:
        same_cards[line["board"], line["place"]].append(line["points"])
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for line in lines:
        others = list(same_cards[line["board"], line["place"]])
        others.remove(line["points"])
        won = sum(2 if line["points"] > other else 1 if line["points"] == other else 0 for other in others)
        assert line["matchpoints"] == f"{won}/{2 * len(others)}", line
        if steps:  # the difference scale: a unit for each step the difference reaches, signed, over the others
            units = sum((1 if line["points"] > other else -1) * sum(abs(line["points"] - other) >= step
                                                                    for step in steps) for other in others)
            assert float(line["imps"]) == round(units / len(others), 2), line
        else:
            assert line["imps"] is None
        totals[line["entrant"]][0] += won
        totals[line["entrant"]][1] += 2 * len(others)
    ranking = page.eval_on_selector_all("#ranking tbody tr", """rows => rows.map(row => ({
        entrant: Number(row.dataset.entrant), matchpoints: row.querySelector('.matchpoints').textContent,
        percentage: row.querySelector('.percentage').textContent}))""")
    assert len(ranking) == entrants
    for line in ranking:
        won, top = totals[line["entrant"]]
        assert line["matchpoints"] == f"{won}/{top}"
        assert line["percentage"] == f"{100 * won / top:.2f}".rstrip("0").rstrip(".") + "%"  # as English writes it


@pytest.mark.parametrize(("game", "boards", "per_round", "entrants"), [("whist", 4, 2, 4), ("ecarte", 2, 1, 8)])
def test_eight_players_two_of_them_people_in_browsers_play_an_event_and_the_results_page_matches_the_hand_count(
        server: Server, browser: Browser, game: str, boards: int, per_round: int, entrants: int) -> None:
    organiser = sign_up(server, f"Orga {game}")
    page = open_page(browser, server.base + "/events")
    log_in(page, server.base, organiser.name, organiser.password)
    page.goto(server.base + "/events")
    event = create_on_page(page, f"Soirée {game}", game, boards, per_round)
    people = {}
    for name in ("Anne", "Blaise"):
        person = open_page(browser, f"{server.base}/events/{event}", width=390, height=844, mobile=True)
        people[name] = (person, register_on_page(person, name))
    page.reload()
    page.select_option("#bots-level", "classical")
    page.fill("#bots-count", "6")
    page.click("#add-bots")
    page.wait_for_function("document.querySelectorAll('#players li').length === 8")
    screenshot(page, f"events-{game}-registered")
    page.click("#start-event")
    people["Anne"][0].wait_for_selector("#to-table")
    screenshot(people["Anne"][0], f"events-{game}-your-table-phone")
    play_event(server, event, people)
    check_results_page(page, server.base, event, entrants, boards, game)
    screenshot(page, f"events-{game}-results")
    phone = people["Blaise"][0]
    check_results_page(phone, server.base, event, entrants, boards, game)
    screenshot(phone, f"events-{game}-results-phone")
    for each in (page, *(person for person, _ in people.values())):
        assert not each.errors  # type: ignore[attr-defined]


def test_the_events_page_lists_the_events_and_asks_a_guest_to_log_in_in_french_on_a_phone(
        server: Server, browser: Browser) -> None:
    organiser = sign_up(server, "Orga liste")
    organiser.post("/api/events", {"title": "Jeudi", "game": "ecarte", "boards": 2})
    page = open_page(browser, server.base + "/events?lang=fr", width=390, height=844, mobile=True, locale="fr-FR")
    page.wait_for_selector("ul.events li")
    assert "Jeudi" in page.inner_text("ul.events") and "inscriptions ouvertes" in page.inner_text("ul.events")
    assert page.get_by_role("link", name="Connectez-vous pour organiser un tournoi.").count() == 1
    screenshot(page, "events-list-phone-fr")
    assert not page.errors  # type: ignore[attr-defined]
