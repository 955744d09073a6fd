"""Accounts in a real Chromium against a real ``academie serve`` (issue 32): two people, each in a browser context
of his own, create their accounts on the account page; the first creates a table in the lobby and invites the
second by name to a seat of a Whist table (bots at the two others); the second sees the invitation in his lobby,
accepts it, sits at the seat and plays. A guest who played by his link claims the game once he has an account (in
French). The account page and the lobby's invitations are shot at a desktop's and a phone's size."""

from __future__ import annotations

import secrets
import sqlite3
import time

from browser_support import WAIT_MS, open_page, screenshot, seq, wait_for_picture
from playwright.sync_api import Browser, Page, expect
from room_support import Server
from test_room_table_browser import first_move

PHONE = {"width": 390, "height": 844}


def sign_up(page: Page, name: str, *, logged_in: str = "Logged in as {name}") -> None:
    page.locator("#signup-name").fill(name)
    page.locator("#signup-password").fill("pw-" + secrets.token_hex(8))
    page.locator("#signup").get_by_role("button").click()
    page.wait_for_selector("#logout")
    assert page.locator("main").get_by_text(logged_in.format(name=name)).count() == 1


def shots(page: Page, name: str) -> None:
    """The page at a desktop's size, then a phone's."""
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, name)
    page.set_viewport_size(PHONE)
    screenshot(page, f"{name}-phone", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_an_account_holder_invites_another_who_accepts_in_his_own_browser_and_plays(
        server: Server, browser: Browser) -> None:
    alice_name, bob_name = f"Zoé d'Artagnan {secrets.token_hex(2)}", f"Bob {secrets.token_hex(2)}"
    alice = open_page(browser, server.base + "/account")
    alice.wait_for_selector("#signup")
    shots(alice, "account-guest")
    sign_up(alice, alice_name)
    shots(alice, "account")
    bob = open_page(browser, server.base + "/account")
    sign_up(bob, bob_name)

    alice.goto(server.base + "/")
    assert alice.locator("#who").inner_text() == f"Logged in as {alice_name}"
    form = alice.locator('form.create[data-game="whist"]')  # Bob at seat 2, random bots at seats 3 and 4
    form.locator("#whist-seat-1").select_option("invited")
    for seat in (2, 3):
        form.locator(f"#whist-seat-{seat}").select_option("bot:random")
    form.get_by_role("button", name="Create a table").click()
    invite = alice.locator('#created form.invite-account[data-seat="1"]')
    invite.locator("input").fill(bob_name.upper())
    invite.get_by_role("button", name="Invite").click()
    invite.get_by_text(f"Invitation sent to {bob_name}").wait_for()
    shots(alice, "lobby-invite")
    mine = alice.eval_on_selector_all("#created .invite input", "inputs => inputs.map(i => i.value)")[0]
    table = mine.split("/tables/")[1].split("?")[0]

    bob.goto(server.base + "/")
    offered = bob.locator("#invitations [data-invitation]")
    offered.wait_for()
    assert f"{alice_name} invites you to seat 2 of table {table}" in offered.inner_text()
    shots(bob, "lobby-invitation")
    offered.locator('[data-answer="accept"]').click()
    bob.wait_for_url(f"**/tables/{table}?token=*")
    wait_for_picture(bob)
    alice.goto(mine)
    wait_for_picture(alice)
    seats = server.get(f"/api/tables/{table}").json()["seats"]
    assert [(seat["name"], seat["state"]) for seat in seats[:2]] == [(alice_name, "taken"), (bob_name, "taken")]
    path = server.db.split(":///", 1)[1]
    with sqlite3.connect(path) as db:
        held = db.execute("SELECT s.seat, a.name FROM room_seats s JOIN room_accounts a ON a.id = s.account_id "
                          "WHERE s.table_id = ? ORDER BY s.seat", (table,)).fetchall()  # the bots hold none
    assert held == [(0, alice_name), (1, bob_name)]

    moved_by_bob = 0
    deadline = time.monotonic() + WAIT_MS / 1000
    while moved_by_bob < 3:  # three cards of Bob's, each in its turn
        assert time.monotonic() < deadline, bob.inner_text("main")
        for page in (bob, alice):
            before = seq(page)
            if first_move(page):
                moved_by_bob += page is bob
                wait_for_picture(page, after=before)
    assert server.get(f"/api/tables/{table}").json()["seq"] >= 3
    assert not alice.errors and not bob.errors  # type: ignore[attr-defined]


def ecarte_move(page: Page) -> bool:
    """The page's first legal move; a discard chosen as the page asks for it: the hand's first card selected, then
    confirmed (ECARTE-VI.4)."""
    selection = page.locator('.selection[data-verb="discard"]')
    if selection.count():
        card = page.locator("#hand button.card").first
        if card.get_attribute("aria-pressed") != "true":
            card.click()
        confirm = selection.locator("button.confirm")
        expect(confirm).to_be_enabled()  # the page has drawn the selection: never a second click undoing it
        confirm.click()
        return True
    return first_move(page)


def test_two_account_holders_play_a_rated_ecarte_game_to_its_end_and_both_ratings_move(
        server: Server, browser: Browser) -> None:
    """The first, logged in, ticks "rated" in the lobby's Écarté form (a partie of one point, to be short) and
    invites the second by name; the lobby lists the table as rated; the second accepts; they play it out by
    clicking (ECARTE-VI.4: a discard is chosen and confirmed); both ratings move and the game is on both players'
    pages."""
    first_name, second_name = f"Irène {secrets.token_hex(2)}", f"Jérôme {secrets.token_hex(2)}"
    first = open_page(browser, server.base + "/account")
    sign_up(first, first_name)
    second = open_page(browser, server.base + "/account")
    sign_up(second, second_name)

    first.goto(server.base + "/")
    form = first.locator('form.create[data-game="ecarte"]')
    form.locator("#ecarte-seat-1").select_option("invited")
    form.locator("#ecarte-rated").check()
    form.locator("details > summary").click()
    form.locator("#ecarte-game_points").fill("1")
    form.get_by_role("button", name="Create a table").click()
    invite = first.locator('#created form.invite-account[data-seat="1"]')
    invite.locator("input").fill(second_name)
    invite.get_by_role("button", name="Invite").click()
    expect(invite.locator("[aria-live]")).to_have_text(f"Invitation sent to {second_name}")
    mine = first.locator("#invite-0").input_value()
    table = mine.split("/tables/")[1].split("?")[0]
    assert server.get(f"/api/tables/{table}").json()["rated"] is True

    second.goto(server.base + "/")
    listed = second.locator(f'#played li[data-table="{table}"]')
    assert listed.locator("[data-rated]").inner_text() == "rated"
    now_name = second.locator("#ecarte-now-name")  # he would play now as his account, too
    assert now_name.input_value() == second_name and now_name.get_attribute("readonly") is not None
    screenshot(second, "lobby-rated")
    second.set_viewport_size(PHONE)
    listed.scroll_into_view_if_needed()
    screenshot(second, "lobby-rated-phone", full_page=False)
    second.set_viewport_size({"width": 1280, "height": 900})
    second.locator("#invitations [data-invitation]").locator('[data-answer="accept"]').click()
    second.wait_for_url(f"**/tables/{table}?token=*")
    first.goto(mine)
    deadline = time.monotonic() + 6 * WAIT_MS / 1000
    while server.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, first.inner_text("main") + second.inner_text("main")
        moved = False
        for page in (first, second):
            wait_for_picture(page)
            before = seq(page)
            if ecarte_move(page):
                moved = True
                wait_for_picture(page, after=before)
        if not moved:
            time.sleep(0.05)
    for name in (first_name, second_name):
        rated = server.get(f"/api/players/{name}").json()
        while "ecarte" not in rated["ratings"]:  # rated in the background once the game ends
            assert time.monotonic() < deadline
            time.sleep(0.1)
            rated = server.get(f"/api/players/{name}").json()
        assert rated["ratings"]["ecarte"]["games"] == 1 and rated["ratings"]["ecarte"]["mu"] != 25.0
        assert rated["games"][0]["table"] == table and rated["games"][0]["rated"]
    for page, name in ((first, first_name), (second, second_name)):
        page.goto(f"{server.base}/players/{name}")
        page.locator(f'a[href="/replay/{table}"]').first.wait_for()
        assert page.locator("svg.rating-chart").count() == 1
    assert not first.errors and not second.errors  # type: ignore[attr-defined]


def test_a_guest_who_played_by_his_link_creates_an_account_and_claims_the_game(
        server: Server, browser: Browser) -> None:
    """In French: the guest's table is created in the lobby (his seat's link shown), then he creates an account and
    pastes the link on the account page; the seat becomes his account's."""
    guest = open_page(browser, server.base + "/?lang=fr", locale="fr-FR")
    form = guest.locator('form.create[data-game="ecarte"]')
    form.locator("#ecarte-seat-1").select_option("bot:random")
    form.get_by_role("button", name="Créer une table").click()
    link = guest.locator("#invite-0").input_value()
    table = link.split("/tables/")[1].split("?")[0]
    guest.goto(link)
    wait_for_picture(guest)
    guest.goto(server.base + "/account?lang=fr")
    sign_up(guest, name := f"Léa {secrets.token_hex(2)}", logged_in="Connecté en tant que {name}")
    guest.locator("#claim-links").fill(link)
    guest.locator("#claim").get_by_role("button").click()
    guest.locator("#claim .done").get_by_text("1 partie réclamée").wait_for()
    path = server.db.split(":///", 1)[1]
    with sqlite3.connect(path) as db:
        held = db.execute("SELECT a.name FROM room_seats s JOIN room_accounts a ON a.id = s.account_id "
                          "WHERE s.table_id = ? AND s.seat = 0", (table,)).fetchall()
    assert held == [(name,)]
    guest.goto(f"{server.base}/players/{name}?lang=fr")
    guest.locator(f'a[href="/tables/{table}"]').first.wait_for()  # the game he claimed, on his page
