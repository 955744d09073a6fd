"""The board of the day (issue 36) in a real headless Chromium against a real ``academie serve`` process: two
people, each in a browser of his own, open /daily from the lobby, play the day's Écarté board against the bots and
then see each other in the comparison, with the percentages computed here by hand; the page on a phone, in French;
axe-core finds no violation. The pages are saved as daily*.png (in docs/screenshots with ACADEMIE_UPDATE_GOLDEN=1).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from browser_support import WAIT_MS, open_page, playable, screenshot, seq, wait_for_picture
from playwright.sync_api import Browser, Page
from room_support import Server, running

from academie.room.daily import KEY_VARIABLE

DAY = "2026-12-05"
MOVES = "#moves > button.move:not([disabled])"
TABLE_LINK = re.compile(r"/tables/([\w-]+)\?token=([\w-]+)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room dealing the boards of 5 December 2026 with a key of its own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(KEY_VARIABLE, "the browser test's key")
        with running(tmp_path_factory.mktemp("daily-browser"), options=("--daily-day", DAY)) as started:
            yield started


def play_the_board(page: Page, name: str) -> None:
    """From /daily: sit at the Écarté board under ``name`` and play it to its end (the first card the page lets
    him play, and never a proposal: no discard to choose), then back to /daily."""
    board = page.locator('article[data-game="ecarte"] section.daily-board[data-board="1"]')
    board.get_by_label("Your name").fill(name)
    board.get_by_role("button", name="Play against the bots").click()
    page.wait_for_url(TABLE_LINK)
    wait_for_picture(page)
    deadline = time.monotonic() + WAIT_MS / 1000
    replay = page.locator("#result").get_by_role("link", name="Replay this game")
    while not replay.count():
        assert time.monotonic() < deadline, page.inner_text("main")
        before = seq(page)
        cards = playable(page)
        moves = page.locator(MOVES).and_(page.locator('button:not([data-action="propose"])'))
        if cards:
            page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
        elif moves.count():
            moves.first.click()
        else:
            time.sleep(0.05)  # a bot is thinking
            continue
        wait_for_picture(page, after=before)
    assert page.locator("#next-game").count() == 0  # a board is played once: no next game at its table
    page.get_by_role("link", name="Back to the board of the day: your results").click()
    page.wait_for_url(re.compile(r"/daily$"))


def results_of(page: Page) -> dict[str, tuple[int, str]]:
    """The comparison the page shows: each player's points and percentage, by name."""
    board = page.locator('article[data-game="ecarte"] section.daily-board[data-board="1"]')
    board.get_by_role("button", name="See the results").click()
    rows = board.locator(".daily-sheet tbody tr")
    rows.first.wait_for()
    shown = {}
    for row in rows.all():
        name = row.locator("th").inner_text().removesuffix(" (you)")
        cells = row.locator("td").all_inner_texts()
        shown[name] = (int(cells[0]), cells[2])
    return shown


def test_two_people_play_the_days_ecarte_board_and_see_each_other_with_percentages_by_hand(
        server: Server, browser: Browser) -> None:
    anne = open_page(browser, server.base + "/")
    anne.get_by_role("link", name=re.compile("The board of the day")).click()
    anne.wait_for_selector("section.daily-board form.daily-play")
    blaise = open_page(browser, server.base + "/daily", width=390, height=844, mobile=True)
    blaise.wait_for_selector("section.daily-board form.daily-play")
    play_the_board(anne, "Anne")
    play_the_board(blaise, "Blaise")
    seen_by_anne, seen_by_blaise = results_of(anne), results_of(blaise)
    assert seen_by_anne == seen_by_blaise and set(seen_by_anne) == {"Anne", "Blaise"}
    a, b = seen_by_anne["Anne"][0], seen_by_anne["Blaise"][0]
    # by hand: one other result on the same cards, a top of 2: the better 100%, the worse 0%, a tie 50% each
    by_hand = {"Anne": 100 if a > b else 50 if a == b else 0, "Blaise": 100 if b > a else 50 if a == b else 0}
    assert {name: percentage for name, (_, percentage) in seen_by_anne.items()} == {
        name: f"{value}%" for name, value in by_hand.items()}  # as English writes it
    assert anne.locator(".daily-sheet tr.yours th").inner_text() == "Anne (you)"
    assert anne.get_by_text("Players who have finished it: 2").count() == 1  # as many as now, not at page load
    assert anne.locator(".daily-bots").inner_text().startswith("The strongest bots (expert) scored ")
    screenshot(anne, "daily-results")
    screenshot(blaise, "daily-results-phone", full_page=False)
    assert blaise.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    for page in (anne, blaise):
        assert not page.errors  # type: ignore[attr-defined]


def test_the_page_on_a_phone_in_french_before_playing_has_no_accessibility_violation(
        server: Server, browser: Browser) -> None:
    from axe_playwright_python.sync_playwright import Axe

    phone = open_page(browser, server.base + "/daily", locale="fr-FR", width=390, height=844, mobile=True)
    phone.wait_for_selector("section.daily-board form.daily-play")
    assert phone.locator("h1").inner_text() == "Donne du jour"
    assert phone.get_by_role("button", name="Jouer contre les robots").count() == 5  # one board of each game
    assert phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    screenshot(phone, "daily-phone-fr", full_page=False)
    results = Axe().run(phone, options={"runOnly": ["wcag2a", "wcag2aa"]})
    assert results.violations_count == 0, results.generate_report()
    desktop = open_page(browser, server.base + "/daily")
    desktop.wait_for_selector("section.daily-board form.daily-play")
    screenshot(desktop, "daily")
    assert Axe().run(desktop, options={"runOnly": ["wcag2a", "wcag2aa"]}).violations_count == 0
