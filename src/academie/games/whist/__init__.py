"""Whist: four players in two partnerships, the 10-point long whist with calling at eight: everything that belongs to
this game alone (state, table-mode laws, catalogue, bots, record hooks, table picture), and its one registration,
:data:`GAME`.

The public names of :mod:`academie.games.whist.state` are importable from here.
"""

from academie.engine import Game
from academie.games.whist import table
from academie.games.whist.laws import CATALOGUE
from academie.games.whist.records import HOOKS
from academie.games.whist.state import *  # noqa: F403
from academie.games.whist.state import WhistRules, WhistState
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

WhistState.table_laws = table


def _analyse_record(state: Game | None) -> list[str]:
    from academie.games.whist.analysis import analyse_lines

    return analyse_lines(own_state(state, WhistState))


def lobby(w: Say) -> Lobby:
    """What the card room's lobby says of the game, and a word on each of its own rules options, through ``w``."""
    return Lobby(
        line=w("Four players in two partnerships, 52 cards, thirteen tricks: long whist to ten points, with "
               "honours and calling at eight."),
        options={
            "variant": w("Long whist (game of 10, calling at 8) or short whist (game of 5)"),
            "game_values": w("Games count by the losers' score, or 1 each"),
            "rubber_bonus": w("Points for winning the rubber (empty: the variant's own)"),
            "misdeal_loses_deal": w("A misdeal passes the deal (the Club's rule) instead of dealing again"),
            "eight_with_deal_calls_against_nine": w("Partners at eight may call against nine"),
            "fourth_hand_law": w("The fourth hand's revoke law: the seed's or the Club's"),
            "revoke_points": w("Points of the penalty for an established revoke"),
        },
        values={
            "variant": {"long": w("long whist (game of 10)"), "short": w("short whist (game of 5)")},
            "game_values": {"standard": w("by the losers' score"), "flat": w("1 each")},
            "fourth_hand_law": {"seed": w("the treatise's: neither trump nor win"),
                                "club": w("the Club's: partner to win or not to win")},
        })


GAME = GameType(
    name="whist", title="Whist", aliases=("whist", "whisk", "whiste"), min_seats=4, max_seats=4,
    partnerships=True, pack_size=52, explicit_chance=True, max_actions_per_deal=54,
    state=WhistState, rules=WhistRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": bot_of(f"{__name__}.bots.expert", "ExpertBot")},
    painter=painter_of(__name__), encoding=encoding_of(__name__),
    suite=suite_of(__name__),
    analysis=Analysis(_analyse_record), lobby=lobby,
    books_report=f"{__name__}.analysis",
    review=reviewer_of(__name__), referee=referee_of(__name__),
    boards=boards_of(__name__))
"""Whist, as every client of the registry sees it."""
