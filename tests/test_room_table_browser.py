"""The table page as a card table, in a real Chromium against a real ``academie serve``: every card played lies in
front of the seat that played it, and a finished trick stays there with its winner for the reader's pause (1.5 s
by default) even when a bot leads the next one at once; a spectator sees every card of every trick; a deal's result
stays until the player moves on, with the deal before still in the log; the tab's title says when it is the
player's turn; a change of language draws the log again instead of adding to it."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator

import pytest
from browser_support import WAIT_MS, chromium, open_page, playable, screenshot, seq, wait_for_picture
from playwright.sync_api import Browser, Page
from room_support import Server, running

PLAYS = re.compile(r"^(\d) play (\S+)", re.MULTILINE)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("table")) as started:
        yield started


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as started:
        yield started


def first_move(page: Page) -> bool:
    """Click the page's first legal move (a card when it has one); whether it had one."""
    cards = playable(page)
    if cards:
        page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
        return True
    buttons = page.locator("#moves button.move:not([disabled])")
    if buttons.count():
        buttons.first.click()
        return True
    return False


def play_until(page: Page, done: Callable[[], bool], *, seconds: float = WAIT_MS / 1000) -> None:
    """Make the page's first legal move, again and again, until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, page.inner_text("main")
        before = seq(page)
        if first_move(page):
            wait_for_picture(page, after=before)
        else:
            time.sleep(0.05)  # a bot is thinking


def until_cards_to_play(page: Page) -> None:
    """Make the page's decisions before the play (Écarté's proposal, discard) until it has a card to play."""
    play_until(page, lambda: bool(playable(page)))


def test_a_finished_trick_stays_in_front_of_the_seats_with_its_winner_for_the_pause_ECARTE(
        server: Server, browser: Browser) -> None:
    """Écarté against a bot: the player's card and the bot's answer both lie in front of their seats once the
    trick is done (before, the bot's second card was never seen), the winner is said, and the trick stays about
    1.5 s (the default) before the felt clears; the tab's title says "Your turn" when it is."""
    created = server.post("/api/tables", {"game": "ecarte", "bots": {"1": "random"}, "seed": 21})
    page = open_page(browser, server.base + created["seats"]["0"]["url"], trick_pause=None)
    wait_for_picture(page)
    until_cards_to_play(page)
    assert page.title().startswith("Your turn")
    for _ in range(5):  # a trick the bot ends: the player leads (or the bot led and the player follows)
        led_by_me = page.locator('.seat[data-seat="1"] .played svg').count() == 0
        card = playable(page)[0]
        page.locator(f'#hand button.card[data-card="{card}"]').click()
        if led_by_me:
            break
        page.wait_for_selector('.felt[data-trick="finished"]')
        page.wait_for_selector('.felt[data-trick="open"]')
        until_cards_to_play(page)
    page.wait_for_selector('.felt[data-trick="finished"]')
    held_since = time.monotonic()
    assert page.locator('.seat[data-seat="0"] .played svg[data-card]').get_attribute("data-card") == card
    assert page.locator('.seat[data-seat="1"] .played svg[data-card]').count() == 1  # the bot's answer, seen
    assert re.search(r"^(You win|Cavendish wins) \(", page.inner_text(".trick-note .winner"))
    assert page.locator(".seat .played.won").count() == 1
    screenshot(page, "ecarte-trick")
    page.wait_for_selector('.felt[data-trick="open"]')
    held = time.monotonic() - held_since
    assert 1.0 <= held <= 4.0, held
    assert not page.errors  # type: ignore[attr-defined]


def test_the_player_clears_a_finished_trick_before_its_time(server: Server, browser: Browser) -> None:
    created = server.post("/api/tables", {"game": "ecarte", "bots": {"1": "random"}, "seed": 22})
    page = open_page(browser, server.base + created["seats"]["0"]["url"], trick_pause=6000)
    wait_for_picture(page)
    play_until(page, lambda: page.locator('.felt[data-trick="finished"]').count() > 0)
    started = time.monotonic()
    page.get_by_role("button", name="Clear the trick").click()
    page.wait_for_selector('.felt[data-trick="open"]')
    assert time.monotonic() - started < 3


def test_a_spectator_sees_every_card_of_every_trick_in_front_of_its_seat_W_5(
        server: Server, browser: Browser) -> None:
    """Four bots at Whist, watched: every card of the first three tricks the record holds appeared on the
    spectator's felt in front of the seat that played it (before, the fourth card of a trick never did)."""
    created = server.post("/api/tables", {"game": "whist", "players": 4, "seed": 23,
                                          "bots": {str(seat): "random" for seat in range(4)}})
    page = open_page(browser, f"{server.base}/tables/{created['table']}", trick_pause=300)
    page.evaluate("""() => {
      window.seenPlays = new Set();
      new MutationObserver(() => {
        for (const card of document.querySelectorAll('.seat .played svg[data-card]')) {
          window.seenPlays.add(`${card.closest('.seat').dataset.seat} ${card.dataset.card}`);
        }
      }).observe(document.body, { childList: true, subtree: true });
    }""")
    deadline = time.monotonic() + 60
    plays: list[str] = []
    while len(plays) < 12:
        assert time.monotonic() < deadline, "the bots did not play three tricks"
        text = server.get(f"/api/tables/{created['table']}/record").text
        plays = [f"{seat} {card}" for seat, card in PLAYS.findall(text)]
        time.sleep(0.2)
    page.wait_for_function(f"{plays[:12]!r}.every((play) => window.seenPlays.has(play))", timeout=WAIT_MS)


def test_a_deals_result_stays_until_the_player_moves_on_and_the_log_keeps_the_deal_before(
        server: Server, browser: Browser) -> None:
    created = server.post("/api/tables", {"game": "ecarte", "bots": {"1": "random"}, "seed": 24})
    page = open_page(browser, server.base + created["seats"]["0"]["url"])
    wait_for_picture(page)
    play_until(page, lambda: page.locator(".deal-result").count() > 0, seconds=60)
    result = page.inner_text(".deal-result p")
    first_lines = page.locator("#log li:not(.deal-break)").count()
    reached = seq(page)
    play_until(page, lambda: seq(page) >= reached + 2)  # the next deal goes on: the result stays
    assert page.inner_text(".deal-result p") == result
    assert page.locator("#log li.deal-break").count() == 1 and "A new deal" in page.inner_text("#log")
    assert page.locator("#log li:not(.deal-break)").count() > first_lines
    screenshot(page, "ecarte-result")
    page.get_by_role("button", name="Continue").click()
    assert page.locator(".deal-result").count() == 0


def test_a_change_of_language_draws_the_log_again_without_doubling_it(server: Server, browser: Browser) -> None:
    created = server.post("/api/tables", {"game": "whist", "players": 4, "seed": 25,
                                          "bots": {"1": "random", "2": "random", "3": "random"}})
    page = open_page(browser, server.base + created["seats"]["0"]["url"])
    wait_for_picture(page)
    until_cards_to_play(page)
    english = page.locator("#log li").all_inner_texts()
    assert english
    page.select_option("#lang", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_function(f"document.querySelector('#log li')?.innerText !== {english[0]!r}")
    french = page.locator("#log li").all_inner_texts()
    assert len(french) == len(english) and not set(french) & set(english)
    assert page.title().startswith("À vous")


# ------------------------------------------------------------------------------------------------ errors
def test_a_missing_table_is_a_page_saying_so_with_the_way_to_the_lobby(server: Server, browser: Browser) -> None:
    page = open_page(browser, f"{server.base}/tables/no-such-table", locale="fr-FR")
    assert page.locator("h1").inner_text() == "Introuvable"
    assert "no-such-table" in page.inner_text("main") and page.locator(".felt, #chat-text").count() == 0
    page.get_by_role("link", name="Aller à l’accueil de la salle de jeu").click()
    page.wait_for_selector("text=Créer une table")
    assert page.url == f"{server.base}/"


def test_a_wrong_token_watches_the_table_and_a_wrong_creators_token_offers_to(
        server: Server, browser: Browser) -> None:
    created = server.post("/api/tables", {"game": "ecarte", "seed": 26})
    table = created["table"]
    page = open_page(browser, f"{server.base}/tables/{table}?token=not-a-token")
    wait_for_picture(page)
    assert "you are watching the table" in page.inner_text("#seat-note")
    assert "token=" not in page.url and page.locator("#hand button.card").count() == 0
    owner = open_page(browser, f"{server.base}/tables/{table}?owner=not-the-creator")
    owner.wait_for_selector("#error [role=alert]")
    owner.locator("#watch-instead").click()
    owner.wait_for_url(f"{server.base}/tables/{table}")
    wait_for_picture(owner)
    assert owner.inner_text("#title").count("You are watching this table.") == 1
