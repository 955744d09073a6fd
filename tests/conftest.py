"""Shared helpers of the test suites: deck orders that deal chosen cards to chosen hands, scripted play, and a
PostgreSQL cluster of a test's own (the fixture ``cluster``, for the card room's tests on PostgreSQL), and the
browser tests' ``server`` (a real ``academie serve`` for a module's tests) and ``browser`` (Debian's Chromium).

A trick-taking deal is fixed by the order of the pack, top card first. To test a rule on exact hands, name the
cards each seat must hold and let :func:`arrange_deck` find the order that deals them under a given deal pattern
and dealer; :func:`deal_positions` says which seat receives each of the first cards. The Écarté helpers
(:func:`new_partie`, :func:`next_deal`, :func:`act`, :func:`play_out`, :func:`ledger_rows`) drive a state with
chance left to the caller, so every deck is explicit and every step is checked by ``apply``.

>>> deck = arrange_deck({1: "KH QH JH AH TH"}, dealer=0, trump="9S", talon="KS")
>>> [str(deck[i]) for i in (0, 1, 2, 6, 7)], str(deck[10]), str(deck[11])
(['KH', 'QH', 'JH', 'AH', 'TH'], '9S', 'KS')
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

import pytest
from browser_support import chromium
from playwright.sync_api import Browser
from room_support import Server, free_port, running

from academie.cards import PACK_32, Card, parse_cards
from academie.engine import Action
from academie.games.ecarte import EcarteRules, EcarteState, Phase, Play, Shuffle
from academie.ledger import Account


@pytest.fixture(autouse=True)
def _settings_of_a_new_player(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test plays as a new player: settings (``why on|off``) are read and kept in a folder of its own, never
    the user's ``~/.config``."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


CardsLike = str | Card | Iterable[Card]
"""Cards as text (``"KH QH 7S"``), one card, or an iterable of cards."""


def as_cards(spec: CardsLike) -> tuple[Card, ...]:
    """The cards named by ``spec``.

    >>> [str(c) for c in as_cards("kh 10s")]
    ['KH', 'TS']
    """
    if isinstance(spec, str):
        return parse_cards(spec)
    if isinstance(spec, Card):
        return (spec,)
    return tuple(spec)


def deal_positions(*, dealer: int, pattern: tuple[int, int] = (3, 2), seats: int = 2,
                   hand_size: int = 5) -> tuple[int, ...]:
    """The seat that receives each card from the top of the pack: rounds of ``pattern``, the dealer's left first.

    The deal starts with the player after the dealer and ends with the dealer, one packet per seat per round.

    >>> deal_positions(dealer=0, pattern=(3, 2))
    (1, 1, 1, 0, 0, 0, 1, 1, 0, 0)
    >>> deal_positions(dealer=1, pattern=(2, 3))
    (0, 0, 1, 1, 0, 0, 0, 1, 1, 1)
    """
    if sum(pattern) != hand_size:
        raise ValueError(f"deal pattern {pattern} does not give {hand_size} cards to each seat")
    order = [(dealer + 1 + k) % seats for k in range(seats)]
    return tuple(seat for packet in pattern for seat in order for _ in range(packet))


def arrange_deck(hands: Mapping[int, CardsLike], *, dealer: int, trump: CardsLike | None = None,
                 talon: CardsLike = (), pattern: tuple[int, int] = (3, 2),
                 pack: Sequence[Card] = PACK_32) -> tuple[Card, ...]:
    """An order of ``pack`` (top first) that deals ``hands``, then turns up ``trump``, then starts the stock with
    ``talon`` (its first card is the first one drawn).

    Hands may be named in part. Every card not named fills the remaining places in pack order (for the 32-card
    pack: clubs 7, 8, 9, 10, J, Q, K, A, then diamonds, hearts, spades), first the hands, then the turn-up, then
    the rest of the stock; a test that depends on a card must name it.

    >>> deck = arrange_deck({0: "KS", 1: "7H 8H"}, dealer=1, pattern=(2, 3))
    >>> [str(c) for c in deck[:4]]
    ['KS', '7C', '7H', '8H']
    """
    positions = deal_positions(dealer=dealer, pattern=pattern)
    named = {seat: as_cards(spec) for seat, spec in hands.items()}
    turned = () if trump is None else as_cards(trump)
    stock = as_cards(talon)
    for seat, group in named.items():
        if seat not in set(positions) or len(group) > positions.count(seat):
            raise ValueError(f"seat {seat} cannot receive {len(group)} cards; seats {sorted(set(positions))} "
                             f"receive {positions.count(dealer)} cards each")
    wanted = [card for group in (*named.values(), turned, stock) for card in group]
    if len(turned) > 1 or len(set(wanted)) != len(wanted) or not set(wanted) <= set(pack):
        raise ValueError("the named cards must be distinct cards of the pack, with at most one turn-up")
    if len(stock) > len(pack) - len(positions) - 1:
        raise ValueError(f"the stock holds only {len(pack) - len(positions) - 1} cards")
    filler = iter([card for card in pack if card not in set(wanted)])
    queues = {seat: list(named.get(seat, ())) for seat in set(positions)}
    order = [queues[seat].pop(0) if queues[seat] else next(filler) for seat in positions]
    order.append(turned[0] if turned else next(filler))
    order.extend(stock)
    order.extend(filler)
    return tuple(order)


def new_partie(deck: Sequence[Card], *, dealer: int = 0, rules: EcarteRules | None = None) -> EcarteState:
    """An Écarté partie with ``dealer`` dealing first from ``deck``; later decks come from :func:`next_deal`."""
    state = EcarteState.new(rules, first_dealer=dealer)
    state.apply(Shuffle(tuple(deck)))
    return state


def next_deal(state: EcarteState, deck: Sequence[Card]) -> None:
    """Deal the next hand of ``state`` from ``deck`` (the previous deal must be over)."""
    state.apply(Shuffle(tuple(deck)))


def act(state: EcarteState, *texts: str) -> None:
    """Apply each action given as text, checked (an illegal one raises)."""
    for text in texts:
        state.apply_text(text)


def legal_texts(state: EcarteState) -> set[str]:
    """The text forms of the actions legal now."""
    return {str(action) for action in state.legal_actions()}


def first_play(actions: Sequence[Action]) -> Play:
    """The first card play among ``actions`` (cards in index order: clubs, diamonds, hearts, spades, low first)."""
    return next(action for action in actions if isinstance(action, Play))


def play_out(state: EcarteState) -> None:
    """Finish the tricks of the deal in progress, each player playing his first legal card, never marking."""
    while state.phase == Phase.PLAY:
        state.apply(first_play(state.legal_actions()))


def ledger_rows(state: EcarteState, since: int = 0) -> list[tuple[Account, int, str]]:
    """The ledger entries from number ``since`` on, as (seat credited, points, rule ID)."""
    return [(entry.target, entry.amount, entry.reason) for entry in state.ledger.entries[since:]]


# ------------------------------------------------------------------------------------------------ the browser
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room of the module's own: ``academie serve`` in its own process (a module may define another)."""
    with running(tmp_path_factory.mktemp("room")) as started:
        yield started


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the module's pages."""
    with chromium() as started:
        yield started


# ------------------------------------------------------------------------------------------------ PostgreSQL
def postgres_binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    initdb = found[-1] if found else shutil.which("initdb")
    if initdb is None:
        pytest.fail("PostgreSQL is not installed (no initdb): run scripts/system-packages (make system)")
    return Path(initdb).parent


def as_owner(command: list[str]) -> list[str]:
    """Run as the ``postgres`` user when we are root (initdb refuses root), else as ourselves."""
    if os.geteuid() != 0:
        return command
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        pytest.fail("running as root and there is no postgres user to run PostgreSQL: install Debian's "
                    "postgresql package (scripts/system-packages) or run the tests as another user")
    return ["runuser", "-u", "postgres", "--", *command]


@pytest.fixture
def cluster() -> Iterator[str]:
    """A PostgreSQL cluster of our own; its SQLAlchemy URL. Stopped and removed at the end."""
    binaries = postgres_binaries()
    folder = Path(tempfile.mkdtemp(prefix="academie-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()
    subprocess.run(as_owner([str(binaries / "initdb"), "-D", str(data), "-U", "room", "--auth=trust", "-E", "UTF8"]),
                   check=True, capture_output=True)
    options = f"-k {folder} -p {port} -c listen_addresses='' -c fsync=off"
    subprocess.run(as_owner([str(binaries / "pg_ctl"), "start", "-D", str(data), "-w", "-t", "60", "-o", options,
                             "-l", str(folder / "postgres.log")]), check=True, capture_output=True)
    try:
        yield f"postgresql+asyncpg://room@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run(as_owner([str(binaries / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate", "-w"]),
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
