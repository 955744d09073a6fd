"""Every bot of every game chooses a legal action in every reachable state of table mode (issue 14).

Table mode lets a seat commit any physically possible irregular act (a revoke, a card played out of turn, an
exposed card, a wrong count...), and the laws of irregularities of each game (§7 of each rule file: E-D…, E-X…,
E-P…, E-K…, W-D…, W-P…, W-C…, G…, GU…, QUINZE-…) then move cards, change hands or scores, and may give a seat the
choice of the remedy. A bot reasons on its view; the views of table mode hold positions that enforced play never
reaches (a void that was a revoke, a card taken back, a hand of six cards, a remedy to choose). Whatever the
position, ``bot.choose(view)`` must return one of ``state.legal_actions()``.

The property is checked by seeded random parties: at random steps a random seat commits a random act of
``state.irregular_actions(seat)`` (the kind drawn first, so that rare kinds come up as often as common ones), and
whenever a seat is to act, its bot chooses (remedies included). Search bots run with small budgets (fewer worlds
per decision: the same code paths, faster) and on fewer parties; ``ACADEMIE_BOT_PARTIES=N`` multiplies the number
of parties for a longer run.
"""

from __future__ import annotations

import os
import random

import pytest
from suite_support import SUITES, TABLES, make_bot, new_state

from academie.engine import Mode
from academie.games import GAMES

IRREGULARITY_RATE = 0.06
"""The chance that an irregular act is committed before a step (the parties must still get deep into deals)."""


SCALE = int(os.environ.get("ACADEMIE_BOT_PARTIES", "1"))


def _cases() -> list[tuple[str, str]]:
    return [(table, bot) for table in sorted(TABLES) for bot in GAMES[TABLES[table][0]].bot_names()]


def play_with_irregularities(table: str, bot_name: str, seed: int) -> tuple[int, int]:
    """One seeded party of ``table`` in table mode with ``bot_name`` in every seat; returns the number of bot
    choices checked and of irregular acts committed. Fails at the first choice that is not a legal action."""
    game = TABLES[table][0]
    state = new_state(table, seed, mode=Mode.TABLE)
    seats = len(state.returns())
    bots = {seat: make_bot(game, bot_name, seed * 10 + seat) for seat in range(seats)}
    rng = random.Random(f"{table}|{bot_name}|{seed}")
    checked = committed = 0
    for _ in range(TABLES[table][1].bot_steps):
        if state.is_terminal:
            break
        if rng.random() < IRREGULARITY_RATE:
            offender = rng.randrange(seats)
            acts = state.irregular_actions(offender)
            if acts:
                kind = rng.choice(sorted({act.kind for act in acts}))
                state.apply(rng.choice([act for act in acts if act.kind == kind]))
                committed += 1
                continue
        actor = state.actor
        assert actor is not None
        legal = tuple(state.legal_actions())
        if actor < 0:  # chance or an unautomated table ruling: not a bot's decision
            state.apply(rng.choice(legal))
            continue
        view = state.view(actor)
        assert tuple(view.legal_actions) == legal, "the view offers other actions than the state"
        choice = bots[actor].choose(view)
        assert choice in legal, (
            f"{table} seed {seed}: the {bot_name} bot of seat {actor} chose {choice}; legal: "
            f"{', '.join(str(a) for a in legal)}; after {' | '.join(str(op) for op in state.operations[-12:])}")
        state.apply(choice)
        checked += 1
    return checked, committed


@pytest.mark.parametrize(("table", "bot_name"), _cases())
def test_every_bot_chooses_a_legal_action_under_the_laws_of_irregularities(table: str, bot_name: str) -> None:
    """Every game's laws of irregularities (E-, W-, G-, GU-, QUINZE- §7 IDs): in random table-mode parties with
    random irregular acts and the remedies chosen by the bots of the seats the laws name, every choice of every
    bot is legal."""
    game, declared = TABLES[table]
    parties = declared.bot_parties[bot_name in SUITES[game].bot_budgets]
    counts = [play_with_irregularities(table, bot_name, seed) for seed in range(parties * SCALE)]
    assert sum(checked for checked, _ in counts) > 0, f"no {bot_name} bot of {game} was ever asked to choose"
    assert not declared.irregular_acts or sum(committed for _, committed in counts) > 0, "no irregular act came up"


def test_every_game_and_table_has_a_test_budget() -> None:
    """A new game or table size joins the table-mode property test with the parties its package declares, and
    every bot is either cheap (random, classical) or one that searches with a budget its package gives."""
    assert all(table.bot_parties[0] > 0 for _, table in TABLES.values())
    for name, game in GAMES.items():
        assert set(game.bot_names()) <= {"random", "classical", *SUITES[name].bot_budgets}
        assert all(table.bot_parties[1] > 0 for game_name, table in TABLES.values()
                   if game_name == name and set(SUITES[name].bot_budgets) & set(game.bot_names()))
