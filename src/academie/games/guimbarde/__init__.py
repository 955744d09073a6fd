"""La Guimbarde (La Mariée): 3 to 8 players, five boxes of counters: everything that belongs to this game alone (state,
table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.guimbarde.state` are importable from here.
"""

from academie.games.guimbarde import table
from academie.games.guimbarde.laws import CATALOGUE
from academie.games.guimbarde.records import HOOKS
from academie.games.guimbarde.state import *  # noqa: F403
from academie.games.guimbarde.state import GuimbardeRules, GuimbardeState
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

GuimbardeState.table_laws = table


def lobby(w: Say) -> Lobby:
    """What the card room's lobby says of the game, and a word on each of its own rules options, through ``w``."""
    return Lobby(
        line=w("Three to eight players and five boxes of counters; la guimbarde, le roi and le fou are "
               "always the top trumps."),
        options={
            "clearing_deals": w("Extra deals without antes to empty the boxes at the end"),
            "starting_stock": w("Counters each player starts with"),
            "parlett_follow_only": w("Only follow suit (Parlett), without having to beat or trump"),
            "undertrump_required": w("A void player who cannot overtrump must still trump"),
            "rule3_literal_king_of_diamonds": w("Rule 3 names the king of diamonds, as printed"),
            "rule3_protects_trump_marriages": w("Rule 3 also protects marriages in trumps"),
            "marriage_either_order": w("A marriage may be played queen first as well as king first"),
            "marriage_obligation_only_in_suit": w("Rule 7 binds only after a king of the suit led"),
            "fou_box_on_survival": w("The Fou box is won only when the fou survives its trick"),
            "grand_marriage_table_from_each": w("The grand marriage on the table earns 1 from each player"),
            "pay_hand_marriage_at_start": w("Marriages held in hand are paid before the first lead"),
            "point_pip_tiebreak": w("Equal points: the higher pip total wins"),
            "ante_only_empty_boxes": w("Ante only into the boxes that are empty"),
            "re_ante_only_if_point_taken": w("Add to the Point box only when the point was taken"),
            "unable_to_pay": w("A player who cannot pay buys a new stock or retires"),
            "retract_irregular_card": w("Table mode: an irregular card is taken back as well as fined"),
        },
        values={
            "direction": {"counter-clockwise": w("to the right (counter-clockwise)"),
                          "clockwise": w("to the left (clockwise)")},
            "unable_to_pay": {"new-stock": w("he buys a new stock"), "retire": w("he retires")},
        })


GAME = GameType(
    name="guimbarde", title="La Guimbarde", aliases=("guimbarde", "la guimbarde", "la mariée", "la mariee"),
    min_seats=3, max_seats=8,
    partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=41,
    state=GuimbardeState, rules=GuimbardeRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": bot_of(f"{__name__}.bots.expert", "ExpertBot")},
    painter=painter_of(__name__),
    encoding=encoding_of(__name__), suite=suite_of(__name__), lobby=lobby,
    review=reviewer_of(__name__), referee=referee_of(__name__),
    boards=boards_of(__name__))
"""La Guimbarde, as every client of the registry sees it."""
