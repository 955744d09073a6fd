"""The table page as a card table, in a real Chromium against a real ``academie serve``: every card played lies in
front of the seat that played it, and a finished trick stays there with its winner for the reader's pause (1.5 s
by default) even when a bot leads the next one at once; a spectator sees every card of every trick; a deal's result
stays until the player moves on, with the deal before still in the log; the tab's title says when it is the
player's turn; a change of language draws the log again instead of adding to it."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any

import pytest
from browser_support import WAIT_MS, open_page, playable, screenshot, seq, wait_for_picture
from playwright.sync_api import Browser, Locator, Page
from room_support import Server, play

PLAYS = re.compile(r"^(\d) play (\S+)", re.MULTILINE)


def against_bots(server: Server, browser: Browser, game: str, *, players: int = 2, seed: int,
                 lang: str | None = None, **options: Any) -> Page:
    """A table of ``game`` with a random bot at every seat but seat 0, and seat 0's page once it has drawn its
    first picture (``options``: :func:`open_page`'s)."""
    created = server.post("/api/tables", {"game": game, "players": players, "seed": seed,
                                          "bots": {str(seat): "random" for seat in range(1, players)}})
    url = server.base + created["seats"]["0"]["url"] + (f"&lang={lang}" if lang else "")
    page = open_page(browser, url, **options)
    wait_for_picture(page)
    return page


def first_move(page: Page) -> bool:
    """Click the page's first legal move (a card when it has one); whether it had one."""
    cards = playable(page)
    if cards:
        page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
        return True
    buttons = page.locator("#moves > button.move:not([disabled])")  # not a choice in a folded list
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
    page = against_bots(server, browser, "ecarte", seed=21, trick_pause=None)
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
    page = against_bots(server, browser, "ecarte", seed=22, trick_pause=6000)
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
    page = against_bots(server, browser, "ecarte", seed=24)
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
    page = against_bots(server, browser, "whist", players=4, seed=25)
    until_cards_to_play(page)
    english = page.locator("#log li").all_inner_texts()
    assert english
    page.select_option("#lang", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_function(f"document.querySelector('#log li')?.innerText !== {english[0]!r}")
    french = page.locator("#log li").all_inner_texts()
    assert len(french) == len(english) and not set(french) & set(english)
    assert page.title().startswith("À vous")


def finished_ecarte(server: Server, browser: Browser, *, lang: str = "en") -> tuple[dict[str, Any], Page]:
    """An Écarté table (seed 35, Ada in seat 0, a random bot in seat 1) played to its end by seat 0's socket; the
    table as created, and seat 0's page in ``lang`` once it has drawn the last picture."""
    created = server.post("/api/tables", {"game": "ecarte", "seed": 35, "bots": {"1": "random"},
                                          "names": {"0": "Ada"}})
    with ThreadPoolExecutor(1) as aside:  # the seat plays by its socket, beside Playwright's own event loop
        aside.submit(asyncio.run, play(server, created["table"], {0: created["seats"]["0"]["token"]}, seed=35,
                                       spectators=0)).result()
    page = open_page(browser, server.base + created["seats"]["0"]["url"] + f"&lang={lang}")
    wait_for_picture(page)
    return created, page


@pytest.mark.parametrize(("lang", "over", "replay"), [("en", "The game is over", "Replay this game"),
                                                      ("fr", "La partie est finie", "Revoir cette partie")])
def test_E_6_2_the_end_of_the_game_is_said_once_with_its_result(server: Server, browser: Browser, lang: str,
                                                                over: str, replay: str) -> None:
    """E-§6.2: the game of five points won, the page says that the game is over once, in the result that names the
    winner and the score, beside the replay; the status line and the moves, which said it again, say nothing."""
    _, page = finished_ecarte(server, browser, lang=lang)
    page.locator("#next-game").wait_for()
    result = page.inner_text(".deal-result p")
    assert re.match(rf"{over}\s?: .+ \d+ (to|à) \d+ \(E-§6\.2\)\.", result), result
    assert page.inner_text("body").count(over) == 1, page.inner_text("body")
    assert page.locator("#result").get_by_role("link", name=replay).count() == 1
    assert page.locator("#title .status").count() == 0 and page.locator("#moves .waiting").count() == 0
    assert page.locator("#title h2").inner_text() == "Écarté"


def test_at_the_end_the_page_offers_the_next_game_as_the_same_game_or_another_for_as_many(
        server: Server, browser: Browser) -> None:
    """Écarté played to its end: the page offers the next game with the same people, Écarté again first, or every
    other game two may play (Le Quinze; never Whist, for four); the player chooses Le Quinze, and his link sits him
    there one seat on, with the same bot."""
    created, page = finished_ecarte(server, browser)
    choice = page.locator("#next-game-choice")
    choice.wait_for()
    offered = choice.locator("option").evaluate_all("o => o.map(x => [x.value, x.textContent])")
    for two in [game for game in server.get("/api/games").json() if game["min_players"] <= 2 <= game["max_players"]
                and game["game"] != "ecarte"]:
        offered.remove([two["game"], two["title"]])
    assert offered == [["ecarte", "Écarté again"]]
    assert page.get_by_label("The next game").input_value() == "ecarte"
    choice.select_option("quinze")
    screenshot(page, "next-game")
    page.get_by_role("button", name="Next game with the same players").click()
    page.get_by_role("link", name="Sit at the next game (seat 2)").click()
    page.wait_for_url(re.compile(r"/tables/(?!" + re.escape(created["table"]) + ")"))
    wait_for_picture(page)
    assert page.inner_text("#title h2") == "Le Quinze"
    table = page.url.split("/tables/")[1].split("?")[0]
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["game"] == "quinze" and [seat["name"] for seat in summary["seats"]][1] == "Ada"
    assert summary["seats"][0]["state"] == "bot"


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


# ------------------------------------------------------------------------------------------------ choosing cards
def ecarte_discard(server: Server, browser: Browser) -> tuple[Page, Locator]:
    """An Écarté page whose player proposed and the bot accepted: the page and its selection for the discard."""
    for seed in range(40, 60):  # a random bot accepts a proposal about one time in two
        created = server.post("/api/tables", {"game": "ecarte", "bots": {"1": "random"}, "seed": seed})
        page = open_page(browser, server.base + created["seats"]["0"]["url"])
        wait_for_picture(page)
        propose = page.locator('#moves button.move[data-action="propose"]')
        if not propose.count():
            continue
        before = seq(page)
        propose.click()
        wait_for_picture(page, after=before)
        selection = page.locator('.selection[data-verb="discard"]')
        try:
            selection.wait_for(timeout=5_000)
        except Exception:  # refused: another deal
            continue
        break
    else:
        raise AssertionError("the bot never accepted a proposal")
    return page, selection


def test_ecartes_discard_is_chosen_by_selecting_cards_and_confirming_ECARTE_VI_4(
        server: Server, browser: Browser) -> None:
    """The player proposes; once the bot accepts, he discards by selecting two cards in his hand and confirming
    (the confirmation says what it does); the 31 discards stay as a folded list for the keyboard, not a wall of
    buttons."""
    page, selection = ecarte_discard(server, browser)
    assert page.locator("#moves > button.move").count() <= 2  # keep all, or nothing else: no wall
    confirm = selection.locator("button.confirm")
    assert confirm.is_disabled() and confirm.inner_text() == "No move holds exactly these cards"
    assert selection.locator("details.all-moves button.move").count() == 31
    held: list[str] = page.eval_on_selector_all("#hand button.card", "b => b.map(x => x.dataset.card)")
    for card in held[:2]:
        page.locator(f'#hand button.card[data-card="{card}"]').click()
        assert page.locator(f'#hand button.card[data-card="{card}"]').get_attribute("aria-pressed") == "true"
    label = confirm.inner_text()
    assert confirm.is_enabled() and "draw 2" in label and "discard" in label
    screenshot(page, "ecarte-discard")
    before = seq(page)
    confirm.click()
    wait_for_picture(page, after=before)
    page.wait_for_function(f"!{held[:2]!r}.some((card) => document.querySelector("
                           "`#hand button.card[data-card='${card}']`))")


def guinguette_stir(server: Server, browser: Browser) -> tuple[Page, Locator]:
    """A Guinguette page (four seats) whose player may stir: the page and its selection for the stir."""
    page = against_bots(server, browser, "guinguette", players=4, seed=27)
    selection = page.locator('.selection[data-verb="stir"]')
    play_until(page, lambda: selection.count() > 0, seconds=60)
    return page, selection


def test_guinguettes_stir_is_chosen_by_selecting_a_card_and_confirming_GU_5_1(
        server: Server, browser: Browser) -> None:
    """Also: the log says the game is a reconstruction, but gives no terminal command ("type rules")."""
    page, selection = guinguette_stir(server, browser)
    log = page.inner_text("#log")
    assert "La Guinguette is a reconstruction" in log and "type rules" not in log
    confirm = selection.locator("button.confirm")
    assert confirm.is_disabled()
    card = page.eval_on_selector_all("#hand button.card[aria-pressed]", "b => b.map(x => x.dataset.card)")[0]
    page.locator(f'#hand button.card[data-card="{card}"]').click()
    assert confirm.is_enabled() and confirm.inner_text().lower().startswith("stir")
    screenshot(page, "guinguette-stir")
    before = seq(page)
    confirm.click()
    wait_for_picture(page, after=before)


FOCUSED = "document.activeElement?.dataset.card ?? null"


def test_ecartes_discard_is_chosen_by_the_keyboard_alone_ECARTE_VI_4(server: Server, browser: Browser) -> None:
    """Arrow keys go from card to card of the hand (round from the last to the first), space and Enter toggle a
    card's selection, and the confirmation is reached and pressed by the keyboard: two cards discarded."""
    page, selection = ecarte_discard(server, browser)
    held: list[str] = page.eval_on_selector_all("#hand button.card", "b => b.map(x => x.dataset.card)")
    page.locator(f'#hand button.card[data-card="{held[0]}"]').focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED) == held[-1]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == held[1]
    page.keyboard.press("Space")
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED) == held[-1]
    page.keyboard.press("Enter")
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # twice: selected, then not
    pressed = page.eval_on_selector_all('#hand button.card[aria-pressed="true"]', "b => b.map(x => x.dataset.card)")
    assert pressed == [held[1], held[-1]] and page.evaluate(FOCUSED) == held[0]
    confirm = selection.locator("button.confirm")
    assert confirm.is_enabled() and "draw 2" in confirm.inner_text()
    confirm.focus()
    before = seq(page)
    page.keyboard.press("Enter")
    wait_for_picture(page, after=before)
    page.wait_for_function(f"![{held[1]!r}, {held[-1]!r}].some((card) => document.querySelector("
                           "`#hand button.card[data-card='${card}']`))")


def test_guinguettes_stir_is_chosen_by_the_keyboard_alone_GU_5_1(server: Server, browser: Browser) -> None:
    page, selection = guinguette_stir(server, browser)
    toggles: list[str] = page.eval_on_selector_all("#hand button.card[aria-pressed]", "b => b.map(x => x.dataset.card)")
    page.locator(f'#hand button.card[data-card="{toggles[0]}"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == toggles[1 % len(toggles)]
    page.keyboard.press("Space")
    assert page.locator(f'#hand button.card[data-card="{toggles[1 % len(toggles)]}"]').get_attribute(
        "aria-pressed") == "true"
    confirm = selection.locator("button.confirm")
    assert confirm.is_enabled() and confirm.inner_text().lower().startswith("stir")
    confirm.focus()
    before = seq(page)
    page.keyboard.press("Space")
    wait_for_picture(page, after=before)
    page.wait_for_function(f"!document.querySelector(`#hand button.card[data-card='{toggles[1 % len(toggles)]}']`)")


def test_a_bot_to_play_is_shown_thinking(server: Server, browser: Browser) -> None:
    """While a bot's decision is awaited, its seat says it is thinking (at six seats of La Guinguette a player
    waited up to 12 s with no sign)."""
    created = server.post("/api/tables", {"game": "whist", "players": 4, "seed": 28,
                                          "bots": {"1": "random", "2": "random", "3": "random"}})
    page = open_page(browser, server.base + created["seats"]["0"]["url"])
    page.evaluate("""() => {
      window.thinking = new Set();
      new MutationObserver(() => {
        for (const sign of document.querySelectorAll('.seat .thinking')) window.thinking.add(sign.textContent);
      }).observe(document.body, { childList: true, subtree: true });
    }""")
    wait_for_picture(page)
    play_until(page, lambda: page.evaluate("window.thinking.size") >= 2)
    assert all(sign.endswith(" is thinking…") for sign in page.evaluate("[...window.thinking]"))


# ------------------------------------------------------------------------------------------------ phone, access
PHONE = {"width": 390, "height": 844, "mobile": True}
TABLES = {"ecarte": 2, "whist": 4, "guimbarde": 5, "guinguette": 6, "quinze": 4}
"""Each game at a table size whose layout is the hardest for it (its most seats, Whist its four)."""


@pytest.mark.parametrize(("game", "players"), TABLES.items())
def test_on_a_phone_the_felt_and_the_hand_share_one_screen_and_each_card_is_big_enough_to_tap(
        server: Server, browser: Browser, game: str, players: int) -> None:
    """390 × 844, unscrolled: the centre of the felt (where the trick is said) and the whole hand are on the
    screen together; every card of the hand shows at least 44 px of itself to tap; nothing scrolls sideways."""
    created = server.post("/api/tables", {"game": game, "players": players, "seed": 29,
                                          "bots": {str(seat): "random" for seat in range(1, players)}})
    page = open_page(browser, server.base + created["seats"]["0"]["url"], **PHONE)  # type: ignore[arg-type]
    wait_for_picture(page)
    page.wait_for_selector("#hand button.card")
    boxes = page.eval_on_selector_all("#hand button.card, #centre", """nodes => nodes.map(node => {
      const box = node.getBoundingClientRect();
      return [node.id, box.left, box.top, box.right, box.bottom];
    })""")
    cards = [box for box in boxes if box[0] != "centre"]
    centre = next(box for box in boxes if box[0] == "centre")
    assert centre[2] >= 0 and centre[4] <= 844, centre
    assert all(top >= 0 and bottom <= 844 for _, _, top, _, bottom in cards), cards
    for (_, left, top, right, _), (_, next_left, next_top, _, _) in pairwise(cards):
        assert right - left >= 44
        if next_top == top:  # a card in the same row shows this much of itself before the next covers it
            assert next_left - left >= 44
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, f"{game}-phone", full_page=False)


CROWDED = [(game, players) for game in ("guimbarde", "guinguette") for players in (5, 6, 7, 8)]
"""La Guimbarde and La Guinguette at every table size from five seats to eight (each allows three to eight)."""
PLACES = """() => [...document.querySelectorAll('.seat, #centre, #hand button.card')].map(node => {
  const box = node.getBoundingClientRect();
  return [node.dataset.seat ?? node.id ?? 'card', box.left, box.top, box.right, box.bottom];
})"""


def places_in_view(page: Page, *, width: int, height: int) -> None:
    """Every seat's place, the centre of the felt and every card of the hand lie wholly on the screen, unscrolled."""
    assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0]
    boxes = page.evaluate(PLACES)
    outside = [box for box in boxes if box[1] < 0 or box[2] < 0 or box[3] > width or box[4] > height]
    assert not outside, outside


@pytest.mark.parametrize(("game", "players"), CROWDED)
def test_five_to_eight_seats_fit_a_1280_by_800_screen_with_the_hand_in_view(
        server: Server, browser: Browser, game: str, players: int) -> None:
    """1280 × 800, unscrolled: every seat, the centre of the felt and the whole hand are on the screen (a
    five-seat Guimbarde had its hand below the fold), and still so once cards lie in front of the seats."""
    page = against_bots(server, browser, game, players=players, seed=33, width=1280, height=800)
    page.wait_for_selector("#hand button.card")
    assert page.locator(".seat").count() == players
    places_in_view(page, width=1280, height=800)
    if game == "guimbarde":  # a trick under way: the cards played take their places in front of the seats
        play_until(page, lambda: page.locator(".seat .played svg").count() >= 2)
        places_in_view(page, width=1280, height=800)
    if players == 8:
        screenshot(page, f"{game}-8-seats", full_page=False)


@pytest.mark.parametrize(("lang", "name"), [("en", "king of spades"), ("fr", "roi de pique")])
def test_every_card_has_an_accessible_name_in_words(server: Server, browser: Browser, lang: str, name: str) -> None:
    page = against_bots(server, browser, "whist", players=4, seed=30, lang=lang)
    labels = page.eval_on_selector_all("#hand svg[data-card]",
                                       "f => f.map(x => [x.dataset.card, x.getAttribute('aria-label')])")
    assert labels and all(label and " " in label for _, label in labels)
    named = dict(labels)
    if "KS" in named:
        assert named["KS"] == name
    assert page.get_by_role("button", name=re.compile(r"\w+ (of|de) \w+")).count() == len(labels)


@pytest.mark.parametrize("where", ["lobby", "table", "table-phone"])
def test_axe_finds_no_accessibility_violation(server: Server, browser: Browser, where: str) -> None:
    """axe-core, run inside the page (axe-playwright-python ships it), on the lobby and on a table at a desktop's
    and a phone's size: no violation of WCAG 2 A or AA."""
    from axe_playwright_python.sync_playwright import Axe

    if where == "lobby":
        page = open_page(browser, server.base + "/")
        page.wait_for_selector("form.create")
    else:
        created = server.post("/api/tables", {"game": "whist", "players": 4, "seed": 31,
                                              "bots": {"1": "random", "2": "random", "3": "random"}})
        size = PHONE if where == "table-phone" else {}
        page = open_page(browser, server.base + created["seats"]["0"]["url"], **size)  # type: ignore[arg-type]
        wait_for_picture(page)
        page.wait_for_selector("#hand button.card")
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa"]})
    assert results.violations_count == 0, results.generate_report()


# ------------------------------------------------------------------------------------------------ the lobby
def test_the_creator_gives_his_name_and_a_clock_in_the_lobby_sits_at_once_and_sees_his_time(
        server: Server, browser: Browser) -> None:
    """The lobby asks the creator his name (an apostrophe is welcome) and offers time controls; the new table's
    links come into view wherever the page was scrolled; the creator is seated by name, and his page shows his
    clock when his decision is timed."""
    lobby = open_page(browser, server.base + "/")
    form = lobby.locator('form.create[data-game="ecarte"]')
    form.locator("#ecarte-name").fill("Zoé d'Artagnan")
    form.locator("#ecarte-seat-1").select_option("bot:random")
    form.locator("#ecarte-clock").select_option("30")
    lobby.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    form.get_by_role("button", name="Create a table").click()
    lobby.wait_for_selector("#created .invite")
    top = lobby.evaluate("document.getElementById('created-title').getBoundingClientRect().top")
    assert 0 <= top < lobby.evaluate("window.innerHeight")
    link = lobby.eval_on_selector_all("#created .invite input", "inputs => inputs.map(i => i.value)")[0]
    table = link.split("/tables/")[1].split("?")[0]
    seat = server.get(f"/api/tables/{table}").json()["seats"][0]
    assert (seat["name"], seat["state"]) == ("Zoé d'Artagnan", "taken")
    page = open_page(browser, link)
    wait_for_picture(page)
    page.wait_for_function("/^You: \\d+ s to decide, 300 s in reserve$/.test("
                           "document.getElementById('clock')?.textContent ?? '')")


CARD_MOVES = """() => {
  window.moved = new Map();  // card: the first keyframe of the move the page asked for
  window.running = 0;  // frames in which a card's move was running
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    if (options?.id === 'card-move') window.moved.set(this.dataset.card, keyframes[0].transform);
    return animate.call(this, keyframes, options);
  };
  const before = new Set([...document.querySelectorAll('.seat .played svg[data-card]')].map((f) => f.dataset.card));
  window.laid = new Set();  // the cards laid on the felt since
  const watch = () => {
    window.running += document.getAnimations().some((each) => each.id === 'card-move') ? 1 : 0;
    for (const face of document.querySelectorAll('.seat .played svg[data-card]')) {
      if (!before.has(face.dataset.card)) window.laid.add(face.dataset.card);
    }
    requestAnimationFrame(watch);
  };
  watch();
}"""


@pytest.mark.parametrize("motion", ["moves", "reduced", "turned off"])
def test_a_card_played_travels_from_the_hand_to_its_place_unless_motion_is_reduced_or_turned_off(
        server: Server, browser: Browser, motion: str) -> None:
    """Whist: the card the player plays travels up from his hand to its place in front of his seat, and the bots'
    cards from their seats (animations running in the page); none moves when the system asks for reduced motion
    or the reader turned animations off in his preferences, though every card still lies in its place."""
    page = against_bots(server, browser, "whist", players=4, seed=34, reduced_motion=motion == "reduced",
                        trick_pause=1500)
    if motion == "turned off":
        page.get_by_text("Preferences").click()
        page.get_by_label("Animations").uncheck()
    page.evaluate(CARD_MOVES)
    until_cards_to_play(page)
    card = playable(page)[0]
    page.locator(f'#hand button.card[data-card="{card}"]').click()
    play_until(page, lambda: bool(page.evaluate(f"window.laid.has({card!r}) && window.laid.size >= 2")))
    # One snapshot of both: a card laid between two reads would be laid without its move read (the page moves a
    # card in the same task that lays it; the watcher sees it laid only at the next frame).
    moves, laid = page.evaluate("[[...window.moved], [...window.laid]]")
    moved: dict[str, str] = dict(moves)
    if motion != "moves":
        assert moved == {} and page.evaluate("window.running") == 0
        return
    assert set(laid) <= set(moved) and page.evaluate("window.running") > 0  # every card laid moved, bots' too
    rise = re.match(r"translate\((-?[\d.]+)px, (-?[\d.]+)px\)", moved[card])
    assert rise and float(rise[2]) > 0, moved[card]  # from the hand, below its place on the felt


def test_the_readers_preferences_four_colours_no_animation_and_a_sound_for_his_turn(
        server: Server, browser: Browser) -> None:
    page = against_bots(server, browser, "whist", players=4, seed=32)
    page.get_by_text("Preferences").click()
    page.get_by_label("Four-colour deck (diamonds blue, clubs green)").check()
    colours = {"D": "#1450b8", "C": "#1a6b2a"}
    held = [card for card in page.eval_on_selector_all("#hand button.card", "b => b.map(x => x.dataset.card)")
            if card[-1] in colours]
    assert held
    for card in held:
        assert page.locator(f'#hand svg[data-card="{card}"] text[fill="{colours[card[-1]]}"]').count() > 0
    page.get_by_label("Animations").uncheck()
    assert page.evaluate("document.body.classList.contains('no-motion')")
    page.get_by_label("A sound when it is my turn").check()
    page.reload()  # kept in the browser
    wait_for_picture(page)
    assert page.evaluate("document.body.classList.contains('four-colours')")
    play_until(page, lambda: int(page.evaluate("document.body.dataset.turnSignals ?? '0'")) >= 1)
