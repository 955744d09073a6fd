"""The HTTP routes of accounts and invitations (docs/card-room.md, "Accounts"): create an account, log in and
out, read the session's CSRF token, change the password, delete the account, claim a guest's seats; a table's
creator invites an account holder to a seat, who accepts or declines.

Every change made with a session cookie carries its CSRF token (:func:`academie.room.accounts.require_csrf`, a
dependency of the whole application).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from academie.room.accounts import (
    Account,
    Session,
    account_by_name,
    account_name,
    change_password,
    checked_login,
    claim_seats,
    clear_session_cookie,
    client_of,
    close_session,
    create_account,
    current_session,
    delete_account,
    new_password,
    open_session,
    require_account,
    set_session_cookie,
    token_of,
)
from academie.room.bodies import (
    AccountRequest,
    ClaimRequest,
    DeleteRequest,
    InviteRequest,
    PasswordRequest,
    body_schema,
    read_body,
)
from academie.room.hub import Room, RoomError
from academie.room.limits import ClientLimits, echo
from academie.room.store import OPEN, RESERVED, accounts, invitations, now
from academie.room.tables import counted, room_words


async def _logged_in(request: Request, room: Room, account: Account) -> JSONResponse:
    """A new session for ``account`` (the request's old one, if any, ends: a session id never survives a login)."""
    old = await current_session(request)
    if old is not None:
        await close_session(room.store.engine, old.id)
    secret, session = await open_session(room.store.engine, account)
    response = JSONResponse({"name": account.name, "csrf": session.csrf})
    set_session_cookie(request, response, secret)
    return response


async def _live_tables_changed(room: Room, table_ids: Sequence[str]) -> None:
    """Seats changed under the live tables (a claim, a deletion): read them again, here and in other processes."""
    for table_id in table_ids:
        table = room.live.get(table_id)
        if table is not None:
            await table.reload_seats()
        await room.store.announce(table_id, "seats")


def accounts_api(app: FastAPI, room: Room, creations: ClientLimits) -> None:
    """The accounts' routes; ``creations``: the bucket of each client address, shared with new tables (an account
    costs an Argon2 hash: a flood of them is limited as a flood of tables is)."""
    engine = room.store.engine

    @app.post("/api/accounts", openapi_extra=body_schema(AccountRequest))
    async def create(request: Request, lang: str = "en") -> JSONResponse:
        """Create an account ``{name, password}`` and log in: ``{"name", "csrf"}`` and the session cookie."""
        body = await read_body(request, AccountRequest, lang)
        w = room_words(lang)
        name = account_name(body.name, w)
        secret = new_password(body.password, w)
        client = client_of(request)
        wait = creations.take(client)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise RoomError(429, w("Too many new accounts from your address: try again in {seconds} seconds.",
                                   seconds=seconds), headers={"Retry-After": str(seconds)})
        try:
            account = await create_account(engine, name, secret, w)
        except RoomError:
            creations.give_back(client)  # a name taken costs nothing
            raise
        return await _logged_in(request, room, account)

    @app.post("/api/session", openapi_extra=body_schema(AccountRequest))
    async def log_in(request: Request, lang: str = "en") -> JSONResponse:
        """Log in ``{name, password}``: a new session (cookie) and its CSRF token; 401 for a wrong name or
        password, 429 after too many failures."""
        body = await read_body(request, AccountRequest, lang)
        account = await checked_login(request, body.name, body.password, room_words(lang))
        return await _logged_in(request, room, account)

    @app.delete("/api/session")
    async def log_out(request: Request) -> JSONResponse:
        """Log out: the session ends and its cookie is cleared (nothing to do without one)."""
        session = await current_session(request)
        if session is not None:
            await close_session(engine, session.id)
        response = JSONResponse({"logged_out": True})
        clear_session_cookie(request, response)
        return response

    @app.get("/api/account")
    async def account(request: Request) -> Mapping[str, object]:
        """The logged-in account: its name and the session's CSRF token (401 without a session)."""
        session = await require_account(request)
        return {"name": session.account.name, "id": session.account.id, "csrf": session.csrf}

    @app.post("/api/account/password", openapi_extra=body_schema(PasswordRequest))
    async def password(request: Request, lang: str = "en") -> Mapping[str, object]:
        """Change the password ``{old, new}``; every other session of the account ends."""
        session = await require_account(request)
        body = await read_body(request, PasswordRequest, lang)
        await change_password(request, session, body.old, body.new, room_words(lang))
        return {"changed": True}

    @app.delete("/api/account", openapi_extra=body_schema(DeleteRequest))
    async def delete(request: Request, lang: str = "en") -> JSONResponse:
        """Delete the account ``{password}``: its games stay (its seats shown as a former player's)."""
        session = await require_account(request)
        body = await read_body(request, DeleteRequest, lang)
        changed = await delete_account(request, session, body.password, room_words(lang))
        await _live_tables_changed(room, changed)
        response = JSONResponse({"deleted": True})
        clear_session_cookie(request, response)
        return response

    @app.post("/api/account/claim", openapi_extra=body_schema(ClaimRequest))
    async def claim(request: Request, lang: str = "en") -> Mapping[str, object]:
        """The seats of the links (or tokens) a guest kept become the account's: ``{"claimed": [{table, seat}]}``
        (a seat another account holds, or a token that holds none, is passed over)."""
        session = await require_account(request)
        body = await read_body(request, ClaimRequest, lang)
        claimed = await claim_seats(engine, session.account, [token_of(link) for link in body.links])
        await _live_tables_changed(room, sorted({str(seat["table"]) for seat in claimed}))
        return {"claimed": claimed}

    _invitations_api(app, room)


# ------------------------------------------------------------------------------------------------ invitations
def _invitations_api(app: FastAPI, room: Room) -> None:
    engine = room.store.engine

    @app.post("/api/tables/{table_id}/invitations", openapi_extra=body_schema(InviteRequest))
    async def invite(table_id: str, request: Request, owner: str | None = None,
                     lang: str = "en") -> Mapping[str, object]:
        """The table's creator (logged in, with the creator's token ``owner``) invites an account holder
        ``{seat, name}`` to a player's seat not yet taken."""
        session = await require_account(request)
        body = await read_body(request, InviteRequest, lang)
        w = room_words(lang)
        found = await account_by_name(engine, body.name)
        async with room.table(table_id, lang) as table:
            if not room.is_owner(table, owner):
                raise RoomError(403, w("Only the creator of table {table} (with the creator's token) may invite "
                                       "players to it.", table=table.row.id))
            row = room.seat_row(table, body.seat, w)
            if table.finished or row.state not in (OPEN, RESERVED):
                raise RoomError(409, w("Seat {seat} is taken: invite a player to a seat not yet taken.",
                                       seat=counted(row.seat)))
        if found is None:
            raise RoomError(404, w("There is no account named {name}.", name=echo(body.name)))
        invited = found[0]
        async with engine.begin() as db:
            inserted = await db.execute(invitations.insert().values(
                table_id=table_id, seat=row.seat, from_account=session.account.id, to_account=invited.id,
                created=now()).returning(invitations.c.id))
            number = int(inserted.scalar_one())
        return {"invitation": number, "table": table_id, "seat": row.seat, "to": invited.name}

    @app.get("/api/invitations")
    async def pending(request: Request) -> Sequence[Mapping[str, object]]:
        """The invitations the logged-in player has not answered, newest first."""
        session = await require_account(request)
        sender = accounts.alias("sender")
        query = (sa.select(invitations, sender.c.name.label("sender"))
                 .join(sender, sender.c.id == invitations.c.from_account)
                 .where(invitations.c.to_account == session.account.id, invitations.c.answered.is_(None))
                 .order_by(invitations.c.id.desc()))
        async with engine.connect() as db:
            rows = list(await db.execute(query))
        return [{"invitation": row.id, "table": row.table_id, "seat": row.seat, "from": row.sender,
                 "created": row.created} for row in rows]

    async def _answer(request: Request, number: int, lang: str) -> tuple[Session, int, str, int]:
        """The invitation to the logged-in player, not yet answered (404 otherwise)."""
        session = await require_account(request)
        query = invitations.select().where(invitations.c.id == number,
                                           invitations.c.to_account == session.account.id,
                                           invitations.c.answered.is_(None))
        async with engine.connect() as db:
            row = (await db.execute(query)).first()
        if row is None:
            w = room_words(lang)
            raise RoomError(404, w("You have no invitation {number} waiting for an answer.", number=number))
        return session, row.id, row.table_id, row.seat

    async def _close(number: int, *, accepted: bool) -> None:
        async with engine.begin() as db:
            await db.execute(invitations.update().where(invitations.c.id == number).values(
                answered=now(), accepted=accepted))

    @app.post("/api/invitations/{number}/accept")
    async def accept(number: int, request: Request, lang: str = "en") -> Mapping[str, object]:
        """Accept: the seat becomes the player's, as its link would make it (``{table, seat, token, url}``)."""
        session, number, table_id, seat = await _answer(request, number, lang)
        taken = await room.take_invited(table_id, seat, (session.account.id, session.account.name), lang)
        await _close(number, accepted=True)
        return taken

    @app.post("/api/invitations/{number}/decline")
    async def decline(number: int, request: Request, lang: str = "en") -> Mapping[str, object]:
        """Decline: the invitation is answered, the seat stays as it is."""
        _, number, _, _ = await _answer(request, number, lang)
        await _close(number, accepted=False)
        return {"declined": number}
