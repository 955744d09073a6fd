"""The bots' reasons, in plain words a player understands, in English and in French (issue 11).

Every reason a bot gives through ``explain()`` is a :class:`~academie.bots.Reason`: its message is one of the
sentences of ``academie/locale/fr/bots.po`` (the catalogue test, ``test_words.py``, checks that each has its
French), and its cards are arguments, written the player's way in each language (``10♥``, ``R♥``), never the
engine's ``TH``. It never says "we", "us" or "our" (whose side would that be?): a partnership is "the bot and its
partner". Over seeded random games of every game, in both modes (table mode with random irregular acts, so that
the remedies the bots choose are explained too), with the classical, search and random bots seated together, each
reason after each choice is checked in both languages. Then the reasons that compare choices are checked on known
positions: the Écarté search bot's proposal against standing, in points a deal; the Whist bots naming their side
and counting its tricks.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest
from suite_support import ALL_TABLES, SUITES, make_bot

from academie.bots import Reason
from academie.cards import PACK_32, Card, parse_cards
from academie.engine import Mode
from academie.games import GAMES
from academie.games.ecarte import PROPOSE, STAND, EcarteState
from academie.games.ecarte.bots.search import SearchBot as EcarteSearch
from academie.games.whist import Play, WhistState
from academie.games.whist.bots.classical import ClassicalBot as WhistClassical
from academie.games.whist.bots.search import SearchBot as WhistSearch
from academie.words import Words

ENGINE_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
"""A card as the engine writes it (``TH``, ``QC``, ``10S``): never in a reason's text."""
WE = re.compile(r"\b(?:we|us|our|ours|ourselves)\b", re.IGNORECASE)
"""Whose side is "we"? A reason names the side: "its side" (which reads right in a hint to a player too)."""
FIRST_PERSON = re.compile(r"\b(?:I|my|me|mine)\b")
"""A reason speaks of the bot in the third person ("passes", "its hidden card"); the books' own sayings stay in
French quotes (« je tiens »)."""

TABLES: dict[str, tuple[str, dict[str, Any], dict[str, Any], int, int]] = {
    name: (game, dict(table.options), {**SUITES[game].short_rules, **table.rules}, *table.reasons)
    for name, (game, table) in ALL_TABLES.items() if table.reasons[0]}
"""The tables each game's package says its reasons are checked at: game, options of ``new``, rules options (the
game's short rules), parties (in each mode), actions per party."""

IRREGULARITY = 0.06
"""Table mode: the chance that a random irregular act is committed before a step."""

EN, FR = Words("en"), Words("fr")


def said(reason: Reason, words: Words) -> str:
    """A reason as a screen says it (``Session._say_reason``): its message in ``words``' language, its cards written
    that language's way."""
    arguments: dict[str, object] = {}
    for name, value in reason.arguments.items():
        if isinstance(value, Card):
            arguments[name] = words.card(value)
        elif isinstance(value, tuple) and value and all(isinstance(card, Card) for card in value):
            arguments[name] = words.cards(tuple(card for card in value if isinstance(card, Card)))
        else:
            arguments[name] = value
    return words(reason.message, **arguments)


def check(reason: object, where: str) -> Reason:
    """Everything a reason must be, in both languages."""
    assert isinstance(reason, Reason), f"{where}: {reason!r} is not a Reason"
    english = str(reason)
    assert english == said(reason, EN), f"{where}: the reason's text is not its message filled ({english!r})"
    assert english and "{" not in english and "}" not in english, f"{where}: {english!r}"
    assert not ENGINE_CARD.search(english), f"{where}: a card in the engine's notation in {english!r}"
    assert not WE.search(english), f"{where}: whose side is 'we' in {english!r}?"
    assert not FIRST_PERSON.search(english), f"{where}: the bot speaks in the first person in {english!r}"
    french = said(reason, FR)
    assert french != english, f"{where}: no French for {reason.message!r}"
    assert "{" not in french and "}" not in french, f"{where}: a blank left unfilled in {french!r}"
    return reason


def _bots(game: str, seats: int, seed: int) -> list[Any]:
    """The classical and the search bot (those the game has) in turns round the table (who starts changes with the
    seed), and a random bot in the last seat of a table of three or more; search bots with small budgets."""
    names = [name for name in ("classical", "search") if name in GAMES[game].bot_names()]
    names = names if seed % 2 == 0 else names[::-1]
    return [make_bot(game, "random" if seats >= 3 and seat == seats - 1 else names[seat % len(names)], seed * 10 + seat)
            for seat in range(seats)]


def party(game: str, options: dict[str, Any], rules_options: dict[str, Any], seed: int, steps: int,
          mode: Mode) -> dict[str, set[str]]:
    """One seeded party; checks each reason and returns the messages said, by bot name."""
    kind = GAMES[game]
    state = kind.new(kind.rules(**rules_options, mode=mode), seed=seed, **options)
    seats = len(state.returns())
    bots = _bots(game, seats, seed)
    rng = random.Random(f"{game}|{seed}|{mode}")
    said_by: dict[str, set[str]] = {}
    for step in range(steps):
        if state.is_terminal:
            break
        if mode is Mode.TABLE and rng.random() < IRREGULARITY:
            acts = state.irregular_actions(rng.randrange(seats))
            if acts:
                kind_of_act = rng.choice(sorted({act.kind for act in acts}))
                state.apply(rng.choice([act for act in acts if act.kind == kind_of_act]))
                continue
        actor = state.actor
        assert actor is not None
        if actor < 0:  # chance or a ruling of the table: nobody's reason
            state.apply(rng.choice(tuple(state.legal_actions())))
            continue
        bot = bots[actor]
        action = bot.choose(state.view(actor))
        reason = check(bot.explain(), f"{game} {mode.name} seed {seed} step {step}, the {bot.name} bot ({action})")
        said_by.setdefault(bot.name, set()).add(reason.message)
        state.apply(action)
    return said_by


def test_every_game_is_at_one_table_at_least() -> None:
    assert {game for game, *_ in TABLES.values()} == set(GAMES)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_reason_of_every_bot_is_plain_words_in_both_languages(table: str) -> None:
    """Issue 11: each ``explain()`` after a ``choose()`` is a Reason; its English names no card the engine's way and
    no "we"; its French is another text, every blank filled. Both bots of the game give reasons."""
    game, options, rules_options, parties, steps = TABLES[table]
    modes = (Mode.ENFORCED, Mode.TABLE) if ALL_TABLES[table][1].irregular_acts else (Mode.ENFORCED,)
    said_by: dict[str, set[str]] = {}
    for mode in modes:
        for seed in range(parties):
            for name, messages in party(game, options, rules_options, seed, steps, mode).items():
                said_by.setdefault(name, set()).update(messages)
    spoke = {name for name in ("classical", "search") if name in GAMES[game].bot_names()}
    assert spoke and all(said_by.get(name) for name in spoke), f"not every bot of {game} spoke: {sorted(said_by)}"


SOURCE = Path(__file__).resolve().parents[1] / "src" / "academie"
BLANK = re.compile(r"\{([a-z_]+)[^}]*\}")


REASONS = ("Reason", "OpenReason")
"""A reason private to the bot's seat until the game is over, and one every seat may read at once."""


def _reasons_in_code() -> list[tuple[str, ast.Call]]:
    """Every ``Reason(...)`` and ``OpenReason(...)`` written in the bots' modules, with where it is."""
    found = []
    for path in sorted([*SOURCE.glob("bots/*.py"), *SOURCE.glob("games/*/bots/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in REASONS:
                found.append((f"{path.relative_to(SOURCE)}:{node.lineno}", node))
    return found


def test_every_reason_in_the_code_is_a_plain_message_given_exactly_its_blanks() -> None:
    """Every reason, even those the random games do not reach (a rare jeu de règle, a remedy of table mode): its
    message is a plain string that Babel extracts (no f-string, no sentence built from pieces), and the arguments
    given are exactly the blanks of the message, so that both languages fill them all."""
    reasons = _reasons_in_code()
    assert len(reasons) > 150
    for where, call in reasons:
        assert call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str), \
            f"{where}: the message must be a plain string"
        message = call.args[0].value
        assert not ENGINE_CARD.search(message) and not WE.search(message) and not FIRST_PERSON.search(message), \
            f"{where}: {message!r}"
        blanks = {keyword.arg for keyword in call.keywords} - {"shown"}  # shown: the public part, a reason itself
        assert blanks == set(BLANK.findall(message)), f"{where}: {message!r}"
        assert FR(message) != message, f"{where}: no French for {message!r}"


# ------------------------------------------------------------------------------------------------ Écarté
def _ecarte(elder: str, dealer: str, trump: str) -> EcarteState:
    """Seat 0 deals ``dealer``, seat 1 (the elder) holds ``elder`` (E-§3: three then two), ``trump`` turned up."""
    e, d = parse_cards(elder), parse_cards(dealer)
    head = [*e[:3], *d[:3], *e[3:], *d[3:], Card.parse(trump)]
    return EcarteState.new(decks=[head + [c for c in PACK_32 if c not in head]], first_dealer=0)


def test_E_8_2_the_search_bot_proposes_saying_how_much_better_than_standing() -> None:
    """E-§8.2, issue 11: the elder's proposal on a poor hand is compared with standing ("playing as dealt", « je
    joue ») in points a deal over the deals the bot sampled; not a mean score that reads like a bad move."""
    state = _ecarte("7H 8H 9D TC 8C", "KH QH JH TH 9H", "TS")
    bot = EcarteSearch(seed=1, samples=8, exchange_samples=32)
    assert bot.choose(state.view(1)) == PROPOSE
    reason = check(bot.explain(), "the elder's proposal")
    assert str(reason) == (f"proposes (« je propose »): about {reason.arguments['gain']} points a deal better than "
                           "playing as dealt (« je joue »), over 32 sampled deals of the cards it cannot see")
    assert float(str(reason.arguments["gain"])) > 0
    assert said(reason, FR).startswith("propose (« je propose ») : environ ")
    assert "de mieux que jouer d'autorité (« je joue »), sur 32 donnes" in said(reason, FR)


def test_E_8_2_standing_is_compared_with_proposing_and_the_books_say_which_jeu_de_regle() -> None:
    """E-§8.2: three trumps: the search bot stands, saying by how much standing beats proposing; the classical bot
    stands too, naming its jeu de règle and the paragraph, in both languages."""
    state = _ecarte("AS TS 9S KH KD", "7H 8H 9D TC 8C", "7S")
    bot = EcarteSearch(seed=1, samples=8, exchange_samples=32)
    assert bot.choose(state.view(1)) == STAND
    reason = check(bot.explain(), "the elder's stand")
    assert reason.message.startswith("plays as dealt (« je joue »): ") and "than proposing" in reason
    books = GAMES["ecarte"].make_bot("classical")
    assert books.choose(state.view(1)) == STAND
    assert check(books.explain(), "the books' stand") == (
        "plays without proposing (« je joue »): three trumps or more are a jeu de règle (§8.2)")
    assert said(books.explain(), FR) == (  # type: ignore[arg-type]
        "joue d'autorité (« je joue ») : trois atouts ou plus font un jeu de règle (§8.2)")


def test_E_8_4_a_card_is_an_argument_written_each_language_way() -> None:
    """E-§8.4: the classical lead names its card as an argument: ``D♠`` in French, ``Q♠`` in English, never ``QS``."""
    state = _ecarte("QS JS AS KH KD", "7H 8H 9D TC 8C", "7S")
    state.apply_text("stand")
    books = GAMES["ecarte"].make_bot("classical")
    action = books.choose(state.view(1))
    reason = check(books.explain(), "the opening lead")
    assert str(action) == "play QS" and reason.arguments["card"] == Card.parse("QS")
    assert str(reason) == "opens with a trump, Q♠, holding the queen and the knave of trumps (§8.4)"
    assert said(reason, FR) == "ouvre par un atout, D♠, avec la dame et le valet d'atout (§8.4)"


# ------------------------------------------------------------------------------------------------ Whist
def test_W_8_3_the_whist_search_bot_counts_the_tricks_of_the_bot_and_its_partner() -> None:
    """W-§8.3, issues 11 and 30: the search bot's side is named ("its side", « son camp »),
    never "our side", and its card is compared with the next best in tricks out of those left."""
    compared = 0
    for seed in range(3):
        state = WhistState.new(seed=seed, first_dealer=3)
        bot = WhistSearch(seed=seed, samples=4)
        while not state.deal_results and compared < 3:
            seat = state.actor
            assert isinstance(seat, int)
            view = state.view(seat)
            action = bot.choose(view)
            reason = check(bot.explain(), f"Whist seed {seed}")
            if "{gain}" in reason.message:
                compared += 1
                assert "its side takes about" in reason and "tricks left" in reason
                assert reason.arguments["left"] == 13 - sum(1 for t in view.tricks if t.winner is not None)
                assert isinstance(action, Play) and reason.arguments["card"] == action.card
                assert float(str(reason.arguments["gain"])) > 0
                assert "son camp" in said(reason, FR)
            state.apply(action)
    assert compared


def test_W_8_1_the_classical_whist_bot_cites_its_maxim_and_names_its_cards() -> None:
    """W-§8.1: the classical bot's opening lead names its card and the maxim, and every reason of a whole deal is
    plain words in both languages."""
    state = WhistState.new(seed=3, first_dealer=3)
    bot = WhistClassical()
    seen = set()
    while not state.deal_results:
        seat = state.actor
        assert isinstance(seat, int)
        state.apply(bot.choose(state.view(seat)))
        seen.add(check(bot.explain(), "Whist classical").message)
    assert any(message.endswith("(W-§8.1)") and "{card}" in message for message in seen)
