"""The review of a finished game in a real headless Chromium against a real ``academie serve`` process (issue 31):
the players' table offers it when the game ends; its link opens the replay, which asks for the review and shows
its progress until the worker has computed it; then each marked decision is a mark on the timeline (its symbol,
colour and accessible name by kind), a mark takes the replay to its step, where the better choice is picked out on
the felt with its cost and reason in words, and the chart of each seat's expected result is beside it (axe-core
finds no violation of WCAG 2 A or AA); in English and in French, on a desktop and a phone (saved as
docs/screenshots/replay-review.png and replay-review-phone.png with ACADEMIE_UPDATE_GOLDEN=1)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import WAIT_MS, chromium, open_page, screenshot
from playwright.sync_api import Browser, Page
from room_support import Server, play, running

SAMPLES = 3
SYMBOLS = {"slip": "?!", "mistake": "?", "blunder": "??"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("room"), review_samples=SAMPLES) as started:
        yield started


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running_browser:
        yield running_browser


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[int, tuple[str, dict[int, str]]]:
    """Écarté parties two people played to their end (random legal moves, each depending on the position), by
    seed: the table and each seat's token (played before the browser starts: its API runs an event loop)."""
    tables = {}
    for seed in (12, 7):
        created = server.post("/api/tables", {"game": "ecarte", "players": 2, "seed": seed})
        tokens = {int(seat): data["token"] for seat, data in created["seats"].items()}
        asyncio.run(play(server, created["table"], tokens, seed=seed, deterministic=True))
        tables[seed] = created["table"], tokens
    return tables


def reviewed(page: Page) -> None:
    page.wait_for_selector("#review-chart", timeout=4 * WAIT_MS)
    page.wait_for_function("document.getElementById('review-chart').naturalWidth > 0")


def test_the_players_table_links_to_the_replay_which_asks_for_the_review_and_shows_it(
        server: Server, finished: dict[int, tuple[str, dict[int, str]]], browser: Browser) -> None:
    table, tokens = finished[12]
    page = open_page(browser, f"{server.base}/tables/{table}?token={tokens[0]}")
    page.get_by_role("link", name="Review this game").click()
    page.wait_for_url(f"{server.base}/replay/{table}?review=1")
    reviewed(page)
    review: dict[str, Any] = server.get(f"/api/tables/{table}/review").json()["review"]
    replay = server.get(f"/api/tables/{table}/replay").json()
    marked = [decision for decision in review["decisions"] if decision["mark"]]
    assert marked, "random play at Écarté makes at least one marked decision"
    marks = page.locator(".review-timeline .review-mark")
    assert marks.count() == len(marked)
    for index, decision in enumerate(marked):
        mark = marks.nth(index)
        assert mark.inner_text() == SYMBOLS[decision["mark"]]
        assert decision["mark"] in (mark.get_attribute("class") or "")
        name = mark.get_attribute("aria-label") or ""
        assert name.startswith(decision["mark"]) and decision["played"] in name and decision["best"] in name
    colours = {page.eval_on_selector(f".review-mark.mark-{kind}", "e => getComputedStyle(e).color")
               for kind in {decision["mark"] for decision in marked}}
    assert len(colours) == len({decision["mark"] for decision in marked})  # each kind its own colour
    # a mark takes the replay to the table as the seat decided: the better choice on the felt, cost and reason
    cards = [decision for decision in marked if decision["best"].startswith("play ")]
    assert cards, "this partie has a card marked (seed 12: play KS, where play JD was better)"
    worst = max(cards, key=lambda decision: decision["cost"])
    page.locator(".review-mark").nth(marked.index(worst)).click()
    step = next(index for index, entry in enumerate(replay["steps"]) if entry["operation"] == worst["step"]) - 1
    assert page.evaluate("document.body.dataset.step") == str(step)
    box = page.locator("#review-step")
    assert box.is_visible()
    assert f"Better: {worst['best']} (cost {worst['cost']:.2f}" in box.inner_text()
    assert worst["reason"] in box.inner_text()
    hand = page.locator(f'#hands .hand-line[data-seat="{worst["seat"]}"]')
    better, played = hand.locator(".face.review-better"), hand.locator(".face.review-played")
    assert better.count() == 1 and better.get_attribute("data-card") == worst["best"].split()[-1]
    assert played.count() == 1 and played.get_attribute("data-card") == worst["played"].split()[-1]
    page.keyboard.press("End")  # the game over, no decision: nothing picked out
    assert not box.is_visible() and page.locator(".face.review-better").count() == 0
    page.locator(".review-mark").nth(marked.index(worst)).click()
    assert not page.errors  # type: ignore[attr-defined]
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa"]})
    assert results.violations_count == 0, results.generate_report()
    screenshot(page, "replay-review")
    # in French: the same review, said in French
    page.select_option("#lang", "fr")
    page.wait_for_selector("#review h2:text-is('Revue')")
    reviewed(page)
    assert page.locator(".review-mark").count() == len(marked)
    assert "Faire la revue" not in page.content()  # ready: no button
    assert page.get_by_role("img", name="Le résultat attendu de chaque place au fil de la partie").count() == 1


def test_the_replay_offers_the_review_and_a_phone_shows_it(
        server: Server, finished: dict[int, tuple[str, dict[int, str]]], browser: Browser) -> None:
    table, _ = finished[7]
    page = open_page(browser, f"{server.base}/replay/{table}", width=390, height=844, mobile=True)
    page.wait_for_selector("#review h2")
    state = server.get(f"/api/tables/{table}/review").json()["state"]
    if state == "none":  # not yet started in the background: the button asks for it
        page.get_by_role("button", name="Review this game").click()
    reviewed(page)
    assert page.locator(".review-timeline").is_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the phone
    screenshot(page, "replay-review-phone")
