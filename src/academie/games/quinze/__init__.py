"""Le Quinze: the vying game (Form A) and the two-hand game (Form B): everything that belongs to this game alone
(state, table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.quinze.state` are importable from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from academie.engine import Game
from academie.games.quinze import table
from academie.games.quinze.laws import CATALOGUE
from academie.games.quinze.records import HOOKS
from academie.games.quinze.state import *  # noqa: F403
from academie.games.quinze.state import QuinzeRules, QuinzeState
from academie.registry import (
    Analysis,
    GameType,
    Lobby,
    Say,
    boards_of,
    bot_of,
    encoding_of,
    own_state,
    painter_of,
    referee_of,
    reviewer_of,
    standard_bots,
    suite_of,
)

if TYPE_CHECKING:
    from academie.games.quinze.bots.solver import Progress

QuinzeState.table_laws = table


def _analyse_policy(state: Game | None, *, progress: Progress | None = None) -> list[str]:
    from academie.games.quinze.analysis import analyse_lines

    return analyse_lines(None if state is None else own_state(state, QuinzeState), progress=progress)


def lobby(w: Say) -> Lobby:
    """What the card room's lobby says of the game, and a word on each of its own rules options, through ``w``."""
    return Lobby(
        line=w("Two to six players draw cards to come as near fifteen as they can without going over, and "
               "vie on their hands."),
        options={
            "form": w("A: the French vying game; B: the old two-hand game"),
            "cave": w("Tokens each player buys in with (the cave)"),
            "ante": w("Each player's ante into the pot before each deal"),
            "fixed_jeu": w("The least opening bet: 0 for the pot, or a fixed number of tokens"),
            "min_raise": w("The smallest raise: one token, or the pot"),
            "ties": w("Equal totals: the earlier player wins, or the pot is split"),
            "all_bust": w("When everyone busts, the pot stays or goes back"),
            "courts_value": w("What a jack, queen or king counts"),
            "ace_one_or_eleven": w("The ace counts 11 when that does not pass fifteen"),
            "silent_bust": w("A bust is found only at the showdown"),
            "weak_double": w("A player who has staked everything makes the others hold to double"),
            "half_jeu": w("The law of the half jeu for a short player's opening"),
            "fault_judgment": w("Table mode: who judges whether a dealer's fault changed the coup"),
            "cutter": w("Who cuts: the second player on the dealer's left, or the first"),
            "deal_passes": w("The deal passes after every coup, or after a whole pack"),
            "substitute_card": w("The card given for an exposed one counts against the offender, for the coup, "
                                    "or not at all"),
            "elder_bust": w("Form B: the elder's bust is hidden or shown at once"),
            "stake": w("Form B: the stake of a game"),
        },
        values={
            "form": {"A": w("A: the French vying game"), "B": w("B: the old two-hand game")},
            "min_raise": {"one": w("one token"), "pot": w("the pot")},
            "ties": {"elder": w("the earlier player wins"), "split": w("the pot is split")},
            "all_bust": {"carry": w("the pot stays"), "return": w("the pot goes back")},
            "fault_judgment": {"winner": w("the outcome: it did if the player served wins"),
                               "neutral": w("the players not concerned")},
            "direction": {"counter-clockwise": w("to the right (counter-clockwise)"),
                          "clockwise": w("to the left (clockwise)")},
            "cutter": {"second-left": w("the second player on the dealer's left"),
                       "left": w("the player on the dealer's left")},
            "deal_passes": {"coup": w("after every coup"), "pack": w("after a whole pack")},
            "substitute_card": {"offender": w("against the offender only"), "coup": w("for the whole coup"),
                                "none": w("not at all: no card is given")},
            "elder_bust": {"hidden": w("kept to himself"), "revealed": w("shown at once")},
        })


GAME = GameType(
    name="quinze", title="Le Quinze", aliases=("quinze", "le quinze", "fifteen"), min_seats=2, max_seats=6,
    partnerships=False, pack_size=52, explicit_chance=True, max_actions_per_deal=2000,
    state=QuinzeState, rules=QuinzeRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": bot_of(f"{__name__}.bots.expert", "ExpertBot")},
    painter=painter_of(__name__), encoding=encoding_of(__name__),
    suite=suite_of(__name__),
    analysis=Analysis(_analyse_policy, needs_record=False), lobby=lobby,
    review=reviewer_of(__name__), referee=referee_of(__name__),
    boards=boards_of(__name__))
"""Le Quinze, as every client of the registry sees it."""
