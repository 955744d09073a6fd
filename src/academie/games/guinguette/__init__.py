"""La Guinguette: 3 to 8 players, three baskets (a reconstruction): everything that belongs to this game alone (state,
table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.guinguette.state` are importable from here.
"""

from academie.games.guinguette import table
from academie.games.guinguette.laws import CATALOGUE
from academie.games.guinguette.records import HOOKS
from academie.games.guinguette.state import *  # noqa: F403
from academie.games.guinguette.state import GuinguetteRules, GuinguetteState
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

GuinguetteState.table_laws = table


def lobby(w: Say) -> Lobby:
    """What the card room's lobby says of the game, and a word on each of its own rules options, through ``w``."""
    return Lobby(
        line=w("Three to eight players vie for three baskets: the queen of diamonds, the best tierce and "
               "the cotillon (a reconstruction)."),
        options={
            "stock": w("Tokens each player starts with"),
            "g_ante": w("Tokens into the guinguette basket each deal"),
            "c_ante": w("Tokens into the cabaret basket each deal"),
            "restir_cost": w("What stirring the cotillon again costs"),
            "max_stirs": w("How often a player may stir in one deal"),
            "tierce_same_suit": w("A tierce must be of one suit"),
            "ace_next_to_six": w("With 36 cards, the ace follows the six in a tierce"),
            "guinguette_claim_at_deal": w("The queen of diamonds claims her basket right after the deal"),
            "guinguette_wild": w("The queen of diamonds is wild in a tierce"),
            "discard_mixed": w("A stirrer's discards go back into the cotillon"),
            "betting": w("Raise by any amount (bouillotte) or step by step"),
            "max_raises": w("The most raises in a deal (0: no limit)"),
            "no_tierce": w("With no tierce, the best point wins, or the cabaret carries"),
            "cotillon_to": w("Who takes the cotillon basket"),
            "trick_phase": w("Play four tricks after the vying; the most tricks take the cotillon"),
            "cotillon_shuffler": w("Who shuffles the cotillon for a stir"),
        },
        values={
            "betting": {"bouillotte": w("by any amount (bouillotte)"), "ladder": w("step by step")},
            "no_tierce": {"point": w("the best point wins"), "carry": w("the cabaret carries")},
            "cotillon_to": {"cabaret_winner": w("the cabaret's winner"),
                            "guinguette_holder": w("the holder of the queen of diamonds"),
                            "tierce_winner": w("the cabaret's winner with a tierce (or it carries)")},
            "direction": {"counterclockwise": w("to the right (counter-clockwise)"),
                          "clockwise": w("to the left (clockwise)")},
            "cotillon_shuffler": {"stirrer": w("the stirrer"), "dealer": w("the dealer")},
        })


GAME = GameType(
    name="guinguette", title="La Guinguette", aliases=("guinguette", "la guinguette"), min_seats=3, max_seats=8,
    partnerships=False, pack_size=36, explicit_chance=True, max_actions_per_deal=400,
    state=GuinguetteState, rules=GuinguetteRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": bot_of(f"{__name__}.bots.expert", "ExpertBot")},
    painter=painter_of(__name__),
    encoding=encoding_of(__name__), suite=suite_of(__name__), lobby=lobby,
    review=reviewer_of(__name__), referee=referee_of(__name__),
    boards=boards_of(__name__))
"""La Guinguette, as every client of the registry sees it."""
