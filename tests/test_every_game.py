"""One suite for every registered game (and every table size we ship), run over the registry: what must hold for
any game of the project, whatever its rules.

- the checked path (``apply``) and the fast path (``apply_unchecked``) build the same game;
- clones are independent of their original, and the declared clone field lists cover every attribute;
- every legal action's text reads back to the same action;
- records round-trip through text and JSON and replay to the same game;
- a seat's view, and the record redacted for it, name no card another seat holds face down (docs/architecture.md,
  "Views"), in enforced mode and in table mode, whatever irregular acts are committed;
- a bot's reason, which speaks of its hand, reaches the other seats and the spectators only in its public part,
  which names no card they cannot see and no hidden quantity, and the record redacted during the game keeps
  neither the seed nor another seat's reason;
- random playouts end, in enforced and in table mode, with every ledger summing to zero;
- perft-style counts of legal action sequences from fixed deals (the counts of ``golden/perft.json``, taken from
  the engine before the one-package-per-game restructuring, as python-chess checks move generation);
- golden per-seat transcripts: what every seat and the public see after each action of a fixed game
  (``golden/<game>_transcript.txt``).

Regenerate the golden files after an intended change with ``ACADEMIE_UPDATE_GOLDEN=1 pytest
tests/test_every_game.py`` and review the diff.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from suite_support import SUITES, TABLES, face_down, golden, new_state

from academie import record
from academie.bots import OpenReason, reason_seen
from academie.cards import Card
from academie.engine import CHANCE, PUBLIC, GameState, Irregular, Mode, Remedy
from academie.games import GAMES, load

MAX_ACTIONS = 3000
"""More actions than any of these games needs to end (a bound on the playouts, not a rule)."""


def test_every_registered_game_is_covered() -> None:
    """A game joins this suite by its registration alone: its package declares its tables (its ``suite``)."""
    assert set(SUITES) == set(GAMES)
    assert {game for game, _ in TABLES.values()} == set(GAMES)


def seats_of(state: Any) -> range:
    return range(len(state.returns()))


def playout(state: Any, rng: random.Random, *, limit: int = MAX_ACTIONS) -> Iterator[Any]:
    """Random legal actions until the game ends, yielding the state before each one."""
    for _ in range(limit):
        if state.is_terminal:
            return
        yield state
        state.apply(rng.choice(tuple(state.legal_actions())))
    raise AssertionError(f"{state.game_name} did not end within {limit} actions")


PAST_DEALS = frozenset({"previous_tricks", "last_deal", "last_coup", "deal_results"})
"""View fields about deals already over: the cards they name were seen then and may be anywhere now."""


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a view of the deal in progress (fields, tuples, nested records)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, str | int | float | bool | enum.Enum) or item is None:
            continue
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack += [getattr(item, f.name) for f in dataclasses.fields(item) if f.name not in PAST_DEALS
                      and f.name != "rules"]
        elif isinstance(item, tuple | list | frozenset | set):
            stack += list(item)
        elif isinstance(item, dict):
            stack += list(item.keys()) + list(item.values())
    return found


# ------------------------------------------------------------------------------------------------ protocol
@pytest.mark.parametrize("table", sorted(TABLES))
def test_checked_and_unchecked_paths_build_the_same_game(table: str) -> None:
    """``apply`` checks and then does exactly what ``apply_unchecked`` does: same log, views and returns."""
    for seed in range(6):
        checked, fast = new_state(table, seed), new_state(table, seed)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if checked.is_terminal:
                break
            legal = tuple(checked.legal_actions())
            assert [str(a) for a in legal] == [str(a) for a in fast.legal_actions()]
            choice = rng.randrange(len(legal))
            checked.apply(legal[choice])
            fast.apply_unchecked(fast.legal_actions()[choice])
        assert fast.is_terminal and fast.operations == checked.operations
        assert fast.returns() == checked.returns()
        for seat in (*seats_of(checked), PUBLIC):
            assert fast.view(seat) == checked.view(seat)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_clones_are_independent_and_deal_the_same_future(table: str) -> None:
    """A clone changes nothing in its original when it moves on, and deals the same cards (its chance source
    is cloned too): playing the same actions on both gives the same game."""
    rng = random.Random(11)
    state = new_state(table, 11)
    for step, current in enumerate(playout(state, rng)):
        if step % 7:
            continue
        twin = current.clone()
        before = (list(current.operations), [current.view(s) for s in seats_of(current)], current.returns())
        twin_rng = random.Random(step)
        for _ in range(20):
            if twin.is_terminal:
                break
            twin.apply(twin_rng.choice(tuple(twin.legal_actions())))
        assert (list(current.operations), [current.view(s) for s in seats_of(current)], current.returns()) == before
        probe = current.clone()
        replay = random.Random(step)
        for _ in range(20):
            if probe.is_terminal:
                break
            probe.apply(replay.choice(tuple(probe.legal_actions())))
        assert probe.operations == twin.operations and probe.returns() == twin.returns()


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_clone_never_changes_what_its_original_deals_next(table: str) -> None:
    """A clone draws from its own copy of the chance source: playing clones on at every step leaves the original
    dealing exactly the decks of an untouched run from the same seed, to the end of the game."""
    for seed in range(4):
        plain, probed = new_state(table, seed), new_state(table, seed)
        for _ in playout(plain, random.Random(seed)):
            pass
        rng_probed, rng_twin = random.Random(seed), random.Random(-seed)
        for state in playout(probed, rng_probed):
            twin = state.clone()
            for _ in range(10):
                if twin.is_terminal:
                    break
                twin.apply(rng_twin.choice(tuple(twin.legal_actions())))
        assert probed.operations == plain.operations and probed.returns() == plain.returns()


def mutable_parts(value: object, found: dict[int, object] | None = None) -> dict[int, object]:
    """Every object that can change in place reachable from ``value`` (lists, dicts, sets, records whose class is
    not frozen), by identity; through tuples and frozen dataclasses too."""
    found = {} if found is None else found
    if isinstance(value, (int, float, str, bytes, frozenset, enum.Enum, type)) or value is None or id(value) in found:
        return found
    params = getattr(type(value), "__dataclass_params__", None)
    frozen = isinstance(value, tuple) or (params is not None and params.frozen)
    if not frozen:
        found[id(value)] = value
    for item in parts_of(value):
        mutable_parts(item, found)
    return found


def parts_of(value: object) -> list[object]:
    """What ``value`` holds: a collection's items (a dict's values), a record's attributes in the order of their
    names."""
    if isinstance(value, (list, tuple, set)):
        return list(value)
    if isinstance(value, dict):
        return list(value.values())
    names = set(getattr(value, "__dict__", ())) | {
        name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())}
    return [getattr(value, name) for name in sorted(names) if hasattr(value, name)]


def contents(value: object) -> object:
    """``value`` as nested tuples of what it holds (records without an equality of their own compared by it)."""
    if isinstance(value, (int, float, str, bytes, frozenset, enum.Enum, type)) or value is None:
        return value
    return type(value).__name__, tuple(contents(part) for part in parts_of(value))


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_clone_shares_nothing_mutable_of_what_it_copies(table: str) -> None:
    """Every attribute a clone copies (the log, the ledger, the deal with its hands, tricks and scores, the rulings):
    no list, dict or record reachable from the clone's is its original's, so a change made in place to one cannot
    reach the other (the clones of :func:`academie.engine.written_copier` and the games' deal copies)."""
    for step, current in enumerate(playout(new_state(table, 5), random.Random(5))):
        if step % 3:
            continue
        twin = current.clone()
        for name in type(current).clone_copied:
            ours, theirs = mutable_parts(getattr(current, name)), mutable_parts(getattr(twin, name))
            assert ours.keys().isdisjoint(theirs.keys()), (name, step, [type(ours[i]) for i in ours.keys() & theirs])
        assert twin.chance is None or twin.chance is not current.chance
        for name in (*type(current).clone_shared, *type(current).clone_copied):
            assert contents(getattr(twin, name)) == contents(getattr(current, name)), (name, step)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_clone_field_lists_cover_every_attribute_once(name: str) -> None:
    """The clone template copies exactly the declared attributes: each one shared or copied, none forgotten
    (a forgotten attribute would be missing from every clone a search bot makes)."""
    state_class: type[GameState[Any]] = GAMES[name].state
    slots = {slot for cls in state_class.__mro__ for slot in getattr(cls, "__slots__", ())} - {"chance"}
    shared, copied = set(state_class.clone_shared), set(state_class.clone_copied)
    assert not shared & copied
    assert shared | copied == slots


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_legal_action_reads_back_from_its_text(table: str) -> None:
    """The text form of every action offered parses back to the same action (records and the CLI rely on it)."""
    for seed in range(3):
        for state in playout(new_state(table, seed), random.Random(seed)):
            for action in state.legal_actions():
                assert state.parse_action(str(action)) == action


@pytest.mark.parametrize("table", sorted(TABLES))
def test_records_round_trip_and_replay_to_the_same_game(table: str) -> None:
    """The record of a whole game reads back equal from its text and its JSON twin, and replays to the same
    operations and result."""
    for seed in range(3):
        state = new_state(table, seed)
        for _ in playout(state, random.Random(seed)):
            pass
        game_record = record.from_state(state)
        assert record.read_text(record.write_text(game_record)) == game_record
        assert record.from_json(json.loads(json.dumps(record.to_json(game_record)))) == game_record
        replayed = record.replay(game_record)
        assert replayed.operations == state.operations and replayed.returns() == state.returns()


# ------------------------------------------------------------------------------------------------ hidden cards
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[CDHS](?![A-Za-z0-9])")


@pytest.mark.parametrize("table", sorted(TABLES))
def test_views_and_redacted_records_name_no_card_another_seat_holds_face_down(table: str) -> None:
    """Over many random positions: no seat's view, nor the public's, nor the record redacted for a seat, names a
    card another seat holds face down (enforced mode; table mode's irregular acts: the next section)."""
    for seed in range(10):
        rng = random.Random(seed)
        ever_held: dict[int, set[Card]] = {}
        for step, state in enumerate(playout(new_state(table, seed), rng)):
            seats = seats_of(state)
            hidden = face_down(state)
            for seat in seats:
                ever_held.setdefault(seat, set()).update(hidden[seat])
            if step % 3:
                continue
            public = cards_in(state.view(PUBLIC))
            assert not public & set().union(*hidden.values())
            for seat in seats:
                others = set().union(*(hidden[o] for o in seats if o != seat))
                # a seat may name the cards it has held itself (its own discard, drawn since by another from La
                # Guinguette's cotillon; its copy of a card of Le Quinze's colour packs, which hold each card twice)
                unexplained = cards_in(state.view(seat)) - ever_held[seat] - public
                assert not unexplained & others, f"seat {seat} sees another's card"
            if step % 60 == 0:
                game_record = record.from_state(state)
                for seat in seats:
                    others = {str(c) for o in seats if o != seat for c in hidden[o] - ever_held[seat] - public}
                    text = record.write_text(record.redact(game_record, seat))
                    current_deal = text.rsplit("[Deck ", 1)[-1]
                    assert not set(CARD_TOKEN.findall(current_deal)) & others


# ---------------------------------------------------------------------------------------- hidden cards, table mode
def named_cards(value: Any) -> set[Card]:
    """Every card a view (or part of one) names: as a card, or in words (an irregular act, a remedy, a ruling)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, str):
            found.update(Card.parse(token) for token in CARD_TOKEN.findall(item))
        elif isinstance(item, Irregular | Remedy):
            stack.append(str(item))
        elif isinstance(item, int | float | bool | enum.Enum) or item is None:
            continue
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack += [getattr(item, f.name) for f in dataclasses.fields(item)
                      if f.name not in PAST_DEALS and f.name not in ("rules", "rulings")]
        elif isinstance(item, tuple | list | frozenset | set):
            stack += list(item)
        elif isinstance(item, dict):
            stack += list(item.keys()) + list(item.values())
    return found


class Knowledge:
    """What each seat and the public may name in the deal in progress: the cards a seat has held, and the cards
    named while nobody held them face down (played, shown, turned, seen in the pack). Starts again at each deal."""

    def __init__(self, state: Any) -> None:
        self.seats = seats_of(state)
        self.read = 0
        """How many operations of the log have been read (a new deal starts the knowledge again)."""
        self.deal_start(state)

    def deal_start(self, state: Any) -> None:
        self.held: dict[int, set[Card]] = {seat: set() for seat in self.seats}
        self.public: set[Card] = set()
        self.rulings = len(state.rulings)

    def check(self, state: Any, step: int) -> dict[int, set[Card]]:
        """Assert that no view names a card another seat holds face down that its viewer has not held or seen;
        returns the cards held face down."""
        new = state.operations[self.read:]
        self.read = len(state.operations)
        if any(op.actor == CHANCE and str(op.action).startswith("deck ") for op in new):
            self.deal_start(state)
        hidden = face_down(state)
        for seat in self.seats:
            self.held[seat] |= hidden[seat]
        everyone = set().union(*hidden.values())
        rulings = named_cards(state.rulings[self.rulings:])
        where = f"{state.game_name}, step {step}, after `{state.operations[-1]}`"
        public = named_cards(state.view(PUBLIC)) | rulings
        assert not (public - self.public) & everyone, f"the public reads {(public - self.public) & everyone}: {where}"
        for seat in self.seats:
            others = set().union(*(hidden[o] for o in self.seats if o != seat))
            named = named_cards(state.view(seat)) | rulings
            leaked = (named - self.held[seat] - self.public) & others
            assert not leaked, f"seat {seat} reads another seat's {leaked}: {where}"
        self.public |= public - everyone
        return hidden

    def check_record(self, state: Any, hidden: dict[int, set[Card]]) -> None:
        """The record redacted for each seat names, in the deal in progress, no card another holds face down that
        the seat has not held or seen."""
        game_record = record.from_state(state)
        for seat in self.seats:
            others = {str(c) for o in self.seats if o != seat for c in hidden[o] - self.held[seat] - self.public}
            text = record.write_text(record.redact(game_record, seat))
            leaked = set(CARD_TOKEN.findall(text.rsplit("[Deck ", 1)[-1])) & others
            assert not leaked, f"the record redacted for seat {seat} names {leaked}: {state.game_name}"


IRREGULARITY = 0.3
"""The chance, at each step, that one of the irregular acts some seat could commit now is committed."""


def irregular_playout(table: str, seed: int, *, steps: int) -> Iterator[Any]:
    """Random legal actions and, at random steps, a random irregular act (a kind drawn first, among those some seat
    could commit, then one of its acts), the rulings answered from ``legal_actions``; yields the state before each
    step. In every other playout chance waits, after the first deal, for the playout to deal, so that the acts of
    the moment before a deal (dealing out of turn, ...) can be committed too."""
    state = new_state(table, seed, mode=Mode.TABLE)
    rng = random.Random(seed)
    source, seats = state.chance, seats_of(state)
    state.chance = None if seed % 2 else source
    for _ in range(steps):
        if state.is_terminal:
            return
        yield state
        acts = [act for seat in seats for act in state.irregular_actions(seat)] if rng.random() < IRREGULARITY else []
        if acts:
            kind = rng.choice(sorted({act.kind for act in acts}))
            state.apply(rng.choice([act for act in acts if act.kind == kind]))
        elif state.actor == CHANCE and state.chance is None:
            state.chance = source
            state.resolve_chance()
            state.chance = None
        else:
            state.apply(rng.choice(tuple(state.legal_actions())))


@pytest.mark.parametrize("table", sorted(TABLES))
def test_table_mode_views_and_redacted_records_name_no_card_another_seat_holds_face_down(table: str) -> None:
    """Table mode, every irregular act and remedy of every game: over many random deals where, at random steps, a
    random irregular act that some seat could commit (``state.irregular_actions``) is committed and the rulings are
    answered from ``legal_actions``, no seat's view, nor the public's, nor the record redacted for a seat, names a
    card another seat holds face down (read from the state) that it has not held or seen: not in an act's text, a
    pending ruling or a ruling either (GU5 and GU4 stirs, W-D5 and W-P6 cards astray, and every other act)."""
    playouts, steps = TABLES[table][1].irregular_playouts
    for seed in range(playouts):
        rng = random.Random(-seed)
        records = 2
        knowledge: Knowledge | None = None
        for step, state in enumerate(irregular_playout(table, seed, steps=steps)):
            knowledge = knowledge or Knowledge(state)
            hidden = knowledge.check(state, step)
            if records and isinstance(state.operations[-1].action, Irregular | Remedy) and rng.random() < 0.2:
                knowledge.check_record(state, hidden)
                records -= 1


# ---------------------------------------------------------------------------------------- hidden cards, bots' reasons
REASON_DECISIONS = {"random": 500, "classical": 500, "search": 40, "expert": 25}
"""The bots' decisions checked at each level, over as many games as they take: every seat played by bots of that
level, in table mode with random irregular acts, so that the remedies the bots choose are explained too."""
LAW_ID = re.compile(r"(?:[A-Z]+-)?[A-Z§]*[\w.§-]*\d[\w.§-]*")
"""A rule or law ID (``E-X8``, ``W-R3``, ``GUIMBARDE-R9``, ``§7``): what a public reason may name besides cards."""


def check_shown(reason: Any, action: Any, view_after: Any, where: str) -> None:
    """A reason's public part names nothing its reader could not know: its arguments are cards the action or the
    reader's view names, and rule IDs; never a count, a point, a value or a card from the bot's hand."""
    known = named_cards(view_after) | named_cards(str(action))
    for name, value in reason.arguments.items():
        if isinstance(value, Card | tuple):
            cards = {value} if isinstance(value, Card) else set(value)
            assert cards <= known, f"a public reason names {cards - known}, which its reader cannot see: {where}"
        else:
            assert isinstance(value, str) and LAW_ID.fullmatch(value), \
                f"a public reason carries {name}={value!r}, not a card in view or a rule ID: {where}"


def bots_playout(table: str, level: str, seed: int) -> Iterator[tuple[Any, int, Any, Any, str]]:
    """A game of bots of ``level`` at every seat, in table mode, with a random irregular act now and then; yields
    ``(state, actor, action, reason, public position before)`` after each bot's decision."""
    game = load(TABLES[table][0])
    state = new_state(table, seed, mode=Mode.TABLE)
    bots = {seat: game.make_bot(level, seed=seed * 10 + seat) for seat in seats_of(state)}
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            return
        acts = [act for seat in seats_of(state) for act in state.irregular_actions(seat)]
        actor = state.actor
        if acts and rng.random() < 0.05:
            state.apply(rng.choice(acts))
        elif actor is None or actor < 0:
            state.apply(rng.choice(tuple(state.legal_actions())))
        else:
            public_before = repr(state.view(PUBLIC))
            action = bots[actor].choose(state.view(actor))
            state.apply(action)
            yield state, actor, action, bots[actor].explain(), public_before


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_bots_reason_tells_the_other_seats_nothing_of_its_hand(table: str) -> None:
    """A bot's reason speaks of its hand (« il tient le roi d'atout », a tierce, its hidden card's value), so it is
    private to its seat until the game is over: every other seat and the spectators read only its public part. Over
    random games of every level, in table mode with random irregular acts: that part names only cards the reader
    sees and rule IDs; the same public position and action always give the same public part (it is built from
    them alone); and the record redacted for a seat during the game carries neither the seed nor another's reason."""
    for level in load(TABLES[table][0]).bot_names():
        public_part: dict[tuple[str, str], str] = {}
        decisions, seed = 0, 0
        while decisions < REASON_DECISIONS[level]:
            reasons: dict[int, str] = {}
            for state, actor, action, reason, public_before in bots_playout(table, level, seed):
                reasons[len(state.operations) - 1] = reason
                where = f"{table}, {level}, seed {seed}, seat {actor}: `{action}` because {reason!r}"
                for viewer in (*(s for s in seats_of(state) if s != actor), PUBLIC):
                    seen = reason_seen(reason, actor=actor, viewer=viewer, over=False)
                    assert seen in ("", getattr(reason, "shown", None)), where
                    if seen:
                        check_shown(seen, action, state.view(viewer), where)
                shown = str(getattr(reason, "shown", "") or "")
                assert public_part.setdefault((public_before, str(action)), shown) == shown, where
                decisions += 1
                if decisions == REASON_DECISIONS[level]:
                    check_redacted_reasons(state, reasons, seed)
                    break
            seed += 1


def test_the_reason_check_finds_a_public_part_that_tells_the_hand() -> None:
    """The check above fails on a public part that carries a count, or a card its reader cannot see."""
    state = new_state(sorted(TABLES)[0], 0)
    while state.actor is None or state.actor < 0:
        state.apply(state.legal_actions()[0])
    hidden = next(iter(face_down(state)[state.actor]))
    view, action = state.view((state.actor + 1) % len(state.returns())), state.legal_actions()[0]
    check_shown(OpenReason("takes the point the law offers ({law})", law="E-X8"), action, view, "a law")
    for leak in (OpenReason("holds {count} trumps", count=3), OpenReason("holds {card}", card=hidden)):
        with pytest.raises(AssertionError):
            check_shown(leak, action, view, "a leak")


def check_redacted_reasons(state: Any, reasons: dict[int, str], seed: int) -> None:
    """The record a seat downloads during the game: no seed to deal it again, no other seat's reason."""
    whole = record.from_state(state, tags={"Seed": str(seed)}, comments=reasons)
    for seat in seats_of(state):
        mine = record.redact(whole, seat)
        assert mine.tag("Seed") is None
        entries = (*mine.prelude, *(entry for deal in mine.deals for entry in deal.entries))
        lines = [entry for entry in entries if isinstance(entry, record.ActionLine)]
        commented = [line.actor for line in lines if line.comment]
        assert set(commented) <= {str(seat)}, f"seat {seat} reads another's reason: {mine}"
        assert len(commented) == sum(1 for index in reasons if state.operations[index].actor == seat)


# ------------------------------------------------------------------------------------------------ playouts
@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_random_playouts_end_with_every_ledger_summing_to_zero(table: str, mode: Mode) -> None:
    """Every game ends, and every transfer of points, counters or tokens leaves the books summing to zero."""
    for seed in range(8):
        state = new_state(table, seed, mode=mode)
        for _ in playout(state, random.Random(seed)):
            pass
        assert sum(state.ledger.balances().values()) == 0
        assert sum(state.returns()) == 0 or not SUITES[state.game_name].zero_sum


# ------------------------------------------------------------------------------------------------ perft
def perft(state: Any, depth: int) -> int:
    """The number of sequences of ``depth`` legal actions from ``state`` (chance and the table act by
    themselves in between, from the cloned chance source)."""
    if depth == 0 or state.is_terminal:
        return 1
    total = 0
    for action in tuple(state.legal_actions()):
        child = state.clone()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


def perft_counts(table: str) -> list[int]:
    return [perft(new_state(table, seed), TABLES[table][1].perft_depth) for seed in (1, 2)]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_perft_counts_from_fixed_deals(table: str) -> None:
    """Move generation and the clone template, checked by counting every legal sequence from two fixed deals
    against the counts the engine gave before it was restructured."""
    path = golden(TABLES[table][0]) / "perft.json"
    known = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    counts = perft_counts(table)
    if os.environ.get("ACADEMIE_UPDATE_GOLDEN"):
        known[table] = counts
        path.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert counts == known[table]


# ------------------------------------------------------------------------------------------------ transcripts
def plain(value: Any) -> str:
    """A view's field as short text: cards by name, enums by name, records field by field."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return "(" + " ".join(f"{f.name}={plain(getattr(value, f.name))}" for f in dataclasses.fields(value)) + ")"
    if isinstance(value, tuple | list):
        return "[" + " ".join(plain(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + " ".join(f"{plain(k)}:{plain(v)}" for k, v in value.items()) + "}"
    return str(value)


def render(view: Any) -> str:
    who = "public" if view.viewer == PUBLIC else f"seat {view.viewer}"
    fields = [f"{f.name}={plain(getattr(view, f.name))}" for f in dataclasses.fields(view)
              if f.name not in ("rules", "viewer", "history")]
    return f"{who}: " + "\n  ".join(fields)


TRANSCRIPTS = {name: table.transcript for name, (_, table) in TABLES.items() if table.transcript}
"""How many actions of a fixed random game each golden transcript follows."""


@pytest.mark.parametrize("table", sorted(TRANSCRIPTS))
def test_golden_per_seat_transcripts(table: str) -> None:
    """Every seat's and the public's view after each action of a fixed game, against the reviewed golden file:
    a change in what a seat sees shows as a diff."""
    state = new_state(table, 5)
    rng = random.Random(5)
    lines: list[str] = []
    for step in range(TRANSCRIPTS[table]):
        if state.is_terminal:
            break
        state.apply(rng.choice(tuple(state.legal_actions())))
        lines.append(f"== {step}: {state.operations[-1]}")
        lines += [render(state.view(viewer)) for viewer in (*seats_of(state), PUBLIC)]
    text = "\n".join(lines) + "\n"
    path = golden(TABLES[table][0]) / f"{table}_transcript.txt"
    if os.environ.get("ACADEMIE_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
