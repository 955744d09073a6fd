"""The referee in the card room, against a real ``academie serve`` process: the API other tools read (the tree, as
``academie referee GAME --json`` gives it; a ruling from answers; bad answers and unknown games refused with what
is allowed), and the ``/referee`` page in Debian's Chromium, a few situations of each game, in English and French,
on a phone and a desktop, with the way back. The page on a phone is saved as referee.png (docs/screenshots with
ACADEMIE_UPDATE_GOLDEN=1)."""

from __future__ import annotations

import pytest
from browser_support import only_from, open_page, screenshot, wait_for_picture
from playwright.sync_api import Browser, Page
from room_support import Server

from academie import referee
from academie.games import load
from academie.words import Words


def path_to(game: str, law: str) -> tuple[int, ...]:
    return referee.paths_to(referee.book_of(load(game)).TREE, law)[0]


# ------------------------------------------------------------------------------------------------ the API
def test_the_tree_is_the_contract_in_both_languages(server: Server) -> None:
    """GET /api/referee/{game}: {"game", "laws", "tree"}, the same as the terminal's --json, in English and
    French; GET /api/referee lists the games the referee knows."""
    listed = server.get("/api/referee?lang=fr").json()
    assert {"ecarte", "guimbarde", "guinguette", "quinze", "whist"} <= {g["game"] for g in listed["games"]}
    assert listed["words"]["Referee"] == "Arbitre"
    for lang in ("en", "fr"):
        tree = server.get(f"/api/referee/whist?lang={lang}").json()
        assert tree == referee.contract(load("whist"), Words(lang, game="whist"))
    assert server.get("/api/referee/ecarte?lang=fr").json()["tree"]["text"] == "À quel moment est-ce arrivé ?"


def test_a_ruling_from_answers_E_P3_and_W_D1(server: Server) -> None:
    """E-P3 established (the opponent chooses a replay or a reduced score) and W-D1 with WHIST-10, the seed in
    French."""
    established = next(path for path in referee.paths_to(referee.book_of(load("ecarte")).TREE, "E-P3")
                       if (ruling := referee.ruling_of(load("ecarte"), path, Words("en"))) and ruling.chooser)
    answers = ",".join(map(str, established))
    ruled = server.get(f"/api/referee/ecarte/ruling?answers={answers}").json()
    assert ruled["ruling"]["law"] == "E-P3" and ruled["ruling"]["chooser"] == "opponent"
    assert [r["name"] for r in ruled["ruling"]["remedies"]] == ["replay", "reduce-score"]
    answers = ",".join(map(str, path_to("whist", "W-D1")))
    ruled = server.get(f"/api/referee/whist/ruling?answers={answers}&lang=fr").json()["ruling"]
    assert ruled["law"] == "W-D1" and ruled["seed"][0]["law"] == "WHIST-10" and not ruled["seed_translated"]
    assert ruled["seed"][0]["text"].startswith("10. Si une carte se tourne en donnant")


@pytest.mark.parametrize(("path", "status", "says"), [
    ("/api/referee/ecarte/ruling?answers=9", 400, "allowed: 0 to 5"),
    ("/api/referee/ecarte/ruling?answers=3", 400, "a question still to answer"),
    ("/api/referee/ecarte/ruling?answers=x", 400, "whole numbers separated by commas"),
    ("/api/referee/ecarte/ruling?answers=5,0", 400, "after the ruling"),
    ("/api/referee/bridge", 404, "the referee knows: ecarte"),
    ("/api/referee/ecarte?lang=de", 400, "available: en, fr"),
])
def test_bad_requests_are_refused_saying_what_is_allowed(server: Server, path: str, status: int, says: str) -> None:
    response = server.get(path)
    assert response.status_code == status and says in response.json()["detail"]


# ------------------------------------------------------------------------------------------------ the page
def ask(page: Page, game: str, answers: tuple[int, ...]) -> None:
    """Pick ``game`` and click the answers, one screen at a time, waiting for each question."""
    page.click(f'button.answer[data-game="{game}"]')
    for answer in answers:
        page.wait_for_selector("h2[data-question]")
        page.click(f'button.answer[data-index="{answer}"]')


SITUATIONS = [
    ("ecarte", "E-D4", "en", True), ("ecarte", "ECARTE-VI.6", "fr", False),
    ("guimbarde", "G12", "fr", True), ("guimbarde", "G14", "en", False),
    ("guinguette", "GU3", "en", True), ("guinguette", "GU1", "fr", False),
    ("quinze", "QUINZE-22", "fr", True), ("quinze", "QUINZE-30", "en", False),
    ("whist", "W-H5", "en", True), ("whist", "W-R2", "fr", False),
]
"""(game, law, language, on a phone): two situations of each game, each language and both sizes."""


@pytest.mark.parametrize(("game", "law", "lang", "phone"), SITUATIONS)
def test_the_page_answers_as_the_api_rules(browser: Browser, server: Server, game: str, law: str, lang: str,
                                           phone: bool) -> None:
    """The page asks one question a screen and shows the ruling the API gives: the law, who chooses, each
    remedy's words, the seed's own where it speaks; nothing is fetched from elsewhere, no script error."""
    size = {"width": 390, "height": 844, "mobile": True} if phone else {}
    page = open_page(browser, f"{server.base}/referee?lang={lang}", **size)  # type: ignore[arg-type]
    answers = path_to(game, law)
    ask(page, game, answers)
    page.wait_for_selector(f'h2.ruling[data-law="{law}"]')
    ruling = referee.ruling_of(load(game), answers, Words(lang, game=game))
    assert ruling is not None
    shown = page.inner_text("main")
    assert ruling.words in shown and all(remedy.does in shown for remedy in ruling.remedies)
    assert all(text in shown for _, text in ruling.seed)
    assert page.eval_on_selector_all("ul.remedies li", "items => items.map(i => i.dataset.remedy)") == [
        remedy.name for remedy in ruling.remedies]
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.errors == [] and only_from(page, server.base) == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_way_back_and_the_custom_of_the_table(browser: Browser, server: Server) -> None:
    """Back goes one question up (the browser's back button too); "something else" ends in the custom of the
    table, said plainly; start again goes back to the games."""
    page = open_page(browser, f"{server.base}/referee?lang=en", width=390, height=844, mobile=True)
    ask(page, "ecarte", (3,))
    page.wait_for_selector('h2[data-question="act"]')
    page.click("button.back")
    page.wait_for_selector('h2[data-question="moment"]')
    page.click('button.answer[data-index="3"]')
    page.wait_for_selector('h2[data-question="act"]')
    page.go_back()
    page.wait_for_selector('h2[data-question="moment"]')
    page.click('button.answer[data-index="5"]')
    page.wait_for_selector("h2.ruling.custom")
    assert "No law covers this; the custom of the table decides." in page.inner_text("main")
    page.click("button.again")
    page.wait_for_selector('button.answer[data-game="whist"]')
    page.context.close()


def test_the_page_on_a_phone_in_french_is_saved_as_a_screenshot(browser: Browser, server: Server) -> None:
    """E-P2 on a phone, in French: the seed's own articles ECARTE-V.2 and V.3, the opponent's choice; saved as
    referee.png."""
    page = open_page(browser, f"{server.base}/referee?lang=fr", locale="fr-FR", width=390, height=844, mobile=True)
    ask(page, "ecarte", path_to("ecarte", "E-P2"))
    page.wait_for_selector('h2.ruling[data-law="E-P2"]')
    assert "On est tenu de jouer de la couleur annoncée" in page.inner_text("main")
    assert page.inner_text("h1") == "Arbitre"
    screenshot(page, "referee")
    page.context.close()


# ------------------------------------------------------------------------------------------------ the way in (issue 35)
@pytest.mark.parametrize(("lang", "link", "title"), [
    ("en", "Ask the referee what the laws say when something goes wrong at a real table", "Referee"),
    ("fr", "Demander à l'arbitre ce que disent les lois quand un incident survient à une vraie table", "Arbitre")])
def test_the_lobby_links_to_the_referee(browser: Browser, server: Server, lang: str, link: str, title: str) -> None:
    """The lobby says, in its language, where the referee is; the link opens the referee's page in that language,
    on the choice of the game."""
    page = open_page(browser, f"{server.base}/?lang={lang}")
    page.get_by_role("link", name=link).click()
    page.wait_for_selector('button.answer[data-game="whist"]')
    assert page.url.startswith(f"{server.base}/referee") and page.inner_text("h1") == title
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("lang", "link", "question"), [
    ("en", "Look up a law", "When did it happen?"), ("fr", "Chercher une loi", "À quel moment est-ce arrivé ?")])
def test_the_table_mode_panel_looks_up_a_law_of_its_game(browser: Browser, server: Server, lang: str, link: str,
                                                          question: str) -> None:
    """An Écarté table in table mode: its panel of irregular acts links, in the page's language, to the referee
    already on Écarté, in a new tab, at its first question."""
    created = server.post("/api/tables", {"game": "ecarte", "bots": {"1": "random"}, "mode": "table", "seed": 4})
    page = open_page(browser, f"{server.base}{created['seats']['0']['url']}&lang={lang}")
    wait_for_picture(page)
    page.click("#referee button[aria-controls=acts]")
    with page.context.expect_page() as opened:
        page.get_by_role("link", name=link).click()
    referee_page = opened.value
    referee_page.wait_for_selector("h2[data-question]")
    assert "game=ecarte" in referee_page.url
    assert referee_page.inner_text("h2[data-question]") == question
    page.context.close()
