"""Play now (issue 32) in a real headless Chromium against a real ``academie serve`` process: people press
"play now" in the lobby, wait (the lobby says for how long and how many wait), and land at one table and play;
four Whist players sit at one table; a player alone fills the empty seats with bots of his choice after the wait
(in French, on a phone); an open seat of a waiting table is offered and taken; a player leaves the queue. The
waiting lobby is saved as play-now*.png (in docs/screenshots with ACADEMIE_UPDATE_GOLDEN=1)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from browser_support import open_page, playable, screenshot, seq, wait_for_picture
from playwright.sync_api import Browser, Page
from room_support import Server, running

BOTS_AFTER = 2.0
MOVES = "#moves button.move:not([disabled]):visible"
TABLE_LINK = re.compile(r"/tables/([\w-]+)\?token=([\w-]+)$")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room whose queue lets a player fill his table with bots after 2 s."""
    with running(tmp_path_factory.mktemp("play-now-browser"), options=("--bots-after", str(BOTS_AFTER))) as started:
        yield started


def press_play_now(page: Page, game: str, name: str, *, players: int | None = None, label: str = "Play now",
                   waits: bool = True) -> None:
    """Press "play now" for ``game`` under ``name``; ``waits``: the player is shown waiting (else he completes a
    table and goes to his seat at once)."""
    form = page.locator(f'form.play-now[data-game="{game}"]')
    form.locator(f"#{game}-now-name").fill(name)
    if players is not None:
        form.locator(f"#{game}-now-players").select_option(str(players))
    form.get_by_role("button", name=label).click()
    if waits:
        page.wait_for_selector("#queue section.queue")


def seat_of(page: Page) -> tuple[str, str]:
    """The table and the seat's token of the page's address, once the page has gone to its seat."""
    page.wait_for_url(TABLE_LINK)
    found = TABLE_LINK.search(page.url)
    assert found is not None
    return found.group(1), found.group(2)


def ticket_of(page: Page) -> str:
    ticket: str = page.evaluate("sessionStorage.getItem('academie.queue')")
    return ticket


def test_two_players_press_play_now_for_ecarte_land_at_one_table_and_play(server: Server, browser: Browser) -> None:
    first = open_page(browser, server.base + "/")
    press_play_now(first, "ecarte", "Adèle")
    panel = first.locator("#queue section.queue")
    assert panel.locator("h2").inner_text() == "Waiting for a table of Écarté for 2 players"
    first.wait_for_function("document.querySelector('#queue .waited').textContent.includes('only one waiting')")
    assert re.fullmatch(r"In [12] s you may fill the empty seats with bots\.", panel.locator(".bots-in").inner_text())
    assert first.locator('form.play-now button[type="submit"]:not([disabled])').count() == 0  # one queue at a time
    assert first.evaluate("document.activeElement.id") == "queue-title"  # the reader is taken to what changed
    screenshot(first, "play-now-waiting", full_page=False)
    second = open_page(browser, server.base + "/", width=390, height=844)
    press_play_now(second, "ecarte", "Bruno", waits=False)
    (table, token_a), (other, token_b) = seat_of(first), seat_of(second)
    assert table == other and token_a != token_b
    for page in (first, second):
        wait_for_picture(page)
    assert "Bruno" in first.inner_text("#seats") and "Adèle" in second.inner_text("#seats")
    moves = 0
    while moves < 6:  # they play each other: a click on whichever page has the move (no proposal: cards only)
        page = next((page for page in (first, second) if playable(page) or page.locator(MOVES).count()), None)
        if page is None:
            time.sleep(0.05)
            continue
        before = seq(page)
        cards = playable(page)
        if cards:
            page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
        else:
            page.locator(MOVES).and_(page.locator('button:not([data-action="propose"])')).first.click()
        wait_for_picture(page, after=before)
        moves += 1
    assert httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()["seq"] >= 6
    for page in (first, second):
        assert not page.errors  # type: ignore[attr-defined]


def test_four_whist_players_press_play_now_and_sit_at_one_table(server: Server, browser: Browser) -> None:
    names = ["Anne", "Basile", "Céleste", "Denis"]
    pages = [open_page(browser, server.base + "/") for _ in names]
    for index, (page, name) in enumerate(zip(pages, names, strict=True)):
        press_play_now(page, "whist", name, waits=index < 3)
    places = [seat_of(page) for page in pages]
    assert len({table for table, _ in places}) == 1 and len({token for _, token in places}) == 4
    seats = httpx.get(f"{server.base}/api/tables/{places[0][0]}", timeout=10).json()["seats"]
    assert sorted(seat["name"] for seat in seats) == sorted(names) and all(seat["bot"] is None for seat in seats)
    for page in pages:
        wait_for_picture(page)
        assert not page.errors  # type: ignore[attr-defined]


def test_a_player_alone_fills_the_empty_seats_with_the_bots_he_chooses_after_the_wait_in_french_on_a_phone(
        server: Server, browser: Browser) -> None:
    phone = open_page(browser, server.base + "/", locale="fr-FR", width=390, height=844, mobile=True)
    press_play_now(phone, "guimbarde", "Élise", players=4, label="Jouer maintenant")
    panel = phone.locator("#queue section.queue")
    assert panel.locator("h2").inner_text() == "En attente d’une table de La Guimbarde à 4 joueurs"
    assert panel.locator(".bots").is_hidden()
    phone.wait_for_selector("#queue .bots:not([hidden])", timeout=int(BOTS_AFTER * 1000) + 10_000)
    assert panel.locator(".bots-in").is_hidden()
    level = panel.get_by_label("Robots pour les places vides")
    level.select_option("random")
    time.sleep(1.2)  # the panel is drawn again each second: the choice being made stays
    assert level.input_value() == "random"
    screenshot(phone, "play-now-bots-phone", full_page=False)
    panel.get_by_role("button", name="Donner les places vides à des robots").click()
    table, _ = seat_of(phone)
    wait_for_picture(phone)
    seats = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()["seats"]
    assert [seat["bot"] for seat in seats] == [None, "random", "random", "random"] and seats[0]["name"] == "Élise"
    assert not phone.errors  # type: ignore[attr-defined]


def test_an_open_seat_of_a_waiting_table_is_offered_and_taken(server: Server, browser: Browser) -> None:
    created = server.post("/api/tables", {"game": "quinze", "players": 3, "access": {"2": "open"}})
    page = open_page(browser, server.base + "/")
    press_play_now(page, "quinze", "Firmin", players=3)
    ticket = ticket_of(page)
    offer = page.locator(f'#queue .offers li[data-table="{created["table"]}"][data-seat="2"]')
    offer.get_by_role("button", name=f"Take seat 3 at table {created['table']}").click()
    table, _ = seat_of(page)
    assert table == created["table"]
    seats = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()["seats"]
    assert seats[2]["name"] == "Firmin" and seats[2]["state"] == "taken"
    assert httpx.get(f"{server.base}/api/queue/{ticket}", timeout=10).status_code == 404  # he left the queue


def test_a_player_leaves_the_queue(server: Server, browser: Browser) -> None:
    page = open_page(browser, server.base + "/")
    press_play_now(page, "guinguette", "Gaspard", players=5)
    ticket = ticket_of(page)
    # the page takes the panel away at once and then tells the server: wait for the server's answer before asking it
    with page.expect_response(lambda answer: answer.request.method == "DELETE" and "/api/queue/" in answer.url) as left:
        page.get_by_role("button", name="Leave the queue").click()
    assert left.value.ok
    page.wait_for_selector("#queue section.queue", state="detached")
    assert page.locator('form.play-now button[type="submit"][disabled]').count() == 0
    assert httpx.get(f"{server.base}/api/queue/{ticket}", timeout=10).status_code == 404
    assert page.evaluate("sessionStorage.getItem('academie.queue')") is None
    assert not page.errors  # type: ignore[attr-defined]
