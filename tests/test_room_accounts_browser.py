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
from playwright.sync_api import Browser, Page
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
