"""Accounts of the card room (issue 32): a lasting name and a password, a session cookie, CSRF tokens, limited
login attempts, and a guest's seats claimed by their tokens.

An account is optional: anyone still plays by a seat's link. Its name follows the rules of every name in the room
(:func:`academie.room.limits.clean_name`: accents and apostrophes allowed, markup refused) and is unique by its
folded form (:func:`name_key`); its password is kept only as an Argon2id hash (rehashed at the next login when the
hasher's parameters change). A session is a random secret in an HttpOnly, SameSite=Lax cookie (Secure when the
request came over TLS, or through a proxy that says ``X-Forwarded-Proto: https``); the database keeps only its
SHA-256, with the session's CSRF token, which every change a cookie authenticates must carry in ``X-CSRF-Token``
(:func:`require_csrf`). Failed logins are counted in the database, so that every process of a room shares them
(:data:`NAME_FAILURES` per name, :data:`CLIENT_FAILURES` per client in :data:`LOGIN_WINDOW` seconds). No password
is ever logged, stored or repeated in an answer.

The other parts of the room read who is there through :func:`current_account` and guard their changes with
:func:`require_csrf`.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any, Final

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import Request
from starlette.requests import HTTPConnection

from academie.room.hub import Room, RoomError
from academie.room.limits import MAX_NAME
from academie.room.store import accounts, invitations, login_attempts, now, seats, sessions
from academie.room.tables import room_words
from academie.words import LANGUAGES, Words

SESSION_COOKIE: Final = "academie_session"
"""The cookie that holds a session's secret."""
CSRF_HEADER: Final = "X-CSRF-Token"
"""The header in which a cookie-authenticated change carries its session's CSRF token."""
SESSION_SECONDS: Final = 30 * 24 * 3600.0
"""How long a session lasts after its login (seconds)."""
MIN_PASSWORD: Final = 8
"""Characters in a password at least."""
MAX_PASSWORD: Final = 256
"""Characters in a password at most (Argon2 hashes any length; a bound keeps a request's cost bounded)."""
LOGIN_WINDOW: Final = 15 * 60.0
"""The window (seconds) in which failed logins are counted."""
NAME_FAILURES: Final = 5
"""Failed logins to one name (since its last success) in :data:`LOGIN_WINDOW` after which it is refused."""
CLIENT_FAILURES: Final = 20
"""Failed logins from one client address in :data:`LOGIN_WINDOW` after which it is refused."""
MAX_KEY: Final = 64
"""Characters of a name's folded form at most (its column's width: folding may lengthen a name, ß to ss)."""
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing: no CSRF token asked."""
_SCOPE_KEY: Final = "academie.session"

hasher = PasswordHasher()
"""Argon2id with the library's parameters (RFC 9106's second recommended set)."""
_DUMMY_HASH: Final = hasher.hash("an account that does not exist")
"""Verified against when a name has no account, so that the answer takes as long as for a wrong password."""


@dataclass(frozen=True, slots=True)
class Account:
    """A player's account: its number and its name as shown."""

    id: int
    name: str


@dataclass(frozen=True, slots=True)
class Session:
    """A live session: its account and its CSRF token."""

    id: str
    account: Account
    csrf: str


class CsrfRefused(RoomError):
    """A change authenticated by a session cookie without its session's CSRF token (403; nothing changed)."""


class LoginLimited(RoomError):
    """Too many failed logins to a name or from a client (429 with Retry-After; nothing checked)."""


def name_key(name: str) -> str:
    """What makes two account names the same: Unicode NFC, case-folded.

    >>> name_key("Zoé") == name_key("ZOE\\u0301")
    True
    """
    return unicodedata.normalize("NFC", name).casefold()


def secret_digest(secret: str) -> str:
    """What the database keeps of a session's secret: its SHA-256 (256 random bits need no slow hash)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def lang_of(connection: HTTPConnection) -> str:
    lang = connection.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


def _engine(connection: HTTPConnection) -> Any:
    return connection.app.state.room.store.engine


# ------------------------------------------------------------------------------------------------ for the others
async def current_session(connection: HTTPConnection) -> Session | None:
    """The live session of the request's (or WebSocket's) cookie, read once per request; None without one."""
    if _SCOPE_KEY in connection.scope:
        found: Session | None = connection.scope[_SCOPE_KEY]
        return found
    secret = connection.cookies.get(SESSION_COOKIE)
    found = None
    if secret:
        query = (sa.select(sessions.c.id, sessions.c.csrf, accounts.c.id.label("account"), accounts.c.name)
                 .join(accounts, accounts.c.id == sessions.c.account_id)
                 .where(sessions.c.id == secret_digest(secret), sessions.c.expires > time.time(),
                        accounts.c.deleted.is_(None)))
        async with _engine(connection).connect() as db:
            row = (await db.execute(query)).first()
        if row is not None:
            found = Session(row.id, Account(row.account, row.name), row.csrf)
    connection.scope[_SCOPE_KEY] = found
    return found


async def current_account(connection: HTTPConnection) -> Account | None:
    """The account logged in on this request or WebSocket (its session cookie), or None for a guest."""
    session = await current_session(connection)
    return None if session is None else session.account


async def require_csrf(connection: HTTPConnection) -> None:
    """A FastAPI dependency: a change (POST, PUT, DELETE, PATCH) made with a live session cookie must carry the
    session's CSRF token in ``X-CSRF-Token``, or it is refused with :class:`CsrfRefused` (403) before anything
    changes. Requests without a session (a guest's, a program's with its tokens) are not concerned."""
    if connection.scope["type"] != "http" or connection.scope["method"] in SAFE_METHODS:
        return
    session = await current_session(connection)
    if session is None:
        return
    given = connection.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(given.encode(), session.csrf.encode()):
        w = room_words(lang_of(connection))
        raise CsrfRefused(403, w("This change comes with your session's cookie but without its CSRF token (header "
                                 "X-CSRF-Token, given by GET /api/account): nothing was changed."))


async def require_account(connection: HTTPConnection) -> Session:
    """The request's session, or a 401 saying to log in."""
    session = await current_session(connection)
    if session is None:
        w = room_words(lang_of(connection))
        raise RoomError(401, w("Log in first: this needs an account's session."))
    return session


# ------------------------------------------------------------------------------------------------ checks
def account_name(name: object, w: Words) -> str:
    """An account's name, cleaned as every name of the room; :class:`RoomError` (400) when refused."""
    clean = Room.checked_name(name, w)
    if len(name_key(clean)) > MAX_KEY:
        raise RoomError(400, w("A name has at most {most} characters; this one has {count}.", most=MAX_NAME,
                               count=len(name_key(clean))))
    return clean


def new_password(password: object, w: Words) -> str:
    """A password an account may take (never repeated in the refusal)."""
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise RoomError(400, w("A password has {least} to {most} characters.", least=MIN_PASSWORD,
                               most=MAX_PASSWORD))
    return password


async def hash_password(password: str) -> str:
    """Argon2id, in a thread (a hash takes tens of milliseconds and 64 MiB: the event loop goes on meanwhile)."""
    return await asyncio.to_thread(hasher.hash, password)


async def password_matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` hashes (None: no account; the same work is done)."""
    try:
        return await asyncio.to_thread(hasher.verify, stored or _DUMMY_HASH, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def client_of(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy that uvicorn trusts, the one it forwarded)."""
    return connection.client.host if connection.client is not None else ""


def over_tls(connection: HTTPConnection) -> bool:
    """Whether the request came over TLS, to us or to a proxy that says so."""
    forwarded = connection.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return connection.url.scheme in ("https", "wss") or forwarded == "https"


# ------------------------------------------------------------------------------------------------ storage
async def account_by_name(engine: Any, name: str) -> tuple[Account, str] | None:
    """The live account of this name (any case, any Unicode form) and its stored hash."""
    query = accounts.select().where(accounts.c.name_key == name_key(name), accounts.c.deleted.is_(None))
    async with engine.connect() as db:
        row = (await db.execute(query)).first()
    return None if row is None else (Account(row.id, row.name), row.password)


async def _password_of(engine: Any, account_id: int) -> str | None:
    async with engine.connect() as db:
        stored = (await db.execute(sa.select(accounts.c.password).where(
            accounts.c.id == account_id, accounts.c.deleted.is_(None)))).scalar()
    return None if stored is None else str(stored)


async def _login_wait(engine: Any, key: str, client: str) -> float:
    """Seconds until a login to ``key`` from ``client`` may be tried again (0: now)."""
    since = time.time() - LOGIN_WINDOW
    last_ok = (sa.select(sa.func.max(login_attempts.c.at))
               .where(login_attempts.c.name_key == key, login_attempts.c.ok.is_(True)).scalar_subquery())
    by_name = (sa.select(login_attempts.c.at).where(
        login_attempts.c.name_key == key, login_attempts.c.ok.is_(False), login_attempts.c.at > since,
        login_attempts.c.at > sa.func.coalesce(last_ok, 0.0)).order_by(login_attempts.c.at.desc())
        .limit(NAME_FAILURES))
    by_client = (sa.select(login_attempts.c.at).where(
        login_attempts.c.client == client, login_attempts.c.ok.is_(False), login_attempts.c.at > since)
        .order_by(login_attempts.c.at.desc()).limit(CLIENT_FAILURES))
    async with engine.connect() as db:
        names = list((await db.execute(by_name)).scalars())
        clients = list((await db.execute(by_client)).scalars())
    waits = [0.0]
    if len(names) >= NAME_FAILURES:
        waits.append(names[-1] + LOGIN_WINDOW - time.time())
    if len(clients) >= CLIENT_FAILURES:
        waits.append(clients[-1] + LOGIN_WINDOW - time.time())
    return max(waits)


async def _record_attempt(engine: Any, key: str, client: str, *, ok: bool) -> None:
    async with engine.begin() as db:
        await db.execute(login_attempts.insert().values(name_key=key[:64], client=client[:64], at=time.time(), ok=ok))
        await db.execute(login_attempts.delete().where(login_attempts.c.at < time.time() - 2 * LOGIN_WINDOW))


async def _guarded_match(connection: HTTPConnection, key: str, stored: str | None, password: object,
                         w: Words) -> bool:
    """Whether ``password`` matches ``stored`` (the hash of the account named by ``key``; None: no such account),
    within the limits of failed attempts (429 past them, nothing checked); the attempt is counted."""
    engine = _engine(connection)
    client = client_of(connection)
    wait = await _login_wait(engine, key, client)
    if wait > 0:
        seconds = max(1, int(wait + 0.999))
        raise LoginLimited(429, w("Too many failed logins: try again in {seconds} seconds.", seconds=seconds),
                           headers={"Retry-After": str(seconds)})
    given = password if isinstance(password, str) and len(password) <= MAX_PASSWORD else ""
    ok = await password_matches(stored, given)
    await _record_attempt(engine, key, client, ok=ok)
    return ok


async def checked_login(connection: HTTPConnection, name: object, password: object, w: Words) -> Account:
    """The account whose ``name`` and ``password`` are given, within the limits of failed logins; 401 (the same
    words whether the name or the password is wrong) or 429."""
    engine = _engine(connection)
    found = await account_by_name(engine, name) if isinstance(name, str) else None
    key = name_key(name) if isinstance(name, str) else ""
    if not await _guarded_match(connection, key, found[1] if found is not None else None, password, w):
        raise RoomError(401, w("Wrong name or password."))
    assert found is not None and isinstance(password, str)  # a match needs both
    account, stored = found
    given = password
    if hasher.check_needs_rehash(stored):
        fresh = await hash_password(given)
        async with engine.begin() as db:
            await db.execute(accounts.update().where(accounts.c.id == account.id).values(password=fresh))
    return account


async def open_session(engine: Any, account: Account) -> tuple[str, Session]:
    """A new session (a new secret at every login: no fixation); its secret, for the cookie, and itself."""
    secret = secrets.token_urlsafe(32)
    session = Session(secret_digest(secret), account, secrets.token_urlsafe(32))
    created = time.time()
    async with engine.begin() as db:
        await db.execute(sessions.delete().where(sessions.c.expires < created))  # the ended ones go with each login
        await db.execute(sessions.insert().values(id=session.id, account_id=account.id, csrf=session.csrf,
                                                  created=created, expires=created + SESSION_SECONDS))
    return secret, session


async def close_session(engine: Any, session_id: str) -> None:
    async with engine.begin() as db:
        await db.execute(sessions.delete().where(sessions.c.id == session_id))


async def create_account(engine: Any, name: str, password: str, w: Words) -> Account:
    """Store a new account; 409 when its name (folded) is taken."""
    hashed = await hash_password(password)
    key = name_key(name)
    async with engine.begin() as db:
        taken = (await db.execute(sa.select(accounts.c.id).where(accounts.c.name_key == key))).first()
        if taken is not None:
            raise RoomError(409, w("The name {name} is taken; choose another.", name=name))
        try:
            inserted = await db.execute(accounts.insert().values(name=name, name_key=key, password=hashed,
                                                                 created=now()).returning(accounts.c.id))
            account_id = int(inserted.scalar_one())
        except sa.exc.IntegrityError:  # another request took it meanwhile
            raise RoomError(409, w("The name {name} is taken; choose another.", name=name)) from None
    return Account(account_id, name)


async def _session_password(connection: HTTPConnection, session: Session, password: object, w: Words) -> bool:
    """Whether ``password`` is the session's account's, within the limits of failed logins (a stolen session
    cannot try passwords faster than a login)."""
    stored = await _password_of(_engine(connection), session.account.id)
    return await _guarded_match(connection, name_key(session.account.name), stored, password, w)


async def change_password(connection: HTTPConnection, session: Session, old: object, new: object, w: Words) -> None:
    """A new password, the old one given; every other session of the account ends."""
    engine = _engine(connection)
    fresh = new_password(new, w)
    if not await _session_password(connection, session, old, w):
        raise RoomError(403, w("The current password is not the one given: nothing was changed."))
    hashed = await hash_password(fresh)
    async with engine.begin() as db:
        await db.execute(accounts.update().where(accounts.c.id == session.account.id).values(password=hashed))
        await db.execute(sessions.delete().where(sessions.c.account_id == session.account.id,
                                                 sessions.c.id != session.id))


async def delete_account(connection: HTTPConnection, session: Session, password: object, w: Words) -> list[str]:
    """Delete the account, its password given: its name is freed, its sessions end, its games stay, their seats
    shown as "a former player". The tables whose seats changed."""
    engine = _engine(connection)
    if not await _session_password(connection, session, password, w):
        raise RoomError(403, w("The password is not the account's: nothing was changed."))
    account_id = session.account.id
    async with engine.begin() as db:
        tables = sorted(set((await db.execute(sa.select(seats.c.table_id).where(
            seats.c.account_id == account_id))).scalars()))
        await db.execute(accounts.update().where(accounts.c.id == account_id).values(
            name=None, name_key=None, password=None, deleted=now()))
        await db.execute(sessions.delete().where(sessions.c.account_id == account_id))
        await db.execute(seats.update().where(seats.c.account_id == account_id).values(name=None))
        await db.execute(invitations.update().where(  # nobody is left to answer them, or to be answered
            sa.or_(invitations.c.from_account == account_id, invitations.c.to_account == account_id),
            invitations.c.answered.is_(None)).values(answered=now(), accepted=False))
    return tables


async def claim_seats(engine: Any, account: Account, tokens: list[str]) -> list[dict[str, object]]:
    """The seats of ``tokens`` that no account holds yet become ``account``'s: the games a guest played."""
    if not tokens:
        return []
    free = (seats.c.token.in_(tokens), seats.c.account_id.is_(None), seats.c.bot.is_(None))
    async with engine.begin() as db:
        found = [(row.table_id, row.seat) for row in await db.execute(sa.select(seats.c.table_id, seats.c.seat)
                                                                         .where(*free))]
        await db.execute(seats.update().where(*free).values(account_id=account.id))
    return [{"table": table, "seat": seat} for table, seat in found]


def token_of(link: str) -> str:
    """A seat's token from its link (``/tables/ID?token=...``), or the token itself."""
    _, _, query = link.partition("?")
    for part in (query or link).split("&"):
        key, equals, value = part.partition("=")
        if equals and key == "token":
            return value
    return link


def set_session_cookie(request: Request, response: Any, secret: str) -> None:
    response.set_cookie(SESSION_COOKIE, secret, max_age=int(SESSION_SECONDS), httponly=True, samesite="lax",
                        secure=over_tls(request), path="/")


def clear_session_cookie(request: Request, response: Any) -> None:
    response.delete_cookie(SESSION_COOKIE, httponly=True, samesite="lax", secure=over_tls(request), path="/")
