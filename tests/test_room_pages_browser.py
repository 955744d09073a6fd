"""The card room's pages in a real headless Chromium against a real ``academie serve`` process: people create
tables in the lobby, join them by their links and play whole deals by clicking; spectators and seats are checked
for hidden cards at every step; a reload carries on; the replay steps through a finished game; French and
English; a phone's layout. Each game's table page is saved as <game>.png (in docs/screenshots with
ACADEMIE_UPDATE_GOLDEN=1)."""

from __future__ import annotations

import re
import time

import pytest
from browser_support import (
    WAIT_MS,
    cards_on_page,
    hand,
    only_from,
    open_page,
    playable,
    screenshot,
    seq,
    wait_for_picture,
)
from playwright.sync_api import Browser, Page
from room_support import Server

from academie.cards import Card
from academie.room.web_words import page_words
from academie.words import Words

ENGLISH = Words("en")


# ------------------------------------------------------------------------------------------------ helpers
def create_in_lobby(lobby: Page, game: str, *, players: int, bots: dict[int, str],
                    open_seats: frozenset[int] = frozenset()) -> list[str]:
    """Create a table from the lobby's form (every seat a person invited by a link but ``bots`` and the
    ``open_seats`` anyone may join); the links it shows: the creator's (the first invited seat's), then the
    other invited seats'."""
    form = lobby.locator(f'form.create[data-game="{game}"]')
    form.locator(f"#{game}-players").select_option(str(players))
    for seat in range(players):
        choice = f"bot:{bots[seat]}" if seat in bots else "open" if seat in open_seats else "invited"
        form.locator(f"#{game}-seat-{seat}").select_option(choice)
    form.get_by_role("button", name="Create a table").click()
    lobby.wait_for_selector("#created .invite")
    links: list[str] = lobby.eval_on_selector_all("#created .invite input", "inputs => inputs.map(i => i.value)")
    return links


def lobby_seats(lobby: Page, table: str) -> list[str]:
    """The state the lobby shows for each seat of a table (after loading the lobby again)."""
    lobby.goto(lobby.url.split("?")[0])
    entry = lobby.locator(f'li[data-table="{table}"]')
    entry.wait_for()
    states: list[str] = entry.locator("li[data-seat]").evaluate_all("items => items.map(i => i.dataset.state)")
    return states


def mover(pages: list[Page]) -> tuple[Page, list[str], list[str]] | None:
    """The page whose seat has a move now: the page, its clickable cards, its move buttons (None: no one's)."""
    for page in pages:
        cards = playable(page)
        buttons: list[str] = page.eval_on_selector_all("#moves button.move:not([disabled])",
                                                       "buttons => buttons.map(b => b.dataset.action)")
        if cards or buttons:
            return page, cards, buttons
    return None


def settle(pages: list[Page], target: int) -> None:
    """Wait until every page has drawn the picture of ``target`` actions (or a later one)."""
    for page in pages:
        page.wait_for_function(f"Number(document.body.dataset.seq ?? -1) >= {target}", timeout=WAIT_MS)


def assert_no_hidden_card(watchers: list[Page], seats: list[Page]) -> None:
    """No page shows a card another seat holds unless every page shows it (the turn-up, cards shown for a box,
    named in the log for all to read); a spectator's page shows no card a seat holds but those."""
    hands = [{Card.parse(card) for card in hand(page)} for page in seats]
    held = set().union(*hands)
    shown = [cards_on_page(page, ENGLISH) for page in seats + watchers]
    mine = [*hands, *(set() for _ in watchers)]
    public = {card for card in held if all(card in cards for cards, own in zip(shown, mine, strict=True)
                                           if card not in own)}
    for index, (cards, own) in enumerate(zip(shown, mine, strict=True)):
        leaked = (cards & held) - own - public
        assert not leaked, f"page {index} shows {sorted(map(str, leaked))}, held by another seat"


def play_until_result(pages: list[Page], watchers: list[Page], *, limit: int,
                      each: object = None) -> int:
    """Click moves (a card when there is one) on whichever page has the move until a deal's result shows;
    after every action check every page for hidden cards. The number of cards played."""
    played = 0
    for _ in range(limit):
        settle(pages + watchers, max(seq(page) for page in pages))
        assert_no_hidden_card(watchers, pages)
        if any(page.inner_text("#result").strip() for page in pages):
            return played
        found = mover(pages)
        if found is None:
            time.sleep(0.05)  # a bot is thinking
            continue
        page, cards, buttons = found
        before = seq(page)
        if callable(each):
            each(page, cards, played)
        if seq(page) == before:
            if cards:
                page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
                played += 1
            else:
                page.locator(f'#moves button.move[data-action="{buttons[0]}"]').click()
        wait_for_picture(page, after=before)
    raise AssertionError(f"no deal ended within {limit} steps")


# ------------------------------------------------------------------------------------------------ Whist
def test_whist_four_players_join_by_their_links_and_play_a_whole_deal_by_clicking_W_5(
        server: Server, browser: Browser) -> None:
    """Four browser contexts: three open the invitation links the lobby gives (the creator's first), the fourth
    joins the seat left open to anyone with a name from the lobby's list; a spectator watches. The lobby shows each
    seat as it is: reserved for its link until the link connects, then taken, and a join form only at the open
    seat. Every card is a click (one by the keyboard); only the cards the law allows are clickable (W-§5: follow
    suit if able); a reload mid-deal carries on; no page ever shows a card another seat holds; a new picture
    leaves unchanged regions alone."""
    lobby = open_page(browser, server.base + "/")
    lobby.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    links = create_in_lobby(lobby, "whist", players=4, bots={}, open_seats=frozenset({3}))
    assert len(links) == 3 and all("?token=" in link for link in links) and "&owner=" in links[0]
    assert not any("&owner=" in link for link in links[1:])
    screenshot(lobby, "lobby")
    lobby.locator('button[data-copy="2"]').click()
    lobby.wait_for_function("document.querySelector('button[data-copy=\"2\"]').textContent === 'Copied'")
    assert lobby.evaluate("navigator.clipboard.readText()") == links[2]
    table = links[0].split("/tables/")[1].split("?")[0]
    assert lobby_seats(lobby, table) == ["reserved", "reserved", "reserved", "open"]
    entry = lobby.locator(f'#open li[data-table="{table}"]')
    assert entry.locator("form.join").count() == 1 and "Seat 3: reserved for an invited player" in entry.inner_text()

    seats = [open_page(browser, link) for link in links[:3]]
    for page in seats:
        wait_for_picture(page)
    assert lobby_seats(lobby, table) == ["taken", "taken", "taken", "open"]
    entry = lobby.locator(f'li[data-table="{table}"]')
    entry.get_by_placeholder("Your name").last.fill("Dora")
    entry.get_by_role("button", name="Join at seat 4").click()
    lobby.wait_for_url(re.compile(rf"/tables/{table}\?token="))
    seats.append(lobby)
    spectator = open_page(browser, server.base + "/")  # a spectator comes by the lobby's watch link
    spectator.locator(f'li[data-table="{table}"] a', has_text="Watch").click()
    spectator.wait_for_url(f"{server.base}/tables/{table}")
    for page in [*seats, spectator]:
        wait_for_picture(page)
    assert spectator.inner_text("#title").count("You are watching this table.") == 1
    assert "Dora" in spectator.inner_text("#seats")
    assert spectator.locator("#hand button.card").count() == 0
    line = "Hello <b>all</b> & good luck"  # chat is plain text: what is typed is what everyone reads
    seats[0].fill("#chat-text", line)
    seats[0].press("#chat-text", "Enter")
    for page in (seats[2], spectator):
        page.wait_for_selector("#chat-lines li")
        assert page.inner_text("#chat-lines li").endswith(line)
        assert page.locator("#chat-lines li b").count() == 1  # the name only: the line's tags are text

    state = {"reloaded": False, "checked_redraw": False, "keyboard": False, "last_trick": False}

    def before_each_play(page: Page, cards: list[str], played: int) -> None:
        held = hand(page)
        led = spectator.eval_on_selector_all(".felt .played[data-order='0'] svg[data-card]",
                                           "f => f.map(x => x.dataset.card)")
        if led:  # W-§5: follow suit if able, else any card
            suit = led[0][-1]
            following = [card for card in held if card[-1] == suit]
            assert cards == (following or held)
        else:
            assert cards == held
        for other in seats:
            if other is not page:
                assert playable(other) == []
        turn = page.evaluate("document.body.dataset.seat")
        assert spectator.eval_on_selector_all(".seat.to-act", "s => s.map(x => x.dataset.seat)") == [turn]
        if played == 1 and not state["checked_redraw"]:  # the second card of a trick: the tallies stay as drawn
            spectator.evaluate("document.querySelector('#tallies table').dataset.mark = 'kept';"
                               "document.querySelector('#log li').dataset.mark = 'kept'")
            state["checked_redraw"] = True
            before = seq(page)
            page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
            wait_for_picture(spectator, after=before)
            assert spectator.evaluate("document.querySelector('#tallies table').dataset.mark") == "kept"
            assert spectator.evaluate("document.querySelector('#log li').dataset.mark") == "kept"
        elif not state["keyboard"]:  # the first card: by the keyboard
            state["keyboard"] = True
            buttons = page.locator("#hand button.card")
            buttons.first.focus()
            page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.dataset.card") == held[1]
            page.locator(f'#hand button.card[data-card="{cards[0]}"]').focus()
            before = seq(page)
            page.keyboard.press("Enter")
            wait_for_picture(page, after=before)
        elif played == 20 and not state["reloaded"]:  # a reload in the middle of the deal carries on
            state["reloaded"] = True
            other = seats[(seats.index(page) + 1) % 4]
            kept = hand(other)
            other.reload()
            wait_for_picture(other)
            assert hand(other) == kept
        if 9 <= played <= 11 and page is not seats[0] and not state["last_trick"]:  # a trick on, the last open
            state["last_trick"] = True
            seats[0].get_by_role("button", name="Show the last trick").click()
            last = seats[0].locator(".trick", has_text="Last trick")
            winner = last.locator(".winner").inner_text()
            assert last.locator("svg[data-card]").count() == 4 and re.match(r"(You win|\S.* wins) \(", winner)
            assert "You wins" not in winner  # the viewer's own trick in the viewer's grammar
            screenshot(seats[0], "whist")

    played = play_until_result(seats, [spectator], limit=200, each=before_each_play)
    assert played + 2 == 52 and all(state.values())  # two cards went through before_each_play's own clicks
    for page in seats:
        assert page.inner_text("#result").strip()
        assert not page.errors  # type: ignore[attr-defined]
        assert not only_from(page, server.base)
    screenshot(spectator, "whist-spectator")


# ------------------------------------------------------------------------------------------------ seats
def test_a_player_leaves_his_seat_from_the_table_page_after_confirming(server: Server, browser: Browser) -> None:
    """Écarté: the creator sits at seat 0 by his link; a stranger on a phone joins seat 1, left open to anyone,
    from the lobby. He leaves: the page asks first (Stay keeps him seated); then his page watches the table, his
    link is dead, the creator sees the seat open, and the lobby lists it open again."""
    lobby = open_page(browser, server.base + "/")
    links = create_in_lobby(lobby, "ecarte", players=2, bots={}, open_seats=frozenset({1}))
    table = links[0].split("/tables/")[1].split("?")[0]
    creator = open_page(browser, links[0])
    wait_for_picture(creator)
    assert lobby_seats(lobby, table) == ["taken", "open"]
    stranger = open_page(browser, server.base + "/", width=390, height=844, mobile=True)
    entry = stranger.locator(f'#open li[data-table="{table}"]')
    entry.wait_for()
    assert entry.locator("form.join").count() == 1
    screenshot(stranger, "lobby-phone")
    entry.get_by_placeholder("Your name").fill("Bea")
    entry.get_by_role("button", name="Join at seat 2").click()
    stranger.wait_for_url(re.compile(rf"/tables/{table}\?token="))
    wait_for_picture(stranger)
    link = stranger.url
    assert lobby_seats(lobby, table) == ["taken", "taken"]
    assert lobby.locator(f'#played li[data-table="{table}"]').count() == 1  # no seat for a stranger: to watch
    stranger.get_by_role("button", name="Leave this seat").click()
    assert "Leave seat 2? Your link will stop working" in stranger.inner_text("#leave")
    screenshot(stranger, "leave-phone")
    stranger.get_by_role("button", name="Stay").click()
    assert stranger.locator("#leave button.leave").count() == 1 and seq(stranger) >= 0
    stranger.get_by_role("button", name="Leave this seat").click()
    stranger.get_by_role("button", name="Leave the seat").click()
    stranger.wait_for_selector("#seat-note p")
    assert stranger.inner_text("#seat-note") == "You left seat 2; you are watching the table."
    stranger.wait_for_function("document.body.dataset.seat === ''")
    assert "token=" not in stranger.url and "You are watching this table." in stranger.inner_text("#title")
    assert stranger.locator("#hand button.card").count() == 0 and stranger.locator("#leave button").count() == 0
    creator.wait_for_selector('.seat[data-seat="1"] .presence[data-state="open"]')
    assert lobby_seats(lobby, table) == ["taken", "open"]
    reopened = open_page(browser, link)  # the old link only watches
    reopened.wait_for_selector("#seat-note p")
    assert reopened.inner_text("#seat-note") == "This link no longer holds a seat: you are watching the table."
    for page in (creator, stranger, reopened):
        assert not page.errors  # type: ignore[attr-defined]


def test_the_creator_gives_an_absent_players_seat_to_a_bot_or_opens_it_from_the_table_page(
        server: Server, browser: Browser) -> None:
    """Whist, four invited seats: the creator (seat 0) and seat 2 come, seats 1 and 3 never do. Only the
    creator's pages show the controls, for the absent seats alone. He gives seat 1 to a bot; he opens seat 3,
    whose link then only watches, and the lobby lists it open to anyone."""
    created = server.post("/api/tables", {"game": "whist", "players": 4, "seed": 8})
    table = created["table"]
    creator = open_page(browser, server.base + created["seats"]["0"]["url"])
    other = open_page(browser, server.base + created["seats"]["2"]["url"])
    for page in (creator, other):
        wait_for_picture(page)
    creator.wait_for_selector("#creator li[data-seat]")
    absent = creator.locator("#creator li[data-seat]").evaluate_all("items => items.map(i => i.dataset.seat)")
    assert absent == ["1", "3"] and "Seat 2: the invited player has not come" in creator.inner_text("#creator")
    assert other.locator("#creator li").count() == 0 and other.locator("#leave button.leave").count() == 1
    screenshot(creator, "creator-controls")
    phone = open_page(browser, server.base + created["owner"]["url"], width=390, height=844, mobile=True)
    phone.wait_for_selector("#creator li[data-seat]")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert phone.locator("#leave button").count() == 0  # the creator's own link without a seat: he watches
    screenshot(phone, "creator-controls-phone")
    seat_one = creator.locator('#creator li[data-seat="1"]')
    seat_one.locator("select").select_option("random")
    seat_one.get_by_role("button", name="Give it to the bot").click()
    creator.wait_for_selector('#creator li[data-seat="1"]', state="detached")
    other.wait_for_selector('.seat[data-seat="1"] .presence[data-state="bot"]')
    creator.locator('#creator li[data-seat="3"]').get_by_role("button", name="Open it to anyone").click()
    creator.wait_for_function("document.querySelector('#creator li[data-seat=\"3\"]')?.innerText"
                              ".includes('Seat 4: open to anyone')")
    assert creator.locator('#creator li[data-seat="3"] button.to-open').count() == 0
    gone = open_page(browser, server.base + created["seats"]["3"]["url"])
    gone.wait_for_selector("#seat-note p")
    lobby = open_page(browser, server.base + "/")
    assert lobby_seats(lobby, table) == ["taken", "bot", "taken", "open"]
    for page in (creator, other, phone, gone):
        assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ the lobby
def test_a_seat_taken_meanwhile_is_refused_in_the_lobby_by_the_number_the_lobby_shows(
        server: Server, browser: Browser) -> None:
    """Two people see seat 4 open in the lobby and both press "Join at seat 4": the second reads "Seat 4 is
    taken." (the room's refusals count seats from 1 as the pages do; the request said seat 3)."""
    created = server.post("/api/tables", {"game": "whist", "players": 4, "seed": 36, "access": {"3": "open"},
                                          "bots": {"1": "random", "2": "random"}})
    lobbies = [open_page(browser, server.base + "/") for _ in range(2)]
    entries = [lobby.locator(f'#open li[data-table="{created["table"]}"]') for lobby in lobbies]
    for entry, name in zip(entries, ("Dora", "Eve"), strict=True):
        entry.get_by_placeholder("Your name").fill(name)
    entries[0].get_by_role("button", name="Join at seat 4").click()
    lobbies[0].wait_for_url(re.compile(r"\?token="))
    entries[1].get_by_role("button", name="Join at seat 4").click()
    lobbies[1].wait_for_function("document.querySelector('form.join .problem')?.textContent === 'Seat 4 is taken.'")


def test_the_lobby_creates_a_table_with_the_options_chosen_and_shows_a_refusal_E_6_2(
        server: Server, browser: Browser) -> None:
    """Each rules option is shown with its default and a word on it; an option the rules refuse is explained on
    the page by the server's message; a table created with a chosen option has it (E-§6.2: game is 5 points,
    some books play 7)."""
    lobby = open_page(browser, server.base + "/")
    form = lobby.locator('form.create[data-game="ecarte"]')
    form.locator("summary").click()
    points = form.locator("#ecarte-game_points")
    assert points.input_value() == "5"
    said = form.locator(".option:has(#ecarte-game_points)").inner_text()
    assert "By default: 5" in said and "game_points" not in said  # a word on the option, never its key
    assert "Points that win the game" in form.locator(".option:has(#ecarte-game_points)").inner_text()
    assert form.locator("#ecarte-must_trump").is_checked()
    points.fill("99")
    form.get_by_role("button", name="Create a table").click()
    lobby.wait_for_function("document.querySelector('form.create[data-game=ecarte] .problem').textContent !== ''")
    assert "game_points" in form.locator(".problem").inner_text()
    assert lobby.locator("#created .invite").count() == 0
    points.fill("7")
    form.locator("#ecarte-must_trump").uncheck()
    form.get_by_role("button", name="Create a table").click()
    lobby.wait_for_selector("#created .invite")
    link = lobby.locator("#created .invite input").first.input_value()
    table = link.split("/tables/")[1].split("?")[0]
    options = server.get(f"/api/tables/{table}").json()["options"]
    assert options["game_points"] == 7 and options["must_trump"] is False


# ------------------------------------------------------------------------------------------------ Guimbarde
def test_guimbarde_of_five_with_two_bots_plays_a_deal_in_three_browsers(server: Server, browser: Browser) -> None:
    """La Guimbarde at five: three people by their links and two bots; a whole deal by clicking, no page showing
    a card another seat holds (cards shown for the boxes excepted, GUIMBARDE-§5)."""
    lobby = open_page(browser, server.base + "/")
    links = create_in_lobby(lobby, "guimbarde", players=5, bots={3: "classical", 4: "random"})
    assert len(links) == 3
    seats = [open_page(browser, link) for link in links]
    for page in seats:
        wait_for_picture(page)
    assert seats[0].locator(".seat").count() == 5
    assert "bot: classical" in seats[0].inner_text('.seat[data-seat="3"]')
    play_until_result(seats, [], limit=200)
    sheet = seats[0].locator("table.tally", has_text="Score sheet")
    sheet.wait_for()
    first_deal = sheet.locator("tbody tr").first.locator("td").all_inner_texts()
    assert len(first_deal) == 5 and all(re.fullmatch(r"[+−]\d+|0", points) for points in first_deal), first_deal
    screenshot(seats[0], "guimbarde")
    for page in seats:
        assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ amounts
def test_a_raise_is_checked_before_it_is_sent_QUINZE_35(server: Server, browser: Browser) -> None:
    """Le Quinze: the opening or raise is one amount field whose value must be one the law allows; an amount out
    of range is explained on the page and never sent (QUINZE-35: the opening is the jeu or more)."""
    created = server.post("/api/tables", {"game": "quinze", "players": 2, "bots": {"1": "random"}, "seed": 2})
    page = open_page(browser, server.base + created["seats"]["0"]["url"])
    page.wait_for_selector("form.amount")
    field = page.locator("form.amount input")
    least, most = int(field.get_attribute("min") or 0), int(field.get_attribute("max") or 0)
    assert 0 < least < most
    before = seq(page)
    field.fill(str(most + 1))
    assert page.locator("form.amount button").is_disabled()
    assert page.inner_text("form.amount .problem") == f"{most + 1} is not allowed: from {least} to {most}"
    field.press("Enter")
    time.sleep(0.3)
    assert seq(page) == before and not page.inner_text("#error").strip()
    field.fill(str(least))
    button = page.locator("form.amount button")
    assert button.is_enabled() and str(least) in button.inner_text()
    button.click()
    assert wait_for_picture(page, after=before) > before
    assert not page.inner_text("#error").strip()
    screenshot(page, "quinze")


# ------------------------------------------------------------------------------------------------ table mode
def test_table_mode_calls_the_referee_and_the_ruling_cites_its_law_E_P1(server: Server, browser: Browser) -> None:
    """Écarté in table mode: the "call the referee" panel lists the irregular acts the seat could commit, each
    with its law; committing one is ruled on, and the ruling cites its law's ID."""
    created = server.post("/api/tables", {"game": "ecarte", "bots": {"1": "random"}, "mode": "table", "seed": 4})
    page = open_page(browser, server.base + created["seats"]["0"]["url"])
    wait_for_picture(page)
    page.get_by_role("button", name="Irregular acts (table mode)").click()
    acts = page.locator("#acts button.act")
    acts.first.wait_for()
    labels = acts.all_inner_texts()
    assert labels and all(re.search(r"\((?:E-|ECARTE-)[^)]+\)", label) for label in labels)
    law = re.findall(r"\(((?:E-|ECARTE-)[^)]+)\)", labels[0])[-1]
    before = seq(page)
    acts.first.click()
    wait_for_picture(page, after=before)
    page.wait_for_function(f"document.body.innerText.split({law!r}).length > 2")
    assert law in page.inner_text("#log") + page.inner_text("#pending")
    page.wait_for_selector("#log .why")  # the bot's reason, under the line of its act
    assert page.inner_text("#log .why >> nth=0").startswith("why: ")
    screenshot(page, "ecarte-table-mode")


def test_the_party_the_law_names_chooses_the_remedy_by_clicking_E_P1(server: Server, browser: Browser) -> None:
    """Écarté in table mode between two people: the seat not to play leads out of turn from the referee's panel;
    the other seat, whom law E-P1 names to choose, is offered the remedies as its moves, and its choice is
    ruled with the law's ID."""
    created = server.post("/api/tables", {"game": "ecarte", "mode": "table", "seed": 4})
    pages = [open_page(browser, server.base + created["seats"][str(seat)]["url"]) for seat in (0, 1)]
    for page in pages:
        wait_for_picture(page)
    while True:  # the first decisions, until someone has to lead to the first trick
        found = mover(pages)
        assert found is not None, [p.inner_text("main") for p in pages]
        page, cards, buttons = found
        if "trick 1 of 5" in page.inner_text("#title .status"):
            break
        before = seq(page)
        stand = [action for action in buttons if action in ("stand", "refuse")] or buttons
        if stand:
            page.locator(f'#moves button.move[data-action="{stand[0]}"]').click()
        else:
            page.locator(f'#hand button.card[data-card="{cards[0]}"]').click()
        wait_for_picture(page, after=before)
    offender = pages[1] if page is pages[0] else pages[0]
    offender.get_by_role("button", name="Irregular acts (table mode)").click()
    act = offender.locator("#acts button.act", has_text="out of turn").first
    before = seq(offender)
    act.click()
    wait_for_picture(page, after=before)
    remedies = page.locator("#moves button.move[data-action^='remedy ']")
    remedies.first.wait_for()
    assert all("law=E-P1" in (action or "") for action in
               [remedies.nth(index).get_attribute("data-action") for index in range(remedies.count())])
    assert "E-P1" in page.inner_text("#pending")
    assert offender.locator("#moves button.move[data-action^='remedy ']").count() == 0  # not the offender's choice
    before = seq(page)
    remedies.first.click()
    wait_for_picture(offender, after=before)
    assert not offender.inner_text("#pending").strip()
    assert "E-P1" in offender.inner_text("#log")
    for seen in (offender, page):  # the ruling stays on both pages until read
        seen.wait_for_selector("#ruling .ruling")
        assert "The referee ruled: " in seen.inner_text("#ruling") and "E-P1" in seen.inner_text("#ruling")
    offender.get_by_role("button", name="Understood").click()
    assert offender.locator("#ruling .ruling").count() == 0 and page.locator("#ruling .ruling").count() == 1


# ------------------------------------------------------------------------------------------------ replay
def test_the_replay_page_steps_through_a_finished_game_with_the_arrows(server: Server, browser: Browser) -> None:
    created = server.post("/api/tables", {"game": "ecarte", "bots": {"0": "random", "1": "random"}, "seed": 11})
    table = created["table"]
    watcher = open_page(browser, f"{server.base}/tables/{table}")  # bots alone play while someone watches
    deadline = time.monotonic() + 30
    while not any(row["table"] == table for row in server.get("/api/finished").json()):
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    replay = server.get(f"/api/tables/{table}/replay").json()
    page = open_page(browser, server.base + "/")  # the lobby lists it among the finished games
    finished = page.locator(f'#finished li[data-table="{table}"]')
    assert "Hoyle, Cavendish, finished " in finished.inner_text()  # who played it, and when
    page.locator(f'#finished a[href="/replay/{table}"]').click()
    page.wait_for_selector("#position")
    watcher.get_by_role("link", name="Replay this game").click()  # its table says it is over, and links here
    watcher.wait_for_url(f"{server.base}/replay/{table}")
    assert page.inner_text("#position") == f"Step 0 of {len(replay['steps']) - 1}"
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.body.dataset.step") == "3"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.body.dataset.step") == "2"
    shown = page.eval_on_selector_all('#hands .hand-line[data-seat="1"] svg', "f => f.map(x => x.dataset.card)")
    assert shown == replay["steps"][2]["seats"][1]["hand"]
    page.select_option("#viewer", "0")  # seat 0's view: its hand alone
    assert page.locator("#hands .hand-line").count() == 1
    assert page.eval_on_selector_all("#hands svg", "f => f.map(x => x.dataset.card)") == \
        replay["steps"][2]["seats"][0]["hand"]
    page.keyboard.press("End")
    assert page.evaluate("document.body.dataset.step") == str(len(replay["steps"]) - 1)
    assert page.inner_text("#result").strip() == replay["steps"][-1]["seats"][0]["result"]
    results = page.locator(".results li")
    assert results.count() >= 2
    results.first.locator("button").click()
    assert page.inner_text("#result").strip() == results.first.inner_text().strip()
    record = page.request.get(server.base + (page.get_attribute("a[download$='.acad']", "href") or ""))
    assert record.ok and '[Game "ecarte"]' in record.text()
    screenshot(page, "replay")
    step = page.evaluate("document.body.dataset.step")
    page.select_option("#lang", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_selector("text=Étape")
    assert page.evaluate("document.body.dataset.step") == step  # the same step, in French


# ------------------------------------------------------------------------------------------------ languages
def test_the_pages_speak_the_browsers_language_and_switch_between_french_and_english(
        server: Server, browser: Browser) -> None:
    lobby = open_page(browser, server.base + "/", locale="fr-FR")
    lobby.wait_for_selector("text=Créer une table")
    assert lobby.evaluate("document.documentElement.lang") == "fr"
    lobby.select_option("#lang", "en")
    lobby.wait_for_selector("text=Create a table")
    assert lobby.evaluate("document.documentElement.lang") == "en"
    lobby.reload()  # the choice is kept
    lobby.wait_for_selector("text=Create a table")

    created = server.post("/api/tables", {"game": "whist", "players": 4,
                                          "bots": {"1": "random", "2": "random", "3": "random"}, "seed": 5})
    page = open_page(browser, server.base + created["seats"]["0"]["url"], locale="fr-FR")
    wait_for_picture(page)
    labels = page.eval_on_selector_all("#hand svg", "f => f.map(x => x.getAttribute('aria-label'))")
    assert labels == [page_words("fr")["card_names"][card] for card in hand(page)]  # « roi de pique »
    assert page.get_by_role("group", name="Votre jeu").count() == 1
    french_status = page.inner_text("#title .status")
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_function(f"document.querySelector('#title .status')?.innerText !== {french_status!r}")
    labels = page.eval_on_selector_all("#hand svg", "f => f.map(x => x.getAttribute('aria-label'))")
    assert labels == [page_words("en")["card_names"][card] for card in hand(page)]
    assert page.get_by_role("group", name="Your hand").count() == 1


FRENCH_TOO = {"A", "B", "point", "coup", "long", "standard", "club", "bouillotte", "table", "retire"}
"""Values of options that are French words too (or names: the bouillotte), found in French sentences."""


def test_the_french_lobby_shows_every_options_values_in_french_never_a_key_nor_an_english_label(
        server: Server, browser: Browser) -> None:
    """Every value of every game's rules options that take a few ("highest / lowest", "cap / add", ...) is shown
    by its French label, in its menu and in its "by default", never by its internal key nor its English label."""
    english, french = page_words("en"), page_words("fr")
    lobby = open_page(browser, server.base + "/", locale="fr-FR")
    lobby.wait_for_selector("text=Créer une table")
    shown: list[list[str]] = lobby.eval_on_selector_all("form.create .options select[data-option]", """menus =>
      menus.map(menu => [`${menu.closest('form').dataset.game}.${menu.dataset.option}`,
                         menu.closest('.option').querySelector('small').textContent,
                         ...[...menu.options].flatMap(option => [option.value, option.textContent])])""")
    assert {key for key, *_ in shown} == set(english["values"])  # every option that takes a few, with labels
    for key, default, *pairs in shown:
        values, labels = pairs[::2], pairs[1::2]
        assert labels == [french["values"][key][value] for value in values], key
        english_labels = set(english["values"][key].values())
        assert not set(labels) & (english_labels | set(values)), key
        assert default.split(" : ", 1)[1] in labels, (key, default)
    options = lobby.locator('form.create[data-game="quinze"] details')
    options.locator("summary").click()
    options.scroll_into_view_if_needed()
    screenshot(lobby, "lobby-options-fr", full_page=False)
    page_text = lobby.locator("main").text_content() or ""
    keys = {str(value) for values in english["choices"].values() for value in values} - FRENCH_TOO
    assert not [key for key in keys if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", page_text)]


# ------------------------------------------------------------------------------------------------ layouts
@pytest.mark.parametrize("game", ["ecarte", "guinguette"])
def test_each_games_table_page_is_drawn_from_its_picture(server: Server, browser: Browser, game: str) -> None:
    """The table page of a game with a person in seat 0: its hand as card faces, the other seats with their
    counts, whose turn it is; saved as docs/screenshots/<game>.png."""
    rules = server.get("/api/games").json()
    entry = next(item for item in rules if item["game"] == game)
    players = entry["min_players"] if game == "ecarte" else 4
    created = server.post("/api/tables", {"game": game, "players": players,
                                          "bots": {str(seat): "random" for seat in range(1, players)}, "seed": 9})
    page = open_page(browser, server.base + created["seats"]["0"]["url"])
    wait_for_picture(page)
    page.wait_for_selector("#hand button.card")
    assert page.locator(".seat").count() == players
    assert page.locator(".seat.to-act").count() <= 1
    for seat in range(1, players):
        assert page.locator(f'.seat[data-seat="{seat}"] .backs svg').count() > 0
    screenshot(page, game)
