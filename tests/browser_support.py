"""What the browser tests of the card room's pages share: Debian's Chromium driven by Playwright (never a downloaded
browser) and readers of what a page shows (its cards, its turn, its picture's sequence number). The server is the
card room's own test server (``room_support.running``: ``academie serve`` on a free loopback port)."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from academie.cards import PACK_52, Card
from academie.words import Words

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync")
SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
"""Where the screenshots kept in the repository are written, with ACADEMIE_UPDATE_GOLDEN=1 (the docs show them)."""
RUN_SCREENSHOTS = Path(tempfile.gettempdir()) / "academie-screenshots"
"""Where every other run writes them, to look at without changing the repository's files."""
WAIT_MS = 30_000
"""How long a page may take to show what a test waits for (a picture, a move): generous, since CI runs the
whole suite on two cores beside the browser."""


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, through Playwright; nothing is downloaded."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            yield browser
        finally:
            browser.close()


def launch(playwright: Playwright) -> Browser:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: install Debian's chromium package (scripts/system-packages)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))


def open_page(browser: Browser, url: str, *, locale: str = "en-GB", width: int = 1280, height: int = 900,
              mobile: bool = False, trick_pause: int | None = 0, reduced_motion: bool = False) -> Page:
    """A page in a context of its own (its own storage, as another person's browser), with every request it
    makes recorded in ``page.requested`` and every script error in ``page.errors``. ``trick_pause``: the reader's
    preference for how long a finished trick stays (milliseconds; None: the page's default), none unless a test
    looks at it, so that the tests that play whole deals do not wait. ``reduced_motion``: the system asks for
    reduced motion."""
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height}, is_mobile=mobile,
                                  has_touch=mobile, reduced_motion="reduce" if reduced_motion else "no-preference")
    if trick_pause is not None:
        context.add_init_script(f"try {{ localStorage.setItem('academie.trickPause', '{int(trick_pause)}'); }} "
                                "catch { /* storage may be refused */ }")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    requested: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.requested = requested  # type: ignore[attr-defined]
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    return page


def seq(page: Page) -> int:
    """The sequence number of the last picture the page drew (-1 before the first)."""
    value = page.evaluate("document.body.dataset.seq ?? '-1'")
    return int(value)


def wait_for_picture(page: Page, *, after: int = -1) -> int:
    """Wait until the page has drawn a picture newer than ``after``; its sequence number."""
    page.wait_for_function(f"Number(document.body.dataset.seq ?? -1) > {after}", timeout=WAIT_MS)
    return seq(page)


def hand(page: Page) -> list[str]:
    """The cards of the page's hand, as engine texts, in the order shown."""
    cards: list[str] = page.eval_on_selector_all("#hand button.card", "buttons => buttons.map(b => b.dataset.card)")
    return cards


def playable(page: Page) -> list[str]:
    """The cards of the hand the page lets its seat play by a click (not the ones it selects for a move of several
    cards, which are pressed rather than played)."""
    cards: list[str] = page.eval_on_selector_all(
        "#hand button.card:not([disabled]):not([aria-pressed])", "buttons => buttons.map(b => b.dataset.card)")
    return cards


def cards_on_page(page: Page, words: Words) -> set[Card]:
    """Every card the page shows: the faces drawn (``data-card``) and the cards its text names in ``words``."""
    faces: list[str] = page.eval_on_selector_all("svg[data-card]", "faces => faces.map(f => f.dataset.card)")
    found = {Card.parse(card) for card in faces}
    text = page.inner_text("body")
    for card in PACK_52:
        if re.search(rf"(?<![\w♣♦♥♠]){re.escape(words.card(card))}(?!\w)", text):
            found.add(card)
    return found


def screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save the page as <name>.png: in docs/screenshots with ACADEMIE_UPDATE_GOLDEN=1, else in RUN_SCREENSHOTS
    (``full_page=False``: the screen alone, as a phone shows it with its hand held at the bottom), once the cards
    on their way have reached their places."""
    folder = SCREENSHOTS if os.environ.get("ACADEMIE_UPDATE_GOLDEN") else RUN_SCREENSHOTS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.evaluate("Promise.all(document.getAnimations().filter((each) => each.id === 'card-move')"
                  ".map((each) => each.finished)).then(() => true)")  # the cards at their places, not on their way
    page.screenshot(path=str(path), full_page=full_page)
    return path


def only_from(page: Page, base: str) -> list[str]:
    """The requests the page made anywhere but ``base`` (a card room's page fetches nothing from elsewhere)."""
    elsewhere = [url for url in page.requested if not url.startswith(base.replace("http", "ws", 1))  # type: ignore[attr-defined]
                 and not url.startswith(base) and not url.startswith("data:")]
    return elsewhere
