"""Écarté: two players, 32 cards, five tricks, the exchange: everything that belongs to this game alone (state,
table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.ecarte.state` are importable from here.
"""

from academie.games.ecarte import table
from academie.games.ecarte.laws import CATALOGUE
from academie.games.ecarte.records import HOOKS
from academie.games.ecarte.state import *  # noqa: F403
from academie.games.ecarte.state import EcarteRules, EcarteState
from academie.registry import (
    GameType,
    Lobby,
    Say,
    boards_of,
    bot_of,
    encoding_of,
    painter_of,
    referee_of,
    reviewer_of,
    standard_bots,
    suite_of,
)

EcarteState.table_laws = table


def lobby(w: Say) -> Lobby:
    """What the card room's lobby says of the game, and a word on each of its own rules options, through ``w``."""
    return Lobby(
        line=w("Two players, 32 cards, five tricks: propose new cards or play the hand dealt, and mark five "
               "points first."),
        options={
            "game_points": w("Points that win the game (five in France)"),
            "first_dealer_card": w("Who deals first: the higher cut or the lower"),
            "dealer_min_exchange": w("The fewest cards the dealer must take after accepting (0 or 1)"),
            "must_trump": w("The second player, void in the suit led, must trump if he can"),
            "penalty_on_vole": w("After a refusal, the vole scores 2 only, or 2 more"),
            "penalty_first_decision_only": w("The two-point penalty applies to the first decision only"),
            "partie_liee": w("Play the best two games of three (la belle)"),
            "stake_scoring": w("A game counts treble, double or single by the loser's points"),
        },
        values={
            "first_dealer_card": {"highest": w("the higher cut deals"), "lowest": w("the lower cut deals")},
            "penalty_on_vole": {"cap": w("2 points only"), "add": w("2 more points")},
        })


GAME = GameType(
    name="ecarte", title="Écarté", aliases=("écarté", "ecarte"), min_seats=2, max_seats=2,
    partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=96,
    state=EcarteState, rules=EcarteRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": bot_of(f"{__name__}.bots.expert", "ExpertBot")},
    painter=painter_of(__name__),
    encoding=encoding_of(__name__), suite=suite_of(__name__), lobby=lobby,
    books_report=f"{__name__}.analysis", opening_report=f"{__name__}.opening",
    review=reviewer_of(__name__), referee=referee_of(__name__),
    boards=boards_of(__name__))
"""Écarté, as every client of the registry sees it."""
